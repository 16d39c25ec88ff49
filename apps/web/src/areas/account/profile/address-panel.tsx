import { Button, Group, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ACCOUNT_MESSAGES, ProfileUpdateSchema, type Profile } from '@bazaar/shared';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateProfile } from '../../../api/accounts/profile';
import { showServerFieldErrors } from '../../../components/forms/server-field-errors';
import { notify } from '../../../components/notify';
import {
  AddressFields,
  addressValues,
  type AddressValues,
} from '../../../components/address-fields';
import { PostalAddress } from '../../../components/postal-address';

function AddressEditor({ address, onDone }: { address: Profile['address']; onDone: () => void }) {
  const update = useUpdateProfile();
  const form = useForm<{ address: AddressValues }>({
    mode: 'controlled',
    initialValues: { address: addressValues(address) },
    // The profile update with only its address: the address rules, errors on `address.<field>`.
    validate: schemaResolver(ProfileUpdateSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(ProfileUpdateSchema.parse(values), {
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
        if (!showServerFieldErrors(form, error)) {
          form.setFieldError('address.locality', error.message);
        }
      },
    });
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
        <PostalAddress address={address} />
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
