/**
 * The demo catalog ("Demo data on real input"): shops in Bihar with real pincodes and post-office
 * localities, their colour, company and product-name lists, and about 720 products across every
 * category, size, style and material of docs/catalog.md. Pure and deterministic: the same
 * seed gives byte-identical data (a seeded mulberry32, never Math.random, no clock, no I/O).
 */
import {
  COUNTRY,
  PRODUCT_CATEGORIES,
  SIZES,
  STATE,
  type Placement,
  type ProductCategory,
  type ProductMaterial,
  type ProductStyle,
  type ShopCategory,
  type SizeLabel,
  gstinCheckCharacter,
} from '@bazaar/shared';
import {
  BRANDS,
  CARE,
  DEMO_EMAIL_TLD,
  GARMENTS,
  MATERIAL_WORDS,
  PALETTES,
  SHOPS,
  type BrandGroup,
  type GarmentDef,
  type ShopDef,
  type Silhouette,
} from './catalog-data.js';
import { createRandom, type Random } from './prng.js';

/** The seed of the shipped demo data set. */
export const DEMO_SEED = 20_240_305;

/** Bumped whenever the generated data changes shape or content; stored with the seed marker. */
export const DEMO_CATALOG_VERSION = 2;

/** Bihar's GST state code (the first two digits of every Bihar GSTIN). */
export const BIHAR_GST_STATE_CODE = '10';

/** How many products of each category go on each home slider (docs/catalog.md). */
export const SLIDER_PICKS_PER_CATEGORY = 10;

/** A shop row of the demo data (docs/platform.md; columns of the `shops` table). */
export interface DemoShopInfo {
  name: string;
  ownerName: string;
  email: string;
  /** 10 digits starting 6-9. */
  mobile: string;
  /** 15-character Bihar GSTIN with a valid check character. */
  gstin: string;
  category: ShopCategory;
  description: string;
  /** The post office's name from the India Post directory, without its S.O/H.O suffix. */
  locality: string;
  landmark: string;
  city: string;
  district: string;
  state: string;
  /** 6 digits, a real Bihar pincode. */
  pincode: string;
  country: string;
}

/** One listed product: one garment in one size and colour (docs/catalog.md). */
export interface DemoProduct {
  /** Unique within the shop, e.g. `MEN-SHR-0042-M` (category, garment, design number, size). */
  sku: string;
  company: string;
  name: string;
  category: ProductCategory;
  style: ProductStyle;
  material: ProductMaterial;
  colour: string;
  size: SizeLabel;
  chestInches: number;
  lengthCm: number;
  /**
   * The MRP printed on the tag, in paise: whole rupees ending in 9, never below the price. The
   * card strikes it through and shows `discountPercent` of it and the price (0-60 % off).
   */
  mrpPaise: number;
  /** Selling price in paise; whole rupees ending in 9. */
  pricePaise: number;
  /** 3.0-5.0 with one decimal. */
  rating: number;
  ratingCount: number;
  description: string;
  placement: Placement;
  /** 0-120 units. */
  stockQuantity: number;
  /** Days before the seed run that the product was listed (its `created_at`). */
  ageDays: number;
  /** Which outline the product image draws. */
  silhouette: Silhouette;
}

/** A shop with its pick-lists and products. */
export interface DemoShop extends DemoShopInfo {
  colours: string[];
  companies: string[];
  productNames: string[];
  products: DemoProduct[];
}

export interface DemoCatalog {
  seed: number;
  version: number;
  shops: DemoShop[];
}

const CATEGORY_CODES: Record<ProductCategory, string> = {
  Men: 'MEN',
  Women: 'WMN',
  'Kids(Boy)': 'KBY',
  'Kids(Girls)': 'KGL',
};

