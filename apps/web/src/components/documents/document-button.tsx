import { Button, type ButtonProps } from '@mantine/core';
import { INVOICEABLE_SHIPMENT_STATUSES, type OrderStatus } from '@bazaar/shared';
import { IconFileDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../api/api-client';
import { TechnicalErrorDialog } from '../technical-error-dialog';
import { downloadOrderInvoice } from './download';

/**
 * A button that runs one of the download functions of ./download (docs/documents.md): shows a
 * loader while the data is fetched and the PDF made, and the generic error dialog ('Oh snap!
 * You got an error!!') when it fails, with the server's message for a 4xx refusal.
 */
export function DocumentButton({
  download,
  children,
  ...buttonProps
}: ButtonProps & { download: () => Promise<void>; children: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = () => {
    setBusy(true);
    download()
      .catch((error: unknown) => {
        setFailure(
          isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : '',
        );
      })
      .finally(() => setBusy(false));
  };

  return (
    <>
      <Button
        leftSection={<IconFileDownload size={16} aria-hidden="true" />}
        {...buttonProps}
        loading={busy}
        onClick={run}
      >
        {children}
      </Button>
      <TechnicalErrorDialog
        opened={failure !== null}
        onClose={() => setFailure(null)}
        {...(failure ? { message: failure } : {})}
      />
    </>
  );
}

/**
 * 'Download invoice' for a shop shipment of the customer's order (My Orders), shown only once
 * it is delivered (or in a later return status), like the server's rule.
 */
export function DownloadInvoiceButton({
  orderId,
  shipment,
}: {
  orderId: number;
  shipment: { id: number; status: OrderStatus };
}) {
  if (!(INVOICEABLE_SHIPMENT_STATUSES as readonly OrderStatus[]).includes(shipment.status)) {
    return null;
  }
  return (
    <DocumentButton
      download={() => downloadOrderInvoice(orderId, shipment.id)}
      variant="light"
      size="sm"
      mt="md"
    >
      Download invoice
    </DocumentButton>
  );
}
