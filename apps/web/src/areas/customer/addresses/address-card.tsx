import { Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import type { DeliveryAddress } from '@bazaar/shared';
import { IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteAddress } from '../../../api/addresses/delete-address';
import { useSetDefaultAddress } from '../../../api/addresses/set-default-address';
import { notify } from '../../../components/notify';
import { PostalAddress } from '../../../components/postal-address';

function toastError(error: Error) {
  void notify({ color: 'red', message: error.message, autoClose: 4000 });
}

/** One saved address with Edit, Delete (after a confirmation) and Make default. */
export function AddressCard({
  address,
  onEdit,
}: {
  address: DeliveryAddress;
  onEdit: (address: DeliveryAddress) => void;
}) {
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  const [confirming, setConfirming] = useState(false);
  const busy = remove.isPending || makeDefault.isPending;
  const headingId = `address-${address.id}`;

  const handleDelete = () =>
    remove.mutate(address.id, {
      onSuccess: () => {
        setConfirming(false);
        void notify({ color: 'green', message: 'Address deleted', autoClose: 3000 });
      },
      onError: (error) => {
        setConfirming(false);
        toastError(error);
      },
    });

  const handleMakeDefault = () =>
    makeDefault.mutate(address.id, {
      onSuccess: () =>
        void notify({ color: 'green', message: 'Default address changed', autoClose: 3000 }),
      onError: toastError,
    });

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={headingId}
      style={address.isDefault ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap={6} style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} id={headingId} lineClamp={1}>
            {address.recipientName}
          </Text>
          {address.isDefault && (
            <Badge variant="light" size="sm">
              Default
            </Badge>
          )}
        </Group>
        <PostalAddress address={address} />
        <Text fz="sm" c="dimmed">
          Mobile: {address.mobile}
        </Text>
      </Stack>
      <Group gap="xs" mt="md">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} />}
          onClick={() => onEdit(address)}
          disabled={busy}
          aria-label={`Edit the address of ${address.recipientName}, ${address.locality}`}
        >
          Edit
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => setConfirming(true)}
          disabled={busy}
          aria-label={`Delete the address of ${address.recipientName}, ${address.locality}`}
        >
          Delete
        </Button>
        {!address.isDefault && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconStar size={14} />}
            onClick={handleMakeDefault}
            loading={makeDefault.isPending}
            disabled={remove.isPending}
            aria-label={`Make the address of ${address.recipientName}, ${address.locality} the default`}
          >
            Make default
          </Button>
        )}
      </Group>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this address?"
        centered
        size="sm"
      >
        <Text fz="sm">
          {address.recipientName}, {address.locality}, {address.city} {address.pincode} will be
          removed from your saved addresses.
          {address.isDefault && ' Another saved address becomes the default.'}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            onClick={() => setConfirming(false)}
            disabled={remove.isPending}
          >
            Keep it
          </Button>
          <Button color="red" onClick={handleDelete} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
