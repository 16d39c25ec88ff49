import {
  ActionIcon,
  Button,
  Center,
  Container,
  Group,
  Image,
  MultiSelect,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  SHOP_CATALOG_MESSAGES,
  TOAST_AUTO_CLOSE_MS,
  discountPercent,
  formatRupees,
  type ShopProduct,
} from '@bazaar/shared';
import { IconEdit, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  useShopProductFilters,
  useShopProductMutations,
  useShopProducts,
  type ShopProductFilterState,
} from '../../../api/shop-catalog/shop-products';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { useCatalogPaths } from './catalog-paths';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EditDesignModal } from './edit-design-modal';
import { LowStockControls } from './low-stock-controls';
import { ProductImagesModal } from './product-images-modal';
import { STICKY_END } from './table-styles';
import { useErrorDialog } from '../../../components/technical-error-dialog';

type FilterName = Exclude<keyof ShopProductFilterState, 'page' | 'lowStock'>;

/** The five multi-selects in the spec's order, with the filter values they read. */
const FILTERS: { name: FilterName; label: string; values: keyof FilterValues }[] = [
  { name: 'company', label: 'Company', values: 'companies' },
  { name: 'product', label: 'Product', values: 'products' },
  { name: 'category', label: 'Category', values: 'categories' },
  { name: 'size', label: 'Size', values: 'sizes' },
  { name: 'colour', label: 'Color', values: 'colours' },
];
type FilterValues = NonNullable<ReturnType<typeof useShopProductFilters>['data']>;

const NO_FILTERS: ShopProductFilterState = {
  company: [],
  product: [],
  category: [],
  size: [],
  colour: [],
  page: 1,
};

