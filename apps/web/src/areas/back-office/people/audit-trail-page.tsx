import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Code,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  ROLE_AREAS,
  billNumberOf,
  formatRupees,
  type AuditQuery,
  type AuditRow,
} from '@bazaar/shared';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useAudit } from '../../../api/audit/get-audit';
import { formatDateTime } from '../../../components/orders/order-status';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { PeoplePageHeader } from './people-page';

const ACTION_COLOURS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  close: 'grape',
  approve: 'teal',
  reject: 'orange',
  disable: 'gray',
  bounce: 'red',
  backdate: 'yellow',
};

/** An ISO 8601 instant as the API writes it ('2026-11-28T17:44:53.000Z'). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A field's value as one line of text, as the rest of the app shows it: a person's name for an
 * account id the server named in `people`, 'Bill 00153' for a bill id, rupees for paise, an
 * India date and time for an ISO instant; '—' for none.
 */
export function auditValueText(
  value: unknown,
  key = '',
  people: Record<string, string> = {},
): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') {
    if (people[value]) return people[value];
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return value;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    if (key === 'billId') return `Bill ${billNumberOf(value)}`;
    if (key.endsWith('Paise')) return formatRupees(value);
  }
  return JSON.stringify(value);
}

/**
 * The fields of a record before and after a change, changed ones first. A create has no
 * `before`, a delete no `after`.
 */
export function diffFields(before: unknown, after: unknown, people: Record<string, string> = {}) {
  const asObject = (value: unknown) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const old = asObject(before);
  const next = asObject(after);
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  const rows = keys.map((key) => ({
    key,
    before: auditValueText(old[key], key, people),
    after: auditValueText(next[key], key, people),
    changed: auditValueText(old[key]) !== auditValueText(next[key]),
  }));
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}

function DiffView({ row }: { row: AuditRow }) {
  const [all, setAll] = useState(false);
  const fields = diffFields(row.before, row.after, row.people);
  const shown = all ? fields : fields.filter((field) => field.changed);
  const hidden = fields.length - shown.length;
  return (
    <Stack gap="xs" p="sm">
      <Table withTableBorder fz="xs" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((field) => (
            <Table.Tr key={field.key} bg={field.changed ? 'yellow.0' : undefined}>
              <Table.Td fw={600}>{field.key}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Code bg="transparent">{field.before}</Code>
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Code bg="transparent">{field.after}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {(hidden > 0 || all) && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setAll((value) => !value)}
          w="fit-content"
        >
          {all ? 'Show changed fields only' : `Show ${hidden} unchanged fields`}
        </Button>
      )}
    </Stack>
  );
}

/**
 * `/auditTrail` (admin; docs/back-office-people.md): every change to customers, requests, bills,
 * payments, stock and employees, newest first, 20 a page; filters by record type and India date
 * range; each row expands to the before/after of its fields, changed fields first.
 */
export function AuditTrailPage() {
  usePageTitle('Audit trail');
  const [filter, setFilter] = useState<{ entity: string | null; from: string; to: string }>({
    entity: null,
    from: '',
    to: '',
  });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query: AuditQuery = {
    page: String(page),
    ...(filter.entity ? { entity: filter.entity as AuditQuery['entity'] } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  };
  const audit = useAudit(query);
  const data = audit.data;
  const update = (changes: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...changes }));
    setPage(1);
    setOpen(null);
  };

  return (
    <Stack gap="md" maw={1280}>
      <PeoplePageHeader title="Audit trail" backTo="/adminHome" />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Record"
          placeholder="All records"
          clearable
          data={AUDIT_ENTITIES.map((value) => ({ value, label: AUDIT_ENTITY_LABELS[value] }))}
          value={filter.entity}
          onChange={(entity) => update({ entity })}
          w={200}
        />
        <TextInput
          label="From"
          type="date"
          value={filter.from}
          onChange={(event) => update({ from: event.currentTarget.value })}
          w={170}
        />
        <TextInput
          label="To"
          type="date"
          value={filter.to}
          onChange={(event) => update({ to: event.currentTarget.value })}
          w={170}
        />
        <Button variant="default" onClick={() => update({ entity: null, from: '', to: '' })}>
          Reset
        </Button>
      </Group>
      {audit.isError && !data ? (
        <TechnicalErrorAlert onRetry={() => void audit.refetch()} />
      ) : !data ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} h={36} />
          ))}
        </Stack>
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="md" py={48}>
          <Center>
            <Text c="dimmed">No changes match these filters</Text>
          </Center>
        </Paper>
      ) : (
        <Stack gap="md">
          <Paper
            withBorder
            radius="md"
            style={{ overflow: 'hidden', opacity: audit.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="xs" fz="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40} />
                    <Table.Th>When</Table.Th>
                    <Table.Th>Who</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Record</Table.Th>
                    <Table.Th>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((row) => {
                    const expanded = open === row.id;
                    return (
                      <Fragment key={row.id}>
                        <Table.Tr
                          onClick={() => setOpen(expanded ? null : row.id)}
                          style={{ cursor: 'pointer' }}
                        >
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              aria-expanded={expanded}
                              aria-label={expanded ? 'Hide the change' : 'Show the change'}
                            >
                              {expanded ? (
                                <IconChevronDown size={16} />
                              ) : (
                                <IconChevronRight size={16} />
                              )}
                            </ActionIcon>
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {formatDateTime(row.at)}
                          </Table.Td>
                          <Table.Td>{row.actorName}</Table.Td>
                          <Table.Td>{ROLE_AREAS[row.actorRole].label}</Table.Td>
                          <Table.Td>{row.record}</Table.Td>
                          <Table.Td>
                            {/* Whole, never 'CREA…': a long Record beside it takes the room. */}
                            <Badge
                              variant="light"
                              color={ACTION_COLOURS[row.action] ?? 'gray'}
                              miw="max-content"
                            >
                              {row.action}
                            </Badge>
                          </Table.Td>
                        </Table.Tr>
                        {expanded && (
                          <Table.Tr>
                            <Table.Td colSpan={6} bg="gray.0">
                              <DiffView row={row} />
                            </Table.Td>
                          </Table.Tr>
                        )}
                      </Fragment>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {data.totalPages > 1 && (
            <Center>
              <Pagination
                total={data.totalPages}
                value={page}
                onChange={setPage}
                siblings={2}
                boundaries={2}
              />
            </Center>
          )}
        </Stack>
      )}
    </Stack>
  );
}
