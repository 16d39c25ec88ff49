import {
  ActionIcon,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { PRODUCT_IMAGES_MAX, TOAST_AUTO_CLOSE_MS, type ShopProduct } from '@bazaar/shared';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError, isRefusal } from '../../../api/api-client';
import {
  useShopProductImageMutations,
  useShopProductImages,
} from '../../../api/shop-catalog/shop-product-images';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ImagePicker } from './image-picker';

/**
 * The product-images modal of All Stock (docs/shop-catalog.md; getProductImage): the
 * product's images, a larger view of the chosen one, adding images (up to 6 in all, checked like
 * Add Product's) and deleting one after a confirmation (never the last one).
 */
export function ProductImagesModal({
  product,
  onClose,
}: {
  product: ShopProduct | null;
  onClose: () => void;
}) {
  const productId = product?.id ?? null;
  const { data, isError, refetch } = useShopProductImages(productId);
  const { add, remove } = useShopProductImageMutations();
  const [selected, setSelected] = useState<number | null>(null);
  const [pending, setPending] = useState<File[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const images = data?.items ?? [];
  const shown = images.find((image) => image.id === selected) ?? images[0];

  const close = () => {
    setPending([]);
    setUploadError(null);
    setSelected(null);
    setFailure(null);
    onClose();
  };

  const upload = () => {
    if (productId === null || pending.length === 0) return;
    add.mutate(
      { productId, files: pending },
      {
        onSuccess: () => {
          setPending([]);
          setUploadError(null);
          void notify({ color: 'green', message: 'Images added', autoClose: TOAST_AUTO_CLOSE_MS });
        },
        onError: (error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) {
            setUploadError(error.fields?.images ?? error.message);
          } else setFailure('upload');
        },
      },
    );
  };

  const confirmDelete = () => {
    if (productId === null || deleting === null) return;
    remove.mutate(
      { productId, imageId: deleting },
      {
        onSuccess: () => {
          setDeleting(null);
          setSelected(null);
          void notify({ color: 'green', message: 'Image deleted', autoClose: TOAST_AUTO_CLOSE_MS });
        },
        onError: (error) => {
          setDeleting(null);
          setFailure(isRefusal(error, 'LAST_PRODUCT_IMAGE') ? error.message : 'delete');
        },
      },
    );
  };

  return (
    <Modal
      opened={product !== null}
      onClose={close}
      title={product ? `Images of ${product.company} ${product.name}` : 'Images'}
      size="xl"
    >
      {isError && !data ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : !data ? (
        <Skeleton h={280} aria-label="Loading the images" />
      ) : (
        <Stack gap="md">
          {failure &&
            (failure === 'upload' || failure === 'delete' ? (
              <TechnicalErrorAlert onRetry={() => setFailure(null)} />
            ) : (
              <Text c="red" size="sm" role="alert">
                {failure}
              </Text>
            ))}
          {shown && (
            <Paper withBorder radius="md" p="xs">
              <Image
                src={shown.url}
                alt={`${product?.name ?? 'Product'} image`}
                h={{ base: 220, sm: 320 }}
                fit="contain"
              />
            </Paper>
          )}
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
            {images.map((image, index) => (
              <Paper
                key={image.id}
                withBorder
                radius="sm"
                pos="relative"
                style={{
                  overflow: 'hidden',
                  outline:
                    image.id === shown?.id ? '2px solid var(--mantine-color-blue-6)' : undefined,
                }}
              >
                <button
                  type="button"
                  onClick={() => setSelected(image.id)}
                  aria-label={`Show image ${index + 1}`}
                  style={{
                    border: 0,
                    padding: 0,
                    background: 'none',
                    cursor: 'pointer',
                    display: 'block',
                    width: '100%',
                  }}
                >
                  <Image src={image.thumbnailUrl} alt="" h={80} fit="cover" />
                </button>
                <Tooltip
                  label={images.length <= 1 ? 'A product keeps at least one image' : 'Delete'}
                >
                  <ActionIcon
                    pos="absolute"
                    top={4}
                    right={4}
                    size="sm"
                    color="red"
                    variant="filled"
                    disabled={images.length <= 1}
                    aria-label={`Delete image ${index + 1}`}
                    onClick={() => setDeleting(image.id)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              </Paper>
            ))}
          </SimpleGrid>
          {images.length < PRODUCT_IMAGES_MAX && (
            <>
              <ImagePicker
                label="Add images"
                required={false}
                files={pending}
                max={PRODUCT_IMAGES_MAX - images.length}
                error={uploadError}
                onChange={(files) => {
                  setPending(files);
                  setUploadError(null);
                }}
              />
              <Group justify="flex-end">
                <Button onClick={upload} disabled={pending.length === 0} loading={add.isPending}>
                  Upload{' '}
                  {pending.length > 0
                    ? `${pending.length} image${pending.length > 1 ? 's' : ''}`
                    : ''}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete image"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        Delete this image of the product?
      </ConfirmModal>
    </Modal>
  );
}
