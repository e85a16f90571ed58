import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Modifier,
  ModifierCreate,
  ModifierOption,
  ModifierOptionCreate,
  ModifierOptionParams,
  ModifierOptionUpdate,
  ModifierParams,
  ModifierUpdate,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { auditedCreate, auditedDelete, auditedUpdate, inTx, registerResource } from '../../http/crud.js';
import { badRequest, notFound, ruleViolated } from '../../http/errors.js';
import { audit, type Actor } from '../../db/audit.js';
import { CATALOG, clearDefault, intArray, promoteDefault } from './common.js';
import { loadModifiers } from './queries.js';
import { action } from '../../http/kit.js';

/**
 * Modifiers of a product or a family, and their options. Each option applies to some of the owner's
 * variants: a product's own variants, or the variants added to the family. One option per modifier is
 * the default (partial unique index); setting a default clears the siblings' in the same transaction.
 */

interface ModifierHead {
  id: number;
  product_id: number | null;
  product_family_id: number | null;
  version: number;
}

async function lockModifier(t: Db, id: number): Promise<ModifierHead> {
  const m = await queryOne<ModifierHead>(t, sql`select id, product_id, product_family_id, version from modifiers where id = ${id} for update`);
  if (!m) throw notFound('The modifier');
  return m;
}

async function loadModifier(t: Db, id: number): Promise<Modifier> {
  const [m] = await loadModifiers(t, sql`m.id = ${id}`);
  if (!m) throw notFound('The modifier');
  return m;
}

/** The variants an option of this owner may apply to. */
async function allowedVariants(t: Db, owner: { product_id: number | null; product_family_id: number | null }): Promise<Set<number>> {
  const rows =
    owner.product_id !== null
      ? await query<{ id: number }>(t, sql`select id from variants where product_id = ${owner.product_id}`)
      : await query<{ id: number }>(t, sql`select variant_id as id from product_family_variants where product_family_id = ${owner.product_family_id}`);
  return new Set(rows.map((r) => r.id));
}

function checkVariants(allowed: Set<number>, ids: number[], field: string, familyOwned: boolean) {
  if (new Set(ids).size !== ids.length) throw badRequest('A variant is listed twice', { [field]: 'A variant is listed twice' });
  const outside = ids.filter((i) => !allowed.has(i));
  if (outside.length) {
    const msg = familyOwned
      ? `Variant ${outside.join(', ')} is not in this family. Add it to the family first.`
      : `Variant ${outside.join(', ')} is not a variant of this product.`;
    throw ruleViolated(msg, { [field]: msg });
  }
}

async function setOptionVariants(t: Db, optionId: number, variantIds: number[]) {
  await t.execute(sql`delete from modifier_option_variants where modifier_option_id = ${optionId}`);
  if (variantIds.length)
    await t.execute(sql`insert into modifier_option_variants (modifier_option_id, variant_id) select ${optionId}, unnest(${intArray(variantIds)})`);
}

/** One option of a modifier, with all of the modifier's options; 404 when it is not one of them. */
async function optionOf(t: Db, modifierId: number, optionId: number) {
  const { options } = await loadModifier(t, modifierId);
  const option = options.find((o) => o.id === optionId);
  if (!option) throw notFound('The option');
  return { option, options };
}

/**
 * Drops option → variant links of a family's modifiers that point at variants no longer in the family
 * (re-sync after a change of the family's variants or modifiers). Returns the removed links.
 */
export async function pruneFamilyOptionLinks(t: Db, familyId: number, variantId?: number) {
  return query<{ modifier_option_id: number; variant_id: number }>(
    t,
    sql`delete from modifier_option_variants mov
         using modifier_options o, modifiers m
         where o.id = mov.modifier_option_id and m.id = o.modifier_id and m.product_family_id = ${familyId}
           and ${variantId === undefined ? sql`true` : sql`mov.variant_id = ${variantId}`}
           and not exists (select 1 from product_family_variants pfv where pfv.product_family_id = ${familyId} and pfv.variant_id = mov.variant_id)
        returning mov.modifier_option_id, mov.variant_id`,
  );
}

async function insertOption(t: Db, modifierId: number, o: { label: string; is_default: boolean; sort_order?: number }, index: number) {
  const row = await queryOne<{ id: number }>(
    t,
    sql`insert into modifier_options (modifier_id, label, is_default, sort_order)
        values (${modifierId}, ${o.label}, ${o.is_default},
                ${o.sort_order ?? sql`(select coalesce(max(sort_order) + 1, ${index}) from modifier_options where modifier_id = ${modifierId})`})
        returning id`,
  );
  return row!.id;
}

