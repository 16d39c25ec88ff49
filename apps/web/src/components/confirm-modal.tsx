import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The confirmation asked before a change that cannot be taken back from the screen (delete,
 * disable, approve, receive goods back): docs/platform.md "A confirm dialog has a header, a
 * message and one or two buttons". Cancel has the focus; the action button is red unless the
 * caller says otherwise, and both wait while the action runs.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel = 'Delete',
  color = 'red',
  loading = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  /** The question: text or inline markup. */
  children: ReactNode;
  confirmLabel?: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        <Text component="div">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
