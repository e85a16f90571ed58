/** Vendor fee schemas: named sets of fees (written as a whole), and the preview of a basket's fees. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  dataResponse,
  FeePreview,
  FeePreviewRequest,
  IdParams,
  listResponse,
  VENDOR_FEE_SCHEMA_LIST,
  VendorFeeSchema,
  VendorFeeSchemaCreate,
  VendorFeeSchemaUpdate,
  centsText,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { action } from '../../http/kit.js';
import { auditedCreate, auditedDelete, auditedUpdate, inTx, loadOneOr404, lockRow, registerList, registerResource, type UniqueRule } from '../../http/crud.js';
import { insertRow, updateRow } from '../../db/write.js';
import { notFound, ruleViolated } from '../../http/errors.js';
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';
import { vendorFees, vendorFeeSchemas } from '../../db/schema/index.js';
import type { Actor } from '../../db/audit.js';
import { plural } from '../catalog/common.js';
import { VENDORS } from './common.js';
import { computeFees, shippingCost, type BasketLine, type FeeRule, type ShippingTerms, type UnitKind } from './fees.js';

const FEES_JSON = sql`coalesce((select json_agg(json_build_object(
      'id', f.id, 'name', f.name, 'application', f.application, 'amount_cents', f.amount_cents, 'unit_basis', f.unit_basis,
      'brand_id', f.brand_id, 'brand_name', (select b.name from brands b where b.id = f.brand_id),
      'category_id', f.category_id, 'category_name', (select c.name from categories c where c.id = f.category_id),
      'waived_above_cents', f.waived_above_cents, 'effective_from', f.effective_from::text, 'effective_to', f.effective_to::text,
      'sort_order', f.sort_order) order by f.sort_order, f.id)
    from vendor_fees f where f.fee_schema_id = s.id), '[]'::json)`;

export const feeSchemaList: ListSpec<VendorFeeSchema> = {
  from: sql`vendor_fee_schemas s`,
  select: sql`s.id, s.name, s.description, ${FEES_JSON} as fees,
              (select count(*)::int from vendors v where v.fee_schema_id = s.id) as vendor_count,
              s.created_at, s.updated_at, s.version`,
  sort: {
    ...columns('s', 'id', 'created_at', 'updated_at'),
    ...lowered('s', 'name'),
    vendor_count: sql`(select count(*) from vendors v where v.fee_schema_id = s.id)`,
  } satisfies Record<(typeof VENDOR_FEE_SCHEMA_LIST.sort)[number], unknown>,
  defaultSort: 'name',
  key: sql`s.id`,
  filters: filters.ints('s', 'id'),
  search: filters.ilike(sql`s.name`, sql`s.description`),
  csv: [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'Name' },
    { key: 'description', header: 'Description' },
    { key: 'vendor_count', header: 'Vendors' },
    {
      key: 'fees',
      header: 'Fees',
      value: (s) =>
        s.fees
          .map((f) => `${f.name}: ${centsText(f.amount_cents)} ${f.application === 'fixed' ? 'per order' : `per ${f.unit_basis === 'item' ? 'item' : f.unit_basis?.replace(/s$/, '')}`}`)
          .join('; '),
    },
  ],
};

const UNIQUE: UniqueRule[] = [{ constraint: 'vendor_fee_schemas_name_key', field: 'name', message: 'A fee schema with this name already exists' }];

const loadSchema = (t: Db, id: number) => loadOneOr404(t, feeSchemaList, id, 'fee schema');

/** The schema's fees become those sent, in their order; brands and categories must exist. */
async function writeFees(t: Db, schemaId: number, fees: VendorFeeSchemaCreate['fees']) {
  const brandIds = [...new Set(fees.flatMap((f) => (f.brand_id === null ? [] : [f.brand_id])))];
  const categoryIds = [...new Set(fees.flatMap((f) => (f.category_id === null ? [] : [f.category_id])))];
  const known = async (table: 'brands' | 'categories', ids: number[]) =>
    new Set(ids.length ? (await query<{ id: number }>(t, sql`select id from ${sql.identifier(table)} where id = any(${`{${ids.join(',')}}`}::int[])`)).map((r) => r.id) : []);
  const brands = await known('brands', brandIds);
  const categories = await known('categories', categoryIds);
  const fields: Record<string, string> = {};
  fees.forEach((f, i) => {
    if (f.brand_id !== null && !brands.has(f.brand_id)) fields[`fees.${i}.brand_id`] = 'No such brand';
    if (f.category_id !== null && !categories.has(f.category_id)) fields[`fees.${i}.category_id`] = 'No such category';
  });
  if (Object.keys(fields).length) throw ruleViolated('A fee names a brand or category that does not exist', fields);
  await t.execute(sql`delete from vendor_fees where fee_schema_id = ${schemaId}`);
  for (const [i, f] of fees.entries()) await insertRow(t, vendorFees, { fee_schema_id: schemaId, ...f, sort_order: i });
}

