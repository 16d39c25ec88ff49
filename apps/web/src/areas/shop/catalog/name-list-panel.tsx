import {
  ActionIcon,
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
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  SHOP_CATALOG_MESSAGES,
  SHOP_LISTS,
  SHOP_PRODUCTS_PAGE_SIZE,
  TOAST_AUTO_CLOSE_MS,
  type ShopListEntry,
  type ShopListKind,
} from '@bazaar/shared';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError, isRefusal } from '../../../api/api-client';
import { useShopList, useShopListMutations } from '../../../api/shop-catalog/shop-lists';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { ConfirmModal } from '../../../components/confirm-modal';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One of the shop's pick-lists (docs/shop-catalog.md): an add box, the search box
 * ('Search Color by name', 'Search Company by name', 'Search Product by name'), a table of S.no
 * and name, 10 a page, 'Data not available' when empty, and delete after a confirmation.
 */
export function NameListPanel({ kind, title }: { kind: ShopListKind; title: string }) {
  const list = SHOP_LISTS[kind];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ShopListEntry | null>(null);
  const [failed, setFailed] = useState(false);
  const { data, isError, refetch, isPlaceholderData } = useShopList(kind, debounced);
  const { add, remove } = useShopListMutations(kind);

  const items = data?.items ?? [];
  const totalPages = Math.ceil(items.length / SHOP_PRODUCTS_PAGE_SIZE);
  const current = Math.min(page, Math.max(totalPages, 1));
  const first = (current - 1) * SHOP_PRODUCTS_PAGE_SIZE;
  const shown = items.slice(first, first + SHOP_PRODUCTS_PAGE_SIZE);

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Name is required');
    if (trimmed.length > list.maxChars) {
      return setNameError(`Name must be at most ${list.maxChars} characters`);
    }
    add.mutate(trimmed, {
      onSuccess: (entry) => {
        setName('');
        setNameError(null);
        void notify({
          color: 'green',
          message: `${capitalised(list.label)} '${entry.name}' added`,
          autoClose: TOAST_AUTO_CLOSE_MS,
        });
      },
      onError: (error) => {
        const message =
          (isApiError(error) ? error.fields?.name : undefined) ??
          (isRefusal(error, 'NAME_TAKEN') ? error.message : undefined);
        if (message) setNameError(message);
        else setFailed(true);
      },
    });
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        void notify({
          color: 'green',
          message: `${capitalised(list.label)} '${deleting.name}' deleted`,
          autoClose: TOAST_AUTO_CLOSE_MS,
        });
        setDeleting(null);
      },
      onError: () => {
        setDeleting(null);
        setFailed(true);
      },
    });
  };

  const headingId = `list-${kind}`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id={headingId}>
          {title}
        </Title>
        <form onSubmit={handleAdd} noValidate>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              label={`New ${list.label}`}
              placeholder={`Enter ${list.label}`}
              value={name}
              maxLength={list.maxChars + 10}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
            />
            <Button
              type="submit"
              mt={25}
              leftSection={<IconPlus size={16} />}
              loading={add.isPending}
            >
              Add
            </Button>
          </Group>
        </form>
        {failed && <TechnicalErrorAlert onRetry={() => setFailed(false)} />}
        <TextInput
          aria-label={list.search}
          placeholder={list.search}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {isError && !data ? (
          <TechnicalErrorAlert onRetry={() => void refetch()} />
        ) : !data ? (
          <Stack
            gap="xs"
            role="status"
            aria-busy="true"
            aria-label={`Loading the ${list.label} list`}
          >
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} h={28} />
            ))}
          </Stack>
        ) : (
          <Table
            striped
            withTableBorder
            verticalSpacing="xs"
            aria-label={title}
            style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>S.no</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th w={70} ta="center">
                  Delete
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text c="dimmed" ta="center" py="md">
                      {SHOP_CATALOG_MESSAGES.listEmpty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {shown.map((entry, index) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{first + index + 1}</Table.Td>
                  <Table.Td>{entry.name}</Table.Td>
                  <Table.Td ta="center">
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${entry.name}`}
                        onClick={() => setDeleting(entry)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {totalPages > 1 && (
          <Center>
            <Pagination size="sm" total={totalPages} value={current} onChange={setPage} />
          </Center>
        )}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete ${list.label}`}
        loading={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        {`Delete '${deleting?.name ?? ''}' from your ${list.label} list? Products already saved keep it.`}
      </ConfirmModal>
    </Paper>
  );
}
