import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Category,
  CategoryCreate,
  CategoryDeleteQuery,
  CategoryListQuery,
  CategoryNode,
  CategorySort,
  CategoryUpdate,
  type CategoryNode as CategoryNodeT,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { auditedCreate, auditedDelete, auditedUpdate, inTx, registerResource } from '../../http/crud.js';
import { insertRow, updateRow } from '../../db/write.js';
import { notFound, ruleViolated } from '../../http/errors.js';
import { audit, type Actor } from '../../db/audit.js';
import { CATALOG, intArray, plural, slugify } from './common.js';
import { action } from '../../http/kit.js';

const CATEGORY_UNIQUE = [{ constraint: 'categories_slug_key', field: 'slug', message: 'Another category already has this slug' }];
/** Serialises changes to the tree's shape (create, move, delete, sort). */
const lockTree = (t: Db) => t.execute(sql`select pg_advisory_xact_lock(724101)`);

type FlatRow = Category & { ord: number[] };

/** Every category in tree order (depth first, by sort_order then id) with depth, path and counts. */
export async function loadCategories(db: Db, ids?: number[]): Promise<Category[]> {
  const rows = await query<FlatRow>(
    db,
    sql`with recursive tree as (
          select c.id, c.parent_id, c.name, c.slug, c.sort_order, c.version, 0 as depth, c.name::text as path,
                 array[c.sort_order, c.id] as ord
            from categories c where c.parent_id is null
          union all
          select c.id, c.parent_id, c.name, c.slug, c.sort_order, c.version, t.depth + 1, t.path || ' › ' || c.name,
                 t.ord || array[c.sort_order, c.id]
            from categories c join tree t on c.parent_id = t.id
        ),
        pc as (select category_id, count(*)::int as n from product_categories group by category_id),
        fc as (select category_id, count(*)::int as n from product_family_categories group by category_id),
        ch as (select parent_id, count(*)::int as n from categories where parent_id is not null group by parent_id)
        select tree.id, tree.parent_id, tree.name, tree.slug, tree.sort_order, tree.version, tree.depth, tree.path,
               coalesce(pc.n, 0) + coalesce(fc.n, 0) as product_count, coalesce(ch.n, 0) as child_count
          from tree
          left join pc on pc.category_id = tree.id
          left join fc on fc.category_id = tree.id
          left join ch on ch.parent_id = tree.id
         ${ids ? sql`where tree.id = any(${intArray(ids)})` : sql``}
         order by tree.ord`,
  );
  return rows;
}

export function toTree(flat: Category[]): CategoryNodeT[] {
  const nodes = new Map<number, CategoryNodeT>();
  const roots: CategoryNodeT[] = [];
  for (const c of flat)
    nodes.set(c.id, {
      id: c.id,
      parent_id: c.parent_id,
      name: c.name,
      slug: c.slug,
      sort_order: c.sort_order,
      product_count: c.product_count,
      version: c.version,
      children: [],
    });
  // `flat` is in tree order, so children are appended in their order.
  for (const c of flat) {
    const node = nodes.get(c.id)!;
    if (c.parent_id === null) roots.push(node);
    else nodes.get(c.parent_id)?.children.push(node);
  }
  return roots;
}

async function loadCategory(db: Db, id: number): Promise<Category> {
  const [c] = await loadCategories(db, [id]);
  if (!c) throw notFound('The category');
  return c;
}

/** Ids of a category and all its descendants. */
export async function descendantsOf(db: Db, id: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`with recursive d as (select id from categories where id = ${id}
                             union all select c.id from categories c join d on c.parent_id = d.id)
        select id from d`,
  );
  return rows.map((r) => r.id);
}

async function assertParent(t: Db, parentId: number | null, movingId?: number) {
  if (parentId === null) return;
  const parent = await queryOne(t, sql`select id from categories where id = ${parentId}`);
  if (!parent) throw ruleViolated(`Unknown parent category ${parentId}`, { parent_id: 'Unknown category' });
  if (movingId !== undefined && (await descendantsOf(t, movingId)).includes(parentId))
    throw ruleViolated('A category cannot be moved under itself or one of its own subcategories.', { parent_id: 'Would create a cycle' });
}

