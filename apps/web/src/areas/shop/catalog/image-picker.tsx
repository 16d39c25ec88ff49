import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MIME_TYPES,
  SHOP_CATALOG_MESSAGES,
} from '@bazaar/shared';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type DragEvent } from 'react';

/**
 * JPEG or PNG by the file's first bytes, as the server decides (never by name or type): the
 * browser refuses early what the server would refuse anyway.
 */
async function isJpegOrPng(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b);
  return jpeg || png;
}

/**
 * Checks picked files against the server's rules (jpg/png by content, at most 5 MB each, at most
 * `room` more): answers the accepted files and the first refusal's message, if any.
 */
export async function checkImages(
  files: readonly File[],
  room: number,
): Promise<{ accepted: File[]; error: string | null }> {
  const accepted: File[] = [];
  let error: string | null = null;
  for (const file of files) {
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) {
      error ??= `${file.name}: ${SHOP_CATALOG_MESSAGES.imageTooLarge}`;
    } else if (!(await isJpegOrPng(file))) {
      error ??= `${file.name}: ${SHOP_CATALOG_MESSAGES.imageType}`;
    } else if (accepted.length >= room) {
      error ??= SHOP_CATALOG_MESSAGES.imagesTooMany;
    } else accepted.push(file);
  }
  return { accepted, error };
}

function Preview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Paper withBorder radius="sm" pos="relative" style={{ overflow: 'hidden' }}>
      <Image src={url} alt={file.name} h={110} fit="cover" />
      <Text size="xs" px={6} py={2} truncate>
        {file.name}
      </Text>
      <ActionIcon
        pos="absolute"
        top={4}
        right={4}
        size="sm"
        color="red"
        variant="filled"
        aria-label={`Remove ${file.name}`}
        onClick={onRemove}
      >
        <IconX size={14} />
      </ActionIcon>
    </Paper>
  );
}

/**
 * The product images field: a drop area and a Choose images button (several at once), previews
 * with remove, and the server's rules checked in the browser first (jpg/png by content, 5 MB
 * each, at most `max`).
 */
export function ImagePicker({
  files,
  onChange,
  max,
  error,
  label = 'Images',
  required = true,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  max: number;
  error?: string | null | undefined;
  label?: string;
  /** Shows the required asterisk (Add Product); adding to a product's images does not. */
  required?: boolean;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const addFiles = async (picked: readonly File[]) => {
    const { accepted, error: firstError } = await checkImages(picked, max - files.length);
    setRefusal(firstError);
    if (accepted.length > 0) onChange([...files, ...accepted]);
  };
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addFiles(Array.from(event.dataTransfer.files));
  };
  const shownError = refusal ?? error ?? null;

  return (
    <Input.Wrapper
      label={label}
      withAsterisk={required}
      description={`jpg or png, at most 5 MB each, up to ${max} images`}
      error={shownError}
    >
      <Stack gap="xs" mt={6}>
        <Paper
          withBorder
          radius="md"
          p="md"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={handleDrop}
          style={{
            borderStyle: 'dashed',
            background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
          }}
        >
          <Group justify="center" gap="sm">
            <IconPhotoPlus size={28} color="var(--mantine-color-dimmed)" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              Drop images here or
            </Text>
            <FileButton
              multiple
              accept={PRODUCT_IMAGE_MIME_TYPES.join(',')}
              onChange={(picked) => void addFiles(picked)}
              disabled={files.length >= max}
            >
              {(props) => (
                <Button size="xs" variant="light" {...props}>
                  Choose images
                </Button>
              )}
            </FileButton>
          </Group>
        </Paper>
        {files.length > 0 && (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 6 }} spacing="xs">
            {files.map((file, index) => (
              <Preview
                key={`${file.name}-${file.size}-${index}`}
                file={file}
                onRemove={() => onChange(files.filter((_, i) => i !== index))}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
