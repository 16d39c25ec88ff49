import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PRODUCT_IMAGES_MAX, SHOP_CATALOG_MESSAGES, TOAST_AUTO_CLOSE_MS } from '@bazaar/shared';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useShopDesignMutations } from '../../../api/shop-catalog/shop-designs';
import { notify } from '../../../components/notify';
import { usePageTitle } from '../../../components/use-page-title';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { useCatalogPaths } from './catalog-paths';
import { noDesignErrors, placeErrors, toDesignInput, validateDesign } from './design-form';
import { ImagePicker } from './image-picker';
import { EMPTY_PRODUCT, ProductFields, type ProductFormValues } from './product-fields';
import { EMPTY_VARIANT_GRID, VariantGrid, type VariantGridValue } from './variant-grid';
import { madeCells, priceErrorsOnly } from './variant-grid-model';

/**
 * Add Product (`/addProduct`, `/SupportAdminAddProduct`; docs/shop-catalog.md "Designs"): the
 * design's fields from the shop's lists and the spec's options, the size x colour grid (one
 * variant per combination not left out, with its quantity, MRP, price and SKU) and 1-6 images
 * every variant shares. The form and grid check what the server checks (DesignInputSchema, same
 * messages); a field or cell the server refuses shows its message there, any other failure the
 * error dialog. Saved: a toast naming how many variants, and the form empties for the next design.
 */
export function AddProductPage() {
  usePageTitle('Add Product');
  const paths = useCatalogPaths();
  const [images, setImages] = useState<File[]>([]);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const [grid, setGrid] = useState<VariantGridValue>(EMPTY_VARIANT_GRID);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReturnType<typeof placeErrors>>();
  const { add } = useShopDesignMutations();
  const { showError, errorDialog } = useErrorDialog();
  const form = useForm<ProductFormValues>({ initialValues: EMPTY_PRODUCT });

  const errors = validateDesign(form.values, grid, 'add');
  // Only the combinations made are sent; the server's messages name them by their index there.
  const sent = madeCells(grid);
  // Before the first Add, only a price over its MRP is flagged (as it is typed); after, all.
  const gridErrors =
    serverErrors?.cells ?? (submitted ? errors.cells : priceErrorsOnly(errors.cells));
  const variantsError = submitted ? (serverErrors?.variants ?? errors.variants) : undefined;

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors(undefined);
    form.setErrors(errors.fields);
    const noImages = images.length === 0;
    if (noImages) setImagesError(SHOP_CATALOG_MESSAGES.imagesRequired);
    if (!noDesignErrors(errors) || noImages) return;
    add.mutate(
      { fields: toDesignInput(form.values, sent), images },
      {
        onSuccess: ({ variants }) => {
          void notify({
            color: 'green',
            icon: <IconCheck size={18} />,
            title: SHOP_CATALOG_MESSAGES.productAdded,
            message: `${form.values.company} ${form.values.name}: ${variants.length} ${
              variants.length === 1 ? 'variant' : 'variants'
            }`,
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
          form.reset();
          setGrid(EMPTY_VARIANT_GRID);
          setImages([]);
          setImagesError(null);
          setSubmitted(false);
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) {
            const { images: imageMessage, ...fields } = error.fields;
            const placed = placeErrors(Object.entries(fields), sent);
            form.setErrors(placed.fields);
            setServerErrors(placed);
            setImagesError(imageMessage ?? null);
          } else showError(error);
        },
      },
    );
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            Add Product
          </Title>
          <Button component={Link} to={paths.allStock} variant="subtle">
            All Product
          </Button>
        </Group>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="md">
              <ProductFields form={form} designOnly />
              <VariantGrid
                value={grid}
                errors={gridErrors}
                onChange={(next) => {
                  setGrid(next);
                  setServerErrors(undefined);
                }}
              />
              {variantsError && (
                <Alert color="red" variant="light">
                  {variantsError}
                </Alert>
              )}
              <ImagePicker
                files={images}
                max={PRODUCT_IMAGES_MAX}
                error={imagesError}
                onChange={(files) => {
                  setImages(files);
                  setImagesError(null);
                }}
              />
              <Group justify="flex-end">
                <Text size="xs" c="dimmed" mr="auto">
                  Fields marked * are required. Images are shared by every size and colour.
                </Text>
                <Button type="submit" loading={add.isPending}>
                  Add Product
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
      {errorDialog}
    </Container>
  );
}
