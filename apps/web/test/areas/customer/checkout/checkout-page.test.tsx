// @vitest-environment jsdom
import '../../../support/dom';
import {
  cartTotals,
  MESSAGES,
  type Cart,
  type CartLine,
  type DeliveryAddress,
} from '@bazaar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CheckoutPage } from '../../../../src/areas/customer/checkout/checkout-page';
import { fakeApi, refusal, type FakeReply } from '../../../support/fake-api';
import { renderPage } from '../../../support/render';

const customer = {
  id: 'u1',
  name: 'Asha Devi',
  email: 'asha@example.com',
  role: 'customer',
  mobile: '9876543210',
  shopId: null,
  shopName: null,
  homePath: '/',
  twoFactorSetupRequired: false,
};

function line(productId: number, name: string, pricePaise: number, quantity: number): CartLine {
  return {
    productId,
    name,
    company: 'Patna Weaves',
    sku: `PW-${productId}-M`,
    category: 'Shirts',
    size: 'M',
    colour: 'Blue',
    imageUrl: null,
    pricePaise,
    mrpPaise: pricePaise,
    hsnClass: 'mens-shirt',
    quantity,
    stockQuantity: 20,
    available: true,
    maxQuantity: 10,
    shop: { id: 7, name: 'Bihar Textiles' },
    lineTotalPaise: pricePaise * quantity,
    lineMrpPaise: pricePaise * quantity,
  };
}

const lines = [line(1, 'Cotton shirt', 49_900, 2), line(2, 'Silk saree', 150_000, 1)];
const cart: Cart = { lines, totals: cartTotals(lines) };

function address(id: number, recipientName: string, isDefault: boolean): DeliveryAddress {
  return {
    id,
    recipientName,
    mobile: '9123456780',
    locality: `House ${id}, Boring Road`,
    landmark: '',
    city: 'Patna',
    state: 'Bihar',
    pincode: '800001',
    country: 'India',
    isDefault,
  };
}

/** The checkout's reads, with a place-order answer and online payment on or off. */
function checkoutApi(placeOrder: FakeReply, { online = false } = {}) {
  return fakeApi({
    'GET /api/auth/session': { body: { user: customer } },
    'GET /api/cart': { body: cart },
    'GET /api/addresses': {
      body: { addresses: [address(11, 'Asha Devi', true), address(12, 'Ravi Kumar', false)] },
    },
    'GET /api/payments/config': { body: { razorpayEnabled: online, keyId: online ? 'rzp' : null } },
    'POST /api/orders': placeOrder,
  });
}

/** Mantine's radio cards are buttons with `aria-checked`. */
const checked = (element: HTMLElement) => element.getAttribute('aria-checked') === 'true';

const renderCheckout = () => renderPage(<CheckoutPage />, { url: '/Checkout' });

describe('Checkout', () => {
  it('chooses the default address and places a cash-on-delivery order to it', async () => {
    const seen = checkoutApi({ status: 201, body: { id: 42 } });
    renderCheckout();

    const deliverTo = await screen.findByRole('radiogroup', { name: 'Deliver to' });
    expect(checked(within(deliverTo).getByRole('radio', { name: /Asha Devi/ }))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/OrderConfirmed?order=42'),
    );
    const placed = seen.filter((each) => each.method === 'POST');
    expect(placed.map((each) => [each.url.pathname, each.body])).toEqual([
      ['/api/orders', { addressId: 11, paymentMethod: 'cod' }],
    ]);
  });

  it('sends the address the customer picks', async () => {
    const seen = checkoutApi({ status: 201, body: { id: 43 } });
    renderCheckout();

    await userEvent.click(await screen.findByRole('radio', { name: /Ravi Kumar/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(seen.some((each) => each.method === 'POST')).toBe(true));
    expect(seen.find((each) => each.method === 'POST')?.body).toEqual({
      addressId: 12,
      paymentMethod: 'cod',
    });
  });

  it('offers paying online only when the server has Razorpay, and the button then says Pay', async () => {
    checkoutApi({ status: 201, body: { id: 44 } }, { online: true });
    renderCheckout();

    const online = await screen.findByRole('radio', { name: /Pay online/ });
    expect(checked(screen.getByRole('radio', { name: /Cash on delivery/ }))).toBe(true);
    await userEvent.click(online);
    expect(checked(online)).toBe(true);
    // 2 × ₹499 + ₹1,500, delivery free.
    expect(screen.getByRole('button', { name: /^Pay ₹2,498/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
  });

  it('shows only cash on delivery when online payment is off', async () => {
    checkoutApi({ status: 201, body: { id: 45 } });
    renderCheckout();

    await screen.findByRole('radio', { name: /Cash on delivery/ });
    expect(screen.queryByRole('radio', { name: /Pay online/ })).toBeNull();
  });

  it('shows a stock refusal in the server’s words with the way back to the cart', async () => {
    checkoutApi({
      status: 409,
      body: refusal('CONFLICT', 'Only 1 left of Silk saree', { reason: 'OUT_OF_STOCK' }),
    });
    renderCheckout();

    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only 1 left of Silk saree');
    const backToCart = within(alert).getByRole('link', { name: 'Back to the cart' });
    expect(backToCart.getAttribute('href')).toBe('/CustomerCart');
    // The customer may try again: the button is no longer waiting.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(
      false,
    );
  });

  it('shows the technical error, not the server’s text, when placing fails on the server', async () => {
    checkoutApi({ status: 500, body: refusal('INTERNAL', 'relation "orders" does not exist') });
    renderCheckout();

    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.technicalError);
    expect(alert.textContent).not.toContain('relation');
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});
