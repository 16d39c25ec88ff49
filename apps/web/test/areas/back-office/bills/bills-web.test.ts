import { billTaxPreview } from '@bazaar/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billSearchOf } from '../../../../src/areas/back-office/bills/bill-search';
import { numberValue } from '../../../../src/areas/back-office/bills/number-value';
import {
  completeLine,
  emptyLine,
  purchaseMoney,
  type PurchaseLineDraft,
} from '../../../../src/areas/back-office/bills/purchase-lines';

const shirt = (quantity: number | '', rateRupees: number | ''): PurchaseLineDraft => ({
  ...emptyLine(),
  item: 'Shirt-Box',
  category: 'Silver',
  type: "Men's",
  size: 'M',
  quantity,
  rateRupees,
});

describe('Add New Purchase money', () => {
  it('taxes each line by its value per piece: ₹500 at 5 %, ₹3,000 at 18 %, CGST + SGST by rate', () => {
    const money = purchaseMoney([shirt(3, 500), shirt(2, 3000)], true, 1000);
    expect(money.rates).toEqual([5, 18]);
    expect(money).toMatchObject({
      amountPaise: 750_000,
      cgstPaise: 3_750 + 54_000,
      sgstPaise: 3_750 + 54_000,
      igstPaise: 0,
      gstPaise: 115_500,
      totalPaise: 865_500,
      receivedPaise: 100_000,
      duesPaise: 765_500,
      interState: false,
    });
    expect(money.taxRows).toEqual([
      { label: 'CGST 2.5 %', paise: 3_750 },
      { label: 'SGST 2.5 %', paise: 3_750 },
      { label: 'CGST 9 %', paise: 54_000 },
      { label: 'SGST 9 %', paise: 54_000 },
    ]);
    expect(money.complete).toHaveLength(2);
  });

  it("charges IGST by rate when the customer's state is another state", () => {
    const money = purchaseMoney([shirt(3, 500), shirt(2, 3000)], true, '', '09');
    expect(money.interState).toBe(true);
    expect(money.taxRows).toEqual([
      { label: 'IGST 5 %', paise: 7_500 },
      { label: 'IGST 18 %', paise: 108_000 },
    ]);
    expect(money.cgstPaise + money.sgstPaise).toBe(0);
    expect(money.totalPaise).toBe(865_500);
  });

  it('is a Bill of Supply without tax rows when GST is off', () => {
    const money = purchaseMoney([shirt(2, 3000)], false, '', '09');
    expect(money.gstPaise).toBe(0);
    expect(money.taxRows).toEqual([]);
    expect(money.rates).toEqual([0]);
    expect(money.totalPaise).toBe(600_000);
  });

  it('leaves out lines with a missing option, quantity or rate, and fractional quantities', () => {
    const lines = [
      { ...shirt(3, 500), size: null },
      shirt('', 500),
      shirt(3, ''),
      shirt(1.5, 100),
      shirt(0, 100),
    ];
    const money = purchaseMoney(lines, true, '');
    expect(money.complete).toEqual([]);
    expect(money.totalPaise).toBe(0);
    expect(money.duesPaise).toBe(0);
  });

  it('sends rupees as paise, rounded to the paisa', () => {
    expect(completeLine(shirt(2, 0.1 + 0.2))?.ratePaise).toBe(30);
    expect(completeLine(shirt(1, 1299.99))?.ratePaise).toBe(129_999);
  });

  it('always agrees with billTaxPreview: total = amount + GST, dues = total - received', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 500 }),
            paise: fc.integer({ min: 1, max: 1_000_000 }),
          }),
          { maxLength: 8 },
        ),
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000_000 }),
        (lines, gst, receivedPaise) => {
          const drafts = lines.map((line) => shirt(line.quantity, line.paise / 100));
          const money = purchaseMoney(drafts, gst, receivedPaise / 100);
          const { totals } = billTaxPreview({
            lines: lines.map((line) => ({
              item: 'Shirt-Box',
              quantity: line.quantity,
              ratePaise: line.paise,
            })),
            gstApplied: gst,
          });
          expect(money.totalPaise).toBe(totals.totalPaise);
          expect(money.gstPaise).toBe(totals.taxPaise);
          expect(money.totalPaise).toBe(money.amountPaise + money.gstPaise);
          expect(money.duesPaise).toBe(totals.totalPaise - receivedPaise);
        },
      ),
    );
  });
});

describe('numberValue', () => {
  it('keeps numbers and parses the strings NumberInput hands over', () => {
    expect(numberValue(12)).toBe(12);
    expect(numberValue('250.50')).toBe(250.5);
    expect(numberValue('1,200')).toBe(1200);
    expect(numberValue('12.')).toBe(12);
  });

  it('is empty for empty or unfinished text', () => {
    expect(numberValue('')).toBe('');
    expect(numberValue('.')).toBe('');
    expect(numberValue('-')).toBe('');
    expect(numberValue('abc')).toBe('');
  });
});

describe('billSearchOf', () => {
  const customer = { name: 'Ramesh Kumar', mobile: '9812345670', shopName: 'Kumar Cloth House' };

  it("keeps every bill when the text matches the customer's name, mobile or shop", () => {
    expect(billSearchOf('ramesh', customer)).toBe('');
    expect(billSearchOf(' 98123 ', customer)).toBe('');
    expect(billSearchOf('CLOTH', customer)).toBe('');
  });

  it('searches the bills for anything else (Bill-No, item)', () => {
    expect(billSearchOf('0042', customer)).toBe('0042');
    expect(billSearchOf('Shirt', customer)).toBe('shirt');
    expect(billSearchOf('', customer)).toBe('');
  });
});
