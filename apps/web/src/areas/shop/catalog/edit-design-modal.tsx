import { Alert, Button, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { SHOP_CATALOG_MESSAGES, TOAST_AUTO_CLOSE_MS } from '@bazaar/shared';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { useShopDesign, useShopDesignMutations } from '../../../api/shop-catalog/shop-designs';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import {
  designFormOf,
  noDesignErrors,
  placeErrors,
  toDesignUpdate,
  validateDesign,
  type DesignErrors,
} from './design-form';
import { EMPTY_PRODUCT, ProductFields, type ProductFormValues } from './product-fields';
import { EMPTY_VARIANT_GRID, VariantGrid, type VariantGridValue } from './variant-grid';
import { madeCells, priceErrorsOnly } from './variant-grid-model';

/**
 * Edit of All Stock (docs/shop-catalog.md "Designs"; updateDesign): the design's fields and the
 * same size x colour grid as Add Product, started from the design's live variants (a combination
 * without one starts left out). Adding a size or colour adds rows; removing one, or leaving a
 * saved row out, asks first, and the variants not sent are archived on save (kept for their
 * orders). Saved: 'Design saved'.
 */
export function EditDesignModal({
  designId,
  onClose,
  onError,
}: {
  designId: number | null;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const { data, isError, refetch } = useShopDesign(designId);
  const { update } = useShopDesignMutations();
  const phone = useMediaQuery('(max-width: 48em)');
  const form = useForm<ProductFormValues>({ initialValues: EMPTY_PRODUCT });
  const [grid, setGrid] = useState<VariantGridValue>(EMPTY_VARIANT_GRID);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<DesignErrors>();
  const { setValues, resetDirty } = form;

  // Started again when another design is opened or it was reloaded after a save: the grid is
  // adjusted while rendering, the form (outside React state) in the effect.
  const [seen, setSeen] = useState(data);
  if (seen !== data) {
    setSeen(data);
    setGrid(data ? designFormOf(data).grid : EMPTY_VARIANT_GRID);
    setSubmitted(false);
    setServerErrors(undefined);
  }
  useEffect(() => {
    if (!data) return;
    const { values } = designFormOf(data);
    setValues(values);
    resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const errors = validateDesign(form.values, grid, 'edit');
  // Only the combinations made are sent; the server's messages name them by their index there.
  const sent = madeCells(grid);
  const gridErrors =
    serverErrors?.cells ?? (submitted ? errors.cells : priceErrorsOnly(errors.cells));
  const variantsError = submitted ? (serverErrors?.variants ?? errors.variants) : undefined;

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (designId === null) return;
    setSubmitted(true);
    setServerErrors(undefined);
    form.setErrors(errors.fields);
    if (!noDesignErrors(errors)) return;
    update.mutate(
      { designId, fields: toDesignUpdate(form.values, sent) },
      {
        onSuccess: () => {
          void notify({
            color: 'green',
            icon: <IconCheck size={18} />,
            message: SHOP_CATALOG_MESSAGES.designSaved,
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) {
            const placed = placeErrors(Object.entries(error.fields), sent);
            form.setErrors(placed.fields);
            setServerErrors(placed);
          } else {
            onClose();
            onError(error);
          }
        },
      },
    );
  };

  return (
    <Modal
      opened={designId !== null}
      onClose={onClose}
      title={data ? `Edit ${data.design.company} ${data.design.name}` : 'Edit product'}
      size="90rem"
      fullScreen={phone}
    >
      {isError ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : !data ? (
        <Skeleton h={300} />
      ) : (
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
