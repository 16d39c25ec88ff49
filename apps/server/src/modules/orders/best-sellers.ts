import type { Db } from '../../db/client.js';
import * as repo from './orders.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Best sellers by delivered units over the last `days` days (the catalog's best-selling slider
 * reads 90), most first: `[{ productId, quantity }]`, at most `limit`. A return requested still
 * counts; a completed return does not.
 */
export async function deliveredQuantities(
  db: Db,
  days: number,
  limit: number,
): Promise<{ productId: number; quantity: number }[]> {
  return repo.findDeliveredQuantities(db, new Date(Date.now() - days * DAY_MS), limit);
}
