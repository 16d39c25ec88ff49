/*
 * What other modules use of the cart (docs/architecture.md "Boundaries"): the product columns a
 * cart line shows (the wishlist lists the same; checkout locks the same rows) and the owner
 * lock that makes one customer's cart changes run one after the other.
 */
export { lockCartOwner, productColumns } from './cart.repo.js';
