import classes from './colour-swatches.module.css';

/**
 * Shop colour names that are not CSS colour names once spaces are dropped ('Sky Blue' is
 * `skyblue`, 'Red' is `red`: those need no entry). Kept short: the card is on the storefront's
 * first download.
 */
const GARMENT_COLOURS: Record<string, string> = {
  navyblue: '#1f2f5c',
  offwhite: '#f5f1e6',
  cream: '#fffdd0',
  mustard: '#e1ad01',
  peach: '#ffcba4',
  rust: '#b7410e',
  wine: '#722f37',
  bottlegreen: '#006a4e',
  mehendi: '#7b8b3a',
  ranipink: '#e0218a',
  multicolour: 'conic-gradient(red, yellow, lime, aqua, blue, magenta, red)',
};

/**
 * The CSS background of a shop's colour name: a garment colour of the map, else the name itself
 * as a CSS colour ('Sky Blue' -> `skyblue`). A name that is neither ('Mango') is dropped by the
 * browser and the swatch stays neutral; its name is still its label. No browser API is asked,
 * so the server's first rendering and the browser's agree.
 */
export function swatchBackground(name: string): string {
  const key = name.toLowerCase().replace(/[\s_-]+/g, '');
  return GARMENT_COLOURS[key] ?? key;
}

/** One colour as a small round swatch, named for mouse (title) and screen readers. */
export function ColourSwatch({ colour, className }: { colour: string; className?: string }) {
  return (
    <span
      className={className ? `${classes.swatch} ${className}` : classes.swatch}
      style={{ background: swatchBackground(colour) }}
      title={colour}
      role="img"
      aria-label={colour}
    />
  );
}

/**
 * A design's colours on its card (docs/catalog.md "Variants"): up to `max` swatches, then '+N'.
 */
export function ColourSwatches({ colours, max = 6 }: { colours: readonly string[]; max?: number }) {
  if (colours.length === 0) return null;
  const shown = colours.slice(0, max);
  return (
    <ul className={classes.list} aria-label={`Colours: ${colours.join(', ')}`}>
      {shown.map((colour) => (
        <li key={colour}>
          <ColourSwatch colour={colour} />
        </li>
      ))}
      {colours.length > shown.length && (
        <li className={classes.more}>+{colours.length - shown.length}</li>
      )}
    </ul>
  );
}
