import { Box, Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId } from 'react';
import type { RegistrationForm } from './registration-form';
import {
  formatFileSize,
  previewUrl,
  releasePreview,
  SHOP_IMAGE_ACCEPT,
  shopImageError,
} from './shop-image';

/**
 * Shop Image (docs/accounts.md): jpg or png, at most 5 MB, with a preview. A file of
 * another type or size is not kept, and the field says why.
 */
export function ShopImageInput({ form }: { form: RegistrationForm }) {
  const inputId = useId();
  const file = form.values.shopImage;

  const handleChoose = (chosen: File | null) => {
    if (!chosen) return; // the dialog was cancelled: keep the current photo
    const problem = shopImageError(chosen, { required: true });
    if (problem) {
      form.setFieldError('shopImage', problem);
      return;
    }
    releasePreview(file);
    form.setFieldValue('shopImage', chosen);
  };

  const handleRemove = () => {
    releasePreview(file);
    form.setFieldValue('shopImage', null);
  };

  return (
    <Input.Wrapper
      label="Shop Image"
      withAsterisk
      description="A photo of your shop: jpg or png, at most 5 MB."
      error={form.errors.shopImage}
      labelElement="label"
      labelProps={{ htmlFor: inputId }}
    >
      <Group gap="md" mt={6} wrap="nowrap" align="center">
        <Box
          w={120}
          h={90}
          bd="1px dashed var(--mantine-color-gray-5)"
          bg="gray.0"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', flex: 'none' }}
        >
          {file && !shopImageError(file, { required: true }) ? (
            <Image
              src={previewUrl(file)}
              alt="Preview of the shop image"
              w={120}
              h={90}
              fit="cover"
            />
          ) : (
            <Group h="100%" justify="center">
              <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden="true" />
            </Group>
          )}
        </Box>
        <Stack gap={6} style={{ minWidth: 0 }}>
          {file && (
            <Text fz="sm" fw={500} truncate="end">
              {file.name}{' '}
              <Text span fz="xs" c="dimmed">
                ({formatFileSize(file.size)})
              </Text>
            </Text>
          )}
          <Group gap="xs">
            <FileButton
              onChange={handleChoose}
              accept={SHOP_IMAGE_ACCEPT}
              inputProps={{ id: inputId, 'aria-invalid': Boolean(form.errors.shopImage) }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="sm"
                  leftSection={<IconUpload size={16} aria-hidden="true" />}
                >
                  {file ? 'Change image' : 'Choose image'}
                </Button>
              )}
            </FileButton>
            {file && (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={handleRemove}
              >
                Remove
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
