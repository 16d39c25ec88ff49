import { SHOP_ORDER_PAGES, type ShopOrderView } from '@bazaar/shared';
import { useSession } from '../../../api/accounts/session';

/** The signed-in shop user's order list paths, so the Home tiles stay inside their own area. */
export function useShopOrderPaths(): Record<ShopOrderView, string> {
  const { user } = useSession();
  return user?.role === 'support_admin' ? SHOP_ORDER_PAGES.support_admin : SHOP_ORDER_PAGES.seller;
}
