import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/** Per table: its row count and an md5 of its rows (as JSON, sorted), e.g. `{ orders: '3:9f..' }`. */
export type TableFingerprints = Record<string, string>;

/**
 * Columns left out of the fingerprint, per table, each for a reason that is not a state change:
 * - `sessions.updated_at`, `sessions.expires_at`: better-auth slides a session's expiry when it
 *   is used (any request, GET included); the session row itself (id, token, user) must not change.
 */
export const FINGERPRINT_IGNORED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  sessions: ['updated_at', 'expires_at'],
};

/** The base tables of the `public` schema (every table the app owns), sorted. */
export async function publicTables(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

/**
 * A cheap fingerprint of every table of `tables` (default: every table of the public schema),
 * in one query: `count(*)` and the md5 of the rows as JSON (less FINGERPRINT_IGNORED_COLUMNS and
 * `ignoredColumns`), sorted by their text so no primary key is needed. Two equal fingerprints
 * mean no row was added, removed or changed.
 */
export async function fingerprintTables(
  db: Db,
  tables?: readonly string[],
  ignoredColumns: Readonly<Record<string, readonly string[]>> = FINGERPRINT_IGNORED_COLUMNS,
): Promise<TableFingerprints> {
  const names = tables ?? (await publicTables(db));
  if (names.length === 0) return {};
  const selects = names.map((name) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected table name ${name}`);
    const dropped = (ignoredColumns[name] ?? []).map((column) => ` - '${column}'`).join('');
    return `select '${name}' as name, count(*)::int as rows, md5(coalesce(string_agg(r, '|' order by r), '')) as hash from (select (to_jsonb(x)${dropped})::text as r from "${name}" x) s`;
  });
  const result = (await db.execute(sql.raw(selects.join(' union all ')))) as unknown as {
    rows: { name: string; rows: number; hash: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, `${row.rows}:${row.hash}`]));
}

/** The tables whose fingerprint differs between `before` and `after` (added or dropped too). */
export function changedTables(before: TableFingerprints, after: TableFingerprints): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
