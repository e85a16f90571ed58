/**
 * Vendors' catalogues (`vendor-product`): the list (every vendor's, or one vendor's under
 * `vendor/{id}/product`), corrections by hand, matching to our variants (by a person, or again
 * automatically for a vendor), and imports of vendors' price/stock files (`vendor/{id}/import/…`,
 * `vendor-import`). Reading needs vendors.read; every write vendors.write.
 */
import { sql } from 'drizzle-orm';
import {
  dataResponse,
  IdParams,
  ImportApplyBody,
  ImportColumns,
  ImportFileBody,
  ImportPreviewBody,
  ImportStarted,
  ListQuery,
  listResponse,
  VendorImport,
  VENDOR_IMPORT_LIST,
  VENDOR_PRODUCT_LIST,
  VendorMatchResult,
  VendorProduct,
  VendorProductMatch,
  VendorProductUpdate,
} from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { auditedDelete, auditedUpdate, inTx, loadOneOr404, lockRow, registerList, registerResource } from '../../http/crud.js';
import { badRequest } from '../../http/errors.js';
import { action, type Kit } from '../../http/kit.js';
import { columns, filters, runListJson, sendCsv, type ListSpec } from '../../http/list.js';
import { audit, type Actor } from '../../db/audit.js';
import { applyJob, IMPORT_FROM, IMPORT_SELECT, importById, importColumns, previewJob, startApply, startPreview, vendorOr404 } from './import.js';
import { matchVendor } from './matching.js';

const READ = 'vendors.read' as const;
const WRITE = 'vendors.write' as const;
const tags = ['vendor catalogue'];

/** A line's variant and product, looked up for the rows of a page (the list itself is one table). */
const variantOf = (expr: string) => sql.raw(`(select ${expr} from variants v left join products p on p.id = v.product_id where v.id = vp.variant_id)`);

export const vendorProductList: ListSpec<VendorProduct> = {
  // One table: a page of 1.5 million lines walks its sort's index and names its 25 rows afterwards;
  // joined to vendors, variants and products, every page sorted the whole join.
  from: sql`vendor_products vp`,
  select: sql`vp.id, vp.vendor_id, (select ve.name from vendors ve where ve.id = vp.vendor_id) as vendor_name, vp.vendor_sku, vp.name, vp.upc, vp.variant_id,
              ${variantOf('v.sku')} as variant_sku, ${variantOf('v.product_id')} as product_id, ${variantOf('p.title')} as product_title,
              vp.match_method, vp.cost_cents, vp.quantity_available, vp.can_drop_ship,
              vp.map_cents, vp.last_synced_at, vp.created_at, vp.updated_at, vp.version`,
  sort: {
    ...columns('vp', 'id', 'cost_cents', 'quantity_available', 'map_cents', 'last_synced_at', 'updated_at', 'upc'),
    vendor_sku: sql`upper(vp.vendor_sku)`,
    name: sql`lower(vp.name)`,
    variant_sku: variantOf('upper(v.sku)'),
  } satisfies Record<(typeof VENDOR_PRODUCT_LIST.sort)[number], unknown>,
  defaultSort: 'vendor_sku',
  key: sql`vp.id`,
  filters: {
    ...filters.ints('vp', 'id', 'vendor_id', 'variant_id'),
    matched: filters.bool(sql`(vp.variant_id is not null)`, 'matched'),
    can_drop_ship: filters.bool(sql`vp.can_drop_ship`, 'can_drop_ship'),
    in_stock: filters.bool(sql`(vp.quantity_available > 0)`, 'in_stock'),
    match_method: (values: string[]) => {
      for (const v of values)
        if (!['upc', 'sku', 'manual'].includes(v)) throw badRequest(`Unknown match method ${v}`, { 'filter.match_method': 'Unknown match method' });
      return filters.eq(sql`vp.match_method`)(values);
    },
  } satisfies Record<(typeof VENDOR_PRODUCT_LIST.filter)[number], unknown>,
  // a part of the vendor's SKU or of the line's name (the trigram index of migration 0032), the UPC
  // exactly, or the start of our variant's SKU (its prefix index): three index scans, or'ed
  search: (q: string) => {
    const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    return sql`(lower(vp.vendor_sku || ' ' || coalesce(vp.name, '')) like ${`%${escaped.toLowerCase()}%`} or vp.upc = ${q}
                or vp.variant_id = any(array(select v.id from variants v where upper(v.sku) like ${`${escaped.toUpperCase()}%`})))`;
  },
};

