import type { Tx } from '../../db/client.js';
import { recordProductStockMovements } from '../shop-catalog/index.js';
import * as repo from './orders.repo.js';

/**
 * Gives back the stock of the given shipments' items inside `tx`, through the shop catalog's
 * stock ledger (one history row per product, naming its shipment): the customer's cancel, the
 * release of an unpaid order (`cancel`), the shop office's cancel (`cancel`) and received
 * return (`return`, modules/fulfilment). The ledger locks the products in id order, so two
 * restores never deadlock. The caller makes sure it runs once per shipment (the status move in
 * the same transaction refuses a second time).
 */
export async function restoreShipmentStock(
  tx: Tx,
  shipmentIds: readonly number[],
  kind: 'cancel' | 'return' = 'cancel',
): Promise<void> {
  const items = await repo.findItemQuantities(tx, shipmentIds);
  await recordProductStockMovements(
    tx,
    items.map((item) => ({
      productId: item.productId,
      change: item.quantity,
      kind,
      shipmentId: item.shipmentId,
    })),
  );
}
