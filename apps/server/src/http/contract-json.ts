import { sql, type SQL } from 'drizzle-orm';
import { isoTimestampsInJson, queryOne, type Db } from '../db/connect.js';
import type { z } from 'zod';

/**
 * JSON built by PostgreSQL with the keys of a contract and no others. Lists and editors send JSON
 * text that PostgreSQL builds, which no serializer sees; so the object of each row (and of each
 * nested object) is written as `json_build_object` of exactly the keys its zod schema names. A
 * column that a `select` names and the contract does not (a secret, an internal flag) is never sent,
 * whatever the query selects.
 */

/** The parts of a zod schema the projection needs (zod 4's definition). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** What a value of the schema is, for the projection: an object with its fields, an array of such, or anything else. */
type Shape = { kind: 'object'; fields: [string, Shape][] } | { kind: 'array'; of: Shape } | { kind: 'value' };

const shapes = new WeakMap<z.ZodType, Shape>();

function shapeOf(schema: z.ZodType, depth = 0): Shape {
  const known = shapes.get(schema);
  if (known) return known;
  if (depth > 20) return { kind: 'value' };
  const def = defOf(schema);
  let shape: Shape;
  switch (def.type) {
    case 'object':
      shape = { kind: 'object', fields: Object.entries(def.shape ?? {}).map(([k, s]) => [k, shapeOf(s, depth + 1)]) };
      break;
    case 'array':
      shape = { kind: 'array', of: shapeOf(def.element!, depth + 1) };
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      shape = shapeOf(def.innerType!, depth + 1);
      break;
    case 'pipe':
      shape = shapeOf(def.in!, depth + 1);
      break;
    case 'lazy':
      shape = shapeOf(def.getter!(), depth + 1);
      break;
    case 'union':
      shape = unionShape((def.options ?? []).map((o) => shapeOf(o, depth + 1)));
      break;
    case 'intersection':
      shape = unionShape([shapeOf(def.left!, depth + 1), shapeOf(def.right!, depth + 1)]);
      break;
    default:
      shape = { kind: 'value' };
  }
  shapes.set(schema, shape);
  return shape;
}

/** Objects in a union or intersection: every key any of them names (each a value as sent). */
function unionShape(parts: Shape[]): Shape {
  const objects = parts.filter((p): p is Extract<Shape, { kind: 'object' }> => p.kind === 'object');
  if (objects.length === 0) return parts.every((p) => p.kind === 'array') && parts.length ? parts[0]! : { kind: 'value' };
  const keys = new Map<string, Shape>();
  for (const o of objects) for (const [k, s] of o.fields) keys.set(k, keys.has(k) ? { kind: 'value' } : s);
  return { kind: 'object', fields: [...keys] };
}

/** The keys of an object schema (its item's, for `{ data: [item], meta }` list answers). */
export function keysOf(schema: z.ZodType): string[] {
  const shape = shapeOf(schema);
  if (shape.kind !== 'object') throw new Error('keysOf: not an object schema');
  return shape.fields.map(([k]) => k);
}

/** The item schema of a list answer `{ data: z.array(item), meta }`. */
export function listItemOf(response: z.ZodType): z.ZodType {
  const def = defOf(response);
  const data = def.type === 'object' ? def.shape?.data : undefined;
  const item = data && defOf(data).type === 'array' ? defOf(data).element : undefined;
  if (!item) throw new Error('A list answer is { data: z.array(item), meta }');
  return item;
}

const key = (k: string) => sql.raw(`'${k.replace(/'/g, "''")}'`);

/** `json_build_object` takes at most 100 arguments: larger objects are built in parts and joined. */
function buildObject(pairs: [string, SQL][]): SQL {
  const parts: SQL[] = [];
  for (let i = 0; i < pairs.length; i += 50)
    parts.push(sql`json_build_object(${sql.join(pairs.slice(i, i + 50).map(([k, v]) => sql`${key(k)}, ${v}`), sql`, `)})`);
  if (parts.length === 1) return parts[0]!;
  // Text joined, so the keys keep their order (jsonb would sort them).
  return sql`(${sql.join(parts.map((p, i) => (i === 0 ? sql`left(${p}::text, -1)` : sql`substr(${p}::text, 2)`)), sql` || ',' || `)})::json`;
}

