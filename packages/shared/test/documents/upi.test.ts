import { describe, expect, it } from 'vitest';
import { upiPayBlock, upiPayUri, UPI_VPA_PATTERN } from '../../src/documents/upi.js';

/* docs/documents.md "UPI QR": the NPCI `upi://pay` URI of the pay QR. */

const payee = { vpa: 'ravi.cloth@okaxis', payeeName: 'Ravi & Sons Cloth' };

describe('upiPayUri', () => {
  it('lists pa, pn, am (rupees, 2 decimals), cu and tn, each percent-encoded', () => {
    expect(upiPayUri(payee, 1_234_567, 'Bill BZ/26-27/00042')).toBe(
      'upi://pay?pa=ravi.cloth%40okaxis&pn=Ravi%20%26%20Sons%20Cloth&am=12345.67&cu=INR&tn=Bill%20BZ%2F26-27%2F00042',
    );
  });

  it('writes paise as two decimals and never a plus for a space', () => {
    expect(upiPayUri(payee, 1, 'a b')).toContain('&am=0.01&');
    expect(upiPayUri(payee, 100, "it's (now)*")).toContain('&am=1.00&');
    expect(upiPayUri(payee, 100, "it's (now)*")).toContain('tn=it%27s%20%28now%29%2A');
    expect(upiPayUri(payee, 100, 'a b')).not.toContain('+');
  });

  it('refuses a zero, negative or fractional amount', () => {
    expect(() => upiPayUri(payee, 0, 'x')).toThrow(RangeError);
    expect(() => upiPayUri(payee, -5, 'x')).toThrow(RangeError);
    expect(() => upiPayUri(payee, 1.5, 'x')).toThrow(RangeError);
  });

  it('keeps a note within 80 characters', () => {
    const note = decodeURIComponent(upiPayUri(payee, 100, 'x'.repeat(200)).split('tn=')[1]!);
    expect(note).toHaveLength(80);
  });
});

describe('upiPayBlock', () => {
  it('holds a QR of the URI only when a payee is set and something is owed', () => {
    const block = JSON.stringify(upiPayBlock(payee, 5_000, 'Bill 1', '₹50.00'));
    expect(block).toContain(JSON.stringify(upiPayUri(payee, 5_000, 'Bill 1')));
    expect(block).toContain('"qr"');
    expect(upiPayBlock(null, 5_000, 'Bill 1', '₹50.00')).toEqual([]);
    expect(upiPayBlock(payee, 0, 'Bill 1', '₹0.00')).toEqual([]);
    expect(upiPayBlock(payee, -100, 'Bill 1', '-₹1.00')).toEqual([]);
  });
});

describe('UPI_VPA_PATTERN', () => {
  it('takes handle@provider and refuses the rest', () => {
    for (const vpa of ['ravi.cloth@okaxis', '9876543210@ybl', 'a_b-c@paytm']) {
      expect(UPI_VPA_PATTERN.test(vpa)).toBe(true);
    }
    for (const vpa of ['ravi', '@okaxis', 'ravi@', 'ra vi@okaxis', 'ravi@ok.axis', 'r@okaxis']) {
      expect(UPI_VPA_PATTERN.test(vpa)).toBe(false);
    }
  });
});
