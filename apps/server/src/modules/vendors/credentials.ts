/**
 * Vendor credentials: listed and read without their secret (`has_secret` only); the secret is sealed
 * (db/secrets.ts) before it reaches the database, and shown only by Reveal (`vendors.reveal`, audited).
 * Audit entries say `secret: '[changed]'` when it changed, never what it is.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CredentialReveal,
  dataResponse,
  IdParams,
  listResponse,
  VENDOR_CREDENTIAL_LIST,
  VendorCredential,
  VendorCredentialCreate,
  VendorCredentialUpdate,
} from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { action } from '../../http/kit.js';
import { actorOf } from '../../http/auth.js';
import { inTx, loadOneOr404, lockRow, registerList, registerResource } from '../../http/crud.js';
import { insertRow, updateRow } from '../../db/write.js';
import { AppError, ruleViolated, stale } from '../../http/errors.js';
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';
import { vendorCredentials } from '../../db/schema/index.js';
import { audit, type Actor } from '../../db/audit.js';
import { VENDORS } from './common.js';
import { CredentialKeyError, type SecretBox } from '../../db/secrets.js';

export const credentialList: ListSpec<VendorCredential> = {
  from: sql`vendor_credentials k join vendors v on v.id = k.vendor_id`,
  select: sql`k.id, k.vendor_id, v.name as vendor_name, k.kind, k.label, k.username, (k.secret is not null) as has_secret,
              k.endpoint_url, k.notes, k.last_verified_at, k.created_at, k.updated_at, k.version`,
  sort: {
    ...columns('k', 'id', 'kind', 'last_verified_at', 'updated_at'),
    ...lowered('k', 'label'),
    vendor_name: sql`lower(v.name)`,
  } satisfies Record<(typeof VENDOR_CREDENTIAL_LIST.sort)[number], unknown>,
  defaultSort: 'vendor_name',
  key: sql`k.id`,
  filters: { ...filters.ints('k', 'id', 'vendor_id'), ...filters.eqs('k', 'kind') } satisfies Record<(typeof VENDOR_CREDENTIAL_LIST.filter)[number], unknown>,
  search: filters.ilike(sql`v.name`, sql`v.code`, sql`k.label`, sql`k.username`),
  csv: [
    { key: 'id', header: 'ID' },
    { key: 'vendor_name', header: 'Vendor' },
    { key: 'kind', header: 'Kind' },
    { key: 'label', header: 'Label' },
    { key: 'username', header: 'Username' },
    { key: 'has_secret', header: 'Secret', value: (k) => (k.has_secret ? 'set' : 'none') },
    { key: 'endpoint_url', header: 'Endpoint' },
    { key: 'last_verified_at', header: 'Last verified' },
  ],
};

const loadCredential = (t: Db, id: number) => loadOneOr404(t, credentialList, id, 'credential');

/** What the audit log keeps of a credential: what is served, and whether the secret changed. */
const audited = (k: VendorCredential, secretChanged: boolean) => (secretChanged ? { ...k, secret: '[changed]' } : k);

async function checkVendor(t: Db, id: number) {
  if (!(await queryOne(t, sql`select 1 as x from vendors where id = ${id}`))) throw ruleViolated(`Unknown vendor ${id}`, { vendor_id: 'No such vendor' });
}

