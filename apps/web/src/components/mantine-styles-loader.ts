/*
 * The rest of Mantine's styles (app/styles/mantine-rest.css, the chunk app/mantine-styles.ts)
 * are loaded on demand. Toasts (components/notify.tsx) need them as much as the app's lazy
 * pages, but components/ never imports app/: the app names the chunk once, at its start
 * (app/providers.tsx), and everything else asks for it here.
 */

let source: (() => Promise<unknown>) | undefined;
let loading: Promise<unknown> | undefined;

/** Tells the loader how to fetch the rest of Mantine's styles (called once by app/providers.tsx). */
export function setMantineStylesSource(load: () => Promise<unknown>): void {
  source = load;
}

/**
 * Loads the Mantine styles the storefront's first paint does not need: called before every
 * lazy page, lazy overlay (menu drawer, toasts) and once the browser is idle after the first
 * paint. Call it before the lazy chunk's own import, so its stylesheet is added to the page
 * before the chunk's (a page's CSS modules override Mantine's).
 * @returns a promise settled when the stylesheet has loaded; repeated calls share it. Before the
 *   app has named the stylesheet (tests rendering a component alone) it settles at once.
 */
export function loadMantineStyles(): Promise<unknown> {
  if (!source) return Promise.resolve();
  loading ??= source();
  return loading;
}
