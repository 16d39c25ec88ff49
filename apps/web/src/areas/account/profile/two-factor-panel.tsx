import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Image,
  List,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { TotpCodeSchema, TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '@bazaar/shared';
import {
  IconCheck,
  IconCopy,
  IconDownload,
  IconRefresh,
  IconShieldCheck,
  IconShieldOff,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../../api/api-client';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRenewRecoveryCodes,
  useSetupTwoFactor,
  useTwoFactorStatus,
} from '../../../api/accounts/two-factor';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';

const TOAST_MS = 3000; // back-office.md section 9

function toast(message: string, color: 'green' | 'red') {
  void notify({
    color,
    message,
    autoClose: TOAST_MS,
    icon: color === 'green' ? <IconCheck size={18} /> : <IconX size={18} />,
  });
}

/** The message of a failed call for a field, or null when the page's error dialog should show. */
function fieldError(error: unknown, field: string): string | null {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return null;
  return error.fields?.[field] ?? error.message;
}

/** The secret in groups of four, as authenticator apps show it. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The `otpauth://` URI as a QR code image; `qrcode` loads only when a setup starts. */
function QrCode({ uri }: { uri: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then(async ({ toDataURL }) => {
      const url = await toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
      if (!cancelled) setDataUrl(url);
    });
    return () => {
      cancelled = true;
    };
  }, [uri]);
  if (!dataUrl) return <Loader size="sm" role="progressbar" aria-label="Drawing the QR code" />;
  return (
    <Image
      src={dataUrl}
      w={200}
      h={200}
      alt="QR code of the two-step sign-in key: scan it with your authenticator app"
      radius="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}

/** The recovery codes, shown once, with Copy and Download. */
function RecoveryCodesList({ codes }: { codes: string[] }) {
  const text = `Bazaar recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'bazaar-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="xs">
      <Text fz="sm">
        Keep these recovery codes somewhere safe. Each one lets you log in once if you lose your
        phone. <strong>They are shown only now.</strong>
      </Text>
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing="md"
        verticalSpacing={4}
        maw={460}
        component="ul"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        style={{ listStyle: 'none', padding: 0, margin: 0, fontFamily: 'monospace' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="light"
          onClick={download}
          leftSection={<IconDownload size={16} />}
        >
          Download
        </Button>
      </Group>
    </Stack>
  );
}

/** A password field with one action button: the first step of every change. */
function PasswordStep({
  label,
  actionLabel,
  loading,
  error,
  onSubmit,
  onCancel,
  actionColor,
}: {
  label: string;
  actionLabel: string;
  loading: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
  actionColor?: string;
}) {
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setLocalError(TWO_FACTOR_MESSAGES.passwordRequired);
      return;
    }
    setLocalError(null);
    onSubmit(password);
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="xs" maw={440}>
        <PasswordInput
          label={label}
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setLocalError(null);
          }}
          error={localError ?? error}
          autoFocus
        />
        <Group gap="xs">
          <Button type="submit" loading={loading} color={actionColor}>
            {actionLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Setup: password, then the key (QR and text) with the recovery codes, then the first code. */
function EnableFlow({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const setup = useSetupTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [started, setStarted] = useState<TwoFactorSetup | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  if (!started) {
    return (
      <PasswordStep
        label="Your password"
        actionLabel="Continue"
        loading={setup.isPending}
        error={passwordError}
        onCancel={onCancel}
        onSubmit={(password) =>
          setup.mutate(
            { password },
            {
              onSuccess: (answer) => setStarted(answer),
              onError: (error) => {
                const message = fieldError(error, 'password');
                if (message) setPasswordError(message);
                else toast(error.message, 'red');
              },
            },
          )
        }
      />
    );
  }

  const handleConfirm = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TotpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(TWO_FACTOR_MESSAGES.codeFormat);
      return;
    }
    confirm.mutate(
      { code: parsed.data },
      {
        onSuccess: ({ message }) => {
          toast(message, 'green');
          onDone();
        },
        onError: (error) => {
          const message = fieldError(error, 'code');
          if (message) setCodeError(message);
          else toast(error.message, 'red');
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          1. Add Bazaar to your authenticator app
        </Title>
        <Text fz="sm">
          Scan this QR code with Google Authenticator, Microsoft Authenticator or any app for
          6-digit codes. If you cannot scan it, type the key instead.
        </Text>
        <Group align="flex-start" gap="lg">
          <QrCode uri={started.totpUri} />
          <Stack gap={4}>
            <Text fz="sm" fw={600} id="two-factor-key-label">
              Key
            </Text>
            <Text
              ff="monospace"
              fz="sm"
              aria-labelledby="two-factor-key-label"
              data-testid="two-factor-secret"
              data-secret={started.secret}
              style={{ wordBreak: 'break-all' }}
              maw={260}
            >
              {groupSecret(started.secret)}
            </Text>
            <CopyButton value={started.secret}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  w="fit-content"
                >
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="h5">
          2. Save your recovery codes
        </Title>
        <RecoveryCodesList codes={started.recoveryCodes} />
      </Stack>
      <form onSubmit={handleConfirm} noValidate>
        <Stack gap="xs" maw={440}>
          <Title order={3} fz="h5">
            3. Enter the code from the app
          </Title>
          <TextInput
            label="6-digit code"
            placeholder="123456"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setCodeError(null);
            }}
            error={codeError}
            styles={{ input: { letterSpacing: '0.3em', fontFamily: 'monospace' } }}
          />
          <Group gap="xs">
            <Button
              type="submit"
              loading={confirm.isPending}
              leftSection={<IconShieldCheck size={18} />}
            >
              Turn on two-step sign-in
            </Button>
            <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** New recovery codes after the password; the new set is shown once. */
function RenewCodesFlow({ onClose }: { onClose: () => void }) {
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (codes) {
    return (
      <Stack gap="xs">
        <Alert color="green" variant="light" title="New recovery codes">
          Your old recovery codes no longer work.
        </Alert>
        <RecoveryCodesList codes={codes} />
        <Button variant="default" onClick={onClose} w="fit-content">
          Done
        </Button>
      </Stack>
    );
  }
  return (
    <PasswordStep
      label="Your password"
      actionLabel="Get new recovery codes"
      loading={renew.isPending}
      error={error}
      onCancel={onClose}
      onSubmit={(password) =>
        renew.mutate(
          { password },
          {
            onSuccess: (answer) => setCodes(answer.recoveryCodes),
            onError: (failure) => {
              const message = fieldError(failure, 'password');
              if (message) setError(message);
              else toast(failure.message, 'red');
            },
          },
        )
      }
    />
  );
}

/** Turning it off: the password, then a confirmation. */
function DisableFlow({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <PasswordStep
        label="Your password"
        actionLabel="Turn off"
        actionColor="red"
        loading={disable.isPending}
        error={error}
        onCancel={onClose}
        onSubmit={setPassword}
      />
      <ConfirmModal
        opened={password !== null}
        title="Turn off two-step sign-in?"
        confirmLabel="Turn off"
        loading={disable.isPending}
        onClose={() => setPassword(null)}
        onConfirm={() =>
          disable.mutate(
            { password: password ?? '' },
            {
              onSuccess: ({ message }) => {
                toast(message, 'green');
                setPassword(null);
                onClose();
              },
              onError: (failure) => {
                setPassword(null);
                const message = fieldError(failure, 'password');
                if (message) setError(message);
                else toast(failure.message, 'red');
              },
            },
          )
        }
      >
        Anyone who learns your password could then log in without your phone. Your recovery codes
        stop working.
      </ConfirmModal>
    </>
  );
}

type Flow = 'none' | 'enable' | 'renew' | 'disable';

/**
 * The "Two-step sign-in" panel of the admin, seller and support admin profiles (issue 5 item 2;
 * docs/accounts.md): turn it on (password, QR code and key, recovery codes shown once, first
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
    body = <EnableFlow onDone={() => setFlow('none')} onCancel={() => setFlow('none')} />;
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
