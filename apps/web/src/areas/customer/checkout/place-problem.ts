import { MESSAGES } from '@bazaar/shared';
import { isApiError, isRefusal } from '../../../api/api-client';
import { refusalMessage } from '../../../components/technical-error-dialog';

/** What went wrong with the last attempt to place the order, as the customer reads it. */
export interface PlaceProblem {
  message: string;
  /** A stock refusal or an empty cart: the way out is the cart. */
  backToCart?: boolean;
  color?: 'red' | 'yellow';
}

/**
 * The server's words for a refusal it explains (4xx, 503); the spec's technical error otherwise.
 * A stock refusal and an emptied cart also point back to the cart, where the customer fixes them.
 */
export function problemOf(error: unknown): PlaceProblem {
  if (isRefusal(error, 'OUT_OF_STOCK') || isRefusal(error, 'CART_EMPTY')) {
    return { message: error.message, backToCart: true };
  }
  // Online payment out of reach (503) is explained too: the customer can pay on delivery.
  const message = refusalMessage(error) ?? (isApiError(error, 503) ? error.message : undefined);
  return { message: message ?? MESSAGES.technicalError };
}
