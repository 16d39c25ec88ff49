// @vitest-environment jsdom
import '../../../support/dom';
import {
  amountInWords,
  computeInvoiceTax,
  formatRupees,
  SELLER_OF_RECORD,
  type BillDetail,
  type IssuedTaxDocument,
  type TaxDocumentSnapshot,
} from '@bazaar/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CreditNoteModal } from '../../../../src/areas/back-office/bills/credit-note-modal';
import { CreditNotesList } from '../../../../src/areas/back-office/bills/credit-notes-list';
import { AppProviders } from '../../../../src/app/providers';
import { fakeApi, refusal, type FakeReply } from '../../../support/fake-api';

/*
 * docs/gst.md "Credit notes": the dialog previews the credit note by the tax engine at each
 * invoice line's rate and the invoice's place of supply, shows what is left of each line, and
 * puts the server's field errors on their lines.
 */

function document(
  id: number,
  snapshot: Partial<TaxDocumentSnapshot> & Pick<TaxDocumentSnapshot, 'lines'>,
  base: TaxDocumentSnapshot,
): IssuedTaxDocument {
  return {
    id,
    status: 'issued',
    cancelledAt: null,
    cancelReason: null,
    irn: null,
    irnAckNumber: null,
    irnAckDate: null,
    signedQrCode: null,
    snapshot: { ...base, ...snapshot },
  };
}

/**
 * Bill 7 with its tax invoice: 10 shirts at ₹500 (5 %) and 4 shorts at ₹3,000 (18 %), delivered
 * in `state`; a credit note already returned 2 shirts.
 */
