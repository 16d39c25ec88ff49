import { randomUUID } from 'node:crypto';
import { SHOP_CATALOG_MESSAGES, type ProductImage } from '@bazaar/shared';
import { validationError } from '../../platform/errors.js';
import { detectImageType, processImage } from '../../platform/images.js';
import type { FileStorage } from '../../platform/storage.js';

/** The multipart field product and design images travel in. */
export const IMAGES_FIELD = 'images';

/** An image checked, re-encoded and written to storage, not yet in the database. */
export interface StoredImage {
  path: string;
  thumbnailPath: string;
  width: number;
  height: number;
}

/**
 * Product and design images on storage (docs/shop-catalog.md "Images: all or nothing"): checks,
 * re-encodes and writes files before any row is written, and deletes them again when the rows
 * are not.
 */
export function createProductImageStore(storage: FileStorage) {
  /** Deletes stored files; failures are ignored (an orphan file harms nobody). */
  async function removeFiles(images: readonly { path: string; thumbnailPath: string }[]) {
    await Promise.all(
      images
        .flatMap((image) => [image.path, image.thumbnailPath])
        .map((key) => storage.remove(key).catch(() => undefined)),
    );
  }

  /**
   * Checks every file by content (JPEG or PNG only; never by name or declared type) and
   * re-encodes all of them before anything is written, so one bad file stores nothing. Then
   * writes each WebP and thumbnail under `products/shop-<id>/`.
   * @throws AppError VALIDATION_FAILED on `images` naming the first bad file (1-based).
   */
  async function storeImages(shopId: number, files: readonly Buffer[]): Promise<StoredImage[]> {
    const refuse = (index: number, message: string) =>
      validationError({
        [IMAGES_FIELD]: files.length > 1 ? `Image ${index + 1}: ${message}` : message,
      });
    for (const [index, bytes] of files.entries()) {
      const type = detectImageType(bytes);
      if (type !== 'jpeg' && type !== 'png') throw refuse(index, SHOP_CATALOG_MESSAGES.imageType);
    }
    const processed = [];
    for (const [index, bytes] of files.entries()) {
      try {
        processed.push(await processImage(bytes));
      } catch {
        throw refuse(index, SHOP_CATALOG_MESSAGES.imageUnreadable);
      }
    }
    const stored: StoredImage[] = [];
    try {
      for (const image of processed) {
        const key = `products/shop-${shopId}/${randomUUID()}`;
        const entry = {
          path: `${key}.webp`,
          thumbnailPath: `${key}-thumb.webp`,
          width: image.full.width,
          height: image.full.height,
        };
        stored.push(entry);
        await storage.put(entry.path, image.full.bytes);
        await storage.put(entry.thumbnailPath, image.thumbnail.bytes);
      }
    } catch (error) {
      await removeFiles(stored);
      throw error;
    }
    return stored;
  }

  return {
    removeFiles,

    /**
     * Runs `write` with the new images' rows; when it fails the stored files are deleted again,
     * so a refused upload leaves neither rows nor files.
     */
    async withStoredImages<T>(
      shopId: number,
      files: readonly Buffer[],
      write: (images: StoredImage[]) => Promise<T>,
    ): Promise<T> {
      const images = await storeImages(shopId, files);
      try {
        return await write(images);
      } catch (error) {
        await removeFiles(images);
        throw error;
      }
    },

    /** An image row as the API shows it: URLs of the WebP and its thumbnail. */
    toImage(image: {
      id: number;
      path: string;
      thumbnailPath: string;
      width: number;
      height: number;
    }): ProductImage {
      return {
        id: image.id,
        url: storage.urlFor(image.path),
        thumbnailUrl: storage.urlFor(image.thumbnailPath),
        width: image.width,
        height: image.height,
      };
    },
  };
}

export type ProductImageStore = ReturnType<typeof createProductImageStore>;
