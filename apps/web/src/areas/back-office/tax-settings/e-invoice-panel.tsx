import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IrnInputSchema, eInvoiceRefusalOf, type IssuedTaxDocument } from '@bazaar/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../../api/accounts/session';
import { isApiError } from '../../../api/api-client';
import { eInvoiceJsonUrl, useRecordIrn } from '../../../api/tax-documents/tax-documents';
import { showServerFieldErrors } from '../../../components/forms/server-field-errors';

interface IrnValues {
  irn: string;
  ackNumber: string;
  ackDate: string;
  signedQrCode: string;
}

function IrnForm({ document }: { document: IssuedTaxDocument }) {
  const record = useRecordIrn();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<IrnValues>({
    mode: 'controlled',
    initialValues: { irn: '', ackNumber: '', ackDate: '', signedQrCode: '' },
    validate: schemaResolver(IrnInputSchema, { sync: true }),
  });
  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    record.mutate(
      { documentId: document.id, body: values },
      {
        onError: (error) => {
          if (showServerFieldErrors(form, error)) return;
          setFailure(isApiError(error) ? error.message : 'The IRN could not be saved');
        },
      },
    );
  });
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Enter IRN">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="IRN"
          withAsterisk
          maxLength={64}
          placeholder="64 characters"
          {...form.getInputProps('irn')}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Ack No"
            withAsterisk
            maxLength={20}
            {...form.getInputProps('ackNumber')}
          />
          <TextInput
            label="Ack date"
            withAsterisk
            placeholder="2026-11-27T14:05:00"
            {...form.getInputProps('ackDate')}
          />
        </Group>
        <Textarea
          label="Signed QR code"
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          maxLength={4000}
          {...form.getInputProps('signedQrCode')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending}>
            Save IRN
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The E-invoice section of an issued document (docs/gst.md "E-invoice"): the INV-01 JSON to
 * upload to the Invoice Registration Portal, and the form for the IRN, acknowledgement and
 * signed QR code it answers (shown to admins while the document needs an IRN and has none;
 * employees see that an admin enters it). Renders nothing for documents that are not
 * e-invoiceable (bills of supply, buyers without GSTIN, cancelled documents).
 */
export function EInvoicePanel({ document }: { document: IssuedTaxDocument }) {
  const { user } = useSession();
  if (eInvoiceRefusalOf(document)) return null;
  const needsIrn = document.snapshot.eInvoiceRequired && !document.irn;
  return (
    <Paper withBorder radius="md" p="md" aria-label="E-invoice" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="h5">
            E-invoice
          </Title>
          <Button
            component="a"
            href={eInvoiceJsonUrl(document.id)}
            download
            variant="light"
            size="xs"
            leftSection={<IconDownload size={16} />}
          >
            Download e-invoice JSON
          </Button>
        </Group>
        {document.irn ? (
          <Stack gap={2}>
            <Text fz="sm">
              IRN <Code>{document.irn}</Code>
            </Text>
            <Text fz="sm">
              Ack No {document.irnAckNumber} of{' '}
              {document.irnAckDate ? new Date(document.irnAckDate).toLocaleString('en-IN') : ''}
            </Text>
          </Stack>
        ) : needsIrn ? (
          <>
            <Text fz="sm" c="dimmed">
              This invoice needs an IRN: upload the JSON to the Invoice Registration Portal and
              enter what it answers.
            </Text>
            {user?.role === 'admin' ? (
              <IrnForm document={document} />
            ) : (
              <Text fz="sm">An admin enters the IRN.</Text>
            )}
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            No IRN is needed at the current turnover; the JSON is available if you e-invoice it
            anyway.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
