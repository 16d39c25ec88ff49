import { Button, Divider, Grid, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_MESSAGES, GENDERS, ProfileUpdateSchema, type Profile } from '@bazaar/shared';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { isApiError } from '../../../api/api-client';
import { useUpdateProfile } from '../../../api/accounts/profile';
import { notify } from '../../../components/notify';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';
import {
  AddressFields,
  addressValues,
  type AddressValues,
} from '../../../components/address-fields';
import { fieldErrors } from './profile-form-helpers';
import { useState } from 'react';

interface CustomerProfileValues {
  name: string;
  mobile: string;
  gender: string;
  address: AddressValues;
}

function initialValues(profile: Profile): CustomerProfileValues {
  return {
    name: profile.name,
    mobile: profile.mobile ?? '',
    gender: profile.gender ?? '',
    address: addressValues(profile.address),
  };
}

/**
 * The customer's profile (`/CustomerProfile`): name, email (read-only), mobile, gender and the
 * delivery address, saved together (`PATCH /api/account/profile`). Rules and messages are the
 * shared `ProfileUpdateSchema`'s; a field the server refuses shows its message on that field.
 */
export function CustomerProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [technicalError, setTechnicalError] = useState(false);
  const form = useForm<CustomerProfileValues>({
    mode: 'controlled',
    initialValues: initialValues(profile),
  });

  // After the errors render, bring the first one into view (the address is below the fold on phones).
  const focusFirstError = (formElement: HTMLFormElement | null | undefined) =>
    requestAnimationFrame(() =>
      formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const handleSubmit = form.onSubmit((values, event) => {
    const formElement = event?.currentTarget as HTMLFormElement | undefined;
    const checked = ProfileUpdateSchema.safeParse({
      name: values.name,
      mobile: values.mobile,
      gender: values.gender === '' ? undefined : values.gender,
      address: values.address,
    });
    if (!checked.success) {
      form.setErrors(fieldErrors(checked.error.issues));
      focusFirstError(formElement);
      return;
    }
    update.mutate(checked.data, {
      onSuccess: (saved) => {
        form.setInitialValues(initialValues(saved));
        form.resetDirty();
        void notify({
          color: 'green',
          message: ACCOUNT_MESSAGES.profileUpdated,
          autoClose: 3000,
          icon: <IconCheck size={18} />,
        });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) {
          form.setErrors(error.fields);
          focusFirstError(formElement);
        } else if (isApiError(error) && error.status >= 400 && error.status < 500) {
          void notify({ color: 'red', message: error.message, autoClose: 3000 });
        } else {
          setTechnicalError(true);
        }
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <section aria-labelledby="profile-personal">
          <Title order={2} fz="h4" mb="sm" id="profile-personal">
            Personal details
          </Title>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Name"
                withAsterisk
                autoComplete="name"
                maxLength={80}
                {...form.getInputProps('name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Email" value={profile.email} readOnly variant="filled" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Mobile"
                type="tel"
                inputMode="numeric"
                maxLength={10}
                withAsterisk
                autoComplete="tel-national"
                {...form.getInputProps('mobile')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                label="Gender"
                withAsterisk
                data={[{ value: '', label: 'Select gender', disabled: true }, ...GENDERS]}
                {...form.getInputProps('gender')}
              />
            </Grid.Col>
          </Grid>
        </section>

        <Divider />

        <section aria-labelledby="profile-address">
          <Title order={2} fz="h4" mb="sm" id="profile-address">
            Delivery address
          </Title>
          <AddressFields form={form} prefix="address" gap="sm" />
        </section>

        <Button
          type="submit"
          size="md"
          loading={update.isPending}
          leftSection={<IconDeviceFloppy size={18} />}
          style={{ alignSelf: 'flex-start' }}
        >
          Save profile
        </Button>
      </Stack>
      <TechnicalErrorDialog opened={technicalError} onClose={() => setTechnicalError(false)} />
    </form>
  );
}
