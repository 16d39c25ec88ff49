import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The confirmation asked before a destructive action (marketplace.md "A confirm dialog has a
 * header, a message and one or two buttons"): Cancel, and the red action button.
 */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel = 'Delete',
  loading = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
