// @vitest-environment jsdom
import '../../../support/dom';
import {
  amountInWords,
  computeInvoiceTax,
  formatRupees,
  SELLER_OF_RECORD,
  type BillDetail,
  type IssuedTaxDocument,
} from '@bazaar/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BillItemsView } from '../../../../src/areas/back-office/bills/bill-items-view';
import { AppProviders } from '../../../../src/app/providers';
import { fakeApi, type SeenRequest } from '../../../support/fake-api';

/**
 * A bill as `GET /api/bills/7` answers it, with its issued tax invoice built by the one tax
 * engine: 10 shirts at ₹500 (5 %) and 2 trousers at ₹3,000 (18 %), delivered in `state`.
 */
function billDetail(state: { name: string; code: string }, extra: Partial<BillDetail> = {}) {
  const lines = [
    { item: 'Shirt-Box', hsn: '6205', quantity: 10, ratePaise: 50_000 },
    { item: 'Trouser-Loose', hsn: '6203', quantity: 2, ratePaise: 300_000 },
  ];
  const tax = computeInvoiceTax(
    {
      supplierStateCode: '10',
      placeOfSupplyCode: state.code,
      documentDate: '2026-11-27',
      taxApplied: true,
    },
    lines.map((line) => ({
      hsn: line.hsn,
      goodsClass: 'garment' as const,
      quantity: line.quantity,
      taxableValuePaise: line.quantity * line.ratePaise,
    })),
  );
  const invoice: IssuedTaxDocument = {
    id: 3,
    status: 'issued',
    cancelledAt: null,
    cancelReason: null,
    irn: null,
    irnAckNumber: null,
    irnAckDate: null,
    signedQrCode: null,
    snapshot: {
      kind: 'tax_invoice',
      title: 'Tax Invoice',
      number: 'BZ/26-27/00042',
      documentDate: '2026-11-27',
      financialYear: '26-27',
      supplier: { ...SELLER_OF_RECORD },
      recipient: {
        name: 'Amit Verma',
        shopName: 'Verma Garments',
        address: 'Aminabad',
        city: 'Lucknow',
        pincode: '226018',
        state: state.name,
        stateCode: state.code,
        gstin: '09AAFPV1234K1ZQ',
        mobile: '9415012345',
      },
      placeOfSupply: { state: state.name, code: state.code, interState: tax.interState },
      reverseCharge: false,
      pricesIncludeTax: false,
      lines: tax.lines.map((line, index) => ({
        lineNumber: index + 1,
        description: lines[index]!.item,
        details: '',
        hsn: line.hsn,
        goodsClass: line.goodsClass,
        uqc: 'PCS' as const,
        quantity: line.quantity,
        unitPricePaise: lines[index]!.ratePaise,
        discountPaise: 0,
        taxableValuePaise: line.taxableValuePaise,
        ratePercent: line.ratePercent,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
        totalPaise: line.totalPaise,
        stockItemId: index + 1,
        productId: null,
        originalLineNumber: null,
      })),
      summary: tax.summary,
      totals: tax.totals,
      amountInWords: amountInWords(tax.totals.totalPaise),
      original: null,
      reason: null,
      paymentTerms: 'Payable on receipt',
      hsnDigits: 4,
      eInvoiceRequired: false,
      reference: { billId: 7, billNumber: '007', orderNumber: null, shipmentId: null },
    },
  };
  const { totals } = tax;
  const bill: BillDetail = {
    id: 7,
    customerId: 5,
    billNumber: '007',
    status: 'open',
    purchasedAt: '2026-11-27T06:30:00.000Z',
    closedAt: null,
    sellerLabel: 'admin',
    sellerName: 'Anil Sinha',
    amountPaise: totals.taxableValuePaise,
    gstPaise: totals.taxPaise,
    cgstPaise: totals.cgstPaise,
    sgstPaise: totals.sgstPaise,
    igstPaise: totals.igstPaise,
    totalPaise: totals.totalPaise,
    receivedPaise: 500_000,
    duesPaise: totals.totalPaise - 500_000,
    gstApplied: true,
    creditedPaise: 0,
    cancelledAt: null,
    cancelReason: null,
    refundedPaise: 0,
    invoice,
    creditNotes: [],
    canClose: false,
    maxPaymentPaise: totals.totalPaise - 500_000,
    items: lines.map((line, index) => ({
      id: index + 1,
      item: line.item,
      category: 'Silver',
      type: "Men's",
      size: 'M',
      quantity: line.quantity,
      ratePaise: line.ratePaise,
      amountPaise: line.quantity * line.ratePaise,
    })),
    payments: [],
    ...extra,
  };
  return bill;
}

