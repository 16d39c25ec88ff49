import { formatRupeesShort, originalPricePaise } from '@bazaar/shared';
import classes from './price-tag.module.css';

interface PriceTagProps {
  pricePaise: number;
  offerPercent: number;
  /** The product page's bigger price. */
  large?: boolean;
}

/**
 * Selling price, the struck-through original price and the percent off (docs/catalog.md "A
 * product and its card": the original price is the price plus the offer percent). Input
 * in paise and percent. Plain elements styled by its CSS module: it is on every product card,
 * up to 44 on the home page (docs/performance.md).
 */
export function PriceTag({ pricePaise, offerPercent, large = false }: PriceTagProps) {
  const hasOffer = offerPercent > 0;
  return (
    <div className={classes.priceTag} data-large={large || undefined}>
      <span className={classes.price}>{formatRupeesShort(pricePaise)}</span>
      {hasOffer && (
        <>
          <s className={classes.original}>
            <span className={classes.visuallyHidden}>Original price </span>
            {formatRupeesShort(originalPricePaise(pricePaise, offerPercent))}
          </s>
          <span className={classes.offer}>{offerPercent}% off</span>
        </>
      )}
    </div>
  );
}
