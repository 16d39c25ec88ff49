import { Group, Radio, Stack, Text } from '@mantine/core';
import { GENDERS } from '@bazaar/shared';
import type { RegistrationForm } from './registration-form';
import { MobileInput } from '../../../components/forms/mobile-input';

/** Contact Info (docs/accounts.md): phone number and gender. */
export function ContactInfoStep({ form }: { form: RegistrationForm }) {
  return (
    <Stack gap="md">
      <MobileInput
        label="Phone number"
        placeholder="10-digit mobile number"
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
