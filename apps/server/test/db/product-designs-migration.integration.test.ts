import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { ORDER_STATUSES as STATUSES } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/client.js';

/**
 * The designs migration on a database that already sells products (docs/catalog.md "Designs and
 * variants", decision 29): products become variants of designs grouped by shop, name, company,
 * category, style and material (a repeated live size and colour starts another design), and
 * every cart line, wishlist entry, order item, stock movement and image keeps pointing at the
 * same product id. PGlite only: it migrates a private database in two steps.
 */

const TAG = '0024_product_designs';

/** Rows that must survive the migration unchanged, each naming its product. */
const KEPT: Record<string, string> = {
  cart_items: 'select user_id, product_id, quantity from cart_items order by user_id, product_id',
  wishlist_items: 'select user_id, product_id from wishlist_items order by user_id, product_id',
  order_items: 'select id, order_id, product_id, quantity from order_items order by id',
  product_stock_movements:
    'select id, product_id, change, quantity_after from product_stock_movements order by id',
  product_images: 'select id, product_id, path from product_images order by id',
};

let client: PGlite;
let earlier: string;
const before: Record<string, unknown[]> = {};

/** A copy of the migrations folder holding only the migrations before `TAG`. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** Products of the demo kind: [id, shop, name, company, colour, size, price, mrp, stock, archived]. */
const PRODUCTS: [
  number,
  number,
  string,
  string,
  string,
  string,
  number,
  number,
  number,
  boolean,
][] = [
  // Shop 1, 'Polo Shirt' by Raymond: three sizes in Red, two in Blue -> one design.
  [1, 1, 'Polo Shirt', 'Raymond', 'Red', 'S', 59900, 79900, 10, false],
  [2, 1, 'Polo Shirt', 'Raymond', 'Red', 'M', 59900, 79900, 0, false],
  [3, 1, 'Polo Shirt', 'Raymond', 'Red', 'L', 64900, 79900, 4, false],
  [4, 1, 'Polo Shirt', 'Raymond', 'Blue', 'M', 49900, 59900, 7, false],
  [5, 1, 'Polo Shirt', 'Raymond', 'Blue', 'L', 49900, 59900, 0, false],
  // A second live Red M of the same group: a design of its own.
  [6, 1, 'Polo Shirt', 'Raymond', 'red', 'M', 55900, 79900, 2, false],
  // An archived Red M: joins the first design, archived.
  [7, 1, 'Polo Shirt', 'Raymond', 'Red', 'M', 69900, 79900, 0, true],
  // Another brand: another design.
  [8, 1, 'Polo Shirt', 'Peter England', 'Red', 'M', 79900, 99900, 3, false],
  // The same group in another shop: another design.
  [9, 2, 'Polo Shirt', 'Raymond', 'Red', 'M', 59900, 79900, 5, false],
  // Only archived products: an archived design.
  [10, 2, 'Kurta', 'Fabindia', 'White', 'L', 99900, 99900, 0, true],
];

beforeAll(async () => {
  client = await PGlite.create({ extensions: { pg_trgm } });
  earlier = migrationsBefore(TAG);
  await migrate(drizzle(client), { migrationsFolder: earlier });
  const productValues = PRODUCTS.map(
    ([id, shop, name, company, colour, size, price, mrp, stock, archived]) =>
      `(${id}, ${shop}, 'SKU-${id}', '${company}', '${name}', 'Men', 'Plain', 'Cotton', '${colour}',
        '${size}', 38, 95, ${mrp}, ${price}, ${stock}, ${archived ? 'now()' : 'null'},
        ${id % 3}, ${id % 3 === 0 ? 0 : 4.0 + (id % 2) / 2})`,
  ).join(',\n');
  const orders = STATUSES.map(
    (status, index) =>
      `(${index + 1}, 'c1', '${status}', 'cod', 'Asha', '9700000002',
        'Boring Road', 'Patna', 'Bihar', '800001', 'India', 1, 79900, 20000, 59900, 2852, current_date)`,
  ).join(',\n');
  const shipments = STATUSES.map(
    (status, index) => `(${index + 1}, ${index + 1}, 1, '${status}', 1, 59900)`,
  ).join(',\n');
  const items = STATUSES.map((_, index) => {
    const productId = (index % 9) + 1;
    return `(${index + 1}, ${index + 1}, ${productId}, 'Polo Shirt', 'Raymond', 'M', 'Red', 59900, 79900, 1, 59900)`;
  }).join(',\n');
  await client.exec(`
    insert into users (id, name, email, email_verified, role, mobile, gender) values
      ('c1', 'Asha', 'asha@example.in', true, 'customer', '9700000002', 'Female'),
      ('c2', 'Ravi', 'ravi@example.in', true, 'customer', '9700000003', 'Male');
    insert into shops (id, name, owner_name, email, mobile, locality, city, district, pincode) values
      (1, 'One Textiles', 'Ramesh', 'one@example.in', '9876543210', 'Boring Road', 'Patna', 'Patna', '800001'),
      (2, 'Two Textiles', 'Suresh', 'two@example.in', '9876543211', 'Kankarbagh', 'Patna', 'Patna', '800020');
    insert into products (id, shop_id, sku, company, name, category, style, material, colour, size,
      chest_inches, length_cm, mrp_paise, price_paise, stock_quantity, archived_at, rating_count, rating)
      values ${productValues};
    select setval(pg_get_serial_sequence('products', 'id'), 10);
    insert into product_images (product_id, path, thumbnail_path, width, height)
      select id, 'p/' || id || '.webp', 'p/' || id || '-thumb.webp', 800, 800 from products;
    insert into cart_items (user_id, product_id, quantity) values ('c1', 1, 1), ('c1', 4, 2), ('c2', 6, 1), ('c2', 7, 1);
    insert into wishlist_items (user_id, product_id) values ('c1', 2), ('c1', 8), ('c2', 9), ('c2', 10);
    insert into orders (id, user_id, status, payment_method, recipient_name, mobile,
      locality, city, state, pincode, country, item_count, mrp_paise, discount_paise, total_paise,
      gst_included_paise, delivery_date) values ${orders};
    insert into shipments (id, order_id, shop_id, status, item_count, subtotal_paise) values ${shipments};
    insert into order_items (order_id, shipment_id, product_id, name, company, size, colour,
      price_paise, mrp_paise, quantity, line_total_paise) values ${items};
    insert into product_stock_movements (product_id, kind, change, quantity_after)
      select id, 'listed', stock_quantity, stock_quantity from products;
  `);
  for (const [table, query] of Object.entries(KEPT)) {
    before[table] = (await client.query(query)).rows;
  }
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
}, 120_000);