async function uniqueSlug(t: Db, name: string, parentId: number | null): Promise<string> {
  const base = slugify(name);
  const taken = async (s: string) => Boolean(await queryOne(t, sql`select 1 as x from categories where slug = ${s}`));
  if (!(await taken(base))) return base;
  if (parentId !== null) {
    const p = await queryOne<{ slug: string }>(t, sql`select slug from categories where id = ${parentId}`);
    const withParent = `${p!.slug}-${base}`.slice(0, 120);
    if (!(await taken(withParent))) return withParent;
  }
  for (let i = 2; ; i++) if (!(await taken(`${base}-${i}`))) return `${base}-${i}`;
}

export async function createCategory(db: Db, actor: Actor, body: z.infer<typeof CategoryCreate>): Promise<Category> {
  return inTx(
    db,
    async (t) => {
      await lockTree(t);
      await assertParent(t, body.parent_id);
      const slug = body.slug ?? (await uniqueSlug(t, body.name, body.parent_id));
      const sortOrder =
        body.sort_order ??
        (await queryOne<{ n: number }>(
          t,
          sql`select coalesce(max(sort_order) + 1, 0)::int as n from categories where parent_id is not distinct from ${body.parent_id}::int`,
        ))!.n;
      const id = await insertRow(t, 'categories', { parent_id: body.parent_id, name: body.name, slug, sort_order: sortOrder });
      return auditedCreate(t, actor, 'category', id, () => loadCategory(t, id));
    },
    CATEGORY_UNIQUE,
  );
}

export async function updateCategory(db: Db, actor: Actor, id: number, body: z.infer<typeof CategoryUpdate>): Promise<Category> {
  return inTx(
    db,
    (t) =>
      auditedUpdate(t, actor, {
        entity: 'category',
        id,
        noun: 'category',
        lock: () => lockTree(t),
        load: () => loadCategory(t, id),
        write: async (before) => {
          if (body.parent_id !== before.parent_id) await assertParent(t, body.parent_id, id);
          const row = { name: body.name, slug: body.slug, parent_id: body.parent_id, sort_order: body.sort_order };
          return updateRow(t, 'categories', id, body.version, row);
        },
      }),
    CATEGORY_UNIQUE,
  );
}

/**
 * Deletes a category. One with subcategories, products or families needs `moveTo`: the subcategories
 * are re-parented under it (after its own children) and the products and families are filed under it.
 */
export async function deleteCategory(db: Db, actor: Actor, id: number, moveTo: number | undefined) {
  await inTx(db, (t) =>
    auditedDelete(t, actor, {
      entity: 'category',
      id,
      lock: () => lockTree(t),
      load: () => loadCategory(t, id),
      remove: async (before) => {
        const items = before.product_count;
        const children = before.child_count;
        if (moveTo === undefined) {
          if (items || children)
            throw ruleViolated(
              `${before.name} has ${plural(children, 'subcategory', 'subcategories')} and ${plural(items, 'product or family', 'products and families')}. ` +
                'Say where they go: delete with ?move_to=<category id>.',
              { move_to: 'Choose the category that receives them' },
            );
        } else {
          const target = await queryOne<{ id: number }>(t, sql`select id from categories where id = ${moveTo}`);
          if (!target) throw ruleViolated(`Unknown category ${moveTo}`, { move_to: 'Unknown category' });
          if ((await descendantsOf(t, id)).includes(moveTo))
            throw ruleViolated('The receiving category cannot be the deleted category or one of its subcategories.', { move_to: 'Inside the deleted category' });
          await t.execute(sql`
            update categories c set parent_id = ${moveTo},
                   sort_order = c.sort_order + (select coalesce(max(sort_order) + 1, 0) from categories where parent_id = ${moveTo}),
                   version = version + 1, updated_at = now()
             where c.parent_id = ${id}`);
          await t.execute(sql`insert into product_categories (product_id, category_id)
                              select product_id, ${moveTo} from product_categories where category_id = ${id} on conflict do nothing`);
          await t.execute(sql`insert into product_family_categories (product_family_id, category_id)
                              select product_family_id, ${moveTo} from product_family_categories where category_id = ${id} on conflict do nothing`);
        }
        await t.execute(sql`delete from product_categories where category_id = ${id}`);
        await t.execute(sql`delete from product_family_categories where category_id = ${id}`);
        await t.execute(sql`delete from categories where id = ${id}`);
      },
      after: (before) =>
        moveTo === undefined ? null : { moved_to: moveTo, subcategories_moved: before.child_count, items_moved: before.product_count },
    }),
  );
}

