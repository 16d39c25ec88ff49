import { and, or, sql, type Column, type SQL } from 'drizzle-orm';

/*
 * The list searches of every module (catalog grid, customers, employees, bills, stock, the shop's
 * lists and orders, delivery): one way to turn what a person typed into a LIKE condition, so a
 * '%' or '_' in the box always means that character and every word search splits the same way.
 */

/** Escapes LIKE wildcards so a search for '50%' or 'a_b' matches those characters literally. */
export function escapeLikePattern(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The LIKE pattern "contains `term`" (`%term%`), wildcards in `term` escaped. */
export function containsPattern(term: string): string {
  return `%${escapeLikePattern(term)}%`;
}

/**
 * The words of a search, lower-cased, at most `limit` of them (the catalog keeps 8 so one
 * query cannot ask for hundreds of conditions).
 * @example searchWords('Red  Shirt') // ['red', 'shirt']
 */
export function searchWords(
  search: string | undefined,
  limit = Number.POSITIVE_INFINITY,
): string[] {
  return (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, limit);
}

/**
 * True when every whitespace-separated word of `search` occurs in `text` (an SQL expression
 * already in lower case, e.g. the expression a trigram index is built on); undefined (no
 * condition) for an empty search.
 */
export function everyWordIn(text: SQL, search: string): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`${text} like ${containsPattern(word)}`));
}

/**
 * True when any of `columns` contains `search` as typed (case-insensitive, wildcards taken
 * literally); undefined (no condition) for an empty search.
 */
export function anyColumnContains(
  columns: readonly (Column | SQL)[],
  search: string,
): SQL | undefined {
  if (search.length === 0) return undefined;
  const pattern = containsPattern(search);
  return or(...columns.map((column) => sql`${column} ilike ${pattern}`));
}