afterAll(async () => {
  await client?.close();
  fs.rmSync(earlier, { recursive: true, force: true });
});

async function designOf(productId: number): Promise<number> {
  const { rows } = await client.query<{ design_id: number }>(
    'select design_id from products where id = $1',
    [productId],
  );
  return rows[0]!.design_id;
}

describe('the designs migration', () => {
  it('keeps every cart line, wishlist entry, order item, stock movement and image on its product', async () => {
    for (const [table, rows] of Object.entries(before)) {
      const after = (await client.query(KEPT[table]!)).rows;
      expect(after, table).toEqual(rows);
      expect(rows.length, table).toBeGreaterThan(0);
    }
    const { rows: orders } = await client.query<{ status: string }>(
      'select distinct o.status from orders o join order_items i on i.order_id = o.id',
    );
    expect(orders).toHaveLength(STATUSES.length);
  });

  it('groups products into designs by shop, name, company, category, style and material', async () => {
    const first = await designOf(1);
    for (const id of [2, 3, 4, 5, 7]) expect(await designOf(id)).toBe(first);
    const others = await Promise.all([6, 8, 9, 10].map(designOf));
    expect(new Set([first, ...others]).size).toBe(5);
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from product_designs',
    );
    expect(rows[0]!.count).toBe(5);
  });

  it('splits a second live product of the same size and colour into its own design', async () => {
    expect(await designOf(6)).not.toBe(await designOf(2));
    const { rows } = await client.query<{ design_id: number; size: string; n: number }>(
      `select design_id, size, count(*)::int as n from products where archived_at is null
       group by design_id, size, lower(colour) having count(*) > 1`,
    );
    expect(rows).toEqual([]);
  });

  it('writes the card aggregates of each design', async () => {
    const { rows } = await client.query<{
      min_price_paise: string;
      max_price_paise: string;
      colours: string[];
      sizes: string[];
      stock_total: number;
      default_product_id: number;
      best_discount_percent: number;
      search_text: string;
      archived_at: Date | null;
    }>('select * from product_designs where id = $1', [await designOf(1)]);
    const design = rows[0]!;
    expect(Number(design.min_price_paise)).toBe(49900);
    expect(Number(design.max_price_paise)).toBe(64900);
    expect(design.colours).toEqual(['Blue', 'Red']);
    expect(design.sizes).toEqual(['S', 'M', 'L']);
    expect(design.stock_total).toBe(21);
    // The cheapest in stock: Blue M (499, 7 in stock); Blue L is as cheap but sold out.
    expect(design.default_product_id).toBe(4);
    expect(design.best_discount_percent).toBe(25);
    expect(design.search_text).toBe('polo shirt men plain cotton blue red');
    expect(design.archived_at).toBeNull();
    const archived = await client.query<{ archived_at: Date | null; default_product_id: null }>(
      'select archived_at, default_product_id from product_designs where id = $1',
      [await designOf(10)],
    );
    expect(archived.rows[0]!.archived_at).not.toBeNull();
    expect(archived.rows[0]!.default_product_id).toBeNull();
  });

  it('gives images their design and order items their SKU', async () => {
    const { rows } = await client.query<{ bad: number }>(
      `select count(*)::int as bad from product_images i join products p on p.id = i.product_id
       where i.design_id <> p.design_id`,
    );
    expect(rows[0]!.bad).toBe(0);
    const items = await client.query<{ sku: string; product_id: number }>(
      'select sku, product_id from order_items',
    );
    for (const item of items.rows) expect(item.sku).toBe(`SKU-${item.product_id}`);
  });

  it('lets new designs take ids after the moved ones', async () => {
    const { rows } = await client.query<{ id: number }>(
      `insert into product_designs (shop_id, company, name, category, style, material)
       values (1, 'Raymond', 'Chinos', 'Men', 'Plain', 'Cotton') returning id`,
    );
    expect(rows[0]!.id).toBe(6);
  });
});
