/**
 * The parts of the storefront's page URLs (storefront-pages.ts, which re-exports them) that the
 * web app's first download uses: the API client's query strings, the home sliders' API paths and
 * the element carrying a page's first answers. A module of their own, so the grid's filters and
 * the rest of storefront-pages.ts (and the constants.ts lists they read) are not part of that
 * download (docs/performance.md).
 */
import { SLIDER_LIST_LIMIT_DEFAULT } from '../storefront-constants.js';

export type QueryValue = string | number | readonly string[] | undefined;

/** Builds `path?a=1&b=x,y`, leaving out undefined values and empty strings or lists. */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text !== '') params.set(key, text);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The home page's two slider lists (docs/catalog.md). */
export type FeaturedList = 'best-selling' | 'new-arrivals';

/** `GET /api/products/best-selling?limit=12` or the new arrivals' list. */
export function featuredListApiPath(list: FeaturedList, limit = SLIDER_LIST_LIMIT_DEFAULT): string {
  return withQuery(`/api/products/${list}`, { limit });
}

/** The id of the `<script type="application/json">` that carries a page's first answers. */
export const FIRST_PAGE_DATA_ELEMENT_ID = 'first-page-data';
