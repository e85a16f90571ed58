/**
 * Reading a vendor's file: its cells as our values (money, quantities, yes/no, UPCs), each with the
 * reason in words when a cell cannot be read, and the mapping of its columns to our fields guessed
 * from their headers. Pure functions.
 */
import { IMPORT_FIELDS, IMPORT_FIELD_LABELS, type ImportField, type ImportMapping } from '@qm/contracts';

export const MAX_SKU = 100;
export const MAX_NAME = 300;
const MAX_CENTS = 100_000_000;
const MAX_QUANTITY = 100_000_000;

type Read<T> = { value: T } | { error: string };

/** "$1,234.50", "12.5", "12" → cents; blank → null. */
export function readMoney(cell: string, label: string): Read<number | null> {
  const s = cell.replace(/^\$|\s/g, '').replace(/^(-?)\$/, '$1');
  if (s === '') return { value: null };
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(s) || s === '-' || s === '.') return { error: `${label} is not a number` };
  const n = Number(s.replace(/,/g, ''));
  if (!Number.isFinite(n)) return { error: `${label} is not a number` };
  if (n < 0) return { error: `${label} is negative` };
  const cents = Math.round(n * 100);
  if (cents > MAX_CENTS) return { error: `${label} is too large` };
  return { value: cents };
}

/** "12", "1,200", "12.0" → 12; blank → 0; a negative count (a vendor's backorder) → 0. */
export function readQuantity(cell: string): Read<number> {
  const s = cell.replace(/\s/g, '');
  if (s === '') return { value: 0 };
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)(\.0+)?$/.test(s)) return { error: 'quantity is not a whole number' };
  const n = Number(s.replace(/,/g, ''));
  if (n > MAX_QUANTITY) return { error: 'quantity is too large' };
  return { value: Math.max(0, n) };
}

const YES = new Set(['y', 'yes', 'true', '1', 'x', 't']);
const NO = new Set(['n', 'no', 'false', '0', 'f', '']);
/** Y/N, yes/no, true/false, 1/0, x/blank. */
export function readYesNo(cell: string, label: string): Read<boolean> {
  const s = cell.trim().toLowerCase();
  if (YES.has(s)) return { value: true };
  if (NO.has(s)) return { value: false };
  return { error: `${label} is not yes or no` };
}

/**
 * A UPC, EAN or GTIN as digits (spaces and dashes dropped); 11 digits get back the leading zero a
 * spreadsheet took off. Blank → null.
 */
export function readUpc(cell: string): Read<string | null> {
  let s = cell.replace(/[\s-]/g, '');
  if (s === '') return { value: null };
  if (/^\d+\.0+$/.test(s)) s = s.replace(/\.0+$/, '');
  if (!/^\d+$/.test(s)) return { error: 'UPC is not a number' };
  if (s.length === 11) s = `0${s}`;
  if (![8, 12, 13, 14].includes(s.length)) return { error: 'UPC is not 8, 12, 13 or 14 digits' };
  return { value: s };
}

export interface ImportRow {
  line: number;
  vendor_sku: string | null;
  name: string | null;
  upc: string | null;
  cost_cents: number | null;
  quantity: number | null;
  can_drop_ship: boolean | null;
  map_cents: number | null;
  error: string | null;
}

/** Column index of each mapped field, from the header row; an error names the columns not found. */
export function columnIndexes(headers: string[], mapping: ImportMapping): { indexes: Partial<Record<ImportField, number>> } | { missing: string[] } {
  const byName = new Map<string, number>();
  headers.forEach((h, i) => {
    const k = h.trim().toLowerCase();
    if (!byName.has(k)) byName.set(k, i);
  });
  const indexes: Partial<Record<ImportField, number>> = {};
  const missing: string[] = [];
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field];
    if (!header) continue;
    const i = byName.get(header.trim().toLowerCase());
    if (i === undefined) missing.push(header);
    else indexes[field] = i;
  }
  return missing.length ? { missing } : { indexes };
}

