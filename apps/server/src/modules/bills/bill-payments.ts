import {
  billNumberOf,
  financialYearOf,
  formatDocumentNumber,
  indianDateOf,
  RECEIPT_SERIES_KIND,
  type Payment,
  type PaymentAllocation,
  type PaymentMethodInput,
  type PaymentModeDetails,
  type ReceiptStatus,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import type { BusinessConfig } from '../../config.js';
import type { AuthUser } from '../../platform/access.js';
import { recordAudit } from '../audit/audit.service.js';
import { takeSeriesSerial, takeSeriesSerials } from '../tax-documents/index.js';
import * as repo from './bills.repo.js';

/**
 * Back-office payments inside the bills module (docs/back-office-bills.md "Payments"): every
 * payment is one `wholesale_payments` row with its mode and receipt number, and one
 * `bill_payments` row per bill it paid, written in the caller's transaction with the bills'
 * received amounts and the audit row. Amounts are integer paise.
 */

type Actor = Pick<AuthUser, 'id' | 'role' | 'name'>;

/**
 * The mode and the details it takes from a validated body (`paymentMethodProblems` has refused
 * details a mode does not take); no mode means cash.
 */
export function modeDetailsOf(input: PaymentMethodInput): PaymentModeDetails {
  const mode = input.mode ?? 'cash';
  const cheque = mode === 'cheque';
  return {
    mode,
    reference: mode === 'upi' || mode === 'bank_transfer' ? (input.reference ?? null) : null,
    chequeNumber: cheque ? (input.chequeNumber ?? null) : null,
    chequeBank: cheque ? (input.chequeBank ?? null) : null,
    chequeDate: cheque ? (input.chequeDate ?? null) : null,
  };
}

/**
 * Receipt numbers for payments already in paid order (the demo seed): one block of serials per
 * financial year, taken in one statement each; answers them in the order given.
 */
export async function receiptNumbersInOrder(
  tx: Tx,
  business: BusinessConfig,
  paidAts: readonly Date[],
) {
  const years = paidAts.map((paidAt) => financialYearOf(indianDateOf(paidAt)));
  const next = new Map<string, number>();
  for (const year of new Set(years)) {
    const count = years.filter((each) => each === year).length;
    next.set(
      year,
      await takeSeriesSerials(
        tx,
        { supplierKey: 'business', kind: RECEIPT_SERIES_KIND, financialYear: year },
        count,
      ),
    );
  }
  return years.map((financialYear) => {
    const receiptSerial = next.get(financialYear)!;
    next.set(financialYear, receiptSerial + 1);
    return {
      financialYear,
      receiptSerial,
      receiptNumber: formatDocumentNumber(business.receiptPrefix, financialYear, receiptSerial),
    };
  });
}

/**
 * Takes the next receipt number of the business's series for the financial year of `paidAt`
 * (India): 'RC/26-27/00001', with that year and serial. Inside `tx`, so a refused payment gives
 * its number back.
 */
async function nextReceiptNumber(tx: Tx, business: BusinessConfig, paidAt: Date) {
  const financialYear = financialYearOf(indianDateOf(paidAt));
  const receiptSerial = await takeSeriesSerial(tx, {
    supplierKey: 'business',
    kind: RECEIPT_SERIES_KIND,
    financialYear,
  });
  return {
    financialYear,
    receiptSerial,
    receiptNumber: formatDocumentNumber(business.receiptPrefix, financialYear, receiptSerial),
  };
}

/**
 * Records one payment inside `tx`: its receipt number, the payment row, one `payment` row per
 * allocation raising that bill's received amount, and the audit row (entity payment, action
 * create, with each bill's received before and after). The caller holds every allocated bill's
 * lock and has checked each allocation against its dues. `paidAt` defaults to now. Answers the
 * payment's id and receipt number.
 */
export async function recordPayment(
  tx: Tx,
  business: BusinessConfig,
  actor: Actor,
  payment: {
    customerId: number;
    method: PaymentModeDetails;
    allocations: readonly PaymentAllocation[];
    /**
     * The part that pays the customer's opening balance (paise, default 0); the caller holds the
     * customer's lock (`lockOpeningDues`) and has checked it against what the opening owes.
     */
    openingPaise?: number;
    /** Each allocated bill's received amount before this payment, by bill id (for the audit). */
    receivedBefore: ReadonlyMap<number, number>;
    paidAt?: Date;
  },
): Promise<{ id: number; receiptNumber: string }> {
  const paidAt = payment.paidAt ?? new Date();
  const openingPaise = payment.openingPaise ?? 0;
  const amountPaise = payment.allocations.reduce(
    (sum, part) => sum + part.amountPaise,
    openingPaise,
  );
  const receipt = await nextReceiptNumber(tx, business, paidAt);
  const row = await repo.insertWholesalePayment(tx, {
    customerId: payment.customerId,
    amountPaise,
    openingPaise,
    ...payment.method,
    ...receipt,
    receivedBy: actor.id,
    paidAt,
  });
  for (const part of payment.allocations) {
    await repo.insertBillPayment(tx, {
      billId: part.billId,
      paymentId: row.id,
      kind: 'payment',
      amountPaise: part.amountPaise,
      receivedBy: actor.id,
      paidAt,
    });
  }
  if (openingPaise > 0) await repo.addOpeningReceived(tx, payment.customerId, openingPaise);
  const only = payment.allocations.length === 1 ? payment.allocations[0]! : undefined;
  await recordAudit(tx, {
    actor,
    entity: 'payment',
    entityId: row.id,
    action: 'create',
    after: {
      receiptNumber: receipt.receiptNumber,
      customerId: payment.customerId,
      // The audit trail names a payment of one bill 'Payment RC/.. to Bill 0042'.
      ...(only && openingPaise === 0 ? { billId: only.billId } : {}),
      amountPaise,
      ...(openingPaise > 0 ? { openingPaise } : {}),
      ...payment.method,
      receivedBy: actor.id,
      bills: payment.allocations.map((part) => {
        const before = payment.receivedBefore.get(part.billId) ?? 0;
        return {
          billId: part.billId,
          amountPaise: part.amountPaise,
          receivedPaiseBefore: before,
          receivedPaiseAfter: before + part.amountPaise,
        };
      }),
    },
  });
  return { id: row.id, receiptNumber: receipt.receiptNumber };
}

/**
 * One payment as the API answers it, read in `db` (or the caller's transaction), or undefined:
 * receipt, mode and details, state, who took it and the bills it paid.
 */
export async function loadPayment(db: Db | Tx, paymentId: number): Promise<Payment | undefined> {
  const found = await repo.findPayment(db, paymentId);
  if (!found) return undefined;
  const { payment } = found;
  const allocations = await repo.findPaymentAllocations(db, paymentId);
  return {
    paymentId: payment.id,
    customerId: payment.customerId,
    receiptNumber: payment.receiptNumber,
    amountPaise: payment.amountPaise,
    mode: payment.mode as PaymentModeDetails['mode'],
    reference: payment.reference,
    chequeNumber: payment.chequeNumber,
    chequeBank: payment.chequeBank,
    chequeDate: payment.chequeDate,
    status: payment.status as ReceiptStatus,
    paidAt: payment.paidAt.toISOString(),
    receivedByName: found.receivedByName,
    bouncedAt: payment.bouncedAt?.toISOString() ?? null,
    bounceReason: payment.bounceReason,
    openingPaise: payment.openingPaise,
    allocations: allocations.map((part) => ({
      billId: part.billId,
      billNumber: billNumberOf(part.billId),
      amountPaise: part.amountPaise,
    })),
  };
}
