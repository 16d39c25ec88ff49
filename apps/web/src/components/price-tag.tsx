import { discountPercent, formatRupeesShort } from '@bazaar/shared';
import classes from './price-tag.module.css';

interface PriceTagProps {
  /** What the customer pays, in paise. */
  pricePaise: number;
  /** The MRP printed on the tag, in paise. */
  mrpPaise: number;
  /** The product page's bigger price. */
  large?: boolean;
  /**
   * A design whose variants differ in price: 'from' before the price (the card's variant is the
   * cheapest in stock), with that variant's MRP and percent off.
   */
  from?: boolean;
}

/**
 * The selling price, the MRP struck through when the price is below it, and "N% off" when N, the
 * percent off the MRP by `discountPercent`, is at least 1 (docs/catalog.md "A product and its
 * card"). Cards, the product page, cart lines and the wishlist all show prices through it, so
 * they agree with each other and with the cart's price details. Plain elements styled by its
 * CSS module: it is on every product card, up to 44 on the home page (docs/performance.md).
 */
export function PriceTag({ pricePaise, mrpPaise, large = false, from = false }: PriceTagProps) {
  const percentOff = discountPercent({ mrpPaise, pricePaise });
  return (
    <div className={classes.priceTag} data-large={large || undefined}>
      {from && <span className={classes.from}>from</span>}
      <span className={classes.price}>{formatRupeesShort(pricePaise)}</span>
      {mrpPaise > pricePaise && (
        <s className={classes.original}>
          <span className={classes.visuallyHidden}>Original price </span>
          {formatRupeesShort(mrpPaise)}
        </s>
      )}
      {percentOff >= 1 && <span className={classes.offer}>{percentOff}% off</span>}
    </div>
  );
}