function ProductRow({
  product,
  serial,
  onEdit,
  onImages,
  onDelete,
  lowStockThreshold,
}: {
  product: ShopProduct;
  serial: number;
  onEdit: () => void;
  onImages: () => void;
  onDelete: () => void;
  /** The shop's low-stock level (units): a quantity at or below it is marked. */
  lowStockThreshold: number;
}) {
  const title = `${product.company} ${product.name}`;
  const low = product.quantity > 0 && product.quantity <= lowStockThreshold;
  return (
    <Table.Tr aria-label={title}>
      <Table.Td>{serial}</Table.Td>
      <Table.Td>
        {product.thumbnailUrl ? (
          <Image src={product.thumbnailUrl} alt="" w={44} h={44} radius="sm" />
        ) : (
          <Text size="xs" c="dimmed">
            none
          </Text>
        )}
      </Table.Td>
      <Table.Td maw={150} style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={600}>
          {product.name}
        </Text>
        <Text size="xs" c="dimmed">
          {product.company}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          SKU {product.sku}
        </Text>
      </Table.Td>
      <Table.Td>{product.category}</Table.Td>
      <Table.Td maw={100} style={{ overflowWrap: 'anywhere' }}>
        {product.colour}
      </Table.Td>
      <Table.Td>{product.size}</Table.Td>
      <Table.Td
        ta="right"
        c={product.quantity === 0 ? 'red.8' : low ? 'orange.9' : undefined}
        fw={600}
      >
        {product.quantity}
        {low && (
          <Text size="xs" c="orange.9">
            Low
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600}>
          {formatRupees(product.pricePaise)}
        </Text>
        {product.mrpPaise !== product.pricePaise && (
          <Text size="xs" c="dimmed">
            MRP <s>{formatRupees(product.mrpPaise)}</s>
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{discountPercent(product)} %</Table.Td>
      <Table.Td maw={170}>
        <Text size="sm" lineClamp={2} title={product.description}>
          {product.description}
        </Text>
      </Table.Td>
      <Table.Td style={STICKY_END}>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label={`Edit ${title}`} onClick={onEdit}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={`Images (${product.imageCount})`}>
            <ActionIcon
              variant="subtle"
              color="teal"
              aria-label={`Images of ${title}`}
              onClick={onImages}
            >
              <IconPhoto size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${title}`}
              onClick={onDelete}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * All Stock (`/ShowAllProduct`, `/ShowSupportAdminAllProduct`; docs/shop-catalog.md): the
 * multi-select filters Company, Product, Category, Size, Color; the table S.no, Image, Product,
 * Category, Color, Size, Quantity, Price (with the MRP), Offer (the percent off the MRP,
 * `discountPercent`), Description, 10 a page, 'Data Not Found' when empty; the edit-product
 * modal, the images modal, and delete after a confirmation ('Product deleted !!!'; an ordered
 * product is archived instead of erased).
 */
export function AllStockPage() {
  usePageTitle('All Product');
  const paths = useCatalogPaths();
  const [query, setQuery] = useState<ShopProductFilterState>(NO_FILTERS);
  const [editing, setEditing] = useState<ShopProduct | null>(null);
  const [imagesOf, setImagesOf] = useState<ShopProduct | null>(null);
  const [deleting, setDeleting] = useState<ShopProduct | null>(null);
  const filters = useShopProductFilters();
  const { data, isError, refetch, isPlaceholderData } = useShopProducts(query);
  const { remove } = useShopProductMutations();
  const { showError, errorDialog } = useErrorDialog();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message, outcome }) => {
        void notify({
          color: 'green',
          message,
          ...(outcome === 'archived' ? { title: 'Kept for its orders: hidden from the shop' } : {}),
          autoClose: TOAST_AUTO_CLOSE_MS,
        });
        setDeleting(null);
        // Deleting the last row of the last page shows the page before it.
        if (data && data.items.length === 1 && query.page > 1) {
          setQuery((current) => ({ ...current, page: current.page - 1 }));
        }
      },
      onError: (error) => {
        setDeleting(null);
        showError(error);
      },
    });
  };

  const anyFilter =
    FILTERS.some((filter) => query[filter.name].length > 0) || query.lowStock === true;
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            All Stock
          </Title>
          <Button component={Link} to={paths.addProduct} leftSection={<IconPlus size={16} />}>
            Add Product
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          {FILTERS.map((filter) => (
            <MultiSelect
              key={filter.name}
              label={filter.label}
              placeholder={query[filter.name].length === 0 ? 'All' : undefined}
              data={filters.data?.[filter.values] ?? []}
              value={query[filter.name]}
              onChange={(values) =>
                setQuery((current) => ({ ...current, [filter.name]: values, page: 1 }))
              }
              searchable
              clearable
              disabled={!filters.data}
              error={filters.isError ? 'Could not load the choices' : undefined}
            />
          ))}
        </SimpleGrid>
        <LowStockControls
          lowStock={query.lowStock === true}
          onLowStockChange={(lowStock) =>
            setQuery((current) => ({ ...current, lowStock, page: 1 }))
          }
        />
        {anyFilter && (
          <Group justify="flex-end">
            <Button variant="subtle" size="xs" onClick={() => setQuery(NO_FILTERS)}>
              Clear filters
            </Button>
          </Group>
        )}
        {isError && !data ? (
          <TechnicalErrorAlert onRetry={() => void refetch()} />
        ) : !data ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the stock">
            {[0, 1, 2, 3, 4, 5].map((key) => (
              <Skeleton key={key} h={44} />
            ))}
          </Stack>
        ) : (
          <Stack gap="sm" style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
            <Table.ScrollContainer minWidth={940} type="native">
              <Table
                striped
                highlightOnHover
                withTableBorder
                verticalSpacing="xs"
                horizontalSpacing={8}
                aria-label="All Stock"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>S.no</Table.Th>
                    <Table.Th>Image</Table.Th>
                    <Table.Th>Product</Table.Th>
                    <Table.Th>Category</Table.Th>
                    <Table.Th>Color</Table.Th>
                    <Table.Th>Size</Table.Th>
                    <Table.Th ta="right">Quantity</Table.Th>
                    <Table.Th ta="right">Price / MRP</Table.Th>
                    <Table.Th ta="right">Offer</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th style={STICKY_END}>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={11}>
                        <Text c="dimmed" ta="center" py="lg">
                          {SHOP_CATALOG_MESSAGES.stockEmpty}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {data.items.map((product, index) => (
                    <ProductRow
                      key={product.id}
                      product={product}
                      serial={(data.page - 1) * data.pageSize + index + 1}
                      onEdit={() => setEditing(product)}
                      onImages={() => setImagesOf(product)}
                      onDelete={() => setDeleting(product)}
                      lowStockThreshold={data.lowStockThreshold}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.totalPages > 1 && (
              <Center>
                <Pagination
                  total={data.totalPages}
                  value={data.page}
                  onChange={(page) => setQuery((current) => ({ ...current, page }))}
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                  })}
                />
              </Center>
            )}
          </Stack>
        )}
      </Stack>
      <EditDesignModal
        designId={editing?.designId ?? null}
        onClose={() => setEditing(null)}
        onError={showError}
      />
      <ProductImagesModal product={imagesOf} onClose={() => setImagesOf(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete product"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting
          ? `Delete ${deleting.company} ${deleting.name} (${deleting.colour}, ${deleting.size})? A product that was ever ordered is kept for its orders but hidden from the shop.`
          : ''}
      </ConfirmModal>
      {errorDialog}
    </Container>
  );
}