/**
 * A json value (`expr`) as the shape allows: objects rebuilt with their schema's keys, arrays element
 * by element. `jsonb`: `expr` is jsonb (parsed once, each key then read without parsing again); the
 * result is json either way.
 */
function projectValue(shape: Shape, expr: SQL, jsonb = false): SQL {
  const b = jsonb ? 'jsonb' : 'json';
  const asJson = jsonb ? sql`${expr}::json` : expr;
  if (shape.kind === 'value') return asJson;
  if (shape.kind === 'object')
    return sql`(case when ${sql.raw(b)}_typeof(${expr}) = 'object' then ${buildObject(shape.fields.map(([k, s]) => [k, projectValue(s, sql`(${expr} -> ${key(k)})`, jsonb)]))} else ${asJson} end)`;
  if (shape.of.kind === 'value') return asJson;
  return sql`(case when ${sql.raw(b)}_typeof(${expr}) = 'array'
                then (select coalesce(json_agg(${projectValue(shape.of, sql`e.value`, jsonb)} order by e.n), '[]'::json)
                        from ${sql.raw(b)}_array_elements(${expr}) with ordinality e(value, n))
                else ${asJson} end)`;
}

/** A json expression (`doc`) with exactly the keys `schema` names, at every level; `jsonb` when `doc` is jsonb. */
export function projectJson(schema: z.ZodType, doc: SQL, jsonb = false): SQL {
  return projectValue(shapeOf(schema), doc, jsonb);
}

/**
 * The select list of one row of a subquery aliased `alias` with the schema's keys as its columns,
 * each read from the column of that name (`x."id" as "id", …`): `json_agg` of a subquery over it
 * builds objects of exactly those keys (as compact as `json_agg` of the row, and as cheap). Columns
 * whose value is an object or an array of objects are projected as well (projectJson). A key the row
 * lacks is an error of the statement (the API tests meet it), never a silent gap; a column the
 * schema lacks is left out.
 */
export function contractColumns(schema: z.ZodType, alias: string): SQL {
  const shape = shapeOf(schema);
  if (shape.kind !== 'object') throw new Error('contractColumns: not an object schema');
  const ident = (k: string) => `"${k.replace(/"/g, '""')}"`;
  return sql.join(
    shape.fields.map(([k, s]) => {
      const col = sql.raw(`${alias}.${ident(k)}`);
      const value = s.kind === 'value' || (s.kind === 'array' && s.of.kind === 'value') ? col : projectValue(s, sql`to_json(${col})`);
      return sql`${value} as ${sql.raw(ident(k))}`;
    }),
    sql`, `,
  );
}

/**
 * Rows kept ready as JSON text (a list's `rowJson`, written by a trigger with the keys it names) are
 * sent as they are: parsing them again in PostgreSQL costs more than the page. Their keys are
 * checked against the contract on a list's first page in each process (every row of it), and a
 * page with a key the contract does not name is refused rather than sent.
 */
export function unknownKeysOf(schema: z.ZodType, rowsJson: string): string[] {
  const allowed = new Set(keysOf(schema));
  const extra = new Set<string>();
  for (const row of JSON.parse(rowsJson) as Record<string, unknown>[]) for (const k of Object.keys(row)) if (!allowed.has(k)) extra.add(k);
  return [...extra];
}

declare const fromContract: unique symbol;
/** JSON text of one document built by `contractDocument`: what a resource may send as its item unparsed. */
export type ContractJson = string & { readonly [fromContract]: true };

/**
 * One document built by PostgreSQL (`doc`, a json expression over `from`) with exactly the keys of
 * `schema` at every level, as text with ISO timestamps, and `also` (e.g. a revision) read with it;
 * undefined when `from` finds no row.
 */
export async function contractDocument(
  db: Db,
  schema: z.ZodType,
  doc: SQL,
  from: SQL,
  also: SQL = sql`''`,
): Promise<{ doc: ContractJson; also: string } | undefined> {
  const row = await queryOne<{ doc: string; also: string }>(
    db,
    sql`select ${projectJson(schema, sql`d.doc`)}::text as doc, d.also from (select ${doc} as doc, ${also} as also ${from}) d`,
  );
  return row && { doc: isoTimestampsInJson(row.doc) as ContractJson, also: row.also };
}
