import type { GoodsClass } from './rates.js';

/**
 * HSN classes: what a product or a stock item is, for tax (docs/gst.md "HSN"). The class, not
 * the item's name, decides the HSN code printed on invoices and the goods class the rate schedule
 * reads. Codes are the 4-digit headings of the Customs Tariff (6 digits are these followed by the
 * sub-heading when turnover needs them; we keep the heading and pad as the tariff reads).
 */
export interface HsnClass {
  /** Stable key stored on products and stock items. */
  key: string;
  /** What a seller picks in a form. */
  label: string;
  /** 4-digit HSN heading. */
  hsn: string;
  /** 6-digit HSN sub-heading (for businesses above ₹5 crore turnover). */
  hsn6: string;
  goodsClass: GoodsClass;
}

export const HSN_CLASSES = [
  {
    key: 'mens-shirt',
    label: "Men's or boys' shirts (woven)",
    hsn: '6205',
    hsn6: '620520',
    goodsClass: 'garment',
  },
  {
    key: 'mens-shirt-knitted',
    label: "Men's or boys' shirts (knitted)",
    hsn: '6105',
    hsn6: '610510',
    goodsClass: 'garment',
  },
  {
    key: 't-shirt',
    label: 'T-shirts and vests (knitted)',
    hsn: '6109',
    hsn6: '610910',
    goodsClass: 'garment',
  },
  {
    key: 'mens-suit-trousers',
    label: "Men's or boys' suits, jackets, trousers and shorts (woven)",
    hsn: '6203',
    hsn6: '620342',
    goodsClass: 'garment',
  },
  {
    key: 'mens-trousers-knitted',
    label: "Men's or boys' track pants and shorts (knitted)",
    hsn: '6103',
    hsn6: '610343',
    goodsClass: 'garment',
  },
  {
    key: 'womens-dress',
    label: "Women's or girls' dresses, suits, skirts and trousers (woven)",
    hsn: '6204',
    hsn6: '620442',
    goodsClass: 'garment',
  },
  {
    key: 'womens-dress-knitted',
    label: "Women's or girls' dresses, suits, skirts and trousers (knitted)",
    hsn: '6104',
    hsn6: '610442',
    goodsClass: 'garment',
  },
  {
    key: 'womens-top',
    label: "Women's or girls' blouses, shirts and tops (woven)",
    hsn: '6206',
    hsn6: '620630',
    goodsClass: 'garment',
  },
  {
    key: 'womens-top-knitted',
    label: "Women's or girls' blouses, tops and leggings (knitted)",
    hsn: '6106',
    hsn6: '610610',
    goodsClass: 'garment',
  },
  {
    key: 'jacket',
    label: 'Anoraks, wind-cheaters and jackets (woven)',
    hsn: '6201',
    hsn6: '620140',
    goodsClass: 'garment',
  },
  {
    key: 'track-suit',
    label: 'Track suits and other garments (woven)',
    hsn: '6211',
    hsn6: '621142',
    goodsClass: 'garment',
  },
  {
    key: 'babies-garment',
    label: "Babies' garments and clothing accessories",
    hsn: '6209',
    hsn6: '620920',
    goodsClass: 'garment',
  },
  {
    key: 'dupatta',
    label: 'Shawls, scarves, dupattas and stoles',
    hsn: '6214',
    hsn6: '621410',
    goodsClass: 'garment',
  },
  {
    key: 'bed-linen',
    label: 'Bed linen, table linen and towels (made-up)',
    hsn: '6302',
    hsn6: '630231',
    goodsClass: 'made-up',
  },
  {
    key: 'furnishing',
    label: 'Curtains and other furnishing articles (made-up)',
    hsn: '6304',
    hsn6: '630492',
    goodsClass: 'made-up',
  },
  {
    key: 'saree-silk',
    label: 'Silk sarees and silk fabric',
    hsn: '5007',
    hsn6: '500720',
    goodsClass: 'fabric',
  },
  {
    key: 'saree-cotton',
    label: 'Cotton sarees, suit lengths and cotton fabric',
    hsn: '5208',
    hsn6: '520852',
    goodsClass: 'fabric',
  },
  {
    key: 'saree-synthetic',
    label: 'Synthetic sarees, suit lengths and fabric',
    hsn: '5407',
    hsn6: '540752',
    goodsClass: 'fabric',
  },
] as const satisfies readonly HsnClass[];

export type HsnClassKey = (typeof HSN_CLASSES)[number]['key'];
export const HSN_CLASS_KEYS = HSN_CLASSES.map((entry) => entry.key) as [
  HsnClassKey,
  ...HsnClassKey[],
];

/**
 * The class of a key. @throws Error for an unknown key (stored keys are checked by the database,
 * form input by the shared schemas).
 */
export function hsnClassOf(key: string): HsnClass {
  const found = HSN_CLASSES.find((entry) => entry.key === key);
  if (!found) throw new Error(`Unknown HSN class: ${key}`);
  return found;
}

/**
 * The HSN code printed for a class: the 4-digit heading, or the 6-digit sub-heading when the
 * business's aggregate turnover is above ₹5 crore (Notification 78/2020-Central Tax).
 */
export function printedHsnOf(entry: Pick<HsnClass, 'hsn' | 'hsn6'>, sixDigits: boolean): string {
  return sixDigits ? entry.hsn6 : entry.hsn;
}

/**
 * A best guess of the class of a product or stock item from its name, audience and material,
 * used once to class existing rows and as the form's first suggestion; the seller or admin
 * confirms it. Frocks, gowns and dresses for women or girls are 6204 (6104 when knitted),
 * sarees are fabric by material, T-shirts 6109, and so on.
 */
export function suggestHsnClass(input: {
  name: string;
  category?: string;
  material?: string;
}): HsnClassKey {
  const name = input.name.toLowerCase();
  const material = (input.material ?? '').toLowerCase();
  const forWomen = /women|girl/i.test(input.category ?? '') || /\bgirls?\b|women/.test(name);
  if (/saree|sari|suit length|unstitched/.test(name)) {
    if (material.includes('silk')) return 'saree-silk';
    if (material.includes('cotton')) return 'saree-cotton';
    return 'saree-synthetic';
  }
  if (/dupatta|stole|shawl|scarf/.test(name)) return 'dupatta';
  if (/bed ?sheet|pillow|towel|bed linen|table linen/.test(name)) return 'bed-linen';
  if (/curtain|cushion/.test(name)) return 'furnishing';
  if (/t-?shirt|\btee\b|polo|henley|vest/.test(name)) return 't-shirt';
  if (/track ?suit/.test(name)) return 'track-suit';
  if (/jacket|windcheater|puffer|sherwani|waistcoat/.test(name)) return 'jacket';
  if (/legging|track pants|jogger track|sports shorts/.test(name))
    return forWomen ? 'womens-top-knitted' : 'mens-trousers-knitted';
  if (/frock|gown|dress|lehenga|kurti|salwar|anarkali|sharara|palazzo|skirt|dungaree/.test(name))
    return forWomen || /frock|gown|lehenga|kurti|salwar|anarkali|sharara|skirt/.test(name)
      ? 'womens-dress'
      : 'mens-suit-trousers';
  if (/top|blouse/.test(name)) return 'womens-top';
  if (/shirt|kurta/.test(name)) return forWomen ? 'womens-top' : 'mens-shirt';
  if (/trouser|short|pant|jeans|chino|pyjama/.test(name))
    return forWomen ? 'womens-dress' : 'mens-suit-trousers';
  return forWomen ? 'womens-dress' : 'track-suit';
}
