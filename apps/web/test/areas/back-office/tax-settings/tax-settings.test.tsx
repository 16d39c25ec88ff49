// @vitest-environment jsdom
import '../../../support/dom';
import type { IssuedTaxDocument, TaxSettings } from '@bazaar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EInvoicePanel } from '../../../../src/areas/back-office/tax-settings/e-invoice-panel';
import { TaxSettingsPage } from '../../../../src/areas/back-office/tax-settings/tax-settings-page';
import { fakeApi, refusal } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/gst.md "Settings" and "E-invoice": the admin's turnover setting in rupees, and the
 * e-invoice section of an issued document (JSON download, IRN entry).
 */

const settings = (turnoverPaise: number): TaxSettings => ({
  annualTurnoverPaise: turnoverPaise,
  eInvoiceThresholdPaise: 5_000_000_000,
  eInvoiceRequired: turnoverPaise > 5_000_000_000,
  updatedAt: null,
});

describe('TaxSettingsPage', () => {
  it('shows the stored turnover in rupees, saves the typed one in paise and confirms', async () => {
    const seen = fakeApi({
      'GET /api/settings/tax': { body: settings(1_000_000_000) },
      'PUT /api/settings/tax': (request) => ({
        body: settings((request.body as { annualTurnoverPaise: number }).annualTurnoverPaise),
      }),
    });
    renderPage(<TaxSettingsPage />, { url: '/taxSettings' });
    const field = await screen.findByLabelText(/Aggregate annual turnover/);
    expect((field as HTMLInputElement).value).toBe('1,00,00,000');
    expect(screen.getByText('No e-invoice, 4-digit HSN')).toBeTruthy();

    await userEvent.clear(field);
    await userEvent.type(field, '60000000.50');
    expect(screen.getByText('E-invoice (IRN) and 6-digit HSN')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const status = await screen.findByText(/Turnover saved as/);
    expect(status.textContent).toContain('Turnover saved as ₹6,00,00,000.50');
    expect(status.textContent).toContain('need an IRN (B2B) and print 6-digit HSN');
    const put = seen.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ annualTurnoverPaise: 6_000_000_050 });
  });

  it("puts the server's field message on the turnover field", async () => {
    fakeApi({
      'GET /api/settings/tax': { body: settings(0) },
      'PUT /api/settings/tax': {
        status: 400,
        body: refusal('VALIDATION_FAILED', 'Turnover is too large', {
          fields: { annualTurnoverPaise: 'Turnover is too large' },
        }),
      },
    });
    renderPage(<TaxSettingsPage />, { url: '/taxSettings' });
    const field = await screen.findByLabelText(/Aggregate annual turnover/);
    await userEvent.type(field, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Turnover is too large')).toBeTruthy();
    expect(screen.queryByText(/Turnover saved as/)).toBeNull();
  });

  it('refuses an empty turnover before sending', async () => {
    const seen = fakeApi({ 'GET /api/settings/tax': { body: settings(0) } });
    renderPage(<TaxSettingsPage />, { url: '/taxSettings' });
    const field = await screen.findByLabelText(/Aggregate annual turnover/);
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the turnover in rupees (0 if none)')).toBeTruthy();
    expect(seen.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });
});

function issued(
  overrides: Partial<IssuedTaxDocument> = {},
  eInvoiceRequired = true,
): IssuedTaxDocument {
  return {
    id: 41,
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
      number: 'BZ/26-27/00041',
      documentDate: '2026-11-27',
      financialYear: '26-27',
      supplier: {
        name: 'Bazaar Wholesale',
        address: 'Fraser Road',
        city: 'Patna',
        pincode: '800001',
        state: 'Bihar',
        stateCode: '10',
        gstin: '10AABCU9603R1Z2',
        mobile: '9876543210',
      },
      recipient: {
        name: 'Ramesh Gupta',
        shopName: 'Gupta Textiles',
        address: 'Aminabad',
        city: 'Lucknow',
        pincode: '226001',
        state: 'Uttar Pradesh',
        stateCode: '09',
        gstin: '09AABCU9603R1ZL',
        mobile: '9123456780',
      },
      placeOfSupply: { state: 'Uttar Pradesh', code: '09', interState: true },
      reverseCharge: false,
      pricesIncludeTax: false,
      lines: [],
      summary: [],
      totals: {
        taxableValuePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        taxPaise: 0,
        totalPaise: 0,
      },
      amountInWords: '',
      original: null,
      reason: null,
      paymentTerms: 'Payable on receipt',
      hsnDigits: 6,
      eInvoiceRequired,
      reference: { billId: 3, billNumber: '003', orderNumber: null, shipmentId: null },
    },
    ...overrides,
  };
}

