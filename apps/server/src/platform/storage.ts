import fs from 'node:fs/promises';
import path from 'node:path';

/** URL prefix under which stored files (product images) are served. */
export const MEDIA_URL_PREFIX = '/media/';

/**
 * Where uploaded and generated files live. Keys are relative POSIX paths such as
 * `products/12/0.webp`; the local implementation keeps them under `DATA_DIR/uploads`
 * (DESIGN.md section 2, "images").
 */
export interface FileStorage {
  /** Absolute folder of the local store (served under MEDIA_URL_PREFIX). */
  readonly root: string;
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

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

/**
 * Creates the local file store rooted at `root`: `DATA_DIR/uploads` for public files (served
 * under MEDIA_URL_PREFIX) or `DATA_DIR/private` for files only a route hands out after its access
 * check, such as employee id proofs (see {@link privateStorageRootFor}).
 */
export function createLocalStorage(root: string): FileStorage {
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
