import { shopPagePath } from '@bazaar/shared';
import { Link } from 'react-router';
import classes from './sold-by-link.module.css';

/**
 * "Sold by {shop}" with the shop's name linking to its page (`/shop/{id}-{slug}`, docs/catalog.md
 * "Shop pages"); used by product cards and the product page. Plain elements: a card is rendered up
 * to 44 times on the home page.
 */
export function SoldByLink({
  shopId,
  shopName,
  className,
}: {
  shopId: number;
  shopName: string;
  className?: string;
}) {
  return (
    <span className={className ? `${classes.soldBy} ${className}` : classes.soldBy}>
      Sold by{' '}
      <Link to={shopPagePath({ id: shopId, name: shopName })} className={classes.shop}>
        {shopName}
      </Link>
    </span>
  );
}
