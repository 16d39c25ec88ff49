import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { formatDisplayDate, type AccountSession } from '@bazaar/shared';
import { IconCheck, IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useEndMySession, useEndOtherSessions, useMySessions } from '../../api/sessions/sessions';
import { PasswordConfirmModal } from '../password-confirm-modal';
import { notify } from '../notify';
import { TechnicalErrorAlert } from '../technical-error-alert';

const TOAST_MS = 3000; // docs/accounts.md

const timeFormatter = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** 'Mar 5, 2024, 4:05 pm' in Indian time. */
function when(iso: string): string {
  return `${formatDisplayDate(iso)}, ${timeFormatter.format(new Date(iso))}`;
}

/** A short name for a browser from its user-agent text ('Chrome on Android'), or 'Unknown browser'. */
export function browserLabel(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

type Pending = { kind: 'one'; session: AccountSession } | { kind: 'others' } | null;

/**
 * "Signed-in browsers" (docs/accounts.md; ASVS 5.0 7.5.2): every session of the signed-in account
 * with when it signed in and was last active; "This browser" is marked. Ending one session or every
 * other asks for the password first (`sessionsApi.endMySession`, `sessionsApi.endOtherSessions`).
 * Used by every profile page.
 */
export function SessionsPanel() {
  const sessions = useMySessions();
  const endOne = useEndMySession();
  const endOthers = useEndOtherSessions();
  const [pending, setPending] = useState<Pending>(null);

  const confirm = async (password: string) => {
    if (!pending) return;
    const result =
      pending.kind === 'one'
        ? await endOne.mutateAsync({ sessionId: pending.session.id, password })
        : await endOthers.mutateAsync(password);
    void notify({
      color: 'green',
      message: result.message,
      autoClose: TOAST_MS,
      icon: <IconCheck size={18} />,
    });
  };

  if (sessions.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text fz="sm">Loading your sessions...</Text>
      </Group>
    );
  }
  if (sessions.isError) return <TechnicalErrorAlert />;

  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current);

  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        Where your account is signed in. End a session you do not recognise, then change your
        password.
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((session) => (
          <Paper component="li" key={session.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
                <IconDeviceDesktop size={20} aria-hidden="true" />
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600} fz="sm">
                      {browserLabel(session.userAgent)}
                    </Text>
                    {session.current && (
                      <Badge size="sm" color="green" variant="light">
                        This browser
                      </Badge>
                    )}
                  </Group>
                  <Text fz="xs" c="dimmed">
                    Signed in {when(session.createdAt)} · last active {when(session.lastActiveAt)}
                    {session.ipAddress ? ` · ${session.ipAddress}` : ''}
                  </Text>
                </Stack>
              </Group>
              {!session.current && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  style={{ flexShrink: 0 }}
                  color="red"
                  onClick={() => setPending({ kind: 'one', session })}
                  aria-label={`End the session of ${browserLabel(session.userAgent)} signed in ${when(session.createdAt)}`}
                >
                  End
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      {others.length > 0 ? (
        <Group>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => setPending({ kind: 'others' })}
          >
            Sign out of every other browser
          </Button>
        </Group>
      ) : (
        <Text fz="sm">You are signed in on this browser only.</Text>
      )}
      <PasswordConfirmModal
        opened={pending !== null}
        title={pending?.kind === 'one' ? 'End this session?' : 'Sign out everywhere else?'}
        confirmLabel={pending?.kind === 'one' ? 'End session' : 'Sign out others'}
        failureMessage="Due to technical issue, the sessions could not be ended. Please try again."
        loading={endOne.isPending || endOthers.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'one'
          ? `${browserLabel(pending.session.userAgent)} will have to sign in again.`
          : `All ${others.length} other browsers will have to sign in again.`}
      </PasswordConfirmModal>
    </Stack>
  );
}