const sessionOf = (role: 'admin' | 'employee') => ({
  body: {
    user: {
      id: 'u1',
      name: 'Anil Sinha',
      email: 'admin@bazaar.test',
      role,
      mobile: '9876543210',
      shopId: null,
      shopName: null,
      homePath: '/adminHome',
      twoFactorSetupRequired: false,
    },
  },
});

describe('EInvoicePanel', () => {
  it('links the JSON download and sends the IRN form, checked before sending', async () => {
    const irn = 'ab'.repeat(32);
    const seen = fakeApi({
      'GET /api/auth/session': sessionOf('admin'),
      'PUT /api/tax-documents/41/irn': () => ({ body: issued({ irn }) }),
    });
    renderPage(<EInvoicePanel document={issued()} />, { url: '/bill' });
    const panel = screen.getByRole('region', { name: 'E-invoice' });
    expect(
      within(panel)
        .getByRole('link', { name: /Download e-invoice JSON/ })
        .getAttribute('href'),
    ).toBe('/api/tax-documents/41/e-invoice');
    await userEvent.type(await screen.findByLabelText(/^IRN/), 'xyz');
    await userEvent.click(screen.getByRole('button', { name: 'Save IRN' }));
    expect(await screen.findByText('The IRN is 64 hexadecimal characters')).toBeTruthy();
    expect(seen.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/^IRN/));
    await userEvent.type(screen.getByLabelText(/^IRN/), irn);
    await userEvent.type(screen.getByLabelText(/Ack No/), '112010036563310');
    await userEvent.type(screen.getByLabelText(/Ack date/), '2026-11-27T14:05:00');
    await userEvent.type(screen.getByLabelText(/Signed QR code/), 'signed.qr');
    await userEvent.click(screen.getByRole('button', { name: 'Save IRN' }));
    const puts = () => seen.filter((request) => request.method === 'PUT');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({
      irn,
      ackNumber: '112010036563310',
      ackDate: '2026-11-27T14:05:00',
      signedQrCode: 'signed.qr',
    });
  });

  it("shows the server's refusal, the stored IRN, and nothing for a B2C document", async () => {
    fakeApi({
      'GET /api/auth/session': sessionOf('admin'),
      'PUT /api/tax-documents/41/irn': {
        status: 409,
        body: refusal('CONFLICT', 'BZ/26-27/00041 has an IRN already'),
      },
    });
    const { unmount } = renderPage(<EInvoicePanel document={issued()} />, { url: '/bill' });
    await userEvent.type(await screen.findByLabelText(/^IRN/), 'c'.repeat(64));
    await userEvent.type(screen.getByLabelText(/Ack No/), '1');
    await userEvent.type(screen.getByLabelText(/Ack date/), '2026-11-27T14:05:00');
    await userEvent.type(screen.getByLabelText(/Signed QR code/), 'q');
    await userEvent.click(screen.getByRole('button', { name: 'Save IRN' }));
    expect((await screen.findByRole('alert')).textContent).toContain('has an IRN already');
    unmount();

    const done = renderPage(
      <EInvoicePanel
        document={issued({
          irn: 'd'.repeat(64),
          irnAckNumber: '77',
          irnAckDate: '2026-11-27T08:35:00.000Z',
        })}
      />,
      { url: '/bill' },
    );
    expect(screen.getByText('d'.repeat(64))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save IRN' })).toBeNull();
    done.unmount();

    const base = issued();
    renderPage(
      <EInvoicePanel
        document={{
          ...base,
          snapshot: { ...base.snapshot, recipient: { ...base.snapshot.recipient, gstin: null } },
        }}
      />,
      { url: '/bill' },
    );
    expect(screen.queryByRole('region', { name: 'E-invoice' })).toBeNull();
  });

  it('tells an employee that an admin enters the IRN', async () => {
    fakeApi({ 'GET /api/auth/session': sessionOf('employee') });
    renderPage(<EInvoicePanel document={issued()} />, { url: '/bill' });
    expect(await screen.findByText('An admin enters the IRN.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save IRN' })).toBeNull();
    expect(screen.getByRole('link', { name: /Download e-invoice JSON/ })).toBeTruthy();
  });
});
