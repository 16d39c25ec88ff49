import { Alert, Anchor, Container, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { ROLE_AREAS, TWO_FACTOR_MESSAGES } from '@bazaar/shared';
import { IconCheck, IconShieldLock, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useSaveSecuritySettings, useSecuritySettings } from '../../../api/accounts/two-factor';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { AccountSessionsTools } from './account-sessions-tools';

/**
 * The admin's security settings (docs/accounts.md "Two-step sign-in"): "Require
 * two-step sign-in for all staff", changed after a confirmation. While it is on, every admin,
 * seller and support admin without two-step sign-in is sent to set it up before anything else.
 * Below it, the account tools: end one account's sessions, reset a lost second factor, or sign
 * everyone out (account-sessions-tools.tsx).
 */
export function SecuritySettingsPage() {
  usePageTitle('Security settings');
  const settings = useSecuritySettings();
  const save = useSaveSecuritySettings();
  const [pending, setPending] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const handleConfirm = () => {
    if (pending === null) return;
    save.mutate(
      { requireStaffTwoFactor: pending },
      {
        onSuccess: () => {
          setPending(null);
          setRefusal(null);
          void notify({
            color: 'green',
            message: TWO_FACTOR_MESSAGES.policySaved,
            autoClose: 3000,
            icon: <IconCheck size={18} />,
          });
        },
        onError: (error) => {
          setPending(null);
          if (isApiError(error) && error.status === 422) {
            setRefusal(error.message);
          } else {
            void notify({ color: 'red', message: error.message, icon: <IconX size={18} /> });
          }
        },
      },
    );
  };

  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <Title order={1} fz="h2">
          Security settings
        </Title>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Title order={2} fz="h4">
              <IconShieldLock
                size={20}
                aria-hidden="true"
                style={{ verticalAlign: '-3px', marginRight: 6 }}
              />
              Two-step sign-in
            </Title>
            {settings.isPending && (
              <Loader size="sm" role="progressbar" aria-label="Loading security settings" />
            )}
            {settings.isError && <TechnicalErrorAlert onRetry={() => void settings.refetch()} />}
            {settings.data && (
              <Switch
                size="md"
                checked={settings.data.requireStaffTwoFactor}
                onChange={(event) => setPending(event.currentTarget.checked)}
                disabled={save.isPending}
                label="Require two-step sign-in for all staff"
                description="Admins, sellers and support admins must use an authenticator app after their password. Those who have not set it up are sent to do so when they next open their area."
              />
            )}
            {refusal && (
              <Alert color="orange" variant="light" role="alert">
                <Text fz="sm">{refusal}</Text>
                <Anchor component={Link} to={ROLE_AREAS.admin.profilePath} fz="sm" fw={600}>
                  Set it up on your profile
                </Anchor>
              </Alert>
            )}
          </Stack>
        </Paper>
        <AccountSessionsTools />
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title={
          pending ? 'Require two-step sign-in for all staff?' : 'Stop requiring two-step sign-in?'
        }
        confirmLabel={pending ? 'Require it' : 'Stop requiring it'}
        color={pending ? 'grape' : 'red'}
        loading={save.isPending}
        onClose={() => setPending(null)}
        onConfirm={handleConfirm}
      >
        {pending
          ? 'Every admin, seller and support admin without two-step sign-in will have to set it up before they can use their area again, and nobody will be able to turn it off.'
          : 'Staff will be able to turn two-step sign-in off, so a stolen password alone could open their account again.'}
      </ConfirmModal>
    </Container>
  );
}