/** One data row of the file as our values; the first problem found is its error. */
export function readRow(cells: string[], line: number, at: Partial<Record<ImportField, number>>): ImportRow {
  const cell = (f: ImportField) => (at[f] === undefined ? undefined : (cells[at[f]!] ?? ''));
  const problems: string[] = [];
  const take = <T>(r: Read<T>): T | null => ('error' in r ? (problems.push(r.error), null) : r.value);

  const sku = cell('vendor_sku') ?? '';
  if (sku === '') problems.push('vendor SKU is empty');
  else if (sku.length > MAX_SKU) problems.push(`vendor SKU is longer than ${MAX_SKU} characters`);
  const name = cell('name');
  if (name !== undefined && name.length > MAX_NAME) problems.push(`name is longer than ${MAX_NAME} characters`);
  const upc = cell('upc');
  const cost = cell('cost');
  const quantity = cell('quantity');
  const dropShip = cell('can_drop_ship');
  const map = cell('map');
  const row: ImportRow = {
    line,
    vendor_sku: sku === '' ? null : sku.slice(0, MAX_SKU),
    name: name ? name.slice(0, MAX_NAME) : null,
    upc: upc === undefined ? null : take(readUpc(upc)),
    cost_cents: cost === undefined ? null : take(readMoney(cost, 'cost')),
    quantity: quantity === undefined ? null : take(readQuantity(quantity)),
    can_drop_ship: dropShip === undefined ? null : take(readYesNo(dropShip, 'can drop-ship')),
    map_cents: map === undefined ? null : take(readMoney(map, 'MAP')),
    error: null,
  };
  if (problems.length) row.error = capitalise(problems.join('; '));
  return row;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Header words each field is known by in distributors' files (lower case, letters and digits only). */
const SYNONYMS: Record<ImportField, string[]> = {
  vendor_sku: ['vendorsku', 'sku', 'itemnumber', 'itemno', 'item', 'itemnum', 'itemcode', 'itemid', 'partnumber', 'partno', 'productcode', 'productid', 'stocknumber', 'stockno', 'catalognumber', 'vendoritem', 'vendoritemnumber', 'distributorsku', 'code'],
  upc: ['upc', 'upccode', 'upca', 'gtin', 'ean', 'barcode', 'upcean', 'ean13'],
  name: ['name', 'description', 'itemdescription', 'productname', 'productdescription', 'title', 'desc', 'itemname', 'shortdescription'],
  cost: ['cost', 'yourcost', 'unitcost', 'dealercost', 'dealerprice', 'yourprice', 'price', 'netprice', 'wholesale', 'wholesaleprice', 'customerprice', 'costeach', 'unitprice'],
  quantity: ['quantity', 'quantityavailable', 'qty', 'qtyavailable', 'qtyavail', 'available', 'onhand', 'qtyonhand', 'stock', 'instock', 'inventory', 'stockqty', 'availableqty'],
  can_drop_ship: ['candropship', 'dropship', 'dropshippable', 'dropshipable', 'dropshipeligible', 'dropshipflag', 'ds', 'dsflag', 'dropshipallowed'],
  map: ['map', 'mapprice', 'minimumadvertisedprice', 'minadvertisedprice', 'mapp', 'mapcost', 'mapamount'],
};

const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Our fields guessed from the file's headers: exact known words first, then headers that contain them. */
export function guessMapping(headers: string[]): Record<ImportField, string | null> {
  const out = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as Record<ImportField, string | null>;
  const used = new Set<number>();
  const normalised = headers.map(norm);
  const pick = (test: (h: string, word: string) => boolean) => {
    for (const field of IMPORT_FIELDS) {
      if (out[field]) continue;
      for (const word of SYNONYMS[field]) {
        const i = normalised.findIndex((h, j) => !used.has(j) && h !== '' && test(h, word));
        if (i >= 0) {
          out[field] = headers[i]!;
          used.add(i);
          break;
        }
      }
    }
  };
  pick((h, w) => h === w);
  pick((h, w) => (w.length >= 5 || w === 'upc' || w === 'qty') && h.includes(w));
  return out;
}

export const fieldLabel = (f: ImportField) => IMPORT_FIELD_LABELS[f];