export async function createFeeSchema(db: Db, actor: Actor, body: VendorFeeSchemaCreate): Promise<VendorFeeSchema> {
  return inTx(
    db,
    async (t) => {
      const id = await insertRow(t, vendorFeeSchemas, { name: body.name, description: body.description });
      await writeFees(t, id, body.fees);
      return auditedCreate(t, actor, 'vendor_fee_schema', id, () => loadSchema(t, id));
    },
    UNIQUE,
  );
}

async function updateFeeSchema(db: Db, actor: Actor, id: number, body: VendorFeeSchemaUpdate) {
  return inTx(
    db,
    (t) =>
      auditedUpdate(t, actor, {
        entity: 'vendor_fee_schema',
        id,
        noun: 'fee schema',
        version: body.version,
        lock: () => lockRow(t, 'vendor_fee_schemas', id, 'fee schema'),
        load: () => loadSchema(t, id),
        write: async () => {
          const ok = await updateRow(t, vendorFeeSchemas, id, body.version, { name: body.name, description: body.description });
          if (ok) await writeFees(t, id, body.fees);
          return ok;
        },
      }),
    UNIQUE,
  );
}

async function deleteFeeSchema(db: Db, actor: Actor, id: number) {
  await inTx(db, (t) =>
    auditedDelete(t, actor, {
      entity: 'vendor_fee_schema',
      id,
      lock: () => lockRow(t, 'vendor_fee_schemas', id, 'fee schema'),
      load: () => loadSchema(t, id),
      remove: async (s) => {
        if (s.vendor_count) throw ruleViolated(`${s.name} is the fee schema of ${plural(s.vendor_count, 'vendor')}. Give them another schema (or none) first.`);
        await t.execute(sql`delete from vendor_fee_schemas where id = ${id}`);
      },
    }),
  );
}

/** Today in UTC as `YYYY-MM-DD`. */
const today = () => new Date().toISOString().slice(0, 10);

interface VariantFacts {
  variant_id: number;
  sku: string;
  product_title: string | null;
  brand_id: number | null;
  category_ids: number[];
  unit_kind: UnitKind;
  units_per_package: number;
  variant_cost_cents: number | null;
  vendor_cost_cents: number | null;
}

