import { Alert, Badge, Button, Group, List, Loader, Stack } from '@mantine/core';
import { TWO_FACTOR_MESSAGES } from '@bazaar/shared';
import { IconRefresh, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTwoFactorStatus } from '../../../api/accounts/two-factor';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { EnableTwoFactorFlow } from './enable-two-factor-flow';
import { DisableFlow, RenewCodesFlow } from './two-factor-flows';

type Flow = 'none' | 'enable' | 'renew' | 'disable';

/**
 * The "Two-step sign-in" panel of the admin, seller and support admin profiles (docs/accounts.md
 * "Two-step sign-in"): turn it on (password, QR code and key, recovery codes shown once, first
 * code), get new recovery codes, or turn it off after a confirmation (not while the admin
 * requires it for staff). `setupRequired`: the admin's policy holds this account until it is on.
 */
export function TwoFactorPanel({ setupRequired = false }: { setupRequired?: boolean }) {
  const status = useTwoFactorStatus();
  const [flow, setFlow] = useState<Flow>(setupRequired ? 'enable' : 'none');

  if (status.isPending)
    return <Loader size="sm" role="progressbar" aria-label="Loading two-step sign-in" />;
  if (status.isError) return <TechnicalErrorAlert onRetry={() => void status.refetch()} />;
  const { enabled, requiredByPolicy, recoveryCodesLeft } = status.data;

  let body: ReactNode;
  if (flow === 'enable' && !enabled) {
    body = <EnableTwoFactorFlow onDone={() => setFlow('none')} onCancel={() => setFlow('none')} />;
  } else if (flow === 'renew' && enabled) {
    body = <RenewCodesFlow onClose={() => setFlow('none')} />;
  } else if (flow === 'disable' && enabled) {
    body = <DisableFlow onClose={() => setFlow('none')} />;
  } else if (enabled) {
    body = (
      <Group gap="xs">
        <Button
          variant="light"
          size="sm"
          leftSection={<IconRefresh size={16} />}
          onClick={() => setFlow('renew')}
        >
          New recovery codes
        </Button>
        {!requiredByPolicy && (
          <Button
            variant="subtle"
            color="red"
            size="sm"
            leftSection={<IconShieldOff size={16} />}
            onClick={() => setFlow('disable')}
          >
            Turn off
          </Button>
        )}
      </Group>
    );
  } else {
    body = (
      <Button
        size="sm"
        leftSection={<IconShieldCheck size={16} />}
        onClick={() => setFlow('enable')}
        w="fit-content"
      >
        Turn on two-step sign-in
      </Button>
    );
  }

  return (
    <Stack gap="sm">
      {setupRequired && !enabled && (
        <Alert color="orange" variant="light" role="alert" title="Set up two-step sign-in">
          {TWO_FACTOR_MESSAGES.setupRequired} Until then, the rest of your area stays closed.
        </Alert>
      )}
      <Group gap="xs">
        <Badge color={enabled ? 'green' : 'gray'} variant="light">
          {enabled ? 'On' : 'Off'}
        </Badge>
        {requiredByPolicy && (
          <Badge color="grape" variant="light">
            Required by your admin
          </Badge>
        )}
      </Group>
      <List size="sm" c="dimmed" spacing={2}>
        <List.Item>
          After your password, Bazaar asks for a 6-digit code from an authenticator app on your
          phone.
        </List.Item>
        {enabled && recoveryCodesLeft !== undefined && (
          <List.Item>
            {recoveryCodesLeft} of 10 recovery codes left
            {recoveryCodesLeft <= 3 ? ': get new ones soon.' : '.'}
          </List.Item>
        )}
        {enabled && requiredByPolicy && (
          <List.Item>{TWO_FACTOR_MESSAGES.requiredByPolicy}</List.Item>
        )}
      </List>
      {body}
    </Stack>
  );
}
