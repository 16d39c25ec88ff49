import { Button, Group, Text } from '@mantine/core';
import type { ShareRequest } from '@bazaar/shared';
import { IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { callApi, isApiError } from '../../api/api-client';
import * as shareEndpoints from '../../api/endpoints/share';
import { TechnicalErrorDialog } from '../technical-error-dialog';

/**
 * 'Share on WhatsApp' and 'Send by mail' for an invoice, a statement or a dues reminder
 * (docs/documents.md "Sharing"). WhatsApp: a blank tab is opened on the click itself (a tab
 * opened after the server answers would be taken for a pop-up and blocked), then sent to the
 * `wa.me` link the server minted, the customer's number and the message with the signed PDF
 * link filled in. Mail: the server mails the same message to the customer's email. Failures
 * show the generic error dialog with the server's message for a 4xx refusal.
 */
export function ShareButtons({
  request,
  disabled = false,
  whatsappLabel = 'Share on WhatsApp',
}: {
  request: ShareRequest;
  disabled?: boolean;
  whatsappLabel?: string;
}) {
  const [busy, setBusy] = useState<'whatsapp' | 'mail' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const fail = (error: unknown) =>
    setFailure(isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : '');

  const shareOnWhatsapp = () => {
    const tab = window.open('', '_blank');
    setBusy('whatsapp');
    setSentTo(null);
    callApi(shareEndpoints.createShareLink, { body: request })
      .then((link) => {
        if (tab) tab.location.href = link.whatsappUrl;
        else window.location.assign(link.whatsappUrl);
      })
      .catch((error: unknown) => {
        tab?.close();
        fail(error);
      })
      .finally(() => setBusy(null));
  };

  const sendByMail = () => {
    setBusy('mail');
    setSentTo(null);
    callApi(shareEndpoints.mailShareLink, { body: request })
      .then((sent) => setSentTo(sent.sentTo))
      .catch(fail)
      .finally(() => setBusy(null));
  };

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          color="green"
          leftSection={<IconBrandWhatsapp size={16} aria-hidden="true" />}
          loading={busy === 'whatsapp'}
          disabled={disabled || busy === 'mail'}
          onClick={shareOnWhatsapp}
        >
          {whatsappLabel}
        </Button>
        <Button
          variant="light"
          leftSection={<IconMail size={16} aria-hidden="true" />}
          loading={busy === 'mail'}
          disabled={disabled || busy === 'whatsapp'}
          onClick={sendByMail}
        >
          Send by mail
        </Button>
        {sentTo && (
          <Text size="sm" c="green.8" role="status">
            Sent to {sentTo}
          </Text>
        )}
      </Group>
      <TechnicalErrorDialog
        opened={failure !== null}
        onClose={() => setFailure(null)}
        {...(failure ? { message: failure } : {})}
      />
    </>
  );
}