/** The percents off a shop aims for when it prices a design, and how often each is drawn. */
const DISCOUNTS = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 60] as const;
const DISCOUNT_WEIGHTS = [5, 2, 4, 3, 4, 3, 3, 2, 2, 1, 1, 1] as const;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The demo shops without products (also used by the search benchmark's data loader). Contact
 * details and GSTINs are generated from `seed`; addresses come from `catalog-data.ts`.
 */
export function generateDemoShops(seed: number = DEMO_SEED): DemoShopInfo[] {
  const random = createRandom(seed);
  return SHOPS.map((def) => shopInfo(def, random));
}

/**
 * Generates the whole demo data set. Returns shops with their colour, company and product-name
 * lists and 720 products; about 40 products are `best_selling` and 40 `new_arrivals`
 * (10 per category each), the rest `normal`. Money in paise; every MRP is at least its price.
 */
export function generateDemoCatalog(seed: number = DEMO_SEED): DemoCatalog {
  const infos = generateDemoShops(seed);
  const designs: Design[] = [];
  const shops: DemoShop[] = SHOPS.map((def, index) => {
    const info = infos[index];
    if (!info) throw new Error('generateDemoCatalog: shop list mismatch');
    const random = createRandom((seed + 7_919 * (index + 1)) >>> 0);
    const products = shopDesigns(def, random).flatMap((design) => {
      designs.push(design);
      return design.products;
    });
    return {
      ...info,
      colours: sortedUnique(products.map((p) => p.colour)),
      companies: sortedUnique(products.map((p) => p.company)),
      productNames: sortedUnique(products.map((p) => p.name)),
      products,
    };
  });
  choosePlacements(designs, createRandom((seed ^ 0x5bd1e995) >>> 0));
  return { seed, version: DEMO_CATALOG_VERSION, shops };
}

/**
 * Strips the India Post office-type suffix from a directory name: 'Naya Tola S.O (Patna)' -> 'Naya
 * Tola', 'Bankipore H.O' -> 'Bankipore', 'Patna G.P.O.' -> 'Patna'.
 */
export function cleanOfficeName(officeName: string): string {
  return officeName.replace(/\s+(?:S\.O|B\.O|H\.O|G\.P\.O\.?|SO|BO|HO)\b.*$/, '').trim();
}

/**
 * Every product line with its category and price range: the name list the search benchmark
 * draws from, so benchmark data matches the demo data's vocabulary.
 */
export function productLines(): {
  category: ProductCategory;
  code: string;
  name: string;
  style: ProductStyle;
  material: ProductMaterial;
  minRupees: number;
  maxRupees: number;
  colours: readonly string[];
  brands: readonly string[];
}[] {
  return GARMENTS.flatMap((garment) =>
    garment.lines.map(([name, style, material]) => ({
      category: garment.category,
      code: garment.code,
      name,
      style,
      material,
      minRupees: garment.minRupees,
      maxRupees: garment.maxRupees,
      colours: PALETTES[garment.palette],
      brands: BRANDS[garment.brands],
    })),
  );
}

/** One garment design in one shop, listed in one to three sizes. */
interface Design {
  category: ProductCategory;
  products: DemoProduct[];
}

function shopInfo(def: ShopDef, random: Random): DemoShopInfo {
  const words = def.ownerName.split(' ');
  const first = (words[0] ?? 'owner').toLowerCase();
  const last = (words[words.length - 1] ?? 'shop').toLowerCase();
  const slug = def.name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const mobile = `${random.weighted([6, 7, 8, 9], (d) => (d === 9 ? 4 : d === 8 ? 3 : 2))}${digits(random, 9)}`;
  const initial = (def.holder === 'P' ? last : def.name).charAt(0).toUpperCase();
  const pan = `${letters(random, 3)}${def.holder}${initial}${random.int(1000, 9999)}${letters(random, 1)}`;
  const first14 = `${BIHAR_GST_STATE_CODE}${pan}1Z`;
  return {
    name: def.name,
    ownerName: def.ownerName,
    email: `${first}.${last}@${slug}.${DEMO_EMAIL_TLD}`,
    mobile,
    gstin: `${first14}${gstinCheckCharacter(first14)}`,
    category: 'Cloth',
    description: def.description,
    locality: cleanOfficeName(def.post.officeName),
    landmark: def.landmark,
    city: def.post.district,
    district: def.post.district,
    state: STATE,
    pincode: def.post.pincode,
    country: COUNTRY,
  };
}

function shopDesigns(def: ShopDef, random: Random): Design[] {
  // Each shop stocks a few brands of every brand family.
  const brands = Object.fromEntries(
    (Object.keys(BRANDS) as BrandGroup[]).map((group) => [
      group,
      random.sample(BRANDS[group], random.int(3, 5)),
    ]),
  ) as Record<BrandGroup, string[]>;

  const designs: Design[] = [];
  const seen = new Set<string>();
  let listed = 0;
  let designNo = 0;
  while (listed < def.productCount) {
    const category = random.weighted(PRODUCT_CATEGORIES, (c) => def.categoryWeights[c]);
    const garment = random.weighted(
      GARMENTS.filter((g) => g.category === category),
      (g) => g.weight * (def.bias?.[g.key] ?? 1),
    );
    const [name, style, material] = random.pick(garment.lines);
    const company = random.pick(brands[garment.brands]);
    let colour: string = random.pick(PALETTES[garment.palette]);
    for (let retry = 0; retry < 5 && seen.has(`${name}|${company}|${colour}`); retry++) {
      colour = random.pick(PALETTES[garment.palette]);
    }
    seen.add(`${name}|${company}|${colour}`);

    const priceRupees = random.pick(priceChoicesRupees(garment));
    const aimedDiscount = random.weighted(
      DISCOUNTS,
      (d) => DISCOUNT_WEIGHTS[DISCOUNTS.indexOf(d)] ?? 1,
    );
    const pricePaise = priceRupees * 100;
    const mrpPaise = mrpRupeesFor(priceRupees, aimedDiscount) * 100;
    const ratingCount = 3 + Math.floor(random.next() ** 3 * 2400);
    // A perfect 5.0 only survives a handful of reviews.
    const rating = Math.min(
      ratingCount > 25 ? 4.9 : 5,
      Math.round((3 + 2 * Math.sqrt(random.next())) * 10) / 10,
    );
    const description = describe(garment, name, colour, material, random);
    const ageDays = random.int(14, 420);

    const sizeCount = Math.min(
      def.productCount - listed,
      garment.sizes.length,
      random.weighted([1, 2, 3], (n) => (n === 1 ? 35 : n === 2 ? 40 : 25)),
    );
    const start = random.int(0, garment.sizes.length - sizeCount);
    designNo += 1;
    const products = garment.sizes.slice(start, start + sizeCount).map((size): DemoProduct => {
      const measures = SIZES.find((s) => s.label === size);
      if (!measures) throw new Error(`Unknown size ${size}`);
      return {
        sku: `${CATEGORY_CODES[category]}-${garment.code}-${String(designNo).padStart(4, '0')}-${size}`,
        company,
        name,
        category,
        style,
        material,
        colour,
        size,
        chestInches: measures.chestInches,
        lengthCm: measures.lengthCm,
        mrpPaise,
        pricePaise,
        rating,
        ratingCount,
        description,
        placement: 'normal',
        stockQuantity: random.chance(0.04) ? 0 : random.int(1, 120),
        ageDays,
        silhouette: garment.silhouette,
      };
    });
    listed += products.length;
    designs.push({ category, products });
  }
  return designs;
}

/**
 * Best sellers: the most-reviewed designs rated 4.0 or more; new arrivals: random other designs,
 * listed in the last two weeks with few reviews. One size of each design goes on the slider, so
 * the slider never shows the same garment twice.
 */
function choosePlacements(designs: Design[], random: Random): void {
  const head = (design: Design): DemoProduct => {
    const product = design.products[Math.floor((design.products.length - 1) / 2)];
    if (!product) throw new Error('A design without products');
    return product;
  };
  for (const category of PRODUCT_CATEGORIES) {
    const inCategory = designs.filter((d) => d.category === category);
    const best = inCategory
      .filter((d) => head(d).rating >= 4)
      .map((d, index) => ({ d, index }))
      .sort((a, b) => head(b.d).ratingCount - head(a.d).ratingCount || a.index - b.index)
      .slice(0, SLIDER_PICKS_PER_CATEGORY)
      .map(({ d }) => d);
    for (const design of best) {
      const product = head(design);
      product.placement = 'best_selling';
      product.stockQuantity = Math.max(product.stockQuantity, 12);
    }
    const fresh = random.sample(
      inCategory.filter((d) => !best.includes(d)),
      SLIDER_PICKS_PER_CATEGORY,
    );
    for (const design of fresh) {
      const ageDays = random.int(0, 13);
      const ratingCount = random.int(1, 40);
      for (const product of design.products) {
        product.ageDays = ageDays;
        product.ratingCount = ratingCount;
      }
      const product = head(design);
      product.placement = 'new_arrivals';
      product.stockQuantity = Math.max(product.stockQuantity, 12);
    }
  }
}

/**
 * The MRP a shop prints for a price it sells at `discount` percent off: the least whole rupees
 * ending in 9 from which the price is at least that much off. ₹1,199 at 20 % -> ₹1,499 (20.01 %
 * off); ₹499 at 5 % -> ₹529 (5.67 %); at 0 % the price itself (prices end in 9).
 */
function mrpRupeesFor(priceRupees: number, discount: number): number {
  const least = Math.ceil((priceRupees * 100) / (100 - discount));
  return least + ((19 - (least % 10)) % 10);
}

const priceCache = new Map<string, number[]>();

/**
 * Shop-style prices in a garment's range: ...49/...99 under ₹1,000, ...99 above, ...499/...999 from
 * ₹5,000.
 */
function priceChoicesRupees(garment: GarmentDef): number[] {
  const cached = priceCache.get(garment.key);
  if (cached) return cached;
  const choices: number[] = [];
  for (let rupees = garment.minRupees; rupees <= garment.maxRupees; rupees++) {
    const step = rupees + 1 < 1000 ? 50 : rupees + 1 < 5000 ? 100 : 500;
    if ((rupees + 1) % step === 0) choices.push(rupees);
  }
  if (choices.length === 0) throw new Error(`No price fits ${garment.key}`);
  priceCache.set(garment.key, choices);
  return choices;
}

function describe(
  garment: GarmentDef,
  name: string,
  colour: string,
  material: ProductMaterial,
  random: Random,
): string {
  const fill = (template: string): string =>
    template
      .replaceAll('{name}', name)
      .replaceAll('{colour}', colour.toLowerCase())
      .replaceAll('{material}', random.pick(MATERIAL_WORDS[material]))
      .replace(/^A (?=[aeiou])/i, 'An ');
  const sentences = [fill(random.pick(garment.about))];
  if (garment.details.length > 0 && random.chance(0.6))
    sentences.push(random.pick(garment.details));
  if (random.chance(0.8)) sentences.push(random.pick(CARE[material]));
  return sentences.join(' ');
}

function digits(random: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(random.int(0, 9));
  return out;
}

function letters(random: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += LETTERS.charAt(random.int(0, 25));
  return out;
}

function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}
