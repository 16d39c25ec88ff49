/*
 * What other modules use of settlements (docs/architecture.md "Boundaries"): the orders module
 * writes a shipment's ledger entries in its status move's transaction.
 */
export {
  hasSettlementEntry,
  recordReversalEntry,
  recordSaleEntry,
  type DeliveredShipmentFacts,
} from './settlements.service.js';
