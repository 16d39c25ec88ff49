// @vitest-environment jsdom
import '../../../support/dom';
import type { AuditPage, AuditRow } from '@bazaar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuditTrailPage } from '../../../../src/areas/back-office/people/audit-trail-page';
import { fakeApi } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

/*
 * docs/back-office-people.md "Screens": the audit trail says who by name, what in words
 * ('Bill 00153', not a raw id) and when in India time, in its rows and in each change's
 * before and after.
 */

const EMPLOYEE_ID = 'Yx2kQ9vT0mLr8sPw3nBz4cDf';

function row(overrides: Partial<AuditRow>): AuditRow {
  return {
    id: 1,
    // 21:40 UTC on 5 March is 3:10 am on 6 March in India.
    at: '2024-03-05T21:40:00.000Z',
    actorId: 'admin-1',
    actorName: 'Anil Sinha',
    actorRole: 'admin',
    entity: 'bill',
    entityId: '153',
    record: 'Bill 00153',
    action: 'close',
    before: null,
    after: null,
    people: {},
    ...overrides,
  };
}

function page(items: AuditRow[]): AuditPage {
  return { items, page: 1, pageSize: 20, total: items.length, totalPages: 1 };
}

describe('AuditTrailPage', () => {
  it('shows who by name, what in words and when in India time', async () => {
    fakeApi({
      'GET /api/audit': {
        body: page([
          row({}),
          row({
            id: 2,
            entity: 'customer_request',
            entityId: '9',
            record: 'Customer request Patna Garments (Ravi Kumar)',
            action: 'approve',
            actorName: 'Anil Sinha',
          }),
        ]),
      },
    });
    renderPage(<AuditTrailPage />, { url: '/auditTrail' });
    const bill = (await screen.findByText('Bill 00153')).closest('tr')!;
    expect(within(bill).getByText('Anil Sinha')).toBeTruthy();
    expect(within(bill).getByText(/^Mar 6, 2024, 3:10\sam$/i)).toBeTruthy();
    expect(within(bill).queryByText(/#153|2024-03-05T/)).toBeNull();
    expect(screen.getByText('Customer request Patna Garments (Ravi Kumar)')).toBeTruthy();
  });

  it('shows names, bill numbers, rupees and India times in the before and after', async () => {
    fakeApi({
      'GET /api/audit': {
        body: page([
          row({
            entity: 'payment',
            entityId: '77',
            record: 'Payment to Bill 00153',
            action: 'create',
            before: { billId: 153, receivedPaise: 50_000 },
            after: {
              billId: 153,
              receivedPaise: 75_000,
              requestedBy: EMPLOYEE_ID,
              decidedAt: '2024-03-05T21:40:00.000Z',
            },
            people: { [EMPLOYEE_ID]: 'Rakesh Paswan' },
          }),
        ]),
      },
    });
    renderPage(<AuditTrailPage />, { url: '/auditTrail' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show the change' }));
    await userEvent.click(await screen.findByRole('button', { name: /Show \d+ unchanged fields/ }));
    const cell = (text: string | RegExp) => screen.getAllByText(text).length;
    expect(cell('Rakesh Paswan')).toBe(1);
    expect(cell('Bill 00153')).toBe(2);
    expect(cell('₹500.00')).toBe(1);
    expect(cell('₹750.00')).toBe(1);
    expect(cell(/^Mar 6, 2024, 3:10\sam$/i)).toBe(2);
    expect(screen.queryByText(EMPLOYEE_ID)).toBeNull();
    expect(screen.queryByText('2024-03-05T21:40:00.000Z')).toBeNull();
  });
});
