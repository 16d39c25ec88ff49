import { Button, CopyButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

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

/**
 * The new key of a two-step sign-in setup: the QR code of its `otpauth://` URI to scan, and the
 * key as text (in groups of four) with Copy, to type by hand.
 */
export function TwoFactorKey({ totpUri, secret }: { totpUri: string; secret: string }) {
  return (
    <Group align="flex-start" gap="lg">
      <QrCode uri={totpUri} />
      <Stack gap={4}>
        <Text fz="sm" fw={600} id="two-factor-key-label">
          Key
        </Text>
        <Text
          ff="monospace"
          fz="sm"
          aria-labelledby="two-factor-key-label"
          data-testid="two-factor-secret"
          data-secret={secret}
          style={{ wordBreak: 'break-all' }}
          maw={260}
        >
          {groupSecret(secret)}
        </Text>
        <CopyButton value={secret}>
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
  );
}
