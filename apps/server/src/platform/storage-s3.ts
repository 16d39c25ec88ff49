import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertSafeKey, contentTypeOf, MEDIA_URL_PREFIX, type FileStorage } from './storage.js';

/** Where the object store is and how to sign in to it (the S3_* variables, config.ts). */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, Cloudflare R2, DigitalOcean Spaces...); unset: AWS. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle?: boolean | undefined;
  /**
   * Public address of the public prefix's objects (a CDN or a bucket policy that lets anyone
   * read `uploads/*`): `urlFor` then answers `${publicUrl}/uploads/${key}` and browsers never ask
   * the app. Unset: `/media/${key}`, which the app streams from the private bucket.
   */
  publicUrl?: string | undefined;
}

/** Key prefixes in the bucket: the public store's files and the private store's (id proofs). */
export const S3_PUBLIC_PREFIX = 'uploads/';
export const S3_PRIVATE_PREFIX = 'private/';

/** The status of an SDK error (404 for NoSuchKey / NotFound), if any. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** Builds the SDK client for the options; one client is shared by both stores. */
export function createS3Client(options: S3StorageOptions): S3Client {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    // Checksums only where S3 requires them: several S3-compatible stores do not understand the
    // SDK's default CRC32 trailers on every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.accessKeyId && options.secretAccessKey) {
    config.credentials = {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
    };
  }
  return new S3Client(config);
}

/**
 * A FileStorage on S3-compatible object storage (docs/deploy.md: every app instance sees the
 * same images). Keys are the same relative paths as the local store's,
 * kept under `prefix` in the bucket: S3_PUBLIC_PREFIX for product and shop images,
 * S3_PRIVATE_PREFIX for employee id proofs (never served by `/media/`, which reads only the
 * public prefix). `root` is undefined: app.ts then serves `/media/` with {@link
 * registerMediaRoute} instead of a folder.
 * @throws Error 'Unsafe storage key' for a key with `..` or odd characters; SDK errors other
 *   than "not found" propagate (the request answers 500).
 */
export function createS3Storage(
  client: S3Client,
  options: Pick<S3StorageOptions, 'bucket' | 'publicUrl'> & { prefix: string },
): FileStorage {
  const { bucket, prefix } = options;
  // Only the public prefix ever gets a public address: id proofs stay behind the app.
  const publicBase =
    prefix === S3_PUBLIC_PREFIX ? options.publicUrl?.replace(/\/+$/, '') : undefined;
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${prefix}${key}`;
  };
  return {
    root: undefined,
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentTypeOf(key),
        }),
      );
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async read(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        if (!answer.Body) return undefined;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    },
    urlFor(key) {
      return publicBase ? `${publicBase}/${prefix}${key}` : `${MEDIA_URL_PREFIX}${key}`;
    },
  };
}

/** The S3_* part of the configuration (config.ts), as main.ts reads it. */
export interface S3Config {
  S3_BUCKET?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
  S3_PUBLIC_URL?: string | undefined;
}

/** The object-storage options of a configuration, or undefined when S3_BUCKET is unset. */
export function s3OptionsOf(config: S3Config): S3StorageOptions | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION ?? 'us-east-1',
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL,
  };
}

/**
 * Both stores on one bucket and one client: `storage` (product and shop images, prefix
 * `uploads/`, served at `/media/` or S3_PUBLIC_URL) and `privateStorage` (employee id proofs,
 * prefix `private/`, handed out only by their access-checked route).
 */
export function createS3Stores(options: S3StorageOptions): {
  storage: FileStorage;
  privateStorage: FileStorage;
  client: S3Client;
} {
  const client = createS3Client(options);
  return {
    client,
    storage: createS3Storage(client, { ...options, prefix: S3_PUBLIC_PREFIX }),
    privateStorage: createS3Storage(client, { bucket: options.bucket, prefix: S3_PRIVATE_PREFIX }),
  };
}
