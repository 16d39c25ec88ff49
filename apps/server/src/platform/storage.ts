import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.js';

/** URL prefix under which stored files (product images) are served. */
export const MEDIA_URL_PREFIX = '/media/';

/**
 * Where uploaded and generated files live. Keys are relative POSIX paths such as
 * `products/12/0.webp`; the local implementation keeps them under `DATA_DIR/uploads`
 * (docs/platform.md), the S3 one (storage-s3.ts) in a bucket when S3_* is set.
 */
export interface FileStorage {
  /**
   * Absolute folder of the local store (served under MEDIA_URL_PREFIX as static files);
   * undefined for object storage, whose `/media/` files {@link registerMediaRoute} serves.
   */
  readonly root: string | undefined;
  /** Writes bytes under a key, creating folders; overwrites. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** True when a file exists under the key. */
  exists(key: string): Promise<boolean>;
  /** Deletes the file under the key; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** The bytes stored under the key, or undefined when there is no such file. */
  read(key: string): Promise<Buffer | undefined>;
  /** The public URL of a key, e.g. `/media/products/12/0.webp`. */
  urlFor(key: string): string;
}

/** A store in a folder: `root` is always set. */
export type LocalFileStorage = FileStorage & { readonly root: string };

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** True for a key the stores accept: letters, digits, `/_.-`, no `..`, no leading `/`. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

/** @throws Error 'Unsafe storage key' unless {@link isSafeKey}. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** The media type of a key by its extension; `application/octet-stream` when unknown. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Creates the local file store rooted at `root`: `DATA_DIR/uploads` for public files (served
 * under MEDIA_URL_PREFIX) or `DATA_DIR/private` for files only a route hands out after its access
 * check, such as employee id proofs (see {@link privateStorageRootFor}).
 */
export function createLocalStorage(root: string): LocalFileStorage {
  return {
    root,
    async put(key, bytes) {
      assertSafeKey(key);
      const target = path.join(root, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes);
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await fs.access(path.join(root, key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    async read(key) {
      assertSafeKey(key);
      try {
        return await fs.readFile(path.join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    urlFor(key) {
      return `${MEDIA_URL_PREFIX}${key}`;
    },
  };
}

/**
 * The private store's folder beside a public uploads folder: `DATA_DIR/uploads` gives
 * `DATA_DIR/private`. Nothing under it is served by `/media/`.
 */
export function privateStorageRootFor(uploadsRoot: string): string {
  return path.join(path.dirname(uploadsRoot), 'private');
}

/**
 * The default private store beside a local public store (`DATA_DIR/private`).
 * @throws Error for object storage, which must be given its private store explicitly.
 */
export function defaultPrivateStorage(storage: FileStorage): FileStorage {
  if (storage.root === undefined) {
    throw new Error('Object storage needs its private store passed as privateStorage');
  }
  return createLocalStorage(privateStorageRootFor(storage.root));
}

/** How long browsers and CDNs keep a `/media/` file: keys never change content (7 days). */
const MEDIA_CACHE_CONTROL = 'public, max-age=604800, immutable';

/**
 * `GET /media/*` for a store without a folder (object storage, docs/deploy.md): streams the
 * key's bytes from the PUBLIC store through the app, so the bucket itself stays private and the
 * image URLs are the same as with the local store. Only `storage` (the public prefix) is read:
 * keys of the private store (id proofs) are not reachable here. Answers 404 in the error format
 * for an unsafe or missing key; cache headers as the static files (7 days, immutable).
 */
export function registerMediaRoute(app: FastifyInstance, storage: FileStorage): void {
  app.get(
    `${MEDIA_URL_PREFIX}*`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const bytes = isSafeKey(key) ? await storage.read(key) : undefined;
      if (!bytes) {
        return reply
          .status(404)
          .send(errorBody('NOT_FOUND', `No route for ${request.method} ${MEDIA_URL_PREFIX}${key}`));
      }
      return reply
        .type(contentTypeOf(key))
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .send(bytes);
    },
  );
}
