import { SIZES, type ProductCategory, type SizeLabel } from '../constants.js';

/** One row of a size guide: the garment's chest (inches, laid flat x 2) and length (cm). */
export interface SizeGuideRow {
  size: SizeLabel;
  chestInches: number;
  lengthCm: number;
}

/** Builds a guide from the first row's figures, each size one step up (chest in, length cm). */
function steps(chest: number, chestStep: number, length: number, lengthStep: number) {
  return SIZES.map((size, index) => ({
    size: size.label,
    chestInches: chest + index * chestStep,
    lengthCm: length + index * lengthStep,
  }));
}

/**
 * The product page's size guide per category (docs/catalog.md "Variants"): men's figures are
 * the garment sizes of `SIZES`; women's run one size smaller in the chest and shorter; kids'
 * sizes keep the same labels (XS-4XL) on children's measures. Figures are the body's chest in
 * inches and the garment's length in cm, as the seller's size labels mean them on this market.
 */
export const SIZE_GUIDE: Record<ProductCategory, readonly SizeGuideRow[]> = {
  Men: SIZES.map((size) => ({
    size: size.label,
    chestInches: size.chestInches,
    lengthCm: size.lengthCm,
  })),
  Women: steps(32, 2, 80, 4),
  'Kids(Boy)': steps(22, 2, 45, 5),
  'Kids(Girls)': steps(21, 2, 44, 5),
};
