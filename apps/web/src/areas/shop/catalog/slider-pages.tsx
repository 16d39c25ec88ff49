import {
  Badge,
  Center,
  Container,
  Group,
  Image,
  MultiSelect,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  PLACEMENT_LABELS,
  PLACEMENTS,
  SHOP_CATALOG_MESSAGES,
  TOAST_AUTO_CLOSE_MS,
  formatRupees,
  type Placement,
  type ShopProduct,
} from '@bazaar/shared';
import { useState } from 'react';
import {
  useShopProductFilters,
  useShopProducts,
  type ShopProductFilterState,
} from '../../../api/shop-catalog/shop-products';
import {
  useSetPlacement,
  useShopSlider,
  type SliderPlacement,
} from '../../../api/shop-catalog/shop-slider';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { useErrorDialog } from '../../../components/technical-error-dialog';

const PLACEMENT_OPTIONS = PLACEMENTS.map((value) => ({ value, label: PLACEMENT_LABELS[value] }));

function LoadingRows({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} h={44} />
      ))}
    </Stack>
  );
}

function ProductCell({ product }: { product: ShopProduct }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {product.thumbnailUrl && (
        <Image src={product.thumbnailUrl} alt="" w={40} h={40} radius="sm" visibleFrom="xs" />
      )}
      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={600}>
          {product.name}
        </Text>
        <Text size="xs" c="dimmed">
          {product.company} · {product.colour} · {product.size} · {formatRupees(product.pricePaise)}
        </Text>
      </div>
    </Group>
  );
}

/**
 * Add Info (`/SupportAdminAddToProductSlider`, the seller's Product Slider; setWhereToShow): the
 * shop's products 10 a page (filter by product name) with where each shows on the home page:
 * Normal, Best selling or New arrivals. A change is saved at once ('information updated !!!').
 */
export function SliderAddInfo() {
  const [query, setQuery] = useState<ShopProductFilterState>({
    company: [],
    product: [],
    category: [],
    size: [],
    colour: [],
    page: 1,
  });
  const filters = useShopProductFilters();
  const { data, isError, refetch, isPlaceholderData } = useShopProducts(query);
  const setPlacement = useSetPlacement();
  const { showError, errorDialog } = useErrorDialog();
  const [saving, setSaving] = useState<number | null>(null);

  const save = (product: ShopProduct, placement: Placement) => {
    setSaving(product.id);
    setPlacement.mutate(
      { id: product.id, placement },
      {
        onSuccess: ({ message }) =>
          void notify({
            color: 'green',
            message: `${message} ${product.name}: ${PLACEMENT_LABELS[placement]}`,
            autoClose: TOAST_AUTO_CLOSE_MS,
          }),
        onError: showError,
        onSettled: () => setSaving(null),
      },
    );
  };

  return (
    <Stack gap="sm">
      <MultiSelect
        label="Product"
        placeholder={query.product.length === 0 ? 'All products' : undefined}
        data={filters.data?.products ?? []}
        value={query.product}
        onChange={(product) => setQuery((current) => ({ ...current, product, page: 1 }))}
        searchable
        clearable
        maw={480}
      />
      {isError && !data ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : !data ? (
        <LoadingRows label="Loading the products" />
      ) : (
        <>
          <Table
            striped
            withTableBorder
            verticalSpacing="xs"
            aria-label="Where products show"
            style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44}>S.no</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th w={150}>Show in</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text c="dimmed" ta="center" py="lg">
                      {SHOP_CATALOG_MESSAGES.stockEmpty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data.items.map((product, index) => (
                <Table.Tr key={product.id}>
                  <Table.Td>{(data.page - 1) * data.pageSize + index + 1}</Table.Td>
                  <Table.Td>
                    <ProductCell product={product} />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Show ${product.name} (${product.colour}, ${product.size}) in`}
                      data={PLACEMENT_OPTIONS}
                      value={product.placement}
                      allowDeselect={false}
                      disabled={saving === product.id}
                      onChange={(value) => value && save(product, value as Placement)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.totalPages > 1 && (
            <Center>
              <Pagination
                total={data.totalPages}
                value={data.page}
                onChange={(page) => setQuery((current) => ({ ...current, page }))}
              />
            </Center>
          )}
        </>
      )}
      {errorDialog}
    </Stack>
  );
}

function SliderSection({ placement }: { placement: SliderPlacement }) {
  const { data, isError, refetch } = useShopSlider(placement);
  const title = placement === 'best_selling' ? 'Best selling products' : 'New arrivals products';
  const id = `slider-${placement}`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={id}
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {isError && !data ? (
          <TechnicalErrorAlert onRetry={() => void refetch()} />
        ) : !data ? (
          <LoadingRows label={`Loading ${title}`} />
        ) : data.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {SHOP_CATALOG_MESSAGES.listEmpty}
          </Text>
        ) : (
          <Stack gap="xs">
            {data.items.map((product) => (
              <Group key={product.id} justify="space-between" wrap="nowrap" gap="xs">
                <ProductCell product={product} />
                {product.onStorefront ? (
                  <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                    On the home page
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                    Not shown now
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * View info (`/SupportAdminShowSliderData`, the seller's Product Slider): what each home slider
 * holds of this shop's products, and whether the storefront shows each now (a slider shows a
 * limited number across all shops; best selling also ranks units delivered).
 */
export function SliderViewInfo() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <SliderSection placement="best_selling" />
      <SliderSection placement="new_arrivals" />
    </SimpleGrid>
  );
}

function SliderPage({ title, children }: { title: string; children: React.ReactNode }) {
  usePageTitle(title);
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

/** The support admin's Add Info page. */
export function SliderAddInfoPage() {
  return (
    <SliderPage title="Product Slider: Add Info">
      <SliderAddInfo />
    </SliderPage>
  );
}

/** The support admin's View info page. */
export function SliderViewInfoPage() {
  return (
    <SliderPage title="Product Slider: View info">
      <SliderViewInfo />
    </SliderPage>
  );
}

/** The seller's Product Slider (`/add_to_product_slider`): Add Info and View info as tabs. */
export function ProductSliderPage() {
  const [tab, setTab] = useState<string | null>('add');
  return (
    <SliderPage title="Product Slider">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="add">Add Info</Tabs.Tab>
          <Tabs.Tab value="view">View info</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="add">
          <SliderAddInfo />
        </Tabs.Panel>
        <Tabs.Panel value="view">
          <SliderViewInfo />
        </Tabs.Panel>
      </Tabs>
    </SliderPage>
  );
}
