import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { joinPdfs } from '../../src/documents/join-pdf.js';
import { writeStatementPdf } from '../../src/documents/statement-pdf.js';
import type { CustomerStatement, LedgerRow } from '../../src/schemas/ledger.js';

/*
 * A long statement drawn in parts (one per worker) and joined must be the statement drawn
 * whole: the same pages in the same order, numbered 'Page n of m' throughout (decision 35).
 */

/** The text of each page, spaces collapsed. */
async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(proxy, { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' ').trim());
}

/** `count` rows over a year: two invoices, then a UPI payment, each with the running balance. */
function statementOf(count: number): CustomerStatement {
  const rows: LedgerRow[] = [];
  let balance = 500_000;
  for (let index = 0; index < count; index += 1) {
    const day = new Date(Date.UTC(2025, 3, 1) + Math.floor(index / 4) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const invoice = index % 3 !== 2;
    const amount = 10_000 + index * 7;
    balance += invoice ? amount : -amount;
    rows.push({
      id: index + 1,
      kind: invoice ? 'invoice' : 'payment',
      at: `${day}T10:00:00.000Z`,
      date: day,
      reference: invoice ? `B-${index + 1}` : `R-${index + 1}`,
      mode: invoice ? null : 'upi',
      detail: invoice ? null : `UTR ${900_000 + index}`,
      billId: invoice ? index + 1 : null,
      paymentId: invoice ? null : index + 1,
      debitPaise: invoice ? amount : 0,
      creditPaise: invoice ? 0 : amount,
      balancePaise: balance,
    });
  }
  return {
    seller: {
      name: 'Patna Textiles',
      address: 'Main Road, Patna',
      mobile: '9876543210',
      gstin: '10ABCDE1234F1Z5',
    },
    customer: {
      id: 1,
      name: 'Ravi Kumar',
      shopName: 'Ravi Cloth House',
      mobile: '9876500000',
      gstin: null,
      address: 'Boring Road, Patna',
    },
    from: '2025-04-01',
    to: '2026-03-31',
    generatedAt: '2026-04-02T06:30:00.000Z',
    openingBalancePaise: 500_000,
    rows,
    totals: { debitPaise: 1, creditPaise: 2 },
    closingBalancePaise: balance,
    upi: { vpa: 'patnatextiles@upi', payeeName: 'Patna Textiles' },
  };
}

describe('a statement drawn in parts', () => {
  it('joins into the same pages as the statement drawn whole', async () => {
    const statement = statementOf(700);
    const whole = await pagesOf(await writeStatementPdf(statement));
    expect(whole.length).toBeGreaterThan(6);
    const parts = await Promise.all(
      [0, 1, 2].map((index) => writeStatementPdf(statement, { index, count: 3 })),
    );
    const partPages = await Promise.all(parts.map(pagesOf));
    // Each part holds its own third of the pages, none empty.
    expect(partPages.map((pages) => pages.length).reduce((a, b) => a + b)).toBe(whole.length);
    for (const pages of partPages) expect(pages.length).toBeGreaterThan(1);
    const joined = await pagesOf(await joinPdfs(parts));
    expect(joined).toEqual(whole);
    expect(joined[0]).toContain('Statement of Account');
    expect(joined[0]).toContain('Opening balance');
    expect(joined.at(-1)).toContain('Closing balance (owed to us)');
    expect(joined.at(-1)).toContain('Scan to pay with any UPI app');
    joined.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${whole.length}`));
  });

  it('has every row once, in order, across the parts', async () => {
    const statement = statementOf(700);
    const parts = await Promise.all(
      [0, 1].map((index) => writeStatementPdf(statement, { index, count: 2 })),
    );
    const text = (await pagesOf(await joinPdfs(parts))).join(' ');
    const references = [...text.matchAll(/\b(?:Invoice B|Payment R)-(\d+)\b/g)].map((match) =>
      Number(match[1]),
    );
    expect(references).toEqual(statement.rows.map((row) => row.id));
  });

  it('prints what Courier cannot draw as ?, one per character, and control characters as spaces', async () => {
    const statement = statementOf(3);
    statement.rows[2] = { ...statement.rows[2]!, detail: 'नकद\tby 👕 shop\u0007Ok' };
    const [page] = await pagesOf(await writeStatementPdf(statement));
    expect(page).toContain('Payment R-3 - UPI ??? by ? shop Ok');
  });

  it('refuses to join nothing', async () => {
    await expect(joinPdfs([])).rejects.toThrow('at least one PDF');
  });
});
