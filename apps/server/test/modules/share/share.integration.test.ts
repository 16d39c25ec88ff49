import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  billInvoiceDocument,
  indianDateOf,
  upiPayUri,
  type BillDetail,
  type BillInvoiceData,
  type CreatedCustomer,
  type CustomerStatement,
  type ShareLink,
  type ShareMailSent,
} from '@bazaar/shared';
import { renderStatementPdf, writeStatementPdf } from '@bazaar/shared/node-render';
import { ConfigError, loadBusinessConfig } from '../../../src/config.js';
import { outbox } from '../../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { pdfBytesTextOf } from '../../support/pdf-text.js';
import {
  callWith,
  insertStockRow,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';
import { customerInput } from '../customers/people-test-support.js';

/*
 * docs/documents.md "Sharing" and "UPI QR": signed, expiring links to the invoice and statement
 * PDFs through HTTP (minted by staff, fetched without a session, tampered and expired tokens
 * refused), the WhatsApp URL and mail that carry them, and the UPI pay QR of the dues.
 */

const SECRET = 'a-test-session-secret-of-at-least-32-characters';
const VPA = 'prasad.textiles@okaxis';
const PAYEE = 'Prasad & Sons Textiles';

let ctx: TestContext;
let as: StaffCookies;
let customer: CreatedCustomer['customer'];
let bill: BillDetail;

beforeAll(async () => {
  ctx = await createTestApp({
    accounts: { authSecret: SECRET, publicUrl: 'https://bazaar.example' },
    business: loadBusinessConfig({ UPI_VPA: VPA, UPI_PAYEE_NAME: PAYEE }),
  });
  as = await signInEveryRole(ctx.app, ctx.database.db);
  await insertStockRow(ctx.database.db, {
    item: 'Shirt-Box',
    category: 'Silver',
    type: "Men's",
    quantity: 1_000,
  });
  const created = await call(as.admin, 'POST', '/api/customers', customerInput());
  expect(created.statusCode, created.body).toBe(201);
  customer = created.json<CreatedCustomer>().customer;
  // 10 pieces at ₹500, no GST, ₹1,000 received: dues ₹4,000.
  const saved = await call(as.employee, 'POST', `/api/customers/${customer.id}/bills`, {
    lines: [
      {
        item: 'Shirt-Box',
        category: 'Silver',
        type: "Men's",
        size: 'M',
        quantity: 10,
        ratePaise: 50_000,
      },
    ],
    gstApplied: false,
    receivedPaise: 100_000,
  });
  expect(saved.statusCode, saved.body).toBe(201);
  bill = saved.json<BillDetail>();
});

afterAll(async () => {
  await ctx?.close();
});

function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return callWith(ctx.app, cookie, { method, url, ...(payload ? { payload } : {}) });
}

async function mint(payload: object, cookie = as.employee): Promise<ShareLink> {
  const response = await call(cookie, 'POST', '/api/share/links', payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ShareLink>();
}

/** The path of a link on this server (`/api/shared/{token}.pdf`). */
function pathOf(url: string): string {
  return new URL(url).pathname;
}

/** A token signed as the server signs, for payloads the API would never mint (expired). */
function forge(payload: string): string {
  const key = createHmac('sha256', SECRET).update('bazaar shared document links').digest();
  const signature = createHmac('sha256', key).update(payload).digest().subarray(0, 16);
  return `${payload}.${signature.toString('base64url')}`;
}

describe('the invoice link', () => {
  let link: ShareLink;

  beforeAll(async () => {
    link = await mint({ kind: 'invoice', billId: bill.id });
  });

  it('is a signed link on PUBLIC_URL valid 7 days, with the customer email', () => {
    expect(link.url).toMatch(/^https:\/\/bazaar\.example\/api\/shared\/i_\d+_\d+\.[\w-]{22}\.pdf$/);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(link.email).toBe(customer.email);
  });

  it('opens WhatsApp on the customer mobile with the message and the link encoded', () => {
    const prefix = `https://wa.me/91${customer.mobile}?text=`;
    expect(link.whatsappUrl.startsWith(prefix)).toBe(true);
    const encoded = link.whatsappUrl.slice(prefix.length);
    expect(encoded).toContain(encodeURIComponent(link.url));
    expect(encoded).not.toMatch(/[ \n&]/);
    const text = decodeURIComponent(encoded);
    expect(text).toBe(link.message);
    const number = bill.invoice!.snapshot.number;
    expect(text).toContain(`here is your invoice ${number} from `);
    expect(text).toContain('₹5,000.00');
    expect(text).toContain('Amount due: ₹4,000.00');
    expect(text).toContain(link.url);
  });

  it('gives the invoice PDF to anyone holding it, with the UPI pay block of the dues', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: pathOf(link.url) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="Invoice /);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = await pdfBytesTextOf(response.rawPayload);
    expect(text).toContain(bill.invoice!.snapshot.number);
    expect(text).toContain('Scan to pay with any UPI app');
    expect(text).toContain(`UPI id: ${VPA}`);
    expect(text).toContain('Amount: ₹4,000.00');
    if (process.env.SHARE_PDF_OUT) {
      await fs.writeFile(process.env.SHARE_PDF_OUT, response.rawPayload);
    }
  });

  it('prints the NPCI upi://pay URI of the dues as the QR', async () => {
    const response = await call(as.admin, 'GET', `/api/documents/bills/${bill.id}/invoice`);
    const data = response.json<BillInvoiceData>();
    expect(data.upi).toEqual({ vpa: VPA, payeeName: PAYEE });
    const expected = `upi://pay?pa=prasad.textiles%40okaxis&pn=Prasad%20%26%20Sons%20Textiles&am=4000.00&cu=INR&tn=Bill%20${encodeURIComponent(bill.invoice!.snapshot.number)}`;
    expect(upiPayUri(data.upi!, 400_000, `Bill ${bill.invoice!.snapshot.number}`)).toBe(expected);
    expect(JSON.stringify(billInvoiceDocument(data))).toContain(JSON.stringify(expected));
    // No payee, no QR: the same invoice without it.
    expect(JSON.stringify(billInvoiceDocument({ ...data, upi: null }))).not.toContain('upi://');
  });
});