/**
 * Applies a flattened tree (`{id, parent_id, sort_order}` per category) atomically. Unknown ids and
 * cycles are refused before anything is written.
 */
export async function sortCategories(db: Db, actor: Actor, body: z.infer<typeof CategorySort>) {
  await inTx(db, async (t) => {
    await lockTree(t);
    const all = await query<{ id: number; parent_id: number | null; sort_order: number }>(t, sql`select id, parent_id, sort_order from categories`);
    const current = new Map(all.map((c) => [c.id, c]));
    const fields: Record<string, string> = {};
    body.data.forEach((x, i) => {
      if (!current.has(x.id)) fields[`data.${i}.id`] = `Unknown category ${x.id}`;
      if (x.parent_id !== null && !current.has(x.parent_id)) fields[`data.${i}.parent_id`] = `Unknown category ${x.parent_id}`;
    });
    if (Object.keys(fields).length) throw ruleViolated('The new order names categories that do not exist. Reload the tree and try again.', fields);

    const parent = new Map(all.map((c) => [c.id, c.parent_id]));
    for (const x of body.data) parent.set(x.id, x.parent_id);
    for (const [i, x] of body.data.entries()) {
      const seen = new Set<number>([x.id]);
      for (let p = parent.get(x.id) ?? null; p !== null; p = parent.get(p) ?? null) {
        if (seen.has(p)) {
          throw ruleViolated(`Category ${x.id} would end up inside its own subtree. Nothing was changed.`, {
            [`data.${i}.parent_id`]: 'Would create a cycle',
          });
        }
        seen.add(p);
      }
    }
    const changed = body.data.filter((x) => {
      const c = current.get(x.id)!;
      return c.parent_id !== x.parent_id || c.sort_order !== x.sort_order;
    });
    if (!changed.length) return;
    const values = sql.join(
      changed.map((x) => sql`(${x.id}::int, ${x.parent_id}::int, ${x.sort_order}::int)`),
      sql`, `,
    );
    await t.execute(sql`
      update categories c set parent_id = v.parent_id, sort_order = v.sort_order, version = c.version + 1, updated_at = now()
        from (values ${values}) as v(id, parent_id, sort_order)
       where c.id = v.id`);
    await audit(t, actor, {
      action: 'sort',
      entity: 'category',
      entityId: null,
      before: { data: changed.map((x) => current.get(x.id)) },
      after: { data: changed },
    });
  });
}

export function categoryRoutes(app: FastifyInstance, db: Db) {
  const { tags } = CATALOG;

  action(app, {
    method: 'GET',
    url: '/api/category',
    access: 'catalog.read',
    tags,
    summary: 'The category tree (nested `children`); `?flat=true` gives the flat list in tree order with depth and path',
    query: CategoryListQuery,
    response: { 200: z.object({ data: z.union([z.array(CategoryNode), z.array(Category)]) }) },
    handler: async (req) => {
      const flat = await loadCategories(db);
      return { data: req.query.flat === 'true' ? flat : toTree(flat) };
    },
  });

  registerResource(app, {
    resource: 'category',
    ...CATALOG,
    item: Category,
    get: { summary: 'One category', load: (id) => loadCategory(db, id) },
    create: {
      summary: 'Create a category (slug and sort order are derived when left out)',
      body: CategoryCreate,
      run: (actor, body) => createCategory(db, actor, body),
    },
    update: {
      summary: 'Update a category (moving it under its own subtree is refused)',
      body: CategoryUpdate,
      run: (actor, id, body) => updateCategory(db, actor, id, body),
    },
    remove: {
      summary: 'Delete a category; one with subcategories or products needs ?move_to=<id>, where they go',
      query: CategoryDeleteQuery,
      run: (actor, id, query) => deleteCategory(db, actor, id, query.move_to),
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/category/sort',
    access: 'catalog.write',
    tags,
    summary: 'Reorder and re-parent categories atomically; returns the new tree',
    body: CategorySort,
    response: { 200: z.object({ data: z.array(CategoryNode) }) },
    handler: async (req) => {
      await sortCategories(db, actorOf(req), req.body);
      return { data: toTree(await loadCategories(db)) };
    },
  });

}
