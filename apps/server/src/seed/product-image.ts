/**
 * Product pictures for the demo catalog, drawn locally: a garment silhouette in the product's
 * colour (with a print, sheen, denim stitching or rips by style and material) on a light
 * background, captioned with the product name and company. SVG rendered by sharp (librsvg) with
 * the generic 'sans-serif' font: no network, no font files shipped.
 */
import type { ProductMaterial, ProductStyle } from '@bazaar/shared';
import { processImage, type ProcessedImage } from '../platform/images.js';
import { escapeMarkup } from '../platform/markup.js';
import { COLOUR_HEX, type Silhouette } from './catalog-data.js';

/** What the picture shows. */
export interface ProductImageSpec {
  name: string;
  company: string;
  /** A colour name such as 'Navy Blue'; unknown names get a stable muted colour. */
  colour: string;
  style: ProductStyle;
  material: ProductMaterial;
  silhouette: Silhouette;
}

/** Side of the generated square picture, in pixels. */
export const PRODUCT_IMAGE_PX = 800;

/**
 * WebP settings for generated pictures: effort 0 saves a quarter of the seed's CPU for ~30 %
 * larger files (about 29 KB per full image + thumbnail).
 */
const WEBP = { quality: 80, effort: 0 } as const;

/** A key that is equal for specs that draw the same picture (sizes of one design). */
export function productImageKey(spec: ProductImageSpec): string {
  return [spec.name, spec.company, spec.colour, spec.style, spec.material, spec.silhouette].join(
    '|',
  );
}

/**
 * Renders the picture of a product and encodes it like an upload: WebP 800x800 plus a
 * 240x240 thumbnail (see `processImage`).
 */
export async function renderProductImage(spec: ProductImageSpec): Promise<ProcessedImage> {
  return processImage(Buffer.from(productImageSvg(spec)), WEBP);
}

/** The hex swatch for a colour name; a stable muted colour for names not in the list. */
export function colourHex(name: string): string {
  const known = (COLOUR_HEX as Record<string, string>)[name];
  if (known) return known;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hslToHex(hash % 360, 0.35, 0.55);
}

/** The SVG document (800x800) for a product; all text is XML-escaped. */
export function productImageSvg(spec: ProductImageSpec): string {
  const main = colourHex(spec.colour);
  const lum = luminance(main);
  const palette: Palette = {
    main,
    line: lum < 0.2 ? mix(main, '#ffffff', 0.35) : mix(main, '#000000', 0.35),
    accent: lum < 0.5 ? mix(main, '#ffffff', 0.55) : mix(main, '#000000', 0.4),
    tint: mix(main, '#ffffff', 0.6),
    zari: /golden|yellow|mustard/i.test(spec.colour) ? '#7a1f2c' : '#d4af37',
    background: lum > 0.78 ? '#dde3ea' : '#f6f3ee',
    trim: lum > 0.78 ? '#1e2d5a' : '#ffffff',
  };
  const shape = SHAPES[spec.silhouette](palette);
  const body = `d="${shape.main}"`;
  const parts: string[] = [];

  parts.push(`<rect width="800" height="800" fill="${palette.background}"/>`);
  parts.push(`<ellipse cx="400" cy="622" rx="250" ry="16" fill="#000" opacity="0.08"/>`);
  if (shape.hanger) {
    parts.push(
      `<path d="M400 130 L400 74 Q400 48 424 48 Q448 48 448 72" fill="none" stroke="#8a8f98" stroke-width="7" stroke-linecap="round"/>`,
    );
  }
  for (const under of shape.under ?? []) parts.push(under);
  parts.push(
    `<path ${body} fill="${main}" stroke="${palette.line}" stroke-width="4" stroke-linejoin="round"/>`,
  );
  if (spec.style === 'Printed') parts.push(`<path ${body} fill="url(#print)"/>`);
  if (spec.material === 'Silk') parts.push(`<path ${body} fill="url(#sheen)"/>`);
  if (spec.material === 'Denim') {
    parts.push(
      `<path ${body} fill="none" stroke="#d9a441" stroke-width="2.5" stroke-dasharray="7 6" transform="translate(400 340) scale(0.965) translate(-400 -340)"/>`,
    );
  }
  parts.push(shape.details);
  if (spec.style === 'Ripped') {
    for (const [x, y] of shape.rips ?? []) parts.push(rip(x, y));
  }
  parts.push(caption(spec));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_IMAGE_PX}" height="${PRODUCT_IMAGE_PX}" viewBox="0 0 800 800"><defs>${printPattern(spec.name, palette)}${SHEEN}</defs>${parts.join('')}</svg>`;
}