export const vendorImportList: ListSpec<VendorImport> = {
  from: IMPORT_FROM,
  select: IMPORT_SELECT,
  sort: columns('i', 'id', 'created_at') satisfies Record<(typeof VENDOR_IMPORT_LIST.sort)[number], unknown>,
  defaultSort: '-id',
  key: sql`i.id`,
  filters: { ...filters.ints('i', 'vendor_id'), ...filters.eqs('i', 'status') } satisfies Record<(typeof VENDOR_IMPORT_LIST.filter)[number], unknown>,
};

const loadProduct = (db: Db, id: number) => loadOneOr404(db, vendorProductList, id, 'vendor product');

async function variantOr400(t: Db, variantId: number) {
  const v = await queryOne<{ id: number }>(t, sql`select id from variants where id = ${variantId}`);
  if (!v) throw badRequest('There is no such variant', { variant_id: 'There is no such variant' });
}

/** Sets a line's variant (null: a person said it is none of ours) as matched by a person. */
function setMatch(db: Db, actor: Actor, id: number, variantId: number | null, version?: number) {
  return inTx(db, (t) =>
    auditedUpdate(t, actor, {
      entity: 'vendor_product',
      id,
      noun: 'vendor product',
      version,
      lock: () => lockRow(t, 'vendor_products', id, 'vendor product'),
      load: () => loadProduct(t, id),
      unchanged: (before) => before.variant_id === variantId && before.match_method === 'manual',
      write: async () => {
        if (variantId !== null) await variantOr400(t, variantId);
        await t.execute(sql`update vendor_products set variant_id = ${variantId}, match_method = 'manual', updated_at = now(), version = version + 1 where id = ${id}`);
      },
    }),
  );
}

