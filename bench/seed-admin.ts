/**
 * Seeding shared by the admin benchmarks (All Orders, Product Management, the Dashboard): believable
 * orders and products made in the database with generate_series. Each seeds only when the database
 * holds fewer rows than asked, so later runs reuse the data.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";

/** The first ArtNo of the seeded products. */
export const FIRST_ART_NO = 100_000;

/** Deterministic Dutch-looking customers and a believable spread of orders over two years. */
export async function seedAdminOrders(db: Db, ORDERS: number): Promise<boolean> {
  const CUSTOMERS = Math.max(1, Math.round(ORDERS * 0.4));
  const [{ n, w } = { n: 0, w: 0 }] = rowsOf<{ n: number; w: number }>(
    await db.execute(
      sql`select (select count(*)::int from orders) as n, (select count(*)::int from order_withdrawals) as w`,
    ),
  );
  if (n >= ORDERS && w > 0) return false;
  console.log(`seeding ${ORDERS} orders of ${CUSTOMERS} customers…`);
  await db.execute(
    sql`truncate order_refunds, order_withdrawal_items, order_withdrawals, order_items, orders, shipping_addresses, customers cascade`,
  );
  await db.execute(sql`
    insert into customers (first_name, last_name, email, phone, created_at, updated_at)
    select f.name, l.name,
           lower(replace(f.name || '.' || l.name, ' ', '')) || i || '@' || (array['example.nl','fietsmail.nl','gmail.com','ziggo.nl','kpnmail.nl'])[1 + i % 5],
           '06' || lpad((i * 7919 % 100000000)::text, 8, '0'),
           now() - make_interval(days => i % 730), now()
    from generate_series(1, ${CUSTOMERS}) i
    cross join lateral (select (array['Sanne','Joost','Fenna','Pieter','Anouk','Daan','Lotte','Bram','Eva','Thijs',
                                      'Femke','Ruben','Iris','Lars','Noor','Sven','Maud','Jesse','Lieke','Koen'])[1 + i % 20] as name) f
    cross join lateral (select (array['de Vries','Jansen','Bakker','Visser','Smit','Meijer','de Boer','Mulder','de Groot','Bos',
                                      'Vos','Peters','Hendriks','van Leeuwen','Dekker','Brouwer','de Wit','Dijkstra','Smits','de Graaf',
                                      'van der Meer','van Dijk','Kok','Jacobs','Vermeulen'])[1 + (i / 20) % 25] as name) l`);
  await db.execute(sql`
    with c as (select id, row_number() over (order by email) as rn from customers)
    insert into orders (customer_id, total_amount_cents, subtotal_cents, shipping_cents, status, payment_status,
                        dropshipment_status, payment_provider, created_at, paid_at, refunded_cents, vat_lines)
    select c.id, t.total, t.total - 495, 495,
           (array['completed','completed','completed','processing','pending','cancelled'])[1 + i % 6],
           case when i % 6 = 5 then 'refunded' when i % 6 = 4 then 'unpaid' else 'paid' end,
           case when i % 6 = 4 then 'pending' when i % 50 = 0 then 'failed' else 'completed' end,
           'local', t.at, case when i % 6 = 4 then null else t.at + interval '2 minutes' end,
           -- one paid order in 40 is partly refunded
           case when i % 40 = 7 then 995 else 0 end,
           jsonb_build_array(jsonb_build_object('rate', 21, 'amountCents', round(t.total * 21 / 121.0)::int))
    from generate_series(1, ${ORDERS}) i
    join c on c.rn = 1 + (i::bigint * 7919) % ${CUSTOMERS}
    cross join lateral (select 995 + (i * 37 % 20000) as total,
                               now() - make_interval(secs => (${ORDERS} - i) * 631.0) as at) t`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, product_name, product_price_cents, quantity)
    select id, (10000 + abs(hashtext(id::text)) % 5000)::text, 'Artikel', total_amount_cents - 495, 1 from orders`);
  // One paid order in 100 is withdrawn (its one item); half of those are refunded already.
  await db.execute(sql`
    with o as (select id, created_at, row_number() over (order by created_at, id) as i
               from orders where payment_status = 'paid')
    insert into order_withdrawals (order_id, channel, refund_due_at, created_at)
    select id, 'guest', created_at + interval '17 days', created_at + interval '3 days' from o where i % 100 = 3`);
  await db.execute(sql`
    insert into order_withdrawal_items (withdrawal_id, order_item_id, quantity)
    select w.id, oi.id, 1 from order_withdrawals w join order_items oi on oi.order_id = w.order_id`);
  await db.execute(sql`
    with w as (select w.order_id, oi.id as item_id, oi.product_price_cents as cents,
                      row_number() over (order by w.created_at, w.id) as i
               from order_withdrawals w join order_items oi on oi.order_id = w.order_id)
    insert into order_refunds (order_id, amount_cents, lines, provider, idempotency_key, status, created_by, created_by_email)
    select order_id, cents, jsonb_build_array(jsonb_build_object('orderItemId', item_id, 'quantity', 1, 'amountCents', cents)),
           'local', gen_random_uuid()::text, 'succeeded', 'bench', 'bench@trapkracht.test'
    from w where i % 2 = 0`);
  await db.execute(sql`
    update orders o set refunded_cents = r.amount_cents from order_refunds r where r.order_id = o.id`);
  return true;
}

/** PRODUCTS products with believable brands and descriptions, 1 in 10 inactive, spread over the seed categories. */
export async function seedAdminProducts(db: Db, PRODUCTS: number): Promise<boolean> {
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products`));
  if (n >= PRODUCTS) return false;
  console.log(`seeding ${PRODUCTS} products…`);
  const started = Date.now();
  await db.execute(sql`truncate products cascade`);
  await db.execute(sql`
    insert into product_categories (id, name, level)
    select id, 'Benchcategorie ' || id, 1 from generate_series(1, 50) id
    on conflict do nothing`);
  const batch = 100_000;
  for (let from = 0; from < PRODUCTS; from += batch) {
    const to = Math.min(PRODUCTS, from + batch) - 1;
    await db.execute(sql`
      insert into products (art_no, brand, short_description, long_description_html, consumer_price_cents,
                            discounted_price_cents, category_id, status, colour)
      select ${FIRST_ART_NO}::int + i,
             (array['Shimano','SRAM','Campagnolo','Continental','Schwalbe','Magura','KMC','Lezyne','Topeak','Elite',
                    'Fizik','Selle Italia','Look','Time','Vittoria','Michelin','Maxxis','Park Tool','Muc-Off','Finish Line'])[1 + i % 20],
             (array['Ketting','Remblokken','Buitenband','Binnenband','Zadel','Pedalen','Cassette','Stuurlint','Achterlicht',
                    'Voorlicht','Bidonhouder','Kettingolie','Remkabel','Derailleur','Crankset'])[1 + (i / 7) % 15]
               || ' ' || (array['Pro','Sport','Race','Comfort','Elite','Tour','Gravel','MTB','Urban','Carbon'])[1 + (i / 3) % 10]
               || ' ' || (i % 997)::text || '-' || (i % 89)::text,
             '<p>Benchmarkproduct ' || i || '</p>',
             500 + (i * 37) % 20000,
             case when i % 9 = 0 then 400 + (i * 37) % 15000 else null end,
             1 + i % 50,
             case when i % 10 = 0 then 0 else 1 end,
             (array['Zwart','Wit','Rood','Blauw','Zilver'])[1 + i % 5]
      from generate_series(${from}::int, ${to}::int) i`);
    console.log(`  ${to + 1} rows (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await db.execute(sql`vacuum (analyze) products`);
  console.log(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}
