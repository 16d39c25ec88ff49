import type { ShopOrderView } from '@bazaar/shared';
import { useSession } from '../../../api/accounts/session';

/** The order list path of each view, per shop role (docs/shop-office.md). */
const PATHS = {
  seller: { new: '/NewOrder', returns: '/OrderStatus', history: '/OrderHistory' },
  support_admin: {
    new: '/SupportAdminNewOrder',
    returns: '/SupportAdminReturnOrderInfo',
    history: '/SupportAdminOrderHistory',
  },
} as const satisfies Record<string, Record<ShopOrderView, string>>;

/** The signed-in shop user's order list paths, so the Home tiles stay inside their own area. */
export function useShopOrderPaths(): Record<ShopOrderView, string> {
  const { user } = useSession();
  return user?.role === 'support_admin' ? PATHS.support_admin : PATHS.seller;
}
