import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PRODUCT_IMAGES_MAX, SHOP_CATALOG_MESSAGES, TOAST_AUTO_CLOSE_MS } from '@bazaar/shared';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useShopProductMutations } from '../../../api/shop-catalog/shop-products';
import { notify } from '../../../components/notify';
import { usePageTitle } from '../../../components/use-page-title';
import { useCatalogPaths } from './catalog-paths';
import { ImagePicker } from './image-picker';
import {
  EMPTY_PRODUCT,
  formFieldOf,
  ProductFields,
  toProductInput,
  validateProduct,
  type ProductFormValues,
} from './product-fields';
import { useErrorDialog } from '../../../components/technical-error-dialog';

/**
 * Add Product (`/addProduct`, `/SupportAdminAddProduct`; docs/shop-catalog.md): the product's
 * fields from the shop's lists and the spec's options, and 1-6 images. The form checks what the
 * server checks (same schema and messages); a field the server refuses shows its message on that
 * field, any other failure the error dialog. Saved: a toast, the form empties for the next one.
 */
export function AddProductPage() {
  usePageTitle('Add Product');
  const paths = useCatalogPaths();
  const [images, setImages] = useState<File[]>([]);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const { add } = useShopProductMutations();
  const { showError, errorDialog } = useErrorDialog();
  const form = useForm<ProductFormValues>({
    initialValues: EMPTY_PRODUCT,
    validate: validateProduct,
  });

  const handleSubmit = form.onSubmit(
    (values) => {
      if (images.length === 0) return setImagesError(SHOP_CATALOG_MESSAGES.imagesRequired);
      add.mutate(
        { fields: toProductInput(values), images },
        {
          onSuccess: ({ product }) => {
            void notify({
              color: 'green',
              icon: <IconCheck size={18} />,
              title: SHOP_CATALOG_MESSAGES.productAdded,
              message: `${product.company} ${product.name}, ${product.colour}, ${product.size}`,
              autoClose: TOAST_AUTO_CLOSE_MS,
            });
            form.reset();
            setImages([]);
            setImagesError(null);
          },
          onError: (error) => {
            if (isApiError(error) && error.fields) {
              const { images: imageMessage, ...fields } = error.fields;
              form.setErrors(
                Object.fromEntries(Object.entries(fields).map(([k, v]) => [formFieldOf(k), v])),
              );
              setImagesError(imageMessage ?? null);
            } else showError(error);
          },
        },
      );
    },
    () => {
      if (images.length === 0) setImagesError(SHOP_CATALOG_MESSAGES.imagesRequired);
    },
  );

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
              <ProductFields form={form} />
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
                  Fields marked * are required.
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
