import { sql } from 'drizzle-orm';
import { COMPLIANCE_PLACES, parseZipEntries, statesOfZipRange } from '@qm/contracts';
import { rng } from '../../apps/server/src/setup/seed/random.js';
import { rows, tableExists, type Generator } from './types.js';

/**
 * Compliance at scale: 3,000 zip code groups (zip codes, 3-digit prefixes and ranges) and 500
 * restrictions over the bench catalogue (brand, category, product, variant and attribute targets,
 * 1–3 states each, a third also by zip code groups, some with exceptions, some out of their dates).
 * Deterministic: the same on every run and both backends.
 */
export const COMPLIANCE_SIZES = { zipGroups: 3000, rules: 500 } as const;

export const complianceGenerator: Generator = {
  name: 'compliance',
  async run({ db, log }) {
    if (!(await tableExists(db, 'compliance_restrictions'))) return 'no compliance tables';
    const rand = rng(42);
    const int = (n: number) => Math.floor(rand() * n);

    // Zip code groups: 3–12 entries each, without overlaps inside a group.
    const groups: { name: string; entries: string[]; states: string[] }[] = [];
    for (let g = 0; g < COMPLIANCE_SIZES.zipGroups; g++) {
      const base = 1000 + ((g * 331) % 98000);
      const entries: string[] = [];
      const n = 3 + int(10);
      for (let k = 0; k < n; k++) {
        const lo = base + k * 20;
        const kind = int(10);
        entries.push(kind < 7 ? String(lo).padStart(5, '0') : `${String(lo).padStart(5, '0')}-${String(lo + 1 + int(15)).padStart(5, '0')}`);
      }
      if (g % 10 === 0) entries.push(String(Math.floor((base + 20 * n + 200) / 100) + 1).padStart(3, '0'));
      const { intervals, problems } = parseZipEntries(entries);
      if (problems.length) throw new Error(`bench zip group ${g}: ${problems[0]!.message}`);
      groups.push({ name: `Bench zone ${g + 1}`, entries, states: [...new Set(intervals.flatMap((i) => statesOfZipRange(i.lo, i.hi)))].sort() });
    }
    for (let i = 0; i < groups.length; i += 500) {
      const part = groups.slice(i, i + 500);
      await db.execute(
        sql`insert into zip_code_groups (name, entries, states) values ${sql.join(
          part.map((g) => sql`(${g.name}, ${`{${g.entries.join(',')}}`}::text[], ${`{${g.states.join(',')}}`}::text[])`),
          sql`, `,
        )}`,
      );
    }
    const groupIds = (await rows<{ id: number }>(db, sql`select id from zip_code_groups where name like 'Bench zone %' order by id`)).map((r) => Number(r.id));

    const types = (await rows<{ id: number }>(db, sql`select id from compliance_restriction_types order by id`)).map((r) => Number(r.id));
    let typeIds = types;
    if (!typeIds.length) {
      await db.execute(sql`insert into compliance_restriction_types (name, effect) values ('Bench block', 'block'), ('Bench dealer', 'licensed_dealer')`);
      typeIds = (await rows<{ id: number }>(db, sql`select id from compliance_restriction_types order by id`)).map((r) => Number(r.id));
    }
    const brands = (await rows<{ id: number }>(db, sql`select id from brands order by id`)).map((r) => Number(r.id));
    const categories = (await rows<{ id: number }>(db, sql`select id from categories order by id`)).map((r) => Number(r.id));
    const maxProduct = Number((await rows<{ n: number }>(db, sql`select max(id) as n from products`))[0]!.n);
    const maxVariant = Number((await rows<{ n: number }>(db, sql`select max(id) as n from variants`))[0]!.n);
    const places = COMPLIANCE_PLACES as readonly string[];
    const bullets = ['FMJ', 'JHP', 'SP', 'OTM', 'BTHP', 'Polymer Tip', 'Tracer', 'Armor Piercing'];

    const ruleRows = [];
    const links: [number, number, boolean][] = [];
    for (let r = 0; r < COMPLIANCE_SIZES.rules; r++) {
      const k = r % 10;
      const kind = k < 3 ? 'brand' : k < 6 ? 'category' : k < 8 ? 'attribute' : k < 9 ? 'product' : 'variant';
      const states = r % 8 === 0 ? ['CA'] : [...new Set([places[int(51)]!, ...(rand() < 0.4 ? [places[int(51)]!] : [])])];
      ruleRows.push(
        sql`(${`Bench rule ${r + 1}`}, ${typeIds[int(typeIds.length)]!}, ${kind},
             ${kind === 'brand' ? brands[int(brands.length)]! : kind === 'category' ? categories[int(categories.length)]! : kind === 'product' ? 1 + int(maxProduct) : kind === 'variant' ? 1 + int(maxVariant) : null},
             ${kind === 'attribute' ? (r % 2 ? 3 : 21) : null}, ${kind === 'attribute' ? (r % 2 ? 'in' : 'gt') : null},
             ${kind === 'attribute' ? (r % 2 ? `{${bullets[int(bullets.length)]},${bullets[int(bullets.length)]}}` : `{${10 + int(10)}}`) : '{}'}::text[],
             ${`{${states.join(',')}}`}::text[], ${`Bench statute §${r + 1}`}, ${r % 17 === 0 ? '2020-01-01' : null}::date, ${r % 17 === 0 ? '2021-01-01' : null}::date)`,
      );
      if (r % 3 === 0) for (let j = 0; j < 1 + int(5); j++) links.push([r, groupIds[int(groupIds.length)]!, false]);
      if (r % 11 === 0) links.push([r, groupIds[int(groupIds.length)]!, true]);
    }
    const inserted = await rows<{ id: number }>(
      db,
      sql`insert into compliance_restrictions (name, restriction_type_id, target_kind, target_id, attribute_id, attribute_op, attribute_values, states, citation, effective_from, effective_to)
          values ${sql.join(ruleRows, sql`, `)} returning id`,
    );
    const ids = inserted.map((x) => Number(x.id));
    const seen = new Set<string>();
    const uniq = links.filter(([r, g]) => !seen.has(`${r}:${g}`) && seen.add(`${r}:${g}`));
    await db.execute(
      sql`insert into compliance_restriction_zip_groups (restriction_id, zip_code_group_id, is_except)
          values ${sql.join(uniq.map(([r, g, e]) => sql`(${ids[r]!}, ${g}, ${e})`), sql`, `)}`,
    );
    log(`${groups.length} zip code groups, ${ids.length} rules, ${uniq.length} rule–group links`);
    return { zip_code_groups: groups.length, compliance_restrictions: ids.length, compliance_restriction_zip_groups: uniq.length };
  },
};
