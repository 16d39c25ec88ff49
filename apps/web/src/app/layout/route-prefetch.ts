/**
 * Asks for the route chunks that are not in the first download (the account pages' routes,
 * app.tsx) when a visitor shows an intent to leave for one of those pages (a pointer on, a touch
 * of or the focus on a header link, the menu's burger), rather than on every visit: then a first
 * click on Login does not wait for that chunk, and a visitor who only browses never downloads it.
 * app.tsx sets what to load, so the layout does not import the router's modules.
 */
let prefetch: () => void = () => undefined;

/** Sets the loader (app.tsx); it is called at most once per intent and must not throw. */
export function setRoutePrefetch(load: () => void): void {
  prefetch = load;
}

/** Starts loading the route chunks the next navigation may need (does not wait). */
export function prefetchRoutes(): void {
  prefetch();
}
