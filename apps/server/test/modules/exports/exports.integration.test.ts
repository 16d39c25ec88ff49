import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  indianDateOf,
  REPORT_MESSAGES,
  type BillDetail,
  type CreateBillInput,
  type IssuedTaxDocument,
  type Payment,
} from '@bazaar/shared';
import { sql } from 'drizzle-orm';
import { bills } from '../../../src/db/schema/index.js';
import { INDIAN_MONEY_FORMAT } from '../../../src/modules/exports/export-files.js';
import { EXPORT_PAGE_ROWS } from '../../../src/modules/exports/exports.repo.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';

/*
 * docs/back-office-reports.md "Exports": bills and payments saved through the API (GST within
 * Bihar, IGST to Delhi, a bill of supply, a cancelled bill with money refunded, a UPI payment, a
 * cash payment and a bounced cheque), then every export is downloaded over HTTP and its figures
 * are checked against sums computed here from the lines: CSV text, the .xlsx read back with
 * exceljs (numeric cells, the Indian format, date cells), and the Tally XML parsed, each
 * voucher balancing and matching the bills.
 */

let ctx: TestContext;
let as: StaffCookies;
const today = indianDateOf(new Date());
const month = today.slice(0, 7);
const monthStart = `${month}-01`;
const shirt = { item: 'Shirt-Box', category: 'Silver', type: "Men's" } as const;
const trickyShop = '=Sharma & Sons, "Best" <Cloth>';

interface Seeded {
  lines: { quantity: number; ratePaise: number }[];
  gst: boolean;
  interState: boolean;
  bill: BillDetail;
}
const seeded: Seeded[] = [];
let cancelled: BillDetail;
let bounced: Payment;
let creditNote: IssuedTaxDocument;
let customerIds: number[] = [];

const line = (quantity: number, ratePaise: number) => ({
  ...shirt,
  size: 'M' as const,
  quantity,
  ratePaise,
});

function get(url: string, cookie = as.admin) {
  return callWith(ctx.app, cookie, { method: 'GET', url });
}

