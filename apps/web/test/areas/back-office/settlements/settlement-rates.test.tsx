// @vitest-environment jsdom
import '../../../support/dom';
import { indianDateOf, type SettlementRatesList } from '@bazaar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettlementRatesPanel } from '../../../../src/areas/back-office/settlements/settlement-rates-panel';
import { fakeApi, type FakeReply } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/settlements.md "Rates and their settings": the admin's form takes percents (at most 2
 * decimals, 0-100) and a first day not before today nor the latest row's; it sends basis points
 * after a confirmation, and shows the server's refusal.
 */

const today = indianDateOf(new Date());

function daysFromToday(days: number): string {
  return indianDateOf(new Date(Date.now() + days * 86_400_000));
}

const list: SettlementRatesList = {
  items: [
    {
      id: 1,
      effectiveFrom: '2024-10-01',
      commissionBp: 0,
      commissionGstBp: 1800,
      tcsBp: 50,
      tdsBp: 10,
      tdsNoPanBp: 500,
      createdAt: '2024-10-01T00:00:00.000Z',
    },
  ],
  currentId: 1,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function field(name: string) {
  const form = screen.getByRole('form', { name: 'Add rates' });
  // A date input has no textbox role: found by its label.
  return name === 'Applies from'
    ? within(form).getByLabelText(/Applies from/)
    : within(form).getByRole('textbox', { name });
}

async function setValue(name: string, value: string) {
  await userEvent.clear(field(name));
  if (value) await userEvent.type(field(name), value);
}

describe('the settlement rates form', () => {
  it('refuses a percent with 3 decimals, one above 100 and a past day, sending nothing', async () => {
    const seen = fakeApi({ 'GET /api/settlements/rates': { body: list } });
    renderPage(<SettlementRatesPanel />, { url: '/Settlements' });
    await screen.findByRole('form', { name: 'Add rates' });
    expect((field('TDS without PAN (section 206AA) (%)') as HTMLInputElement).value).toBe('5');
    expect((field('Applies from') as HTMLInputElement).value).toBe(today);
    await setValue('Commission (%)', '2.125');
    await setValue('TCS (section 52) (%)', '100.5');
    fireEvent.change(field('Applies from'), { target: { value: '2024-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add rates' }));
    await screen.findByText('Commission: a percent with at most 2 decimals, like 0.5');
    expect(screen.getByText('TCS is at most 100 %')).toBeTruthy();
    expect(
      screen.getByText('Rates can start today or later: entries already recorded keep their rates'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('sends basis points after the confirmation and shows a refusal of the server', async () => {
    const day = daysFromToday(30);
    let posted = 0;
    const seen = fakeApi({
      'GET /api/settlements/rates': { body: list },
      'POST /api/settlements/rates': (): FakeReply => {
        posted += 1;
        return {
          status: 409,
          body: {
            error: {
              code: 'CONFLICT',
              reason: 'SETTLEMENT_RATE_REFUSED',
              message: `Rates from ${day} are already set: choose another day`,
            },
          },
        };
      },
    });
    renderPage(<SettlementRatesPanel />, { url: '/Settlements' });
    await screen.findByRole('form', { name: 'Add rates' });
    await setValue('Commission (%)', '2.5');
    await setValue('TDS with PAN (section 194-O) (%)', '0.1');
    fireEvent.change(field('Applies from'), { target: { value: day } });
    await userEvent.click(screen.getByRole('button', { name: 'Add rates' }));
    const confirm = await screen.findByRole('dialog', { name: 'Add these rates?' });
    expect(confirm.textContent).toContain('commission 2.5 %');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, add them' }));
    await waitFor(() => expect(posted).toBe(1));
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      effectiveFrom: day,
      commissionBp: 250,
      commissionGstBp: 1800,
      tcsBp: 50,
      tdsBp: 10,
      tdsNoPanBp: 500,
    });
    expect((await screen.findByRole('alert')).textContent).toContain('already set');
  });
});