export function credentialRoutes(app: FastifyInstance, db: Db, box: SecretBox) {
  const sealed = (secret: string | null | undefined) => (secret ? box.seal(secret) : { secret: null, key_id: null });
  const fields = (b: VendorCredentialCreate | VendorCredentialUpdate) => ({
    vendor_id: b.vendor_id,
    kind: b.kind,
    label: b.label,
    username: b.username,
    endpoint_url: b.endpoint_url,
    notes: b.notes,
    last_verified_at: b.last_verified_at ? new Date(b.last_verified_at) : null,
  });

  registerList(app, db, {
    url: '/api/vendor-credential',
    permission: VENDORS.read,
    tags: VENDORS.tags,
    summary: 'List vendor credentials (secrets are never listed)',
    response: listResponse(VendorCredential),
    fields: VENDOR_CREDENTIAL_LIST, spec: credentialList,
    filename: 'vendor-credentials',
  });
  registerResource(app, {
    resource: 'vendor-credential',
    tags: VENDORS.tags,
    read: VENDORS.read,
    write: VENDORS.write,
    item: VendorCredential,
    get: { summary: 'Get one credential (without its secret)', load: (id) => loadCredential(db, id) },
    create: {
      summary: 'Create a credential; its secret is stored encrypted',
      body: VendorCredentialCreate,
      run: (actor, body) =>
        inTx(db, async (t) => {
          await checkVendor(t, body.vendor_id);
          const id = await insertRow(t, vendorCredentials, { ...fields(body), ...sealed(body.secret) });
          const created = await loadCredential(t, id);
          await audit(t, actor, { action: 'create', entity: 'vendor_credential', entityId: id, after: audited(created, Boolean(body.secret)) });
          return created;
        }),
    },
    update: {
      summary: 'Update a credential; a secret sent replaces the stored one, null clears it, absent keeps it',
      body: VendorCredentialUpdate,
      run: (actor: Actor, id, body) =>
        inTx(db, async (t) => {
          await lockRow(t, 'vendor_credentials', id, 'credential');
          const before = await loadCredential(t, id);
          if (before.version !== body.version) throw stale('credential');
          await checkVendor(t, body.vendor_id);
          const secretChanged = body.secret !== undefined && (body.secret !== null || before.has_secret);
          if (!(await updateRow(t, vendorCredentials, id, body.version, fields(body)))) throw stale('credential');
          if (body.secret !== undefined) {
            const s = sealed(body.secret);
            await t.execute(sql`update vendor_credentials set secret = ${s.secret}, key_id = ${s.key_id} where id = ${id}`);
          }
          const after = await loadCredential(t, id);
          await audit(t, actor, { action: 'update', entity: 'vendor_credential', entityId: id, before, after: audited(after, secretChanged) });
          return after;
        }),
    },
    remove: {
      summary: 'Delete a credential',
      run: (actor, id) =>
        inTx(db, async (t) => {
          await lockRow(t, 'vendor_credentials', id, 'credential');
          const before = await loadCredential(t, id);
          await t.execute(sql`delete from vendor_credentials where id = ${id}`);
          await audit(t, actor, { action: 'delete', entity: 'vendor_credential', entityId: id, before });
        }),
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/vendor-credential/:id/reveal',
    access: 'vendors.reveal',
    tags: VENDORS.tags,
    summary: "The credential's secret in plain text (audited as `reveal`; the entry holds no secret)",
    params: IdParams,
    response: { 200: dataResponse(CredentialReveal) },
    handler: async (req, reply) => {
      const id = req.params.id;
      const secret = await inTx(db, async (t) => {
        const k = await loadCredential(t, id);
        const row = await queryOne<{ secret: Buffer | Uint8Array | null; key_id: string | null }>(t, sql`select secret, key_id from vendor_credentials where id = ${id}`);
        let plain: string | null = null;
        if (row?.secret) {
          try {
            plain = box.open(row.secret, row.key_id);
          } catch (e) {
            if (e instanceof CredentialKeyError) throw new AppError(422, 'rule_violated', 'This secret cannot be decrypted with the configured key.');
            throw e;
          }
        }
        await audit(t, actorOf(req), { action: 'reveal', entity: 'vendor_credential', entityId: id, after: { vendor_id: k.vendor_id, vendor_name: k.vendor_name, label: k.label, kind: k.kind, had_secret: plain !== null } });
        return plain;
      });
      reply.header('cache-control', 'no-store');
      return { data: { secret } };
    },
  });
}
