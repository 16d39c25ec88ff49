import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../../src/db/client.js';
import { addresses, authAccounts, users } from '../../../src/db/schema/index.js';
import { hashPassword } from '../../../src/platform/auth.js';
import { signIn } from '../../support/accounts.js';

/** Test helpers of the orders module: customers with a saved address, and calls as them. */

const PASSWORD = 'Bazaar@123';
let passwordHash: Promise<string> | undefined;
let customerCounter = 0;

/** A signed-in test customer: its id, session cookie and default address. */
export interface TestCustomer {
  id: string;
  cookie: string;
  addressId: number;
}

/**
 * Inserts a verified customer with a Patna address (recipient: the account's name) and signs it
 * in through the API. Faster than registration, which needs OTP mail and captchas.
 */
export async function createCustomer(app: FastifyInstance, db: Db): Promise<TestCustomer> {
  customerCounter += 1;
  passwordHash ??= hashPassword(PASSWORD);
  const id = crypto.randomUUID();
  const email = `buyer${customerCounter}-${Date.now()}@example.in`;
  await db.insert(users).values({
    id,
    name: `Buyer ${customerCounter}`,
    email,
    emailVerified: true,
    role: 'customer',
    mobile: `98${String(customerCounter).padStart(8, '0')}`,
    gender: 'Female',
  });
  await db.insert(authAccounts).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await passwordHash,
  });
  const [address] = await db
    .insert(addresses)
    .values({
      userId: id,
      locality: 'Boring Road',
      landmark: 'Near A. N. College',
      city: 'Patna',
      pincode: '800001',
      isDefault: true,
    })
    .returning({ id: addresses.id });
  const cookie = await signIn(app, 'customer', email, PASSWORD);
  return { id, cookie, addressId: address!.id };
}

/** Sends a request with the customer's session cookie. */
export function callAs(
  app: FastifyInstance,
  customer: TestCustomer,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...options.headers, cookie: customer.cookie } });
}

/** Adds a product to the customer's cart through the API (checks the answer is 200). */
export async function addToCart(
  app: FastifyInstance,
  customer: TestCustomer,
  productId: number,
  quantity: number,
): Promise<void> {
  const response = await callAs(app, customer, {
    method: 'POST',
    url: '/api/cart/items',
    payload: { productId, quantity },
  });
  if (response.statusCode !== 200) {
    throw new Error(`add to cart: ${response.statusCode} ${response.body}`);
  }
}

/** `POST /api/orders` paid on delivery to the customer's address. */
export function placeOrder(
  app: FastifyInstance,
  customer: TestCustomer,
  addressId?: number,
): Promise<LightMyRequestResponse> {
  return callAs(app, customer, {
    method: 'POST',
    url: '/api/orders',
    payload: { addressId: addressId ?? customer.addressId, paymentMethod: 'cod' },
  });
}