interface Palette {
  main: string;
  /** Outline and seams: darker than the cloth (lighter for very dark cloth). */
  line: string;
  /** Print motifs, buttons, sashes. */
  accent: string;
  /** A light version of the cloth: pyjama, dupatta. */
  tint: string;
  /** Zari (gold thread) borders. */
  zari: string;
  background: string;
  /** Sports stripes: white, or navy on very light cloth. */
  trim: string;
}

interface Shape {
  /** The garment's outline, filled with the cloth colour. */
  main: string;
  /** Markup drawn behind the garment (a pyjama below a kurta). */
  under?: string[];
  /** Seams, collars, buttons, borders, drawn over the cloth. */
  details: string;
  /** Where the rips of a Ripped garment go. */
  rips?: readonly (readonly [number, number])[];
  hanger?: boolean;
}

const SHEEN =
  '<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#fff" stop-opacity="0.38"/>' +
  '<stop offset="0.42" stop-color="#fff" stop-opacity="0"/>' +
  '<stop offset="0.68" stop-color="#fff" stop-opacity="0.2"/>' +
  '<stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>';

/** A print matching the name: checks, stripes, or small floral motifs. */
function printPattern(name: string, p: Palette): string {
  const open = '<pattern id="print" width="48" height="48" patternUnits="userSpaceOnUse">';
  if (/check/i.test(name)) {
    return `${open}<rect x="0" y="0" width="48" height="14" fill="${p.accent}" opacity="0.45"/><rect x="0" y="0" width="14" height="48" fill="${p.accent}" opacity="0.45"/></pattern>`;
  }
  if (/stripe/i.test(name)) {
    return `${open}<rect x="0" y="0" width="5" height="48" fill="${p.accent}" opacity="0.8"/><rect x="24" y="0" width="2" height="48" fill="${p.accent}" opacity="0.6"/></pattern>`;
  }
  return (
    `${open}<circle cx="12" cy="12" r="5" fill="${p.accent}"/><circle cx="36" cy="36" r="5" fill="${p.accent}"/>` +
    `<path d="M36 5 l6 7 l-6 7 l-6 -7 Z M12 29 l6 7 l-6 7 l-6 -7 Z" fill="${p.zari}" opacity="0.85"/></pattern>`
  );
}

function rip(x: number, y: number): string {
  const zigzag = (dy: number): string =>
    `<path d="M${x - 24} ${y + dy} l8 -5 l8 6 l8 -6 l8 5 l8 -5 l8 6" fill="none" stroke="#f3efe6" stroke-width="5" stroke-linecap="round"/>`;
  return zigzag(0) + zigzag(14);
}

function caption(spec: ProductImageSpec): string {
  const name = spec.name;
  const lines = name.length > 28 ? wrap(name, 24) : [name];
  const size = lines.length > 1 ? 34 : name.length > 22 ? 36 : 42;
  const firstY = lines.length > 1 ? 672 : 694;
  const text = lines
    .map(
      (line, i) =>
        `<text x="400" y="${firstY + i * 42}" font-family="sans-serif" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#1f2328">${escapeMarkup(line)}</text>`,
    )
    .join('');
  return (
    text +
    `<text x="400" y="766" font-family="sans-serif" font-size="24" letter-spacing="3" text-anchor="middle" fill="#5f6670">${escapeMarkup(spec.company.toUpperCase())}</text>`
  );
}

/** Splits text into lines of at most `width` characters at spaces (at most two lines). */
function wrap(text: string, width: number): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current && `${current} ${word}`.length > width && lines.length === 0) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  lines.push(current);
  return lines;
}

const buttons = (x: number, ys: readonly number[], fill: string): string =>
  ys.map((y) => `<circle cx="${x}" cy="${y}" r="6" fill="${fill}"/>`).join('');

const stroke = (d: string, colour: string, width: number, extra = ''): string =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;

const TROUSERS = 'M288 86 L512 86 L524 140 L562 604 L424 604 L400 220 L376 604 L238 604 L276 140 Z';

