import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../src/modules/notifications/mail-layout.js';

const require = createRequire(import.meta.url);
const mjmlLoadedHere = () => Object.keys(require.cache).some((file) => file.includes('/mjml'));

describe('mail layout', () => {
  it('answers both parts, the HTML compiled by MJML in a worker that leaves nothing loaded here', async () => {
    const mail = await renderMail({
      subject: 'Order #12 placed',
      greeting: 'Namaste Priya,',
      paragraphs: ['Your order of Kurta <b>Lucknowi</b> is placed.'],
      details: [{ label: 'Amount', value: '₹1,299' }],
      action: { label: 'See your order', url: 'https://bazaar.test/MyOrders/12' },
    });

    expect(mail.subject).toBe('Order #12 placed');
    expect(mail.text).toContain('Namaste Priya,');
    expect(mail.text).toContain('See your order:\nhttps://bazaar.test/MyOrders/12');
    // MJML's responsive frame: a full document with the button's link and the escaped body.
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain('href="https://bazaar.test/MyOrders/12"');
    expect(mail.html).toContain('Kurta &lt;b&gt;Lucknowi&lt;/b&gt;');
    expect(mail.html).not.toContain('@@');
    expect(mjmlLoadedHere()).toBe(false);
  });

  it('compiles the frame without a button when there is no action', async () => {
    const mail = await renderMail({
      subject: 'Shop approved',
      greeting: 'Namaste Ravi,',
      paragraphs: ['Your shop is approved.'],
    });

    expect(mail.html).toContain('Your shop is approved.');
    expect(mail.html).not.toContain('@@ACTION');
    expect(mail.html).not.toMatch(/<a [^>]*href=/);
  });
});