const BIHAR = { name: 'Bihar', code: '10' };
const UP = { name: 'Uttar Pradesh', code: '09' };

function renderDetail(
  bill: BillDetail,
  admin: boolean,
  routes: Record<string, (request: SeenRequest) => { status?: number; body?: unknown }> = {},
) {
  const seen = fakeApi({ 'GET /api/bills/7': { body: bill }, ...routes });
  render(
    <AppProviders>
      <BillItemsView billId={7} onBack={vi.fn()} admin={admin} onError={vi.fn()} />
    </AppProviders>,
  );
  return seen;
}

const shown = (label: string) =>
  document.querySelector(`[data-money="${label}"]`)?.textContent ?? null;

describe('bill detail (More Details)', () => {
  it('shows the bill number, the legal invoice number and CGST + SGST by rate', async () => {
    renderDetail(billDetail(BIHAR), true);
    expect(await screen.findByRole('heading', { name: 'Bill-No 007' })).toBeTruthy();
    expect(screen.getByTestId('invoice-number').textContent).toContain(
      'Tax Invoice BZ/26-27/00042',
    );
    expect(shown('Taxable value')).toBe(formatRupees(1_100_000));
    expect(shown('CGST @ 2.5 %')).toBe(formatRupees(12_500));
    expect(shown('SGST @ 2.5 %')).toBe(formatRupees(12_500));
    expect(shown('CGST @ 9 %')).toBe(formatRupees(54_000));
    expect(shown('SGST @ 9 %')).toBe(formatRupees(54_000));
    expect(shown('IGST @ 18 %')).toBeNull();
    expect(shown('Total')).toBe(formatRupees(1_233_000));
    expect(shown('Dues')).toBe(formatRupees(733_000));
    const items = screen.getByRole('table', { name: 'Items of the bill' });
    expect(items.querySelector('[data-line-rate="1"]')?.textContent).toBe('5 %');
    expect(items.querySelector('[data-line-rate="2"]')?.textContent).toBe('18 %');
  });

  it("shows in Sell by the name of who recorded the bill, not the label 'admin'", async () => {
    renderDetail(billDetail(BIHAR), true);
    expect(await screen.findByText(/Sell by Anil Sinha/)).toBeTruthy();
    expect(screen.queryByText(/Sell by admin/)).toBeNull();
  });

  it('shows IGST by rate for an out-of-state invoice', async () => {
    renderDetail(billDetail(UP), true);
    await screen.findByRole('heading', { name: 'Bill-No 007' });
    expect(screen.getByTestId('invoice-number').textContent).toContain(
      'Place of supply Uttar Pradesh (09)',
    );
    expect(shown('IGST @ 5 %')).toBe(formatRupees(25_000));
    expect(shown('IGST @ 18 %')).toBe(formatRupees(108_000));
    expect(shown('CGST @ 9 %')).toBeNull();
    expect(shown('Total')).toBe(formatRupees(1_233_000));
  });

  it('cancels only with a reason of at least 5 characters, then shows Cancelled', async () => {
    const bill = billDetail(BIHAR);
    const cancelled: BillDetail = {
      ...bill,
      status: 'cancelled',
      cancelledAt: '2026-11-28T06:30:00.000Z',
      cancelReason: 'Customer returned everything',
      refundedPaise: 500_000,
      duesPaise: 0,
      maxPaymentPaise: 0,
      invoice: { ...bill.invoice!, status: 'cancelled' },
    };
    const seen = renderDetail(bill, true, {
      'POST /api/bills/7/cancel': () => ({ body: cancelled }),
    });
    await screen.findByRole('heading', { name: 'Bill-No 007' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel bill' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText(/Reason for cancelling/);

    await userEvent.type(field, 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel bill' }));
    expect(await within(dialog).findByText(/at least 5 characters/)).toBeTruthy();
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'Customer returned everything');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel bill' }));
    await waitFor(() =>
      expect(seen.filter((request) => request.method === 'POST').map((r) => r.body)).toEqual([
        { reason: 'Customer returned everything' },
      ]),
    );
    expect(await screen.findByText(/Reason: Customer returned everything/)).toBeTruthy();
    expect(shown('Refunded')).toBe(formatRupees(500_000));
    expect(shown('Dues')).toBe(formatRupees(0));
    expect(screen.queryByRole('button', { name: 'Cancel bill' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Credit note' })).toBeNull();
  });

  it('offers Cancel bill and Credit note to the admin only', async () => {
    renderDetail(billDetail(BIHAR), false);
    await screen.findByRole('heading', { name: 'Bill-No 007' });
    expect(screen.queryByRole('button', { name: 'Cancel bill' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Credit note' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Print Invoice' })).toBeTruthy();
  });
});
