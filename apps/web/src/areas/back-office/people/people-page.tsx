import {
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';

/**
 * A list page's search text and page number, kept in the address (`?search=&page=`) so Back and
 * a reload return to the same view. The typed text is debounced 300 ms before it is searched.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('search') ?? '');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const applied = params.get('search') ?? '';
  useEffect(() => {
    // A new search starts on its first page.
    if (search !== applied) setParams(search ? { search } : {}, { replace: true });
  }, [search, applied, setParams]);
  return {
    typed,
    setTyped,
    search: applied,
    page,
    setPage: (next: number) => {
      setParams({
        ...(applied ? { search: applied } : {}),
        ...(next > 1 ? { page: String(next) } : {}),
      });
      window.scrollTo({ top: 0 });
    },
  };
}

/** A page heading with its Back link (the spec's Back buttons) and optional actions. */
export function PeoplePageHeader({
  title,
  backTo,
  children,
}: {
  title: string;
  backTo?: string;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {title}
      </Title>
      <Group gap="sm">
        {children}
        {backTo && (
          <Button
            component={Link}
            to={backTo}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** The search box of a list page. */
export function ListSearch({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <TextInput
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder={placeholder}
      aria-label={placeholder}
      leftSection={<IconSearch size={16} />}
      maw={420}
      w="100%"
    />
  );
}

/**
 * PeopleTable's state, pagination and dimming from one page query (`{ items, totalPages }`) and
 * the page shown: spread it into PeopleTable, `<PeopleTable {...pagedTable(query, page, setPage)}`.
 */
export function pagedTable(
  query: {
    data: { items: readonly unknown[]; totalPages: number } | undefined;
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  },
  page: number,
  onPage: (page: number) => void,
) {
  return {
    state: {
      isPending: query.isPending,
      isError: query.isError,
      hasData: Boolean(query.data),
      isEmpty: query.data?.items.length === 0,
      retry: () => void query.refetch(),
    },
    page,
    totalPages: query.data?.totalPages ?? 0,
    onPage,
    dimmed: query.isPlaceholderData,
  };
}

/**
 * A table with its states: skeleton rows while the first page loads, the technical-error alert
 * (with retry) when it failed, an empty message, and pagination (10 a page) under it.
 */
export function PeopleTable({
  head,
  rows,
  state,
  empty,
  page,
  totalPages,
  onPage,
  minWidth = 900,
  dimmed = false,
}: {
  head: ReactNode;
  rows: ReactNode;
  state: {
    isPending: boolean;
    isError: boolean;
    hasData: boolean;
    isEmpty: boolean;
    retry: () => void;
  };
  empty: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  minWidth?: number;
  dimmed?: boolean;
}) {
  if (state.isError && !state.hasData) return <TechnicalErrorAlert onRetry={state.retry} />;
  if (state.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} h={36} />
        ))}
      </Stack>
    );
  }
  if (state.isEmpty) {
    return (
      <Paper withBorder radius="md" py={48} px="md">
        <Center>
          <Text c="dimmed">{empty}</Text>
        </Center>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" style={{ opacity: dimmed ? 0.6 : 1, overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
            <Table.Thead>{head}</Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {totalPages > 1 && (
        <Center>
          <Pagination
            total={totalPages}
            value={page}
            onChange={onPage}
            siblings={2}
            boundaries={2}
          />
        </Center>
      )}
    </Stack>
  );
}