async function post<T>(url: string, payload: object, status = 200): Promise<T> {
  const response = await callWith(ctx.app, as.admin, { method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

async function newBill(
  customerId: number,
  lines: { quantity: number; ratePaise: number }[],
  gst: boolean,
  interState: boolean,
  extra: Partial<CreateBillInput> = {},
): Promise<BillDetail> {
  const bill = await post<BillDetail>(
    `/api/customers/${customerId}/bills`,
    {
      lines: lines.map((entry) => line(entry.quantity, entry.ratePaise)),
      gstApplied: gst,
      ...extra,
    },
    201,
  );
  seeded.push({ lines, gst, interState, bill });
  return bill;
}

/** Half-up rounding to the paisa (docs/gst.md "Rounding"). */
const halfUp = (paise: number) => Math.floor(paise + 0.5);

/** What the test expects of a bill, from its lines: 5 % per line, each tax rounded per line. */
function expected(entry: Seeded) {
  const taxable = entry.lines.reduce((sum, one) => sum + one.quantity * one.ratePaise, 0);
  let cgst = 0;
  let sgst = 0;
  let igst = 0;
  if (entry.gst) {
    for (const one of entry.lines) {
      const value = one.quantity * one.ratePaise;
      if (entry.interState) igst += halfUp((value * 5) / 100);
      else {
        cgst += halfUp((value * 2.5) / 100);
        sgst += halfUp((value * 2.5) / 100);
      }
    }
  }
  return { taxable, cgst, sgst, igst, total: taxable + cgst + sgst + igst };
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
const ddmmyyyy = (day: string) => day.split('-').reverse().join('-');

/** A small RFC 4180 reader for the test (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

function csvRecords(text: string): Record<string, string>[] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}

/**
 * exceljs' reader drops the backslashes of the format code (`\,` is a literal comma), so a
 * read-back cell shows the format without them; `stylesOf` checks the file holds them.
 */
const MONEY_FORMAT_AS_READ = INDIAN_MONEY_FORMAT.replaceAll('\\', '');

/** The workbook's styles part as written (formats with their escapes, XML-escaped). */
async function stylesOf(body: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(body);
  return zip.file('xl/styles.xml')!.async('string');
}

async function workbookOf(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  as = await signInEveryRole(ctx.app, db);
  await insertStockRow(db, { ...shirt, quantity: 500, pricePaise: 123_45, costPaise: 98_00 });
  const biharRegistered = await insertWholesaleCustomer(db, 'Ram Traders', {
    gstin: '10AABCR1234Q1ZK',
  });
  const delhiRegistered = await insertWholesaleCustomer(db, 'Dilli Fabrics', {
    state: 'Delhi',
    city: 'New Delhi',
    pincode: '110001',
    gstin: '07AAACD5678K1ZA',
  });
  const tricky = await insertWholesaleCustomer(db, trickyShop);
  customerIds = [biharRegistered, delhiRegistered, tricky];

  const first = await newBill(
    biharRegistered,
    [
      { quantity: 10, ratePaise: 123_45 },
      { quantity: 3, ratePaise: 99_99 },
    ],
    true,
    false,
    { receivedPaise: 500_00, mode: 'upi', reference: '123456789012' },
  );
  await post(`/api/bills/${first.id}/payments`, { amountPaise: 250_50, mode: 'cash' });
  // Two shirts of the first line come back: 246.90 taxable, CGST and SGST 6.17 each.
  creditNote = await post<IssuedTaxDocument>(
    `/api/bills/${first.id}/credit-notes`,
    { reason: 'goods_returned', lines: [{ lineNumber: 1, quantity: 2 }] },
    201,
  );
  const second = await newBill(delhiRegistered, [{ quantity: 7, ratePaise: 201_01 }], true, true);
  await newBill(tricky, [{ quantity: 2, ratePaise: 150_00 }], false, false);
  cancelled = await post<BillDetail>(
    `/api/customers/${tricky}/bills`,
    { lines: [line(1, 500_00)], gstApplied: true, receivedPaise: 100_00, mode: 'cash' },
    201,
  );
  await post(`/api/bills/${cancelled.id}/cancel`, { reason: 'Entered twice by mistake' });

  const cheque = await post<Payment>(
    `/api/customers/${delhiRegistered}/payments`,
    {
      amountPaise: 400_00,
      mode: 'cheque',
      chequeNumber: '654321',
      chequeBank: 'State Bank of India',
      chequeDate: today,
      allocation: 'chosen',
      bills: [{ billId: second.id, amountPaise: 400_00 }],
    },
    201,
  );
  bounced = await post<Payment>(`/api/payments/${cheque.paymentId}/bounce`, {
    reason: 'Insufficient funds',
  });
  // Refresh the saved bills as they are now (payments, the bounce).
  for (const entry of seeded) {
    entry.bill = (await get(`/api/bills/${entry.bill.id}`)).json<BillDetail>();
  }
  cancelled = (await get(`/api/bills/${cancelled.id}`)).json<BillDetail>();
}, 180_000);

afterAll(async () => {
  await ctx.close();
});

describe('bills export', () => {
  it('answers a CSV whose figures equal the bills computed from their lines', async () => {
    const response = await get(`/api/exports/bills?format=csv&from=${monthStart}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bills_${monthStart}_${today}.csv"`,
    );
    const records = csvRecords(response.body);
    expect(Object.keys(records[0]!)).toEqual([
      'Bill No',
      'Invoice No',
      'Document',
      'Bill Date',
      'Customer',
      'Shop',
      'GSTIN',
      'Place of Supply',
      'Taxable Value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
      'Paid',
      'Credit Notes',
      'Dues',
      'Status',
      'Sold By',
    ]);
    expect(records).toHaveLength(4);
    for (const entry of seeded) {
      const row = records.find((record) => record['Bill No'] === entry.bill.billNumber)!;
      const figures = expected(entry);
      expect(row['Taxable Value']).toBe(rupees(figures.taxable));
      expect(row.CGST).toBe(rupees(figures.cgst));
      expect(row.SGST).toBe(rupees(figures.sgst));
      expect(row.IGST).toBe(rupees(figures.igst));
      expect(row.Total).toBe(rupees(figures.total));
      expect(row.Paid).toBe(rupees(entry.bill.receivedPaise));
      expect(row['Credit Notes']).toBe(rupees(entry.bill.creditedPaise));
      expect(row.Dues).toBe(
        rupees(figures.total - entry.bill.receivedPaise - entry.bill.creditedPaise),
      );
      expect(row['Bill Date']).toBe(ddmmyyyy(today));
      expect(row['Invoice No']).toBe(entry.bill.invoice!.snapshot.number);
    }
    // The first bill: 1,234.50 + 299.97 taxable, CGST 30.86 + 7.50, paid 500.00 UPI + 250.50
    // cash, credited 246.90 + 6.17 + 6.17.
    const first = records.find((record) => record['Bill No'] === seeded[0]!.bill.billNumber)!;
    expect(first).toMatchObject({
      'Taxable Value': '1534.47',
      CGST: '38.36',
      SGST: '38.36',
      Total: '1611.19',
      Paid: '750.50',
      'Credit Notes': '259.24',
      Dues: '601.45',
      GSTIN: '10AABCR1234Q1ZK',
      'Place of Supply': '10-Bihar',
      Document: 'Tax Invoice',
      Status: 'Open',
    });
    const delhi = records.find((record) => record['Bill No'] === seeded[1]!.bill.billNumber)!;
    expect(delhi).toMatchObject({ 'Place of Supply': '07-Delhi', IGST: '70.35', Paid: '0.00' });
    const supply = records.find((record) => record['Bill No'] === seeded[2]!.bill.billNumber)!;
    expect(supply).toMatchObject({ Document: 'Bill of Supply', CGST: '0.00', Total: '300.00' });
    // A formula-like shop name is quoted and neutralised; a cancelled bill owes nothing.
    expect(supply.Shop).toBe(`'${trickyShop}`);
    expect(response.body).toContain(`"'=Sharma & Sons, ""Best"" <Cloth>"`);
    const gone = records.find((record) => record['Bill No'] === cancelled.billNumber)!;
    expect(gone).toMatchObject({ Status: 'Cancelled', Dues: '0.00', Paid: '100.00' });
  });

  it('answers an .xlsx with numeric cells in the Indian format and date cells', async () => {
    const response = await get(`/api/exports/bills?format=xlsx&from=${monthStart}&to=${today}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.name).toBe('Bills');
    expect(await stylesOf(response.rawPayload)).toContain(
      `formatCode="${INDIAN_MONEY_FORMAT.replaceAll('>', '&gt;')}"`,
    );
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 4)).toEqual(['Bill No', 'Invoice No', 'Document', 'Bill Date']);
    expect(sheet.rowCount).toBe(5);
    const column = (name: string) => headers.indexOf(name) + 1;
    for (let number = 2; number <= sheet.rowCount; number += 1) {
      const row = sheet.getRow(number);
      const entry = seeded.find((one) => one.bill.billNumber === row.getCell(1).value);
      if (!entry) continue;
      const figures = expected(entry);
      const taxable = row.getCell(column('Taxable Value'));
      expect(taxable.value).toBe(figures.taxable / 100);
      expect(taxable.numFmt).toBe(MONEY_FORMAT_AS_READ);
      expect(row.getCell(column('Total')).value).toBe(figures.total / 100);
      expect(row.getCell(column('CGST')).value).toBe(figures.cgst / 100);
      expect(row.getCell(column('IGST')).value).toBe(figures.igst / 100);
      const date = row.getCell(column('Bill Date'));
      expect(date.value).toBeInstanceOf(Date);
      expect((date.value as Date).toISOString().slice(0, 10)).toBe(today);
      expect(date.numFmt).toBe('dd-mm-yyyy');
    }
  });
});

describe('a range longer than one page', () => {
  it('streams every bill once, across pages and rows of the same millisecond', async () => {
    // January 2025: bills in groups of three sharing a millisecond (microseconds apart), so a
    // page boundary falls inside a group.
    const count = EXPORT_PAGE_ROWS * 2 + 7;
    const rows = Array.from({ length: count }, (_, index) => ({
      customerId: customerIds[0]!,
      amountPaise: 100_00 + index,
      sellerLabel: 'admin',
      purchasedAt: sql`${`2025-01-15 10:00:${String(Math.floor(index / 3) % 60).padStart(2, '0')}.${String(Math.floor(index / 180)).padStart(3, '0')}${String(index % 3).padStart(3, '0')}+05:30`}::timestamptz`,
    }));
    await ctx.database.db.insert(bills).values(rows as never);
    for (const format of ['csv', 'xlsx'] as const) {
      const response = await get(
        `/api/exports/bills?format=${format}&from=2025-01-01&to=2025-01-31`,
      );
      expect(response.statusCode).toBe(200);
      let numbers: string[];
      if (format === 'csv') {
        numbers = csvRecords(response.body).map((record) => record['Bill No']!);
      } else {
        const sheet = await workbookOf(response.rawPayload);
        numbers = [];
        sheet.eachRow((row, number) => {
          if (number > 1) numbers.push(String(row.getCell(1).value));
        });
      }
      expect(numbers).toHaveLength(count);
      expect(new Set(numbers).size).toBe(count);
    }
  });
});

describe('payments export', () => {
  it('lists each payment with its mode, details and status in CSV', async () => {
    const response = await get(`/api/exports/payments?format=csv&from=${monthStart}&to=${today}`);
    expect(response.statusCode).toBe(200);
    const records = csvRecords(response.body);
    expect(records).toHaveLength(4);
    const byMode = (mode: string) => records.filter((record) => record.Mode === mode);
    expect(byMode('UPI')[0]).toMatchObject({
      Amount: '500.00',
      'UTR / Reference': '123456789012',
      'Against Bills': seeded[0]!.bill.billNumber,
      Status: 'Received',
      'Payment Date': ddmmyyyy(today),
    });
    expect(byMode('Cheque')[0]).toMatchObject({
      Amount: '400.00',
      'Cheque No': '654321',
      'Cheque Bank': 'State Bank of India',
      'Cheque Date': ddmmyyyy(today),
      Status: 'Bounced',
      'Bounced On': ddmmyyyy(today),
      'Bounce Reason': 'Insufficient funds',
      'Receipt No': bounced.receiptNumber,
    });
    const cashTotal = byMode('Cash').reduce((sum, record) => sum + Number(record.Amount), 0);
    expect(cashTotal.toFixed(2)).toBe(rupees(250_50 + 100_00));
  });

  it('reads back from .xlsx with numeric amounts', async () => {
    const response = await get(`/api/exports/payments?format=xlsx&from=${monthStart}&to=${today}`);
    const sheet = await workbookOf(response.rawPayload);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const amounts: number[] = [];
    for (let number = 2; number <= sheet.rowCount; number += 1) {
      const cell = sheet.getRow(number).getCell(headers.indexOf('Amount') + 1);
      expect(typeof cell.value).toBe('number');
      expect(cell.numFmt).toBe(MONEY_FORMAT_AS_READ);
      amounts.push(cell.value as number);
    }
    expect(amounts.sort((a, b) => a - b)).toEqual([100, 250.5, 400, 500]);
  });

  it('leaves out payments outside the range', async () => {
    const response = await get('/api/exports/payments?format=csv&from=2020-01-01&to=2020-12-31');
    expect(response.statusCode).toBe(200);
    expect(csvRecords(response.body)).toHaveLength(0);
  });
});

describe('customers and stock exports', () => {
  it('lists customers with GSTIN, state code and their dues', async () => {
    const response = await get('/api/exports/customers?format=csv');
    expect(response.statusCode).toBe(200);
    const records = csvRecords(response.body);
    const mine = records.filter((record) => customerIds.includes(Number(record['Customer ID'])));
    expect(mine).toHaveLength(3);
    const delhi = mine.find((record) => record.Shop === 'Dilli Fabrics')!;
    const delhiBill = expected(seeded[1]!);
    expect(delhi).toMatchObject({
      GSTIN: '07AAACD5678K1ZA',
      State: 'Delhi',
      'State Code': '07',
      Bills: '1',
      Billed: rupees(delhiBill.total),
      Paid: '0.00',
      Dues: rupees(delhiBill.total),
    });
    // The cancelled bill counts for nothing: only the bill of supply is left.
    const tricky = mine.find((record) => Number(record['Customer ID']) === customerIds[2])!;
    expect(tricky).toMatchObject({ Bills: '1', Billed: '300.00', Dues: '300.00' });
  });

  it('lists stock with size, SKU, HSN, pieces, value and value at cost, also as .xlsx', async () => {
    const csv = csvRecords((await get('/api/exports/stock?format=csv')).body);
    // The cancelled bill's piece and the two returned shirts came back.
    const pieces = 500 - 10 - 3 - 7 - 2 + 2;
    expect(csv).toEqual([
      expect.objectContaining({
        Item: 'Shirt-Box',
        HSN: '6205',
        'Quantity (pcs)': String(pieces),
        Size: 'M',
        SKU: expect.stringMatching(/^BZ-\d{5}$/),
        Rate: '123.45',
        'Stock Value': rupees(pieces * 123_45),
        Cost: '98.00',
        'Value at Cost': rupees(pieces * 98_00),
      }),
    ]);
    const sheet = await workbookOf((await get('/api/exports/stock?format=xlsx')).rawPayload);
    const value = sheet.getRow(2).getCell(9);
    expect(value.value).toBe((pieces * 123_45) / 100);
    expect(value.numFmt).toBe(MONEY_FORMAT_AS_READ);
  });
});

type XmlNode = Record<string, unknown>;
const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

describe('Tally export', () => {
  it("is well-formed XML whose vouchers balance and match the month's bills", async () => {
    const response = await get(`/api/exports/tally?month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tally_${month}.xml"`,
    );
    expect(XMLValidator.validate(response.body)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      isArray: (name) =>
        ['TALLYMESSAGE', 'ALLLEDGERENTRIES.LIST', 'BILLALLOCATIONS.LIST'].includes(name),
    }).parse(response.body) as XmlNode;
    const envelope = parsed.ENVELOPE as XmlNode;
    expect((envelope.HEADER as XmlNode).TALLYREQUEST).toBe('Import Data');
    const importData = (envelope.BODY as XmlNode).IMPORTDATA as XmlNode;
    const description = importData.REQUESTDESC as XmlNode;
    expect(description.REPORTNAME).toBe('Vouchers');
    expect((description.STATICVARIABLES as XmlNode).SVCURRENTCOMPANY).toBeTruthy();
    const vouchers = listOf((importData.REQUESTDATA as XmlNode).TALLYMESSAGE as XmlNode[]).map(
      (message) => message.VOUCHER as XmlNode,
    );
    const entriesOf = (voucher: XmlNode) => voucher['ALLLEDGERENTRIES.LIST'] as XmlNode[];
    const paiseOf = (text: unknown) => Math.round(Number(text) * 100);

    for (const voucher of vouchers) {
      const entries = entriesOf(voucher);
      expect(entries.reduce((sum, entry) => sum + paiseOf(entry.AMOUNT), 0)).toBe(0);
      for (const entry of entries) {
        expect(entry.ISDEEMEDPOSITIVE).toBe(paiseOf(entry.AMOUNT) < 0 ? 'Yes' : 'No');
      }
      expect(voucher.DATE).toBe(today.replaceAll('-', ''));
    }

    const sales = vouchers.filter((voucher) => voucher['@_VCHTYPE'] === 'Sales');
    // The three live bills; the cancelled one is left out.
    expect(sales).toHaveLength(3);
    expect(sales.map((voucher) => voucher.VOUCHERNUMBER)).not.toContain(
      cancelled.invoice!.snapshot.number,
    );
    for (const entry of seeded) {
      const voucher = sales.find(
        (one) => one.VOUCHERNUMBER === entry.bill.invoice!.snapshot.number,
      )!;
      const figures = expected(entry);
      const entries = entriesOf(voucher);
      const party = entries.find((one) => one.ISPARTYLEDGER === 'Yes')!;
      expect(party.LEDGERNAME).toBe(voucher.PARTYLEDGERNAME);
      expect(paiseOf(party.AMOUNT)).toBe(-figures.total);
      expect((party['BILLALLOCATIONS.LIST'] as XmlNode[])[0]).toMatchObject({
        NAME: entry.bill.invoice!.snapshot.number,
        BILLTYPE: 'New Ref',
      });
      const ledger = (name: string) =>
        paiseOf(entries.find((one) => one.LEDGERNAME === name)?.AMOUNT ?? 0);
      expect(ledger(entry.gst ? 'Sales GST 5%' : 'Sales Bill of Supply')).toBe(figures.taxable);
      expect(ledger('Output CGST')).toBe(figures.cgst);
      expect(ledger('Output SGST')).toBe(figures.sgst);
      expect(ledger('Output IGST')).toBe(figures.igst);
    }
    // The tricky shop name arrives intact once parsed (it was escaped in the file).
    expect(sales.map((voucher) => voucher.PARTYLEDGERNAME)).toContain(
      `${trickyShop} (${customerIds[2]})`,
    );

    // The credit note reverses its share of the first invoice, against that invoice.
    const notes = vouchers.filter((voucher) => voucher['@_VCHTYPE'] === 'Credit Note');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.VOUCHERNUMBER).toBe(creditNote.snapshot.number);
    const noteEntries = entriesOf(notes[0]!);
    expect(noteEntries.find((one) => one.ISPARTYLEDGER === 'Yes')).toMatchObject({
      AMOUNT: '259.24',
      ISDEEMEDPOSITIVE: 'No',
      'BILLALLOCATIONS.LIST': [
        { NAME: seeded[0]!.bill.invoice!.snapshot.number, BILLTYPE: 'Agst Ref', AMOUNT: '259.24' },
      ],
    });
    const noteLedger = (name: string) => noteEntries.find((one) => one.LEDGERNAME === name)?.AMOUNT;
    expect(noteLedger('Sales GST 5%')).toBe('-246.90');
    expect(noteLedger('Output CGST')).toBe('-6.17');
    expect(noteLedger('Output SGST')).toBe('-6.17');

    const receipts = vouchers.filter((voucher) => voucher['@_VCHTYPE'] === 'Receipt');
    expect(receipts).toHaveLength(4);
    const upi = receipts.find((voucher) => voucher.REFERENCE === '123456789012')!;
    const upiEntries = entriesOf(upi);
    expect(upiEntries.find((one) => one.LEDGERNAME === 'Bank Account')).toMatchObject({
      AMOUNT: '-500.00',
      ISDEEMEDPOSITIVE: 'Yes',
    });
    const upiParty = upiEntries.find((one) => one.ISPARTYLEDGER === 'Yes')!;
    expect(upiParty.AMOUNT).toBe('500.00');
    expect((upiParty['BILLALLOCATIONS.LIST'] as XmlNode[])[0]).toMatchObject({
      NAME: seeded[0]!.bill.invoice!.snapshot.number,
      BILLTYPE: 'Agst Ref',
      AMOUNT: '500.00',
    });
    const cashReceipts = receipts.filter((voucher) =>
      entriesOf(voucher).some((one) => one.LEDGERNAME === 'Cash'),
    );
    expect(cashReceipts).toHaveLength(2);

    const payments = vouchers.filter((voucher) => voucher['@_VCHTYPE'] === 'Payment');
    const bounce = payments.find(
      (voucher) => voucher.VOUCHERNUMBER === `${bounced.receiptNumber}/B`,
    )!;
    expect(entriesOf(bounce)).toEqual([
      expect.objectContaining({ ISPARTYLEDGER: 'Yes', AMOUNT: '-400.00', ISDEEMEDPOSITIVE: 'Yes' }),
      expect.objectContaining({ LEDGERNAME: 'Bank Account', AMOUNT: '400.00' }),
    ]);
    const refund = payments.find((voucher) => voucher.REFERENCE === cancelled.billNumber)!;
    expect(entriesOf(refund)).toEqual([
      expect.objectContaining({ ISPARTYLEDGER: 'Yes', AMOUNT: '-100.00' }),
      expect.objectContaining({ LEDGERNAME: 'Cash', AMOUNT: '100.00' }),
    ]);
    expect(payments).toHaveLength(2);
  });

  it('answers an empty, well-formed file for a month without vouchers', async () => {
    const response = await get('/api/exports/tally?month=2020-01');
    expect(response.statusCode).toBe(200);
    expect(XMLValidator.validate(response.body)).toBe(true);
    expect(response.body).not.toContain('<VOUCHER');
  });
});

describe('access and validation', () => {
  const urls = [
    `/api/exports/bills?format=csv&from=${monthStart}&to=${today}`,
    `/api/exports/payments?format=xlsx&from=${monthStart}&to=${today}`,
    '/api/exports/customers?format=csv',
    '/api/exports/stock?format=xlsx',
    `/api/exports/tally?month=${month}`,
  ];

  it('refuses every role but the admin (403) and no session (401)', async () => {
    for (const url of urls) {
      for (const cookie of [as.employee, as.customer, as.seller, as.delivery, as.supportAdmin]) {
        const response = await get(url, cookie);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it.each([
    ['format=pdf&from=2026-01-01&to=2026-01-31', 'format', 'Choose csv or xlsx'],
    ['format=csv&from=2026-01-01', 'to', REPORT_MESSAGES.bothDates],
    ['format=csv', 'from', REPORT_MESSAGES.bothDates],
    ['format=csv&from=2026-02-30&to=2026-03-01', 'from', REPORT_MESSAGES.dateFormat],
    ['format=csv&from=2026-03-05&to=2026-03-01', 'to', REPORT_MESSAGES.fromAfterTo],
    ['format=csv&from=2020-01-01&to=2023-01-01', 'to', REPORT_MESSAGES.rangeTooLong],
  ])('refuses a bad range (%s) with 400 and the field message', async (query, field, message) => {
    for (const list of ['bills', 'payments']) {
      const response = await get(`/api/exports/${list}?${query}`);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields[field]).toBe(message);
    }
  });

  it('refuses a bad Tally month and an unknown parameter', async () => {
    const month = await get('/api/exports/tally?month=2026-13');
    expect(month.statusCode).toBe(400);
    expect(month.json().error.fields.month).toBe('Enter a month like 2026-10');
    const extra = await get('/api/exports/stock?format=csv&from=2026-01-01');
    expect(extra.statusCode).toBe(400);
  });
});
