/** Renders the API catalogue (docs/api-catalog.md) from the OpenAPI document and the routes' access. */
import type { RouteAccess } from '../src/http/auth.js';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; anyOf?: Schema[]; $ref?: string };
type Op = {
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
};
export type OpenApiDoc = { paths: Record<string, Record<string, Op>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function fieldsOf(s: Schema | undefined): string {
  if (!s?.properties) return '';
  const req = new Set(s.required ?? []);
  return Object.keys(s.properties)
    .map((k) => (req.has(k) ? k : `${k}?`))
    .join(', ');
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderApiCatalog(doc: OpenApiDoc, routes: readonly RouteAccess[]): string {
  const access = new Map(routes.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r]));
  const byTag = new Map<string, string[]>();
  for (const p of Object.keys(doc.paths).sort()) {
    for (const m of METHODS) {
      const op = doc.paths[p]![m];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      const a = access.get(`${m.toUpperCase()} ${p}`);
      const who = !a ? '?' : a.public ? 'public' : a.apiKey ? a.apiKey : a.permission.length ? a.permission.join(' or ') : 'signed in';
      const query = (op.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name);
      const body = fieldsOf(op.requestBody?.content?.['application/json']?.schema);
      const input = [query.length ? `query: ${query.join(', ')}` : '', body ? `body: {${body}}` : ''].filter(Boolean).join('; ');
      const codes = Object.keys(op.responses ?? {}).join(', ');
      const row = `| \`${m.toUpperCase()} ${p.replace(/^\/api\//, '')}\` | ${cell(who)} | ${cell(op.summary ?? '')} | ${cell(input)} | ${codes} |`;
      (byTag.get(tag) ?? byTag.set(tag, []).get(tag)!).push(row);
    }
  }
  const out = [
    '# API catalogue',
    '',
    'Generated from the OpenAPI document (`/api/docs/json`) and the routes\' permissions by `npm run docs:api`;',
    'a test fails when it is out of date. Conventions (shapes, errors, paging, ids): [api.md](api.md). Each',
    'operation\'s full schemas: `/api/docs` on a running server.',
    '',
  ];
  for (const tag of [...byTag.keys()].sort()) {
    out.push(`## ${tag}`, '', '| Call | Who | What | Input | Answers |', '|---|---|---|---|---|', ...byTag.get(tag)!, '');
  }
  return out.join('\n');
}
