import { Button, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TOAST_AUTO_CLOSE_MS, type ProductUpdate, type ShopProduct } from '@bazaar/shared';
import { IconCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isApiError } from '../../../api/api-client';
import { useShopProductMutations } from '../../../api/shop-catalog/shop-products';
import { notify } from '../../../components/notify';
import {
  EMPTY_PRODUCT,
  formFieldOf,
  ProductFields,
  toProductInput,
  validateProduct,
  valuesOf,
  type ProductFormValues,
} from './product-fields';

/** Only the request fields whose value differs from the saved product. */
function changedFields(product: ShopProduct, values: ProductFormValues): ProductUpdate {
  const next = toProductInput(values);
  const saved = toProductInput(valuesOf(product));
  const changes: Record<string, string> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value !== saved[key as keyof typeof saved]) changes[key] = String(value);
  }
  return changes as unknown as ProductUpdate;
}

/**
 * The edit-product modal of All Stock (docs/shop-catalog.md; updateProduct): the form starts
 * from the product's current values, and only the changed fields are sent, so unchanged
 * selectors keep their current values. Saved: 'Product updated !!!'.
 */
export function EditProductModal({
  product,
  onClose,
  onError,
}: {
  product: ShopProduct | null;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const { update } = useShopProductMutations();
  const form = useForm<ProductFormValues>({
    initialValues: EMPTY_PRODUCT,
    validate: validateProduct,
  });
  const { setValues, resetDirty } = form;

  useEffect(() => {
    if (product) {
      setValues(valuesOf(product));
      resetDirty(valuesOf(product));
    }
    // The form is reset only when another product is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product?.id]);

  const handleSubmit = form.onSubmit((values) => {
    if (!product) return;
    const changes = changedFields(product, values);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { id: product.id, changes },
      {
        onSuccess: ({ message }) => {
          void notify({
            color: 'green',
            icon: <IconCheck size={18} />,
            message,
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) {
            form.setErrors(
              Object.fromEntries(
                Object.entries(error.fields).map(([field, text]) => [formFieldOf(field), text]),
              ),
            );
          } else {
            onClose();
            onError(error);
          }
        },
      },
    );
  });

  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={product ? `Edit ${product.company} ${product.name}` : 'Edit product'}
      size="xl"
      fullScreen={false}
    >
      {!product ? (
        <Skeleton h={300} />
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <ProductFields form={form} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Update
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
