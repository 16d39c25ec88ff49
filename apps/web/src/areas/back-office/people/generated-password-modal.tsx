import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { BACK_OFFICE_MESSAGES, PEOPLE_MESSAGES } from '@bazaar/shared';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';

/**
 * The success dialog of an account the back office created (docs/back-office-people.md: title
 * Confirmed): the message, and the generated password shown this once with a copy button
 * (docs/back-office-people.md). Closing it forgets the password.
 */
export function GeneratedPasswordModal({
  result,
  onClose,
}: {
  result: { message: string; name: string; email: string; password: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      centered
      closeOnClickOutside={false}
      title={
        <Group gap="xs" fw={700}>
          <ThemeIcon color="green" variant="light" radius="xl" aria-hidden="true">
            <IconCircleCheck size={18} />
          </ThemeIcon>
          {BACK_OFFICE_MESSAGES.customerCreatedTitle}
        </Group>
      }
    >
      {result && (
        <Stack gap="sm">
          <Text fw={600}>{result.message}</Text>
          <Text fz="sm">
            {result.name} · {result.email}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text fz="sm" c="dimmed">
              Password
            </Text>
            <Code fz="lg" data-testid="generated-password">
              {result.password}
            </Code>
            <CopyButton value={result.password} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy password'} withArrow>
                  <ActionIcon
                    variant="light"
                    color={copied ? 'green' : 'gray'}
                    onClick={copy}
                    aria-label="Copy password"
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text fz="xs" c="dimmed">
            {PEOPLE_MESSAGES.passwordShownOnce}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
