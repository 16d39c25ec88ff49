import { useSession } from '../../../api/accounts/session';

/** The catalog pages of one shop role (docs/shop-catalog.md menu). */
export interface CatalogPaths {
  /** New Product: the company list and the product-name list. */
  newProduct: string;
  /** Add Color: the colour list. */
  addColour: string;
  addProduct: string;
  allStock: string;
}

const SELLER: CatalogPaths = {
  newProduct: '/addNewProduct',
  addColour: '/addColors',
  addProduct: '/addProduct',
  allStock: '/ShowAllProduct',
};

const SUPPORT_ADMIN: CatalogPaths = {
  newProduct: '/SupportAdminAddNewProduct',
  addColour: '/SupportAdminAddColor',
  addProduct: '/SupportAdminAddProduct',
  allStock: '/ShowSupportAdminAllProduct',
};

/** The signed-in shop user's catalog paths, so links stay inside their own area. */
export function useCatalogPaths(): CatalogPaths {
  const { user } = useSession();
  return user?.role === 'support_admin' ? SUPPORT_ADMIN : SELLER;
}
