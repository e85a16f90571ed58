/**
 * Query-string parser for `filter[field]=value` (repeatable) beside plain keys.
 * Plain repeated keys become arrays; `filter[x]` keys nest under `filter`.
 */
export function parseQueryString(qs: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const params = new URLSearchParams(qs);
  for (const [rawKey, value] of params) {
    const m = /^(\w+)\[([\w.-]+)\](\[\])?$/.exec(rawKey);
    if (m) {
      const parent = (out[m[1]!] ??= {}) as Record<string, unknown>;
      if (typeof parent !== 'object' || Array.isArray(parent)) continue;
      add(parent, m[2]!, value, Boolean(m[3]));
    } else if (rawKey.endsWith('[]')) {
      add(out, rawKey.slice(0, -2), value, true);
    } else {
      add(out, rawKey, value, false);
    }
  }
  return out;
}

function add(target: Record<string, unknown>, key: string, value: string, forceArray: boolean) {
  const prev = target[key];
  if (prev === undefined) target[key] = forceArray ? [value] : value;
  else if (Array.isArray(prev)) prev.push(value);
  else target[key] = [prev, value];
}
