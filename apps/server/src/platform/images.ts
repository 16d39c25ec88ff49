import sharp from 'sharp';

/**
 * Product image processing (docs/platform.md): every stored picture is re-encoded
 * to WebP, with metadata (EXIF, GPS, ICC comments) stripped, plus a square thumbnail.
 */

/** Longest side of a stored full-size image, in pixels. */
export const IMAGE_FULL_MAX_PX = 800;
/** Side of the square thumbnail, in pixels. */
export const IMAGE_THUMBNAIL_PX = 240;
/**
 * Most pixels (width x height) an uploaded image may declare: 25 megapixels, e.g. 5000x5000 or a
 * 6000x4000 camera photo. sharp reads the size from the header and refuses a larger image before
 * decoding it, so a small file claiming 50000x50000 pixels (a pixel flood) never allocates its
 * gigabytes of pixels (ASVS V5.2; sharp's own default would let 268 megapixels through).
 */
export const IMAGE_INPUT_MAX_PIXELS = 25_000_000;

/** One encoded WebP image with its pixel size. */
export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** The full-size image and its thumbnail. */
export interface ProcessedImage {
  full: EncodedImage;
  thumbnail: EncodedImage;
}

export interface ProcessImageOptions {
  /** WebP quality 1-100 (default 80). */
  quality?: number;
  /** WebP encoder effort 0 (fastest) - 6 (smallest); default 4. */
  effort?: number;
}

/** Image types the upload routes accept, recognised by content. */
export type ImageType = 'jpeg' | 'png' | 'webp';

/**
 * Re-encodes an image (JPEG, PNG, WebP, or an SVG document the server generated itself) to WebP:
 * `full` fits inside 800x800 (never enlarged, EXIF orientation applied), `thumbnail` is a
 * 240x240 centre crop. Metadata is not copied to either output. An image declaring more than
 * IMAGE_INPUT_MAX_PIXELS pixels is refused before it is decoded.
 * @throws Error from sharp when the bytes are not a decodable image or have too many pixels.
 */
export async function processImage(
  input: Buffer,
  options: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  const webp = { quality: options.quality ?? 80, effort: options.effort ?? 4 };
  // Decode once to raw pixels; both outputs are encoded from the same decoded image.
  const { data, info } = await sharp(input, {
    failOn: 'error',
    limitInputPixels: IMAGE_INPUT_MAX_PIXELS,
  })
    .rotate()
    .resize({
      width: IMAGE_FULL_MAX_PX,
      height: IMAGE_FULL_MAX_PX,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const [full, thumbnail] = await Promise.all([
    sharp(data, raw).webp(webp).toBuffer({ resolveWithObject: true }),
    sharp(data, raw)
      .resize({ width: IMAGE_THUMBNAIL_PX, height: IMAGE_THUMBNAIL_PX, fit: 'cover' })
      .webp(webp)
      .toBuffer({ resolveWithObject: true }),
  ]);
  return {
    full: { bytes: full.data, width: full.info.width, height: full.info.height },
    thumbnail: {
      bytes: thumbnail.data,
      width: thumbnail.info.width,
      height: thumbnail.info.height,
    },
  };
}

/**
 * Recognises JPEG, PNG and WebP by their magic bytes (never by file name or declared type).
 * Returns null for anything else, including SVG.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (offset: number, ...expected: number[]): boolean =>
    bytes.length >= offset + expected.length && expected.every((b, i) => bytes[offset + i] === b);
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // 'RIFF' <4-byte size> 'WEBP'
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}
