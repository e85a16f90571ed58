/**
 * The bounds a schema sets on one field (`name`, `variants.0.cost_cents`), read from the zod schema
 * itself, so that a form's inputs show the same limits the server enforces: a text's maximum length,
 * a number's minimum and maximum, whether it is a whole number.
 */
import type { z } from 'zod';

export interface FieldBounds {
  maxLength?: number;
  min?: number;
  max?: number;
  integer?: boolean;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema of the value at `path` (wrappers such as optional, nullable, default and transforms are looked through). */
export function fieldSchema(schema: z.ZodType, path: string): z.ZodType | undefined {
  let s: z.ZodType | undefined = unwrap(schema);
  for (const part of path.split('.').filter(Boolean)) {
    if (!s) return undefined;
    const d = defOf(s);
    if (d.type === 'object' && d.shape) s = Object.hasOwn(d.shape, part) ? d.shape[part] : undefined;
    else if (d.type === 'array' && /^\d+$/.test(part)) s = d.element;
    else return undefined;
    s = s && unwrap(s);
  }
  return s;
}

function unwrap(s: z.ZodType): z.ZodType {
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (d.innerType && ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type)) s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else if (d.type === 'union' && d.options?.length) {
      // `X.nullable().or(z.literal(''))`: the bounds are those of the first option that has any.
      const inner = d.options.map(unwrap).find((o) => ['string', 'number', 'object', 'array'].includes(defOf(o).type));
      if (!inner) return s;
      s = inner;
    } else return s;
  }
  return s;
}

export function boundsOf(schema: z.ZodType, path: string): FieldBounds {
  const s = fieldSchema(schema, path);
  if (!s) return {};
  const v = s as unknown as { maxLength?: number | null; minValue?: number | null; maxValue?: number | null; isInt?: boolean };
  const d = defOf(s);
  const out: FieldBounds = {};
  if (d.type === 'string' && typeof v.maxLength === 'number') out.maxLength = v.maxLength;
  if (d.type === 'number') {
    if (typeof v.minValue === 'number' && Number.isFinite(v.minValue)) out.min = v.minValue;
    if (typeof v.maxValue === 'number' && Number.isFinite(v.maxValue)) out.max = v.maxValue;
    if (v.isInt) out.integer = true;
  }
  return out;
}
