import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ROLE_AREAS, TWO_FACTOR_ROLES, type AccountLookup } from '@bazaar/shared';
import { IconCheck, IconLogout, IconSearch, IconUserShield } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../api/api-client';
import {
  useAccountLookup,
  useEndAllSessions,
  useEndUserSessions,
  useResetTwoFactor,
} from '../../../api/sessions/sessions';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PasswordConfirmModal } from '../../../components/password-confirm-modal';
import { notify } from '../../../components/notify';
import { useErrorDialog } from '../../../components/technical-error-dialog';

const TOAST_MS = 3000; // docs/accounts.md

function done(message: string) {
  void notify({ color: 'green', message, autoClose: TOAST_MS, icon: <IconCheck size={18} /> });
}

type Action = 'end-sessions' | 'reset-two-factor';

/** One looked-up account with its two actions, each behind a confirmation. */
function AccountCard({ account }: { account: AccountLookup }) {
  const endSessions = useEndUserSessions();
  const resetTwoFactor = useResetTwoFactor();
  const [action, setAction] = useState<Action | null>(null);
  const { showError, errorDialog } = useErrorDialog();
  const canReset = account.twoFactorEnabled && TWO_FACTOR_ROLES.some((r) => r === account.role);

  const confirm = () => {
    const options = {
      onSuccess: (result: { message: string }) => {
        setAction(null);
        done(result.message);
      },
      onError: (error: unknown) => {
        setAction(null);
        showError(error);
      },
    };
    if (action === 'end-sessions') endSessions.mutate(account.id, options);
    if (action === 'reset-two-factor') resetTwoFactor.mutate(account.id, options);
  };

  return (
    <Paper withBorder radius="sm" p="md" aria-label={`Account of ${account.name}`}>
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>{account.name}</Text>
          <Badge variant="light">{ROLE_AREAS[account.role].label}</Badge>
          {account.disabled && (
            <Badge color="gray" variant="light">
              Disabled
            </Badge>
          )}
        </Group>
        <Text fz="sm">{account.email}</Text>
        <Text fz="sm">
          Signed in on {account.activeSessions}{' '}
          {account.activeSessions === 1 ? 'browser' : 'browsers'} · two-step sign-in{' '}
          {account.twoFactorEnabled ? 'on' : 'off'}
        </Text>
        <Group gap="sm" mt="xs">
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} />}
            disabled={account.activeSessions === 0}
            onClick={() => setAction('end-sessions')}
          >
            End all sessions
          </Button>
          {canReset && (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconUserShield size={16} />}
              onClick={() => setAction('reset-two-factor')}
            >
              Reset two-step sign-in
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={action !== null}
        title={action === 'reset-two-factor' ? 'Reset two-step sign-in?' : 'End all sessions?'}
        confirmLabel={action === 'reset-two-factor' ? 'Reset' : 'End sessions'}
        loading={endSessions.isPending || resetTwoFactor.isPending}
        onClose={() => setAction(null)}
        onConfirm={confirm}
      >
        {action === 'reset-two-factor'
          ? `Only do this after checking that you are talking to ${account.name} (for example in person, with their id). Their authenticator and recovery codes stop working, every browser of theirs is signed out, and they set two-step sign-in up again after signing in with the password.`
          : `${account.name} will be signed out of every browser and must sign in again.`}
      </ConfirmModal>
      {errorDialog}
    </Paper>
  );
}

/** "Sign everyone out": every session except this browser's, after the admin's password. */
function EndEverySession() {
  const endAll = useEndAllSessions();
  const [opened, setOpened] = useState(false);

  const confirm = async (password: string) => {
    const result = await endAll.mutateAsync(password);
    done(`${result.message} (${result.ended})`);
  };

  return (
    <>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text fz="sm" maw={520}>
          After a leaked password list or a lost office computer: everybody, staff and customers,
          signs in again. Your own browser stays signed in.
        </Text>
        <Button color="red" variant="outline" onClick={() => setOpened(true)}>
          Sign everyone out
        </Button>
      </Group>
      <PasswordConfirmModal
        opened={opened}
        title="Sign everyone out?"
        confirmLabel="Sign everyone out"
        failureMessage="Due to technical issue, the sessions could not be ended. Please try again."
        loading={endAll.isPending}
        onConfirm={confirm}
        onClose={() => setOpened(false)}
      >
        Every other session of every account ends now.
      </PasswordConfirmModal>
    </>
  );
}

/**
 * Sessions and lost phones (docs/security.md; ASVS 5.0 6.4.4, 7.4.5), on the admin's Security
 * settings: find an account by its email, end all its sessions or reset its two-step sign-in; or
 * sign everyone out.
 */
export function AccountSessionsTools() {
  const [email, setEmail] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const lookup = useAccountLookup(searched);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    if (value) setSearched(value);
  };

  const notFound = isApiError(lookup.error, 404);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          Sessions and lost phones
        </Title>
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Account email"
              placeholder="name@example.in"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
              error={
                lookup.isError && !notFound && isApiError(lookup.error, 400)
                  ? lookup.error.message
                  : undefined
              }
            />
            <Button
              type="submit"
              leftSection={<IconSearch size={16} />}
              loading={lookup.isFetching}
            >
              Find account
            </Button>
          </Group>
        </form>
        {notFound && (
          <Alert color="orange" variant="light" role="status">
            No account signs in with {searched}.
          </Alert>
        )}
        {lookup.isError && !isApiError(lookup.error, 404) && !isApiError(lookup.error, 400) && (
          <Alert color="red" variant="light" role="alert">
            Due to technical issue, the account could not be found. Please try again.
          </Alert>
        )}
        {lookup.data && <AccountCard account={lookup.data} />}
        <EndEverySession />
      </Stack>
    </Paper>
  );
}
