import { z } from 'zod';

/**
 * The wholesale customer's own view of its account with the business (docs/back-office-ledger.md
 * "The customer's own view"): the signed-in `customer` account's `wholesale_customers` row
 * (decision 10 links them by `user_id`), its bills, payments, ledger and statements. Money is
 * integer paise.
 */

export const MY_WHOLESALE_MESSAGES = {
  /** 404 of every route but the summary when the account is not a wholesale customer. */
  noWholesaleAccount: 'This account has no wholesale bills with the business',
} as const;

/**
 * `GET /api/my/wholesale`: the account's figures, or the empty state (`customer` null, every
 * figure 0) when the account is a plain marketplace customer. `billedPaise` is the total
 * (amount + GST) of the bills not cancelled, `paidPaise` what was received on them,
 * `creditNotesPaise` the credit notes issued on them, `duesPaise` = billed - paid - credit notes;
 * `balancePaise` is the ledger's balance (the dues plus the opening balance).
 */
export const MyWholesaleSummarySchema = z.object({
  customer: z
    .object({
      id: z.number().int(),
      name: z.string(),
      shopName: z.string(),
    })
    .nullable(),
  billCount: z.number().int(),
  billedPaise: z.number().int(),
  paidPaise: z.number().int(),
  creditNotesPaise: z.number().int(),
  duesPaise: z.number().int(),
  openingBalancePaise: z.number().int(),
  /** What is left of the opening balance after the payments that paid it (paise). */
  openingDuesPaise: z.number().int(),
  balancePaise: z.number().int(),
});
export type MyWholesaleSummary = z.infer<typeof MyWholesaleSummarySchema>;
