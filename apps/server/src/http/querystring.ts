import fastQuerystring from 'fast-querystring';

/**
 * Query-string parser for `filter[field]=value` (repeatable) beside plain keys.
 *
 * - `a=1` → `{ a: '1' }`; `a=1&a=2` and `a[]=1` → arrays.
 * - `filter[x]=v` nests one level under `filter` (repeatable → array); `filter[x][]=v` → array.
 * - Anything else (deeper brackets, odd names) stays a plain key, which the route's strict schema refuses.
 *
 * Splitting and decoding are fast-querystring's (the one fastify itself uses). Every object built
 * here has no prototype, so no key — `__proto__`, `constructor`, `prototype` included — can reach
 * Object.prototype: such keys stay ordinary own keys, and the input guard (input.ts) refuses them
 * with a 400 before validation.
 */
export function parseQueryString(qs: string): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  if (!qs) return out;
  const pairs = fastQuerystring.parse(qs) as Record<string, string | string[]>;
  for (const rawKey of Object.keys(pairs)) {
    const raw = pairs[rawKey]!;
    const values = Array.isArray(raw) ? raw : [raw];
    const m = NESTED.exec(rawKey);
    if (m) {
      const existing = Object.hasOwn(out, m[1]!) ? out[m[1]!] : undefined;
      if (existing !== undefined && !isNested(existing)) {
        add(out, rawKey, values, false); // `filter=x&filter[a]=y`: left for the schema to refuse
        continue;
      }
      const parent = (existing ?? (out[m[1]!] = nested())) as Record<string, unknown>;
      add(parent, m[2]!, values, Boolean(m[3]));
    } else if (rawKey.endsWith('[]') && rawKey.length > 2) {
      add(out, rawKey.slice(0, -2), values, true);
    } else {
      add(out, rawKey, values, false);
    }
  }
  return out;
}

const NESTED = /^(\w+)\[([\w.-]+)\](\[\])?$/;

const nested = () => Object.create(null) as Record<string, unknown>;
/** Only nesting makes objects here (plain keys make strings and arrays). */
const isNested = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

function add(target: Record<string, unknown>, key: string, values: string[], forceArray: boolean) {
  const prev = Object.hasOwn(target, key) ? target[key] : undefined;
  if (prev === undefined) target[key] = forceArray || values.length > 1 ? [...values] : values[0];
  else if (Array.isArray(prev)) prev.push(...values);
  else if (typeof prev === 'string') target[key] = [prev, ...values];
  else target[key] = [...values]; // a nested object under a plain key: the plain values win, the schema judges them
}