export function vendorCatalogRoutes({ app, db, jobs }: Kit) {
  jobs.define(previewJob);
  jobs.define(applyJob);

  registerList(app, db, {
    url: '/api/vendor-product',
    permission: READ,
    tags,
    summary: 'Vendors’ catalogue lines, with our variant when matched',
    response: listResponse(VendorProduct),
    fields: VENDOR_PRODUCT_LIST,
    spec: vendorProductList,
    filename: 'vendor-products',
  });

  action(app, {
    method: 'GET',
    url: '/api/vendor/:id/product',
    access: READ,
    tags,
    summary: 'One vendor’s catalogue (the list of vendor-product with filter[vendor_id])',
    params: IdParams,
    query: ListQuery,
    response: { 200: listResponse(VendorProduct) },
    handler: async (req, reply) => {
      await vendorOr404(db, req.params.id);
      const q = { ...req.query, filter: { ...req.query.filter, vendor_id: String(req.params.id) } };
      if (q.format === 'csv') return sendCsv(reply, db, vendorProductList, q, 'vendor-products');
      return reply.type('application/json; charset=utf-8').send(await runListJson(db, vendorProductList, q, VendorProduct));
    },
  });

  registerResource(app, {
    resource: 'vendor-product',
    tags,
    read: READ,
    write: WRITE,
    item: VendorProduct,
    get: { summary: 'One vendor catalogue line', load: (id) => loadProduct(db, id) },
    update: {
      summary: 'Correct a vendor catalogue line by hand (cost, stock, drop-ship, MAP; a variant given is a match by a person)',
      body: VendorProductUpdate,
      run: (actor, id, body) =>
        inTx(db, (t) =>
          auditedUpdate(t, actor, {
            entity: 'vendor_product',
            id,
            noun: 'vendor product',
            version: body.version,
            lock: () => lockRow(t, 'vendor_products', id, 'vendor product'),
            load: () => loadProduct(t, id),
            write: async (before) => {
              const rematch = body.variant_id !== undefined && body.variant_id !== before.variant_id;
              if (rematch && body.variant_id !== null) await variantOr400(t, body.variant_id!);
              const r = await queryOne<{ id: number }>(
                t,
                sql`update vendor_products set cost_cents = ${body.cost_cents}, quantity_available = ${body.quantity_available},
                           can_drop_ship = ${body.can_drop_ship}, map_cents = ${body.map_cents},
                           ${rematch ? sql`variant_id = ${body.variant_id}, match_method = 'manual',` : sql``}
                           updated_at = now(), version = version + 1
                     where id = ${id} and version = ${body.version} returning id`,
              );
              return Boolean(r);
            },
          }),
        ),
    },
    remove: {
      summary: 'Delete a vendor catalogue line (the next import of the vendor’s file adds it again if listed)',
      run: (actor, id) =>
        inTx(db, (t) =>
          auditedDelete(t, actor, {
            entity: 'vendor_product',
            id,
            lock: () => lockRow(t, 'vendor_products', id, 'vendor product'),
            load: () => loadProduct(t, id),
            remove: () => t.execute(sql`delete from vendor_products where id = ${id}`),
          }),
        ),
    },
  });

  action(app, {
    method: 'PUT',
    url: '/api/vendor-product/:id/match',
    access: WRITE,
    tags,
    summary: 'Match a vendor catalogue line to one of our variants by hand (kept when matching runs again)',
    params: IdParams,
    body: VendorProductMatch,
    response: { 200: dataResponse(VendorProduct) },
    handler: async (req) => ({ data: await setMatch(db, actorOf(req), req.params.id, req.body.variant_id, req.body.version) }),
  });

  action(app, {
    method: 'DELETE',
    url: '/api/vendor-product/:id/match',
    access: WRITE,
    tags,
    summary: 'Clear a line’s match: none of our variants (matching again leaves it unmatched)',
    params: IdParams,
    response: { 200: dataResponse(VendorProduct) },
    handler: async (req) => ({ data: await setMatch(db, actorOf(req), req.params.id, null) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/vendor/:id/match',
    access: WRITE,
    tags,
    summary: 'Match the vendor’s unmatched lines again, by UPC then SKU (lines matched by a person are kept)',
    params: IdParams,
    response: { 200: dataResponse(VendorMatchResult) },
    handler: async (req) => {
      const actor = actorOf(req);
      const result = await inTx(db, async (t) => {
        await vendorOr404(t, req.params.id);
        await t.execute(sql`select id from vendors where id = ${req.params.id} for update`);
        const r = await matchVendor(t, req.params.id);
        if (r.matched_by_upc + r.matched_by_sku > 0) await audit(t, actor, { action: 'match', entity: 'vendor', entityId: req.params.id, after: r });
        return r;
      });
      return { data: result };
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/vendor/:id/import/columns',
    access: WRITE,
    tags,
    summary: 'The columns and first rows of an uploaded file (POST /api/file), with the mapping proposed for this vendor',
    params: IdParams,
    body: ImportFileBody,
    response: { 200: dataResponse(ImportColumns) },
    handler: async (req) => ({ data: await importColumns(db, actorOf(req).userId, req.params.id, req.body.file_id) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/vendor/:id/import/preview',
    access: WRITE,
    tags,
    summary: 'Preview an import of an uploaded file with this mapping: a job reads and checks it, then counts what would change',
    params: IdParams,
    body: ImportPreviewBody,
    response: { 202: dataResponse(ImportStarted) },
    handler: async (req, reply) => reply.status(202).send({ data: await startPreview(db, jobs, actorOf(req), req.params.id, req.body) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/vendor/:id/import/apply',
    access: WRITE,
    tags,
    summary: 'Apply a previewed import with no invalid rows, as a job, all or nothing',
    params: IdParams,
    body: ImportApplyBody,
    response: { 202: dataResponse(ImportStarted) },
    handler: async (req, reply) => reply.status(202).send({ data: await startApply(db, jobs, actorOf(req), req.params.id, req.body.import_id) }),
  });

  registerList(app, db, {
    url: '/api/vendor-import',
    permission: READ,
    tags,
    summary: 'Imports of vendors’ files, newest first, with their counts',
    response: listResponse(VendorImport),
    fields: VENDOR_IMPORT_LIST,
    spec: vendorImportList,
    filename: 'vendor-imports',
  });

  registerResource(app, {
    resource: 'vendor-import',
    tags,
    read: READ,
    item: VendorImport,
    get: { summary: 'One import with its preview (counts and sample rows)', load: (id) => importById(db, id) },
  });
}