export async function createModifier(db: Db, actor: Actor, body: z.infer<typeof ModifierCreate>): Promise<Modifier> {
  return inTx(db, async (t) => {
    const owner = { product_id: body.product_id ?? null, product_family_id: body.product_family_id ?? null };
    const ownerRow =
      owner.product_id !== null
        ? await queryOne(t, sql`select id from products where id = ${owner.product_id} for update`)
        : await queryOne(t, sql`select id from product_families where id = ${owner.product_family_id} for update`);
    if (!ownerRow)
      throw ruleViolated(owner.product_id !== null ? 'Unknown product' : 'Unknown product family', {
        [owner.product_id !== null ? 'product_id' : 'product_family_id']: 'Not found',
      });
    const options = body.options ?? [];
    const allowed = await allowedVariants(t, owner);
    options.forEach((o, i) => checkVariants(allowed, o.variant_ids, `options.${i}.variant_ids`, owner.product_family_id !== null));
    const row = await queryOne<{ id: number }>(
      t,
      sql`insert into modifiers (product_id, product_family_id, name, display_type, sort_order)
          values (${owner.product_id}, ${owner.product_family_id}, ${body.name}, ${body.display_type},
                  ${body.sort_order ?? sql`(select coalesce(max(sort_order) + 1, 0) from modifiers
                                            where ${owner.product_id !== null ? sql`product_id = ${owner.product_id}` : sql`product_family_id = ${owner.product_family_id}`})`})
          returning id`,
    );
    const id = row!.id;
    const defaultIndex = Math.max(0, options.findIndex((o) => o.is_default));
    for (const [i, o] of options.entries()) {
      const optionId = await insertOption(t, id, { ...o, is_default: i === defaultIndex, sort_order: o.sort_order ?? i }, i);
      await setOptionVariants(t, optionId, o.variant_ids);
    }
    return auditedCreate(t, actor, 'modifier', id, () => loadModifier(t, id));
  });
}

/**
 * Updates a modifier. With `options`, the option set is re-synced: listed options with an id are
 * updated, without an id created, the others removed; each option's variants become exactly those listed.
 */
export async function updateModifier(db: Db, actor: Actor, id: number, body: z.infer<typeof ModifierUpdate>): Promise<Modifier> {
  return inTx(db, async (t) => {
    const head = await lockModifier(t, id);
    return auditedUpdate(t, actor, {
      entity: 'modifier',
      id,
      noun: 'modifier',
      version: body.version,
      load: () => loadModifier(t, id),
      write: async (before) => {
        await t.execute(
          sql`update modifiers set name = ${body.name}, display_type = ${body.display_type}, sort_order = ${body.sort_order ?? before.sort_order},
                     version = version + 1, updated_at = now() where id = ${id}`,
        );
        if (body.options) await syncOptions(t, head, before, body.options);
        if (head.product_family_id !== null) await pruneFamilyOptionLinks(t, head.product_family_id);
      },
    });
  });
}

/** Re-syncs a modifier's options with `options` (see updateModifier). */
async function syncOptions(t: Db, head: ModifierHead, before: Modifier, options: NonNullable<z.infer<typeof ModifierUpdate>['options']>) {
  const id = head.id;
  const existing = new Set(before.options.map((o) => o.id));
  const allowed = await allowedVariants(t, head);
  options.forEach((o, i) => {
    if (o.id !== undefined && !existing.has(o.id))
      throw ruleViolated(`Option ${o.id} is not an option of this modifier.`, { [`options.${i}.id`]: 'Not an option of this modifier' });
    checkVariants(allowed, o.variant_ids, `options.${i}.variant_ids`, head.product_family_id !== null);
  });
  const keep = options.filter((o) => o.id !== undefined).map((o) => o.id!);
  if (new Set(keep).size !== keep.length) throw badRequest('An option is listed twice', { options: 'An option is listed twice' });
  await t.execute(sql`delete from modifier_options where modifier_id = ${id} and not (id = any(${intArray(keep)}))`);
  // Defaults: the one marked, else the surviving default, else the first option.
  const marked = options.findIndex((o) => o.is_default);
  const survivingDefault = options.findIndex((o) => o.id !== undefined && before.options.find((b) => b.id === o.id)?.is_default);
  const defaultIndex = marked >= 0 ? marked : survivingDefault >= 0 ? survivingDefault : 0;
  await clearDefault(t, 'modifier_options', 'modifier_id', id);
  for (const [i, o] of options.entries()) {
    const isDefault = i === defaultIndex;
    let optionId = o.id;
    if (optionId === undefined) optionId = await insertOption(t, id, { ...o, is_default: isDefault, sort_order: o.sort_order ?? i }, i);
    else
      await t.execute(sql`update modifier_options set label = ${o.label}, is_default = ${isDefault}, sort_order = ${o.sort_order ?? i},
                                  version = version + 1, updated_at = now() where id = ${optionId}`);
    await setOptionVariants(t, optionId, o.variant_ids);
  }
}

export async function deleteModifier(db: Db, actor: Actor, id: number) {
  await inTx(db, (t) =>
    auditedDelete(t, actor, {
      entity: 'modifier',
      id,
      lock: () => lockModifier(t, id),
      load: () => loadModifier(t, id),
      remove: () => t.execute(sql`delete from modifiers where id = ${id}`),
    }),
  );
}

