import {
  Button,
  Divider,
  Grid,
  NativeSelect,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ACCOUNT_MESSAGES, GENDERS, ProfileUpdateSchema, type Profile } from '@bazaar/shared';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { isApiError } from '../../../api/api-client';
import { useUpdateProfile } from '../../../api/accounts/profile';
import { showServerFieldErrors } from '../../../components/forms/server-field-errors';
import { notify } from '../../../components/notify';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';
import {
  AddressFields,
  addressValues,
  type AddressValues,
} from '../../../components/address-fields';
import { useState } from 'react';
import { MobileInput } from '../../../components/forms/mobile-input';

interface CustomerProfileValues {
  name: string;
  mobile: string;
  gender: string;
  address: AddressValues;
  orderMails: boolean;
}

function initialValues(profile: Profile): CustomerProfileValues {
  return {
    name: profile.name,
    mobile: profile.mobile ?? '',
    gender: profile.gender ?? '',
    address: addressValues(profile.address),
    orderMails: profile.orderMails,
  };
}

/**
 * The update the form sends, before the shared schema checks it: an unpicked gender ('') is left
 * out, not refused.
 */
function profileUpdateOf({ name, mobile, gender, address, orderMails }: CustomerProfileValues) {
  return { name, mobile, gender: gender === '' ? undefined : gender, address, orderMails };
}

const validateProfileUpdate = schemaResolver(ProfileUpdateSchema, { sync: true });

/**
 * The customer's profile (`/CustomerProfile`): name, email (read-only), mobile, gender, the
 * delivery address and the choice of order mails (docs/notifications.md), saved together (`accountsApi.updateProfile`). Rules and messages are the
 * shared `ProfileUpdateSchema`'s; a field the server refuses shows its message on that field.
 */
export function CustomerProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [technicalError, setTechnicalError] = useState(false);
  const form = useForm<CustomerProfileValues>({
    mode: 'controlled',
    initialValues: initialValues(profile),
    validate: (values) => validateProfileUpdate(profileUpdateOf(values)),
  });

  // After the errors render, bring the first one into view (the address is below the fold on
  // phones).
  const focusFirstError = (formElement: HTMLFormElement | undefined) =>
    requestAnimationFrame(() =>
      formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  const formOf = (event: { currentTarget: unknown } | undefined) =>
    event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : undefined;

  const handleSubmit = form.onSubmit(
    (values, event) => {
      const formElement = formOf(event); // read now: React clears currentTarget after the event
      update.mutate(ProfileUpdateSchema.parse(profileUpdateOf(values)), {
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
          if (showServerFieldErrors(form, error)) {
            focusFirstError(formElement);
          } else if (isApiError(error) && error.status >= 400 && error.status < 500) {
            void notify({ color: 'red', message: error.message, autoClose: 3000 });
          } else {
            setTechnicalError(true);
          }
        },
      });
    },
    (_errors, _values, event) => focusFirstError(formOf(event)),
  );

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
              <MobileInput label="Mobile" withAsterisk {...form.getInputProps('mobile')} />
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

        <Divider />

        <section aria-labelledby="profile-notifications">
          <Title order={2} fz="h4" mb="sm" id="profile-notifications">
            Notifications
          </Title>
          <Switch
            label="Email me about my orders"
            description="Order placed, payment received, each step of delivery, cancellations and returns."
            {...form.getInputProps('orderMails', { type: 'checkbox' })}
          />
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
