import { formatRupeesShort, originalPricePaise } from '@bazaar/shared';
import classes from './price-tag.module.css';

interface PriceTagProps {
  pricePaise: number;
  offerPercent: number;
  /** The product page's bigger price. */
  large?: boolean;
}

/**
 * Selling price, the struck-through original price and the percent off (marketplace.md
 * section 2, cards; section 9: the original price is the price plus the offer percent). Input
 * in paise and percent. Plain elements styled by its CSS module: it is on every product card,
 * up to 44 on the home page (issue 5 item 9, page speed).
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