/** What the fees look at of each variant: brand, categories with their ancestors, unit and package size, costs. */
async function variantFacts(db: Db, ids: number[], vendorId: number | null): Promise<Map<number, VariantFacts>> {
  const rows = await query<VariantFacts>(
    db,
    sql`with recursive cats(product_id, category_id) as (
          select pc.product_id, pc.category_id from product_categories pc
           where pc.product_id in (select product_id from variants where id = any(${`{${ids.join(',')}}`}::int[]))
          union
          select cats.product_id, c.parent_id from cats join categories c on c.id = cats.category_id where c.parent_id is not null
        )
        select v.id as variant_id, v.sku, p.title as product_title, p.brand_id, p.variation_type as unit_kind, v.units_per_package,
               v.cost_cents as variant_cost_cents,
               ${vendorId === null ? sql`null::int` : sql`(select vp.cost_cents from vendor_products vp where vp.vendor_id = ${vendorId} and vp.variant_id = v.id order by vp.cost_cents nulls last limit 1)`} as vendor_cost_cents,
               coalesce((select array_agg(distinct cats.category_id) from cats where cats.product_id = p.id), '{}') as category_ids
          from variants v join products p on p.id = v.product_id
         where v.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [r.variant_id, { ...r, category_ids: (r.category_ids ?? []).map(Number) }]));
}

export async function previewFees(db: Db, schemaId: number, body: FeePreviewRequest): Promise<FeePreview> {
  const schema = await loadSchema(db, schemaId);
  const vendorId = body.vendor_id ?? null;
  const vendor = vendorId === null ? null : await queryOne<ShippingTerms & { id: number; name: string }>(
    db,
    sql`select id, name, shipping_model, shipping_cents, free_shipping_above_cents, shipping_tiers from vendors where id = ${vendorId}`,
  );
  if (vendorId !== null && !vendor) throw ruleViolated(`Unknown vendor ${vendorId}`, { vendor_id: 'No such vendor' });
  const facts = await variantFacts(db, [...new Set(body.lines.map((l) => l.variant_id))], vendorId);
  const missing = body.lines.flatMap((l, i) => (facts.has(l.variant_id) ? [] : [[`lines.${i}.variant_id`, 'No such variant'] as const]));
  if (missing.length) throw ruleViolated('A line names a variant that does not exist', Object.fromEntries(missing));

  const basket = body.lines.map((l) => {
    const f = facts.get(l.variant_id)!;
    const unit_cost_cents = l.unit_cost_cents ?? f.vendor_cost_cents ?? f.variant_cost_cents ?? 0;
    return { f, line: { variant_id: l.variant_id, brand_id: f.brand_id, category_ids: f.category_ids, quantity: l.quantity, unit_kind: f.unit_kind, units_per_package: f.units_per_package, unit_cost_cents } satisfies BasketLine };
  });
  const fees: FeeRule[] = schema.fees.map((f) => ({ ...f }));
  const date = body.date ?? today();
  const result = computeFees({ fees, lines: basket.map((b) => b.line), date });
  const packages = basket.reduce((s, b) => s + b.line.quantity, 0);
  return {
    date,
    vendor: vendor ? { id: vendor.id, name: vendor.name } : null,
    basket: basket.map(({ f, line }) => ({
      variant_id: line.variant_id,
      sku: f.sku,
      product_title: f.product_title,
      quantity: line.quantity,
      unit_kind: line.unit_kind,
      units_per_package: line.units_per_package,
      unit_cost_cents: line.unit_cost_cents,
      line_cents: line.quantity * line.unit_cost_cents,
    })),
    order_amount_cents: result.order_amount_cents,
    fees: result.fees,
    fees_cents: result.total_cents,
    shipping_cents: vendor ? shippingCost(vendor, result.order_amount_cents, packages) : null,
  };
}

export function feeSchemaRoutes(app: FastifyInstance, db: Db) {
  registerList(app, db, {
    url: '/api/vendor-fee-schema',
    permission: VENDORS.read,
    tags: VENDORS.tags,
    summary: 'List vendor fee schemas with their fees',
    response: listResponse(VendorFeeSchema),
    fields: VENDOR_FEE_SCHEMA_LIST, spec: feeSchemaList,
    filename: 'vendor-fee-schemas',
  });
  registerResource(app, {
    resource: 'vendor-fee-schema',
    tags: VENDORS.tags,
    read: VENDORS.read,
    write: VENDORS.write,
    item: VendorFeeSchema,
    get: { summary: 'Get one fee schema with its fees', load: (id) => loadSchema(db, id) },
    create: { summary: 'Create a fee schema with its fees', body: VendorFeeSchemaCreate, run: (actor, body) => createFeeSchema(db, actor, body) },
    update: { summary: 'Update a fee schema (its fees are replaced by those sent)', body: VendorFeeSchemaUpdate, run: (actor, id, body) => updateFeeSchema(db, actor, id, body) },
    remove: { summary: 'Delete a fee schema no vendor uses', run: (actor, id) => deleteFeeSchema(db, actor, id) },
  });
  action(app, {
    method: 'POST',
    url: '/api/vendor-fee-schema/:id/preview',
    access: VENDORS.read,
    tags: VENDORS.tags,
    summary: "The fees of a basket under this schema, fee by fee with why (and, given a vendor, its costs and shipping); writes nothing",
    params: IdParams,
    body: FeePreviewRequest,
    response: { 200: dataResponse(FeePreview) },
    handler: async (req) => {
      if (!req.params) throw notFound('The fee schema');
      return { data: await previewFees(db, req.params.id, req.body) };
    },
  });
}
