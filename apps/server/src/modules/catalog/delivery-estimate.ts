import {
  ACCOUNT_MESSAGES,
  DELIVERY_ESTIMATE_MIN_DAYS,
  ORDER_DELIVERY_DAYS,
  type DeliveryEstimate,
} from '@bazaar/shared';
import { lookupPincode } from '../accounts/index.js';
import { AppError, refusal } from '../../platform/errors.js';

/**
 * The product page's delivery check (docs/catalog.md "Delivery check"): the town (district) and
 * state of a pincode from India Post's directory and the days a delivery there takes, from
 * DELIVERY_ESTIMATE_MIN_DAYS (3) to the ORDER_DELIVERY_DAYS (5) an order is promised with.
 * @param pincode 6 digits (the route's schema refuses anything else with 400).
 * @throws AppError NOT_FOUND 'This pincode was not found' for a pincode the directory does not
 *   know; BUSINESS_RULE with reason PINCODE_NOT_SERVICEABLE outside Bihar.
 */
export function deliveryEstimate(pincode: string): DeliveryEstimate {
  const info = lookupPincode(pincode);
  if (!info) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.pincodeUnknown);
  if (!info.inServiceArea) {
    throw refusal(
      'PINCODE_NOT_SERVICEABLE',
      `We do not deliver to ${pincode} (${info.city}, ${info.state}) yet: we deliver only in Bihar`,
    );
  }
  return {
    pincode,
    city: info.city,
    state: info.state,
    minDays: DELIVERY_ESTIMATE_MIN_DAYS,
    maxDays: ORDER_DELIVERY_DAYS,
  };
}
