import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/**
 * Per table: a token that changes whenever a row of it is added, removed or changed, e.g.
 * `{ orders: '3' }`. Compare two with `changedTables`.
 */
export type TableFingerprints = Record<string, string>;

/**
 * Columns left out of the fingerprint, per table, each for a reason that is not a state change:
 * - `sessions.updated_at`, `sessions.expires_at`: better-auth slides a session's expiry when it
 *   is used (any request, GET included); the session row itself (id, token, user) must not change.
 */
export const FINGERPRINT_IGNORED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  sessions: ['updated_at', 'expires_at'],
};

/** The test-only table the change triggers count into; never one of the app's tables. */
const CHANGES_TABLE = 'test_row_changes';

const NAME = /^[a-z_][a-z0-9_]*$/;

function checkedName(name: string): string {
  if (!NAME.test(name)) throw new Error(`Unexpected table or column name ${name}`);
  return name;
}

/** The base tables of the `public` schema (every table the app owns), sorted. */
export async function publicTables(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> ${CHANGES_TABLE} order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

/** Databases whose tables already count their changes (one set-up per test database). */
const counting = new WeakMap<Db, Promise<void>>();

/**
 * Makes every table of the public schema log its row changes into `test_row_changes`: a row
 * trigger appends one line per inserted or deleted row and per updated row whose values differ
 * (less FINGERPRINT_IGNORED_COLUMNS), a statement trigger one per TRUNCATE. Logging in the
 * database, in the writing transaction, keeps a fingerprint to one small count however many rows
 * the tables hold (hashing every row of 60 tables took 60-170 ms, twice per checked request);
 * a rolled-back write rolls its lines back with it. Append-only, so concurrent writers (a
 * request and a background job) never wait on each other's counter row. Run after the
 * migrations.
 */
async function countChanges(db: Db): Promise<void> {
  // One statement per call: PGlite's extended protocol takes one at a time.
  await db.execute(
    sql.raw(`create table if not exists ${CHANGES_TABLE} (table_name text not null)`),
  );
  await db.execute(
    sql.raw(`
      create or replace function test_count_row_change() returns trigger language plpgsql as $$
      declare
        ignored text[] := coalesce(tg_argv, '{}');
      begin
        if tg_op = 'UPDATE' and (to_jsonb(new) - ignored) = (to_jsonb(old) - ignored) then
          return null;
        end if;
        insert into ${CHANGES_TABLE} (table_name) values (tg_table_name);
        return null;
      end $$`),
  );
  for (const table of await publicTables(db)) {
    const ignored = (FINGERPRINT_IGNORED_COLUMNS[table] ?? [])
      .map((column) => `'${checkedName(column)}'`)
      .join(', ');
    const name = checkedName(table);
    await db.execute(
      sql.raw(
        `create trigger test_count_row_change after insert or update or delete on "${name}" for each row execute function test_count_row_change(${ignored})`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger test_count_truncate after truncate on "${name}" for each statement execute function test_count_row_change()`,
      ),
    );
  }
}

/**
 * A fingerprint of every table of `tables` (default: every table of the public schema): how many
 * row changes each has had since the database's first fingerprint (`countChanges`). Two equal
 * fingerprints mean no row of that table was added, removed or changed in between (a row added
 * and removed again counts too). The first call on a database installs the counting triggers.
 */
export async function fingerprintTables(
  db: Db,
  tables?: readonly string[],
): Promise<TableFingerprints> {
  let ready = counting.get(db);
  if (!ready) {
    ready = countChanges(db);
    counting.set(db, ready);
  }
  await ready;
  const names = tables ?? (await publicTables(db));
  const result = (await db.execute(
    sql.raw(
      `select table_name as name, count(*)::text as changes from ${CHANGES_TABLE} group by table_name`,
    ),
  )) as unknown as { rows: { name: string; changes: string }[] };
  const changes = new Map(result.rows.map((row) => [row.name, row.changes]));
  return Object.fromEntries(names.map((name) => [name, changes.get(name) ?? '0']));
}

/** The tables whose fingerprint differs between `before` and `after` (added or dropped too). */
export function changedTables(before: TableFingerprints, after: TableFingerprints): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
