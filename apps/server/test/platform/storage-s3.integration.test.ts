import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance, InjectOptions } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopProductImages, ShopProductSaved } from '@bazaar/shared';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../src/seed/demo-accounts.js';
import { signIn } from '../support/accounts.js';
import { insertShop } from '../support/fixtures.js';
import { openTestDatabase, TEST_CAPTCHA_CODE } from '../support/test-app.js';
import { createS3Stores, type S3StorageOptions } from '../../src/platform/storage-s3.js';
import type { FileStorage } from '../../src/platform/storage.js';

/*
 * Several instances (docs/deploy.md "3. Object storage"): images on S3-compatible object storage
 * when S3_* is set, so every app instance sees the same files. Runs against s3rver, a local
 * S3-compatible server on loopback, through the real AWS SDK client.
 */

const BUCKET = 'bazaar-test';
let server: S3rver;
let folder: string;
let options: S3StorageOptions;
let stores: { storage: FileStorage; privateStorage: FileStorage; client: S3Client };

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  options = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  stores = createS3Stores(options);
});

afterAll(async () => {
  stores.client.destroy();
  await server.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** True when the bucket holds the object key (the full key, prefix included). */
async function inBucket(key: string): Promise<boolean> {
  try {
    await stores.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

describe('S3 file storage', () => {
  it('puts, reads, checks and deletes a file under the public prefix', async () => {
    const { storage } = stores;
    const bytes = Buffer.from('RIFF0000WEBPVP8 test bytes');
    expect(await storage.exists('products/7/0.webp')).toBe(false);
    expect(await storage.read('products/7/0.webp')).toBeUndefined();

    await storage.put('products/7/0.webp', bytes);
    expect(await storage.exists('products/7/0.webp')).toBe(true);
    expect(await storage.read('products/7/0.webp')).toEqual(bytes);
    expect(await inBucket('uploads/products/7/0.webp')).toBe(true);
    const object = await stores.client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'uploads/products/7/0.webp' }),
    );
    expect(object.ContentType).toBe('image/webp');

    await storage.remove('products/7/0.webp');
    expect(await storage.exists('products/7/0.webp')).toBe(false);
    expect(await inBucket('uploads/products/7/0.webp')).toBe(false);
    // Deleting what is not there is not an error (like the local store).
    await storage.remove('products/7/0.webp');
  });

  it('keeps private files under their own prefix, apart from the public ones', async () => {
    await stores.privateStorage.put('id-proofs/u1.webp', Buffer.from('proof'));
    expect(await inBucket('private/id-proofs/u1.webp')).toBe(true);
    expect(await stores.storage.read('id-proofs/u1.webp')).toBeUndefined();
    expect(await stores.privateStorage.read('id-proofs/u1.webp')).toEqual(Buffer.from('proof'));
  });

  it('refuses unsafe keys before asking the bucket', async () => {
    await expect(stores.storage.put('../private/x.webp', Buffer.from('x'))).rejects.toThrow(
      'Unsafe storage key',
    );
    await expect(stores.storage.read('/etc/passwd')).rejects.toThrow('Unsafe storage key');
  });

  it('links to /media/ unless a public address is set, and never gives private files one', () => {
    expect(stores.storage.urlFor('products/1/0.webp')).toBe('/media/products/1/0.webp');
    const cdn = createS3Stores({ ...options, publicUrl: 'https://cdn.example.in/' });
    expect(cdn.storage.urlFor('products/1/0.webp')).toBe(
      'https://cdn.example.in/uploads/products/1/0.webp',
    );
    expect(cdn.privateStorage.urlFor('id-proofs/u1.webp')).toBe('/media/id-proofs/u1.webp');
    cdn.client.destroy();
  });
});

describe('a product upload with S3 set', () => {
  let database: Database;
  let app: FastifyInstance;
  let seller: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({
      database,
      storage: stores.storage,
      privateStorage: stores.privateStorage,
      logger: false,
      catalogSummaryTtlMs: 0,
      accounts: { captchaTestCode: TEST_CAPTCHA_CODE, authRateLimitPerMinute: 10_000 },
    });
    await app.ready();
    await insertShop(database.db, { name: 'Patna Fashion House' });
    await seedDemoAccounts(database.db);
    seller = await signIn(app, 'seller', 'seller@bazaar.test', DEMO_PASSWORD);
    for (const [list, name] of [
      ['colours', 'Red'],
      ['companies', 'Raymond'],
      ['product-names', 'Linen Kurta'],
    ] as const) {
      const made = await call({ method: 'POST', url: `/api/shop/${list}`, payload: { name } });
      expect(made.statusCode).toBe(201);
    }
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function call(request: InjectOptions) {
    return app.inject({ ...request, headers: { ...request.headers, cookie: seller } });
  }

  /** A multipart body of text fields and PNG files under `images`. */
  function multipart(fields: Record<string, string | number>, files: Buffer[]) {
    const boundary = `----bazaar${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    }
    files.forEach((bytes, index) => {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${index}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from('\r\n'),
      );
    });
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      payload: Buffer.concat(parts),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  it('stores the images in the bucket, serves them at /media/ and deletes them there', async () => {
    const pixels = { width: 64, height: 48, channels: 3 as const, background: '#c0392b' };
    const png = await sharp({ create: pixels }).png().toBuffer();
    const added = await call({
      method: 'POST',
      url: '/api/shop/products',
      ...multipart(
        {
          company: 'Raymond',
          name: 'Linen Kurta',
          category: 'Men',
          style: 'Plain',
          material: 'Cotton',
          colour: 'red',
          size: 'L',
          quantity: 12,
          mrpPaise: 149_900,
          pricePaise: 119_900,
          description: 'Breathable linen kurta for summer',
        },
        [png, png],
      ),
    });
    expect(added.statusCode, added.body).toBe(201);
    const { product } = added.json<ShopProductSaved>();
    expect(product.thumbnailUrl).toMatch(/^\/media\/products\/shop-\d+\/.+-thumb\.webp$/);
    const thumbnailKey = product.thumbnailUrl!.slice('/media/'.length);
    expect(await inBucket(`uploads/${thumbnailKey}`)).toBe(true);

    const media = await app.inject({ method: 'GET', url: product.thumbnailUrl! });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
    expect(media.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect((await sharp(media.rawPayload).metadata()).format).toBe('webp');

    // /media/ reads only the public prefix: private files and odd keys are a 404.
    await stores.privateStorage.put('id-proofs/secret.webp', Buffer.from('proof'));
    for (const url of [
      '/media/id-proofs/secret.webp',
      '/media/../private/id-proofs/secret.webp',
      '/media/%2e%2e/private/id-proofs/secret.webp',
      '/media/products/none.webp',
    ]) {
      const refused = await app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(404);
    }

    const imagesUrl = `/api/shop/products/${product.id}/images`;
    const [first] = (await call({ method: 'GET', url: imagesUrl })).json<ShopProductImages>().items;
    const firstKeys = [first!.url, first!.thumbnailUrl].map((url) => url.slice('/media/'.length));
    for (const key of firstKeys) expect(await inBucket(`uploads/${key}`)).toBe(true);
    const deleted = await call({ method: 'DELETE', url: `${imagesUrl}/${first!.id}` });
    expect(deleted.statusCode).toBe(200);
    for (const key of firstKeys) expect(await inBucket(`uploads/${key}`)).toBe(false);
    expect((await app.inject({ method: 'GET', url: first!.url })).statusCode).toBe(404);
  });
});
