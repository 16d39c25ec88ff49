/**
 * Loads the Mantine styles the storefront's first paint does not need (styles/mantine-rest.css):
 * called before every lazy page, lazy overlay (menu drawer, toasts) and once the browser is
 * idle after the first paint. Call it before the lazy chunk's own import, so its stylesheet is
 * added to the page before the chunk's (a page's CSS modules override Mantine's).
 * @returns a promise settled when the stylesheet has loaded; repeated calls share it.
 */
export function loadMantineStyles(): Promise<unknown> {
  loading ??= import('./mantine-styles');
  return loading;
}

let loading: Promise<unknown> | undefined;