const WAISTBAND = (p: Palette, left: number, right: number, top: number): string =>
  `<path d="M${left} ${top} L${right} ${top} L${right + 2} ${top + 30} L${left - 2} ${top + 30} Z" fill="${p.main}" stroke="${p.line}" stroke-width="3"/>`;

/** The drawing of each silhouette on the 800x800 canvas (garment within y 40-620). */
const SHAPES: Record<Silhouette, (p: Palette) => Shape> = {
  shirt: (p) => ({
    main: 'M340 112 L262 132 L178 178 L124 430 L188 446 L238 268 L240 600 L560 600 L562 268 L612 446 L676 430 L622 178 L538 132 L460 112 Q400 150 340 112 Z',
    details:
      `<path d="M340 112 L400 178 L372 198 L320 128 Z M460 112 L400 178 L428 198 L480 128 Z" fill="${p.main}" stroke="${p.line}" stroke-width="3" stroke-linejoin="round"/>` +
      stroke('M400 180 L400 600', p.line, 3) +
      buttons(400, [222, 282, 342, 402, 462, 522], p.accent) +
      stroke('M282 258 L344 258 L344 318 Q313 328 282 318 Z', p.line, 3) +
      stroke('M132 400 L194 416 M668 400 L606 416', p.line, 3),
    hanger: true,
  }),
  tshirt: (p) => ({
    main: 'M332 110 L250 136 L150 232 L214 306 L256 272 L256 600 L544 600 L544 272 L586 306 L650 232 L550 136 L468 110 Q400 168 332 110 Z',
    details:
      stroke('M332 112 Q400 170 468 112', p.line, 10) +
      stroke('M168 214 L230 288 M632 214 L570 288', p.line, 3) +
      stroke('M258 580 L542 580', p.line, 3),
    hanger: true,
  }),
  kurta: (p) => ({
    main: 'M352 100 L286 118 L202 160 L150 422 L208 434 L256 252 L252 604 L548 604 L544 252 L592 434 L650 422 L598 160 L514 118 L448 100 Q400 124 352 100 Z',
    details:
      `<path d="M352 100 Q400 124 448 100 L448 86 Q400 110 352 86 Z" fill="${p.main}" stroke="${p.line}" stroke-width="3"/>` +
      stroke('M400 118 L400 290', p.line, 3) +
      buttons(400, [150, 194, 238], p.accent) +
      stroke('M254 500 L254 604 M546 500 L546 604', p.background, 5) +
      stroke('M262 584 L538 584', p.zari, 8, ' opacity="0.8"') +
      stroke('M158 398 L212 410 M642 398 L588 410', p.zari, 6, ' opacity="0.8"'),
    hanger: true,
  }),
  'kurta-set': (p) => ({
    main: 'M352 100 L286 118 L202 160 L150 400 L208 412 L256 252 L252 482 L548 482 L544 252 L592 412 L650 400 L598 160 L514 118 L448 100 Q400 124 352 100 Z',
    under: [
      `<path d="M290 440 L510 440 L522 612 L420 612 L400 500 L380 612 L278 612 Z" fill="${p.tint}" stroke="${p.line}" stroke-width="3" stroke-linejoin="round"/>`,
    ],
    details:
      `<path d="M352 100 Q400 124 448 100 L448 86 Q400 110 352 86 Z" fill="${p.main}" stroke="${p.line}" stroke-width="3"/>` +
      stroke('M400 118 L400 280', p.line, 3) +
      buttons(400, [150, 194, 238], p.accent) +
      stroke('M262 466 L538 466', p.zari, 7, ' opacity="0.8"'),
    hanger: true,
  }),
  trousers: (p) => ({
    main: TROUSERS,
    details:
      WAISTBAND(p, 288, 512, 86) +
      stroke('M400 116 Q406 170 392 206', p.line, 3) +
      stroke('M298 122 Q336 150 338 118 M502 122 Q464 150 462 118', p.line, 3) +
      `<rect x="318" y="84" width="10" height="34" fill="${p.line}"/><rect x="472" y="84" width="10" height="34" fill="${p.line}"/>`,
    rips: [
      [318, 392],
      [484, 414],
      [306, 470],
    ],
  }),
  'track-pants': (p) => ({
    main: 'M292 86 L508 86 L522 140 L548 590 L430 600 L400 220 L370 600 L252 590 L278 140 Z',
    details:
      WAISTBAND(p, 292, 508, 86) +
      stroke('M284 128 L258 584 M516 128 L542 584', p.trim, 8, ' opacity="0.9"') +
      stroke('M392 116 L386 160 M408 116 L414 160', p.accent, 4) +
      stroke('M256 566 L370 576 M544 566 L430 576', p.line, 3),
  }),
  leggings: (p) => ({
    main: 'M318 86 L482 86 L492 140 L474 604 L418 604 L400 230 L382 604 L326 604 L308 140 Z',
    details: WAISTBAND(p, 318, 482, 86) + stroke('M400 130 L400 220', p.line, 2),
  }),
  palazzo: (p) => ({
    main: 'M300 86 L500 86 L518 140 L622 604 L410 604 L400 250 L390 604 L178 604 L282 140 Z',
    details:
      WAISTBAND(p, 300, 500, 86) +
      stroke(
        'M330 250 L286 600 M470 250 L514 600 M250 420 L230 600 M550 420 L570 600',
        p.line,
        3,
        ' opacity="0.6"',
      ),
  }),
  shorts: (p) => ({
    main: 'M276 150 L524 150 L534 200 L574 444 L420 458 L400 290 L380 458 L226 444 L266 200 Z',
    details:
      WAISTBAND(p, 276, 524, 150) +
      stroke('M400 182 Q406 232 394 262', p.line, 3) +
      stroke('M286 190 Q326 220 330 182 M514 190 Q474 220 470 182', p.line, 3) +
      stroke('M232 424 L380 438 M568 424 L420 438', p.line, 3),
    rips: [
      [318, 360],
      [480, 380],
    ],
  }),
  saree: (p) => ({
    main:
      'M348 104 Q400 128 452 104 L482 146 L470 290 Q540 430 572 604 L228 604 Q260 430 330 290 L318 146 Z ' +
      'M452 104 L488 150 L338 362 L300 332 Z M348 104 L308 120 L256 560 L300 578 L334 210 Z',
    details:
      stroke(
        'M374 330 L352 604 M398 334 L394 604 M422 334 L436 604 M446 330 L478 604',
        p.line,
        3,
        ' opacity="0.55"',
      ) +
      stroke('M232 598 L568 598', p.zari, 14) +
      stroke('M338 362 L300 332', p.zari, 10) +
      stroke('M258 556 L300 574', p.zari, 12) +
      stroke('M488 150 L338 362', p.zari, 5, ' opacity="0.8"'),
  }),
  frock: (p) => ({
    main: 'M338 118 Q400 150 462 118 L512 136 L566 206 L524 246 L494 220 L482 300 L606 566 Q400 606 194 566 L318 300 L306 220 L276 246 L234 206 L288 136 Z',
    details:
      `<path d="M318 300 L482 300 L490 328 L310 328 Z" fill="${p.accent}"/>` +
      `<path d="M400 314 L362 292 L362 336 Z M400 314 L438 292 L438 336 Z" fill="${p.accent}" stroke="${p.line}" stroke-width="2"/>` +
      stroke(
        'M350 340 L300 580 M400 340 L400 590 M450 340 L500 580',
        p.line,
        3,
        ' opacity="0.45"',
      ) +
      stroke('M244 200 L282 236 M556 200 L518 236', p.line, 4),
    hanger: true,
  }),
  gown: (p) => ({
    main: 'M346 100 Q400 128 454 100 L506 120 L562 330 L522 342 L486 204 L476 272 L642 604 L158 604 L324 272 L314 204 L278 342 L238 330 L294 120 Z',
    details:
      stroke('M326 270 L474 270', p.zari, 10) +
      stroke(
        'M360 286 L280 596 M400 286 L400 600 M440 286 L520 596 M330 290 L200 590 M470 290 L600 590',
        p.line,
        3,
        ' opacity="0.45"',
      ) +
      stroke('M162 598 L638 598', p.zari, 10),
    hanger: true,
  }),
  lehenga: (p) => ({
    main:
      'M342 108 Q400 138 458 108 L518 138 L540 192 L500 204 L480 180 L476 236 L324 236 L320 180 L300 204 L260 192 L282 138 Z ' +
      'M328 262 L472 262 L652 598 Q400 628 148 598 Z',
    details:
      `<path d="M328 262 L472 262 L476 286 L324 286 Z" fill="${p.zari}"/>` +
      stroke('M150 598 Q400 626 650 598', p.zari, 18) +
      stroke(
        'M370 296 L290 600 M430 296 L510 600 M340 292 L210 596 M460 292 L590 596',
        p.line,
        3,
        ' opacity="0.45"',
      ) +
      `<path d="M300 130 Q262 360 176 572 L214 586 Q296 372 334 150 Z" fill="${p.tint}" opacity="0.8" stroke="${p.zari}" stroke-width="4"/>`,
  }),
  skirt: (p) => ({
    main: 'M318 170 L482 170 L604 540 Q400 580 196 540 Z',
    details:
      WAISTBAND(p, 318, 482, 170) +
      stroke(
        'M360 210 L300 556 M400 210 L400 562 M440 210 L500 556',
        p.line,
        3,
        ' opacity="0.45"',
      ) +
      stroke('M200 530 Q400 568 600 530', p.line, 3),
  }),
  vest: (p) => ({
    main: 'M340 104 L288 124 Q306 222 258 300 L258 600 L542 600 L542 300 Q494 222 512 124 L460 104 Q400 124 340 104 Z',
    details:
      `<path d="M340 104 Q400 124 460 104 L460 88 Q400 108 340 88 Z" fill="${p.main}" stroke="${p.line}" stroke-width="3"/>` +
      stroke('M400 118 L400 600', p.line, 3) +
      buttons(400, [160, 220, 280, 340, 400, 460, 520], p.zari) +
      stroke('M292 430 L364 430 M436 430 L508 430 M442 252 L494 252', p.line, 4),
    hanger: true,
  }),
  jacket: (p) => ({
    main: 'M334 112 L256 130 L172 176 L118 440 L184 456 L236 276 L236 600 L564 600 L564 276 L616 456 L682 440 L628 176 L544 130 L466 112 Q400 146 334 112 Z',
    details:
      `<path d="M334 112 L362 172 L400 150 L438 172 L466 112 Q400 144 334 112 Z" fill="${p.main}" stroke="${p.line}" stroke-width="3" stroke-linejoin="round"/>` +
      stroke('M400 150 L400 600', p.line, 4) +
      stroke('M238 566 L562 566', p.line, 3) +
      `<path d="M276 250 h84 v26 h-84 Z M440 250 h84 v26 h-84 Z" fill="none" stroke="${p.line}" stroke-width="3"/>` +
      stroke('M126 412 L190 428 M674 412 L610 428', p.line, 3),
    rips: [
      [300, 452],
      [500, 372],
    ],
    hanger: true,
  }),
  dupatta: (p) => ({
    main: 'M262 132 L538 132 Q560 360 526 592 L274 592 Q240 360 262 132 Z',
    under: [
      stroke('M230 124 L570 124', '#8a8f98', 8) +
        `<path d="M400 124 L400 74 Q400 48 424 48 Q448 48 448 72" fill="none" stroke="#8a8f98" stroke-width="7" stroke-linecap="round"/>`,
    ],
    details:
      stroke('M400 140 Q390 360 400 590', p.line, 3, ' opacity="0.5"') +
      stroke('M276 588 L524 588', p.zari, 14) +
      stroke(
        Array.from({ length: 13 }, (_, i) => `M${286 + i * 19} 598 L${286 + i * 19} 618`).join(' '),
        p.zari,
        4,
      ),
  }),
  dungaree: (p) => ({
    main: 'M330 150 L470 150 L474 270 L520 290 L556 604 L422 604 L400 380 L378 604 L244 604 L280 290 L326 270 Z',
    under: [
      stroke('M338 156 L300 66 M462 156 L500 66', p.line, 22),
      stroke('M338 156 L300 66 M462 156 L500 66', p.main, 16),
    ],
    details:
      buttons(344, [170], p.zari) +
      buttons(456, [170], p.zari) +
      stroke('M362 190 L438 190 L438 246 L362 246 Z', p.line, 3) +
      stroke('M280 290 L520 290', p.line, 3),
    rips: [
      [310, 480],
      [490, 500],
    ],
  }),
};

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(r: number, g: number, b: number): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Blends `a` towards `b` by `t` (0..1). */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return toHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

/** Relative luminance 0 (black) to 1 (white), ITU-R BT.709 weights on sRGB values. */
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number): number => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return toHex(f(0) * 255, f(8) * 255, f(4) * 255);
}
