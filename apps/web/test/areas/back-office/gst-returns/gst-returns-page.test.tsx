// @vitest-environment jsdom
import '../../../support/dom';
import { addMonths, formatRupees, indianDateOf, type Gstr1Summary } from '@bazaar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  GstReturnsPage,
  pastMonths,
  pastQuarters,
} from '../../../../src/areas/back-office/gst-returns/gst-returns-page';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/gst.md "GSTR-1": the GST returns page asks for last month by default, shows taxable value
 * and tax by rate, documents issued and cancelled, credit notes and the problems found, and
 * links the JSON (only when nothing is wrong) and each section's CSV.
 */

const amounts = (taxable: number, cgst: number, sgst: number, igst: number) => ({
  taxableValuePaise: taxable,
  cgstPaise: cgst,
  sgstPaise: sgst,
  igstPaise: igst,
  taxPaise: cgst + sgst + igst,
});

function summary(period: string, overrides: Partial<Gstr1Summary> = {}): Gstr1Summary {
  return {
    period: { from: `${period}-01`, to: `${period}-31`, fp: '102026', label: 'October 2026' },
    gstin: '10AAKFB4821M1ZM',
    byRate: [
      { ratePercent: 5, ...amounts(4_561_160, 59_028, 59_028, 110_002) },
      { ratePercent: 18, ...amounts(11_100_000, 54_000, 54_000, 1_890_000) },
    ],
    documents: [
      { kind: 'tax_invoice', issued: 6, cancelled: 1, totalPaise: 19_891_846 },
      { kind: 'bill_of_supply', issued: 0, cancelled: 0, totalPaise: 0 },
      { kind: 'credit_note', issued: 3, cancelled: 0, totalPaise: 2_004_628 },
    ],
    invoices: { ...amounts(17_384_616, 118_614, 118_614, 2_270_002), totalPaise: 19_891_846 },
    creditNotes: { ...amounts(1_723_456, 5_586, 5_586, 270_000), count: 3, totalPaise: 2_004_628 },
    net: { ...amounts(15_661_160, 113_028, 113_028, 2_000_002), totalPaise: 17_887_218 },
    sections: { b2b: 2 },
    problems: [],
    ...overrides,
  };
}

const lastMonth = addMonths(indianDateOf(new Date()), -1).slice(0, 7);

describe('GstReturnsPage', () => {
  it("shows last month's summary with the downloads", async () => {
    const seen = fakeApi({
      'GET /api/gst-returns/gstr1/summary': (request) => ({
        body: summary(request.url.searchParams.get('period') ?? ''),
      }),
    });
    renderPage(<GstReturnsPage />, { url: '/GstReturns' });
    const rates = await screen.findByRole('table', { name: 'Taxable value and tax by rate' });
    expect(seen[0]?.url.searchParams.get('period')).toBe(lastMonth);
    const eighteen = within(rates).getByRole('row', { name: /^18%/ });
    expect(eighteen.textContent).toContain(formatRupees(11_100_000));
    expect(eighteen.textContent).toContain(formatRupees(1_890_000));
    expect(within(rates).getByRole('row', { name: /^Net/ }).textContent).toContain(
      formatRupees(15_661_160),
    );
    const documents = screen.getByRole('table', { name: 'Documents issued' });
    const invoiceRow = within(documents).getByRole('row', { name: /Tax Invoice/ });
    expect(
      within(invoiceRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Tax Invoice', '6', '1', formatRupees(19_891_846)]);
    expect(screen.getByText('No problems found')).toBeTruthy();
    const json = screen.getByRole('link', { name: 'Download GSTR-1 JSON' });
    expect(json.getAttribute('href')).toBe(`/api/gst-returns/gstr1/json?period=${lastMonth}`);
    expect(screen.getByRole('link', { name: 'HSN (B2C)' }).getAttribute('href')).toBe(
      `/api/gst-returns/gstr1/csv?period=${lastMonth}&section=hsn_b2c`,
    );
  });

  it('lists the problems and holds the JSON back until they are fixed', async () => {
    fakeApi({
      'GET /api/gst-returns/gstr1/summary': {
        body: summary(lastMonth, {
          problems: [
            {
              code: 'RECIPIENT_GSTIN_INVALID',
              message: 'BZ/26-27/00004: recipient GSTIN 10AABCR1234Q1ZZ is not valid',
              documentNumber: 'BZ/26-27/00004',
            },
          ],
        }),
      },
    });
    renderPage(<GstReturnsPage />, { url: '/GstReturns' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 problem(s) to fix before filing');
    expect(alert.textContent).toContain('recipient GSTIN 10AABCR1234Q1ZZ is not valid');
    expect(screen.queryByRole('link', { name: 'Download GSTR-1 JSON' })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Download GSTR-1 JSON' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('asks for a quarter when Quarter is picked, and says when a period is empty', async () => {
    const seen = fakeApi({
      'GET /api/gst-returns/gstr1/summary': {
        body: summary(lastMonth, {
          byRate: [],
          documents: [
            { kind: 'tax_invoice', issued: 0, cancelled: 0, totalPaise: 0 },
            { kind: 'bill_of_supply', issued: 0, cancelled: 0, totalPaise: 0 },
            { kind: 'credit_note', issued: 0, cancelled: 0, totalPaise: 0 },
          ],
        }),
      },
    });
    renderPage(<GstReturnsPage />, { url: '/GstReturns' });
    expect(await screen.findByText(/No invoices, bills of supply or credit notes/)).toBeTruthy();
    await userEvent.click(screen.getByText('Quarter'));
    await waitFor(() =>
      expect(seen.some((request) => request.url.searchParams.has('quarter'))).toBe(true),
    );
    const asked = seen.find((request) => request.url.searchParams.has('quarter'))!;
    expect(asked.url.searchParams.get('quarter')).toBe(
      pastQuarters(indianDateOf(new Date()))[0]!.value,
    );
  });
});

describe('period pickers', () => {
  it('offer past months and calendar quarters, newest first', () => {
    expect(pastMonths('2026-01-15', 3)).toEqual([
      { value: '2025-12', label: 'December 2025' },
      { value: '2025-11', label: 'November 2025' },
      { value: '2025-10', label: 'October 2025' },
    ]);
    expect(pastQuarters('2026-02-10', 2)).toEqual([
      { value: '2025-Q4', label: 'Oct-Dec 2025' },
      { value: '2025-Q3', label: 'Jul-Sep 2025' },
    ]);
  });
});
