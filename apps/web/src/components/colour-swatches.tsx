import classes from './colour-swatches.module.css';

/**
 * The key of a shop's colour name: lower case without spaces ('Sky Blue' -> `skyblue`). As an
 * inline background it is a CSS colour name when there is one; garment colours CSS does not
 * name (`navyblue`, `mustard`, ...) are painted by colour-swatches.module.css from the
 * `data-colour` attribute (the CSS has room in its budget, the first download's script has
 * none). A name that is neither ('Mango') is dropped by the browser and the swatch stays
 * neutral; its name is still its label. No browser API is asked, so the server's first
 * rendering and the browser's agree.
 */
export function swatchKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * One colour as a small round swatch, named for mouse (title) and screen readers; `decorative`
 * when the colour's name is written beside it (a filter's label, a grid row), so a screen reader
 * does not say it twice.
 */
export function ColourSwatch({
  colour,
  className,
  decorative = false,
}: {
  colour: string;
  className?: string;
  decorative?: boolean;
}) {
  const key = swatchKey(colour);
  return (
    <span
      className={className ? `${classes.swatch} ${className}` : classes.swatch}
      data-colour={key}
      style={{ background: key }}
      title={colour}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': colour })}
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
