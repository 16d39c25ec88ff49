import {
  Anchor,
  Badge,
  Center,
  Group,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { formatDisplayDate, type SupportMessage } from '@bazaar/shared';
import { useState } from 'react';
import { useMarkMessageRead, useSupportMessages } from '../../../api/support/support';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';
import { usePageTitle } from '../../../components/use-page-title';

function MessageModal({
  message,
  onClose,
}: {
  message: SupportMessage | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={message !== null} onClose={onClose} title={message?.subject} centered size="lg">
      {message && (
        <Stack gap="sm">
          <Text fz="sm">
            From <b>{message.name}</b> ·{' '}
            <Anchor href={`mailto:${message.email}`}>{message.email}</Anchor> ·{' '}
            <Anchor href={`tel:+91${message.phone}`}>{message.phone}</Anchor>
          </Text>
          <Text fz="xs" c="dimmed">
            Sent {formatDisplayDate(message.createdAt)}
          </Text>
          <Paper withBorder radius="md" p="md">
            <Text style={{ whiteSpace: 'pre-wrap' }}>{message.message}</Text>
          </Paper>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The admin's `/supportInbox` (docs/back-office-people.md): messages sent from the public Contact
 * page, newest first, 10 a page, with an All / Unread filter; opening one shows it and marks it
 * read.
 */
export function SupportInboxPage() {
  usePageTitle('Support inbox');
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<SupportMessage | null>(null);
  const [technical, setTechnical] = useState(false);
  const messages = useSupportMessages(filter === 'unread', page);
  const markRead = useMarkMessageRead();

  const openMessage = (message: SupportMessage) => {
    setOpen(message);
    if (!message.readAt) markRead.mutate(message.id, { onError: () => setTechnical(true) });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Support inbox</Title>
          <Text c="dimmed" fz="sm">
            Messages from the Contact US page.
            {messages.data && ` ${messages.data.unreadCount} unread.`}
          </Text>
        </div>
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(value) => {
            setFilter(value as 'all' | 'unread');
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: 'Unread' },
          ]}
        />
      </Group>
      {messages.isError ? (
        <TechnicalErrorAlert onRetry={() => void messages.refetch()} />
      ) : messages.isPending ? (
        <Skeleton h={240} />
      ) : messages.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Center>
            <Text fw={600}>{filter === 'unread' ? 'No unread messages.' : 'No messages yet.'}</Text>
          </Center>
        </Paper>
      ) : (
        <>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {messages.data.items.map((message) => (
              <li key={message.id}>
                <UnstyledButton w="100%" onClick={() => openMessage(message)}>
                  <Paper withBorder radius="md" p="sm" bg={message.readAt ? undefined : 'blue.0'}>
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Group gap="xs" wrap="nowrap">
                          <Text fw={message.readAt ? 500 : 700} truncate>
                            {message.subject}
                          </Text>
                          {!message.readAt && (
                            <Badge size="xs" variant="filled">
                              New
                            </Badge>
                          )}
                        </Group>
                        <Text fz="sm" c="dimmed" truncate>
                          {message.name} · {message.message}
                        </Text>
                      </Stack>
                      <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatDisplayDate(message.createdAt)}
                      </Text>
                    </Group>
                  </Paper>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
          {messages.data.totalPages > 1 && (
            <Group justify="flex-end">
              <Pagination
                total={messages.data.totalPages}
                value={page}
                onChange={setPage}
                aria-label="Pages"
              />
            </Group>
          )}
        </>
      )}
      <MessageModal message={open} onClose={() => setOpen(null)} />
      <TechnicalErrorDialog opened={technical} onClose={() => setTechnical(false)} />
    </Stack>
  );
}