const optionResponse = z.object({ data: ModifierOption, options: z.array(ModifierOption) });

export function modifierRoutes(app: FastifyInstance, db: Db) {
  const { tags } = CATALOG;

  registerResource(app, {
    resource: 'modifier',
    ...CATALOG,
    item: Modifier,
    create: {
      summary: 'Create a modifier of a product or a family, with options (the first is the default unless one is marked)',
      body: ModifierCreate,
      run: (actor, body) => createModifier(db, actor, body),
    },
    update: {
      summary: 'Update a modifier; `options` (optional) re-syncs its options and their variants',
      body: ModifierUpdate,
      run: (actor, id, body) => updateModifier(db, actor, id, body),
    },
    remove: { summary: 'Delete a modifier and its options', run: (actor, id) => deleteModifier(db, actor, id) },
  });

  action(app, {
    method: 'POST',
    url: '/api/modifier/:modifierId/option',
    access: 'catalog.write',
    tags,
    summary: 'Add an option (the first option is the default; is_default true clears the others); `options` = all options after the change',
    params: ModifierParams,
    body: ModifierOptionCreate,
    response: { 201: optionResponse },
    handler: async (req, reply) => {
      const out = await inTx(db, async (t) => {
        const head = await lockModifier(t, req.params.modifierId);
        checkVariants(await allowedVariants(t, head), req.body.variant_ids, 'variant_ids', head.product_family_id !== null);
        const n = (await queryOne<{ n: number }>(t, sql`select count(*)::int as n from modifier_options where modifier_id = ${head.id}`))!.n;
        const isDefault = n === 0 || req.body.is_default;
        if (isDefault) await clearDefault(t, 'modifier_options', 'modifier_id', head.id);
        const optionId = await insertOption(t, head.id, { ...req.body, is_default: isDefault }, n);
        await setOptionVariants(t, optionId, req.body.variant_ids);
        const m = await loadModifier(t, head.id);
        const data = m.options.find((o) => o.id === optionId)!;
        await audit(t, actorOf(req), { action: 'create', entity: 'modifier_option', entityId: optionId, after: data });
        return { data, options: m.options };
      });
      return reply.status(201).send(out);
    },
  });

  action(app, {
    method: 'PUT',
    url: '/api/modifier/:modifierId/option/:id',
    access: 'catalog.write',
    tags,
    summary: 'Update an option and the variants it applies to; is_default true clears the others in the same transaction',
    params: ModifierOptionParams,
    body: ModifierOptionUpdate,
    response: { 200: optionResponse },
    handler: async (req) =>
      inTx(db, async (t) => {
        const head = await lockModifier(t, req.params.modifierId);
        let options: ModifierOption[] = [];
        const data = await auditedUpdate(t, actorOf(req), {
          entity: 'modifier_option',
          id: req.params.id,
          noun: 'option',
          version: req.body.version,
          load: async () => {
            const found = await optionOf(t, head.id, req.params.id);
            options = found.options;
            return found.option;
          },
          write: async (before) => {
            if (before.is_default && !req.body.is_default)
              throw ruleViolated('A modifier always has one default option. Make another option the default instead.', {
                is_default: 'Make another option the default instead',
              });
            checkVariants(await allowedVariants(t, head), req.body.variant_ids, 'variant_ids', head.product_family_id !== null);
            if (req.body.is_default && !before.is_default) await clearDefault(t, 'modifier_options', 'modifier_id', head.id, before.id);
            await t.execute(sql`update modifier_options set label = ${req.body.label}, is_default = ${req.body.is_default},
                                       sort_order = ${req.body.sort_order ?? before.sort_order}, version = version + 1, updated_at = now()
                                 where id = ${before.id}`);
            await setOptionVariants(t, before.id, req.body.variant_ids);
          },
        });
        return { data, options };
      }),
  });

  action(app, {
    method: 'DELETE',
    url: '/api/modifier/:modifierId/option/:id',
    access: 'catalog.write',
    tags,
    summary: 'Remove an option; when it was the default, the first remaining option becomes the default',
    params: ModifierOptionParams,
    response: { 200: z.object({ options: z.array(ModifierOption) }) },
    handler: async (req) =>
      inTx(db, async (t) => {
        const head = await lockModifier(t, req.params.modifierId);
        await auditedDelete(t, actorOf(req), {
          entity: 'modifier_option',
          id: req.params.id,
          load: async () => (await optionOf(t, head.id, req.params.id)).option,
          remove: async (before) => {
            await t.execute(sql`delete from modifier_options where id = ${before.id}`);
            if (before.is_default) await promoteDefault(t, 'modifier_options', 'modifier_id', head.id, sql`sort_order, id`);
          },
        });
        return { options: (await loadModifier(t, head.id)).options };
      }),
  });
}
