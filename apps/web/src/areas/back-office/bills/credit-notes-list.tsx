import { Badge, Stack, Table, Title } from '@mantine/core';
import { formatDisplayDate, formatRupees, type IssuedTaxDocument } from '@bazaar/shared';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadIssuedDocument } from '../../../components/documents/download';

/**
 * A bill's credit notes (docs/gst.md "Credit notes"), oldest first: number, date, reason, total
 * and status (Issued / Cancelled), each with Download PDF rendered from the issued snapshot by
 * `issuedDocumentDefinition`. Renders nothing when there are none.
 */
export function CreditNotesList({ creditNotes }: { creditNotes: IssuedTaxDocument[] }) {
  if (creditNotes.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={4}>Credit notes</Title>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table striped withTableBorder aria-label="Credit notes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {creditNotes.map((note) => (
              <Table.Tr key={note.id}>
                <Table.Td>{note.snapshot.number}</Table.Td>
                <Table.Td>{formatDisplayDate(note.snapshot.documentDate)}</Table.Td>
                <Table.Td>{note.snapshot.reason ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatRupees(note.snapshot.totals.totalPaise)}</Table.Td>
                <Table.Td>
                  {note.status === 'cancelled' ? (
                    <Badge color="red" variant="light">
                      Cancelled
                    </Badge>
                  ) : (
                    <Badge color="green" variant="light">
                      Issued
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <DocumentButton
                    size="xs"
                    variant="light"
                    aria-label={`Download PDF of ${note.snapshot.number}`}
                    download={() => downloadIssuedDocument(note)}
                  >
                    Download PDF
                  </DocumentButton>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
