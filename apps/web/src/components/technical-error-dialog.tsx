import { Button, Group, Modal, Text } from '@mantine/core';
import { MESSAGES } from '@bazaar/shared';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * The spec's error dialog (marketplace.md section 8): titled 'Oh snap! You got an error!!', the
 * technical-issue text, and a Close button.
 */
export function TechnicalErrorDialog({
  opened,
  onClose,
  message = MESSAGES.technicalError,
}: {
  opened: boolean;
  onClose: () => void;
  message?: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={
        <Group gap="xs" c="red.8" fw={700}>
          <IconAlertTriangle size={20} aria-hidden="true" />
          {MESSAGES.technicalErrorTitle}
        </Group>
      }
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button color="red" onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
