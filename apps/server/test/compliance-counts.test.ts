import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from './harness.js';
import { productCounts, restrictedAt, ruleIndex } from '../src/modules/compliance/service.js';

/**
 * The catalogue counts the place search adds up per rule (`compliance_catalogue_counts`, migration
 * 0022) are derived data kept by triggers: every case writes behind the API's back (plain SQL, as an
 * import or a job would) and checks the table against a count made from scratch, and the products a
 * rule catches against a count of them.
 */
describe.each(BACKENDS)('compliance catalogue counts written behind the API (%s)', (kind) => {
  const app = useTestApp(kind);
  let brandA: number;
  let brandB: number;
  let selectAttr: number;
  let textAttr: number;
  let categoryId: number;

  const drift = async () => {
    const rows = await app.sql<{ kind: string; attribute_id: number; key: string; kept: number | null; counted: number | null }>(sql`
      with counted as (
        select 'brand' as kind, 0 as attribute_id, brand_id::text as key, count(*)::int as n from products where brand_id is not null group by brand_id
        union all select 'category', 0, category_id::text, count(*)::int from product_categories group by category_id
        union all select 'value', d.attribute_id, lower(d.value #>> '{}'), count(*)::int from attribute_data d join attributes a on a.id = d.attribute_id
                   where d.sourceable_type = 'product' and d.source_type is null and a.type in ('number', 'boolean', 'select', 'measurement')
                   group by d.attribute_id, lower(d.value #>> '{}'))
      select coalesce(k.kind, c.kind) as kind, coalesce(k.attribute_id, c.attribute_id) as attribute_id, coalesce(k.key, c.key) as key, k.n as kept, c.n as counted
        from compliance_catalogue_counts k full join counted c on c.kind = k.kind and c.attribute_id = k.attribute_id and c.key = k.key
       where k.n is distinct from c.n`);
    return rows;
  };

  beforeAll(async () => {
    [{ id: brandA }, { id: brandB }] = (await app.sql<{ id: number }>(sql`insert into brands (name) values (${`Countco A ${kind}`}), (${`Countco B ${kind}`}) returning id`)) as [{ id: number }, { id: number }];
    // Attributes and a category of the test's own (written in plain SQL, as the rest of this file).
    selectAttr = (await app.sql<{ id: number }>(sql`insert into attributes (code, name, type, options) values (${`count_select_${kind}`}, 'Count Select', 'select', '{Count-Test Value,Other}') returning id`))[0]!.id;
    textAttr = (await app.sql<{ id: number }>(sql`insert into attributes (code, name, type) values (${`count_text_${kind}`}, 'Count Text', 'text') returning id`))[0]!.id;
    categoryId = (await app.sql<{ id: number }>(sql`insert into categories (name, slug) values (${`Count Category ${kind}`}, ${`count-category-${kind}`}) returning id`))[0]!.id;
  });

  it('match a count from scratch after the seed', async () => {
    expect(await drift()).toEqual([]);
  });

  it('follow inserts, brand changes, category links, attribute values and deletes made in plain SQL', async () => {
    const ids = (await app.sql<{ id: number }>(sql`insert into products (type, variation_type, brand_id) select 'physical', 'rounds', ${brandA} from generate_series(1, 5) returning id`)).map((r) => r.id);
    expect(await drift()).toEqual([]);
    await app.sql(sql`update products set brand_id = ${brandB} where id = any(${`{${ids.slice(0, 2).join(',')}}`}::int[])`);
    await app.sql(sql`update products set brand_id = null where id = ${ids[2]!}`);
    expect(await drift()).toEqual([]);
    const brandCounts = await app.sql<{ key: string; n: number }>(sql`select key, n from compliance_catalogue_counts where kind = 'brand' and key in (${String(brandA)}, ${String(brandB)}) order by key`);
    expect(brandCounts.map((r) => r.n)).toEqual([2, 2]);

    await app.sql(sql`insert into product_categories (product_id, category_id) select id, ${categoryId} from products where id = any(${`{${ids.join(',')}}`}::int[])`);
    await app.sql(sql`delete from product_categories where product_id = ${ids[0]!}`);
    expect(await drift()).toEqual([]);

    await app.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value)
                      select ${selectAttr}, 'product', id, '"Count-Test Value"'::jsonb from products where id = any(${`{${ids.join(',')}}`}::int[])`);
    await app.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value) values (${textAttr}, 'product', ${ids[0]!}, '"free text"'::jsonb)`);
    expect(await drift()).toEqual([]);
    const valueKept = async () =>
      (await app.sql<{ n: number }>(sql`select n from compliance_catalogue_counts where kind = 'value' and attribute_id = ${selectAttr} and key = 'count-test value'`))[0]?.n ?? 0;
    expect(await valueKept()).toBe(5);
    await app.sql(sql`update attribute_data set value = '"Count-Test Other"'::jsonb where attribute_id = ${selectAttr} and sourceable_type = 'product' and sourceable_id = ${ids[1]!}`);
    expect(await valueKept()).toBe(4);
    expect(await drift()).toEqual([]);

    // What the place search says a rule catches follows at once (no process keeps the counts).
    const index = await ruleIndex(app.db);
    const rule = { ...index.rules[0]!, id: -1, target_kind: 'attribute' as const, target_id: null, attribute_id: selectAttr, attribute_op: 'in' as const, attribute_values: ['Count-Test Value'], valueSet: new Set(['count-test value']), numeric: null };
    expect((await productCounts(app.db, index, [rule])).get(-1)).toBe(4);
    const byBrand = { ...index.rules[0]!, id: -2, target_kind: 'brand' as const, target_id: brandB };
    expect((await productCounts(app.db, index, [byBrand])).get(-2)).toBe(2);
    await app.sql(sql`delete from attribute_data where sourceable_type = 'product' and sourceable_id = any(${`{${ids.join(',')}}`}::int[])`);
    await app.sql(sql`delete from products where id = any(${`{${ids.join(',')}}`}::int[])`);
    expect((await productCounts(app.db, index, [rule, byBrand])).get(-1)).toBe(0);
    expect((await productCounts(app.db, index, [rule, byBrand])).get(-2)).toBe(0);
    expect(await drift()).toEqual([]);
  });

  it('an attribute whose type changes is counted again', async () => {
    await app.sql(sql`update attributes set type = 'select' where id = ${textAttr}`);
    expect(await drift()).toEqual([]);
    await app.sql(sql`update attributes set type = 'text' where id = ${textAttr}`);
    expect(await drift()).toEqual([]);
  });

  it('the place search reads the same products per rule as counting them one by one', async () => {
    const ca = await restrictedAt(app.db, { state: 'CA' });
    const index = await ruleIndex(app.db);
    for (const t of ca.types)
      for (const r of t.rules) {
        const rule = index.rules.find((x) => x.id === r.id)!;
        if (rule.target_kind === 'category') continue; // a product under two subcategories counts twice there
        const direct = rule.target_kind === 'product' || rule.target_kind === 'variant' ? 1 : (await productCounts(app.db, index, [rule])).get(rule.id);
        expect(r.product_count, r.name).toBe(direct);
      }
  });
});