describe('refused links', () => {
  it('refuses a tampered token with 403 and an expired one with 410', async () => {
    const { url } = await mint({ kind: 'invoice', billId: bill.id });
    const [payload, signature] = pathOf(url).slice('/api/shared/'.length, -4).split('.');
    expect(payload).toMatch(new RegExp(`^i_${bill.id}_\\d+$`));
    // Another bill's invoice, or a later expiry, under the same signature.
    const other = payload!.replace(`i_${bill.id}_`, `i_${bill.id + 1}_`);
    const tampered = await ctx.app.inject({
      method: 'GET',
      url: `/api/shared/${other}.${signature}.pdf`,
    });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toMatchObject({
      error: {
        code: 'FORBIDDEN',
        message: 'This link is not valid. Please ask the shop for a new one.',
      },
    });
    const garbage = await ctx.app.inject({ method: 'GET', url: '/api/shared/abc.def.pdf' });
    expect(garbage.statusCode).toBe(403);
    const noPdf = await ctx.app.inject({ method: 'GET', url: pathOf(url).slice(0, -4) });
    expect(noPdf.statusCode).toBe(404);

    const extended = await ctx.app.inject({
      method: 'GET',
      url: `/api/shared/${payload!.replace(/_(\d+)$/, (_, exp: string) => `_${Number(exp) + 86_400}`)}.${signature}.pdf`,
    });
    expect(extended.statusCode).toBe(403);

    const expired = forge(`i_${bill.id}_${Math.floor(Date.now() / 1000) - 1}`);
    const gone = await ctx.app.inject({ method: 'GET', url: `/api/shared/${expired}.pdf` });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      error: { code: 'GONE', message: 'This link has expired. Please ask the shop for a new one.' },
    });
    // The same payload, still valid, is served: the refusal above was the expiry alone.
    const valid = forge(`i_${bill.id}_${Math.floor(Date.now() / 1000) + 60}`);
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/shared/${valid}.pdf` });
    expect(ok.statusCode).toBe(200);
  });

  it('lets only admins and employees mint or mail links; 404 for an unknown bill', async () => {
    const body = { kind: 'invoice', billId: bill.id };
    for (const cookie of [as.customer, as.seller, as.delivery, as.supportAdmin]) {
      expect((await call(cookie, 'POST', '/api/share/links', body)).statusCode).toBe(403);
      expect((await call(cookie, 'POST', '/api/share/mail', body)).statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/share/links',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    await mint(body, as.admin);
    const unknown = await call(as.admin, 'POST', '/api/share/links', {
      kind: 'invoice',
      billId: 999_999,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { message: 'Bill not found' } });
  });
});

describe('statement and dues reminder', () => {
  it('shares the statement of a range as a PDF with the closing balance and the QR', async () => {
    const today = indianDateOf(new Date());
    const from = addDays(today, -30);
    const link = await mint({
      kind: 'statement',
      customerId: customer.id,
      range: { from, to: today },
    });
    expect(link.message).toContain('here is your statement of account from');
    expect(link.message).toContain('Closing balance: ₹4,000.00');
    const response = await ctx.app.inject({ method: 'GET', url: pathOf(link.url) });
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfBytesTextOf(response.rawPayload);
    expect(text).toContain('Statement of Account');
    expect(text).toContain(customer.shopName);
    expect(text).toContain('Scan to pay with any UPI app');
    const reversed = await call(as.admin, 'POST', '/api/share/links', {
      kind: 'statement',
      customerId: customer.id,
      range: { from: today, to: from },
    });
    expect(reversed.statusCode).toBe(400);
  });

  it('caps a statement link at one year (400) and draws its PDF off the event loop', async () => {
    const today = indianDateOf(new Date());
    // A financial year (Apr 1 to Mar 31) is the longest range a link takes.
    const year = await call(as.admin, 'POST', '/api/share/links', {
      kind: 'statement',
      customerId: customer.id,
      range: { from: '2025-04-01', to: '2026-03-31' },
    });
    expect(year.statusCode, year.body).toBe(200);
    for (const range of [
      { from: '2025-04-01', to: '2026-04-01' },
      { from: addDays(today, -800), to: today },
    ]) {
      const tooLong = await call(as.admin, 'POST', '/api/share/links', {
        kind: 'statement',
        customerId: customer.id,
        range,
      });
      expect(tooLong.statusCode, JSON.stringify(range)).toBe(400);
      expect(tooLong.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          fields: {
            'range.to': 'A shared statement covers at most one year: choose a shorter range',
          },
        },
      });
      expect(
        (
          await call(as.admin, 'POST', '/api/share/mail', {
            kind: 'statement',
            customerId: customer.id,
            range,
          })
        ).statusCode,
      ).toBe(400);
    }
    // A longer link signed before the cap (a valid signature) is refused, not drawn.
    const exp = Math.floor(Date.now() / 1000) + 600;
    const compact = (day: string) => day.replaceAll('-', '');
    const old = forge(`s_${customer.id}_${compact(addDays(today, -800))}_${compact(today)}_${exp}`);
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/shared/${old}.pdf` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { message: 'A shared statement covers at most one year: choose a shorter range' },
    });

    // A busy customer: 4,000 ledger rows this year (written straight into the ledger table).
    const busy = await call(as.admin, 'POST', '/api/customers', customerInput());
    expect(busy.statusCode, busy.body).toBe(201);
    const busyId = busy.json<CreatedCustomer>().customer.id;
    await ctx.database.db.execute(
      sql`insert into customer_ledger (customer_id, kind, at, amount_paise, reference)
          select ${busyId}, 'invoice', now() - make_interval(mins => g), 12345, '00' || g
          from generate_series(1, 4000) as g`,
    );
    const link = forge(`s_${busyId}_${compact(addDays(today, -364))}_${compact(today)}_${exp}`);
    const shared = await ctx.app.inject({ method: 'GET', url: `/api/shared/${link}.pdf` });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['content-type']).toBe('application/pdf');
    expect(await pdfBytesTextOf(shared.rawPayload)).toContain('Closing balance 4,93,800.00');

    // The drawing happens in the worker thread: while two of these statements are drawn, the
    // event loop keeps ticking (the longest gap between 5 ms timers is far below the drawing's
    // time). The data is read first: PGlite runs its queries on this thread.
    const statement = (
      await call(
        as.admin,
        'GET',
        `/api/customers/${busyId}/statement?from=${addDays(today, -364)}&to=${today}`,
      )
    ).json<CustomerStatement>();
    expect(statement.rows).toHaveLength(4000);
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const drawn = await Promise.all([renderStatementPdf(statement), renderStatementPdf(statement)]);
    const took = performance.now() - started;
    clearInterval(ticker);
    for (const pdf of drawn) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(longest).toBeLessThan(took / 4);
    // 4,000 rows are drawn in parts, one per worker, and joined (decision 35): the same pages
    // as the statement drawn whole.
    const whole = await pdfBytesTextOf(await writeStatementPdf(statement));
    expect(whole).toContain('Page 1 of ');
    for (const pdf of drawn) expect(await pdfBytesTextOf(pdf)).toBe(whole);
  });

  it('reminds of the dues with a statement link and mails it', async () => {
    const body = { kind: 'reminder', customerId: customer.id };
    const link = await mint(body);
    expect(link.message).toContain('friendly reminder');
    expect(link.message).toContain('₹4,000.00');
    expect(link.whatsappUrl.startsWith(`https://wa.me/91${customer.mobile}?text=`)).toBe(true);
    const sent = await call(as.admin, 'POST', '/api/share/mail', body);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ShareMailSent>().sentTo).toBe(customer.email);
    const [mail] = await ctx.database.db
      .select({ subject: outbox.subject, text: outbox.textBody })
      .from(outbox)
      .where(and(eq(outbox.toAddress, customer.email), like(outbox.subject, 'Payment reminder%')));
    expect(mail?.subject).toMatch(/^Payment reminder from /);
    expect(mail?.text).toMatch(/https:\/\/bazaar\.example\/api\/shared\/[\w-]+\.[\w-]+\.pdf/);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: pathOf(/https:\S+\.pdf/.exec(mail!.text)![0]),
    });
    expect(pdf.statusCode).toBe(200);
  });
});

describe('UPI settings', () => {
  it('refuses a malformed UPI_VPA at start-up and prints no QR when unset', () => {
    expect(() => loadBusinessConfig({ UPI_VPA: 'not a vpa' })).toThrow(ConfigError);
    expect(() => loadBusinessConfig({ UPI_VPA: 'not a vpa' })).toThrow(
      /UPI_VPA="not a vpa": must be a UPI id/,
    );
    expect(loadBusinessConfig({}).upi).toBeNull();
    expect(loadBusinessConfig({ UPI_VPA: 'shop@ybl', BUSINESS_NAME: 'Ravi Cloth' }).upi).toEqual({
      vpa: 'shop@ybl',
      payeeName: 'Ravi Cloth',
    });
  });
});