function billDetail(state: { name: string; code: string }): BillDetail {
  const lines = [
    { item: 'Shirt-Box Silver Men’s', hsn: '6205', quantity: 10, ratePaise: 50_000 },
    { item: 'Shorts-Loose Golden Kids(Boy)', hsn: '6203', quantity: 4, ratePaise: 300_000 },
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
  const snapshot: TaxDocumentSnapshot = {
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
      gstin: null,
      mobile: '9415012345',
    },
    placeOfSupply: { state: state.name, code: state.code, interState: tax.interState },
    reverseCharge: false,
    pricesIncludeTax: false,
    lines: tax.lines.map((line, index) => ({
      lineNumber: index + 1,
      description: lines[index]!.item,
      details: 'Size: M',
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
  };
  const invoice = document(3, snapshot, snapshot);
  const earlier = document(
    4,
    {
      kind: 'credit_note',
      title: 'Credit Note',
      number: 'CN/26-27/00001',
      original: { number: 'BZ/26-27/00042', documentDate: '2026-11-27' },
      reason: 'Goods returned',
      lines: [
        { ...snapshot.lines[0]!, quantity: 2, taxableValuePaise: 100_000, originalLineNumber: 1 },
      ],
      totals: {
        taxableValuePaise: 100_000,
        cgstPaise: 2_500,
        sgstPaise: 2_500,
        igstPaise: 0,
        taxPaise: 5_000,
        totalPaise: 105_000,
      },
    },
    snapshot,
  );
  return {
    id: 7,
    customerId: 5,
    billNumber: '007',
    status: 'open',
    purchasedAt: '2026-11-27T06:30:00.000Z',
    closedAt: null,
    sellerLabel: 'admin',
    sellerName: 'admin',
    amountPaise: tax.totals.taxableValuePaise,
    gstPaise: tax.totals.taxPaise,
    cgstPaise: tax.totals.cgstPaise,
    sgstPaise: tax.totals.sgstPaise,
    igstPaise: tax.totals.igstPaise,
    totalPaise: tax.totals.totalPaise,
    receivedPaise: 0,
    duesPaise: tax.totals.totalPaise - 105_000,
    gstApplied: true,
    creditedPaise: 105_000,
    cancelledAt: null,
    cancelReason: null,
    refundedPaise: 0,
    invoice,
    creditNotes: [earlier],
    canClose: false,
    maxPaymentPaise: tax.totals.totalPaise - 105_000,
    items: [],
    payments: [],
  };
}

const BIHAR = { name: 'Bihar', code: '10' };
const UP = { name: 'Uttar Pradesh', code: '09' };

function renderModal(bill: BillDetail, issue: FakeReply = { status: 201, body: {} }) {
  const updated = { ...bill, creditedPaise: 999 };
  const seen = fakeApi({
    'POST /api/bills/7/credit-notes': issue,
    'GET /api/bills/7': { body: updated },
  });
  const onIssued = vi.fn();
  render(
    <AppProviders>
      <CreditNoteModal bill={bill} opened onClose={vi.fn()} onIssued={onIssued} />
    </AppProviders>,
  );
  return { seen, onIssued, updated };
}

/** The amount shown beside a label of the preview ('CGST' -> '₹307.50'). */
const shown = (label: string) =>
  within(screen.getByLabelText('Credit note preview'))
    .queryByText(label)
    ?.parentElement?.querySelector(`[data-money="${label}"]`)?.textContent ?? null;

const issueButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: 'Issue credit note' });

describe('Credit note dialog', () => {
  it('previews goods returned at each line’s invoice rate, CGST + SGST within the state', async () => {
    renderModal(billDetail(BIHAR));
    const table = await screen.findByRole('table', { name: 'Invoice lines to credit' });
    // 2 of the 10 shirts came back on CN/26-27/00001.
    expect(within(table).getByText('8 pcs')).toBeTruthy();
    expect(within(table).getByText('4 pcs')).toBeTruthy();
    expect(issueButton().disabled).toBe(true);

    await userEvent.type(screen.getByLabelText('Pieces returned of line 1'), '3');
    await userEvent.type(screen.getByLabelText('Pieces returned of line 2'), '1');

    // 3 x ₹500 at 5 % and 1 x ₹3,000 at 18 %.
    expect(shown('Taxable value')).toBe(formatRupees(450_000));
    expect(shown('CGST')).toBe(formatRupees(3_750 + 27_000));
    expect(shown('SGST')).toBe(formatRupees(3_750 + 27_000));
    expect(shown('IGST')).toBeNull();
    expect(shown('Credit note total')).toBe(formatRupees(511_500));
    expect(issueButton().disabled).toBe(false);
  });

  it('previews IGST for an out-of-state place of supply, and a price correction at the line’s rate', async () => {
    renderModal(billDetail(UP));
    await userEvent.type(await screen.findByLabelText('Pieces returned of line 2'), '2');
    expect(shown('IGST')).toBe(formatRupees(108_000));
    expect(shown('CGST')).toBeNull();

    await userEvent.click(screen.getByText('Price correction'));
    expect(shown('Taxable value')).toBe(formatRupees(0));
    await userEvent.type(screen.getByLabelText('Amount to credit of line 2'), '100');
    expect(shown('Taxable value')).toBe(formatRupees(10_000));
    expect(shown('IGST')).toBe(formatRupees(1_800));
    expect(shown('Credit note total')).toBe(formatRupees(11_800));
  });

  it('shows the server’s field error on its line, then issues and hands back the re-read bill', async () => {
    const bill = billDetail(BIHAR);
    let answer: FakeReply = {
      status: 400,
      body: refusal('VALIDATION_FAILED', 'lines.0.quantity: At most 1 piece can be returned', {
        fields: { 'lines.0.quantity': 'At most 1 piece can be returned' },
      }),
    };
    const seen = fakeApi({
      'POST /api/bills/7/credit-notes': () => answer,
      'GET /api/bills/7': { body: { ...bill, creditedPaise: 999 } },
    });
    const onIssued = vi.fn();
    render(
      <AppProviders>
        <CreditNoteModal bill={bill} opened onClose={vi.fn()} onIssued={onIssued} />
      </AppProviders>,
    );
    await userEvent.type(await screen.findByLabelText('Pieces returned of line 2'), '2');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Torn seams');
    await userEvent.click(issueButton());

    expect(await screen.findByText('At most 1 piece can be returned')).toBeTruthy();
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      reason: 'goods_returned',
      note: 'Torn seams',
      lines: [{ lineNumber: 2, quantity: 2 }],
    });
    expect(onIssued).not.toHaveBeenCalled();

    answer = { status: 201, body: bill.creditNotes[0] };
    await userEvent.click(issueButton());
    await waitFor(() => expect(onIssued).toHaveBeenCalledTimes(1));
    expect(onIssued.mock.calls[0]![0]).toMatchObject({ id: 7, creditedPaise: 999 });
    expect(await screen.findByText('Credit note issued')).toBeTruthy();
  });
});

describe('Credit notes list', () => {
  it('lists number, date, reason, total and status, and renders nothing without credit notes', () => {
    const bill = billDetail(BIHAR);
    const { container, rerender } = render(
      <AppProviders>
        <CreditNotesList creditNotes={[]} />
      </AppProviders>,
    );
    expect(container.querySelector('table')).toBeNull();
    rerender(
      <AppProviders>
        <CreditNotesList creditNotes={bill.creditNotes} />
      </AppProviders>,
    );
    const table = screen.getByRole('table', { name: 'Credit notes' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('CN/26-27/00001')).toBeTruthy();
    expect(within(row).getByText('Goods returned')).toBeTruthy();
    expect(within(row).getByText(formatRupees(105_000))).toBeTruthy();
    expect(within(row).getByText('Issued')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'Download PDF of CN/26-27/00001' }),
    ).toBeTruthy();
  });
});
