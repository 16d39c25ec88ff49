import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_MESSAGES, AddressSchema, type Profile } from '@bazaar/shared';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { useUpdateProfile } from '../../../api/accounts/profile';
import { notify } from '../../../components/notify';
import {
  AddressFields,
  addressValues,
  type AddressValues,
} from '../../../components/address-fields';
import { addressErrors } from './profile-form-helpers';

function AddressEditor({ address, onDone }: { address: Profile['address']; onDone: () => void }) {
  const update = useUpdateProfile();
  const form = useForm<{ address: AddressValues }>({
    mode: 'controlled',
    initialValues: { address: addressValues(address) },
  });

  const handleSubmit = form.onSubmit((values) => {
    const checked = AddressSchema.safeParse(values.address);
    if (!checked.success) {
      form.setErrors(addressErrors(checked.error.issues));
      return;
    }
    update.mutate(
      { address: checked.data },
      {
        onSuccess: () => {
          void notify({
            color: 'green',
            message: ACCOUNT_MESSAGES.profileUpdated,
            autoClose: 3000,
            icon: <IconCheck size={18} />,
          });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) form.setErrors(error.fields);
          else form.setFieldError('address.locality', error.message);
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <AddressFields form={form} prefix="address" gap="sm" />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save address
          </Button>
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The address of a staff profile: shown as lines, with Edit opening the address form. */
export function AddressPanel({ address }: { address: Profile['address'] }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <AddressEditor address={address} onDone={() => setEditing(false)} />;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      {address ? (
        <Text component="address" fz="sm" fs="normal" style={{ lineHeight: 1.6 }}>
          {address.locality}
          {address.landmark && (
            <>
              <br />
              {address.landmark}
            </>
          )}
          <br />
          {address.city} {address.pincode}
          <br />
          {address.state}, {address.country}
        </Text>
      ) : (
        <Text fz="sm" c="dimmed">
          No address yet.
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPencil size={14} />}
        onClick={() => setEditing(true)}
        aria-label="Edit address"
      >
        Edit
      </Button>
    </Group>
  );
}
