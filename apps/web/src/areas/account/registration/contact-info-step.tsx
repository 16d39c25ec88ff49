import { Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { GENDERS } from '@bazaar/shared';
import type { RegistrationForm } from './registration-form';

/** Contact Info (marketplace.md section 2): phone number and gender. */
export function ContactInfoStep({ form }: { form: RegistrationForm }) {
  return (
    <Stack gap="md">
      <TextInput
        label="Phone number"
        placeholder="10-digit mobile number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        withAsterisk
        leftSection={
          <Text span fz="sm" c="dimmed" aria-hidden="true">
            +91
          </Text>
        }
        leftSectionWidth={44}
        {...form.getInputProps('mobile')}
      />
      <Radio.Group label="Gender" withAsterisk {...form.getInputProps('gender')}>
        <Group gap="lg" mt={6}>
          {GENDERS.map((gender) => (
            <Radio key={gender} value={gender} label={gender} />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  );
}
