/**
 * The only place numbers, money and dates are turned into text (SPEC §1, §9):
 * US dollars in en-US with at most 2 fraction digits; integers with en-US grouping.
 */
import dayjs from 'dayjs';

const LOCALE = 'en-US';

const moneyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const wholeDollarFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
// one decimal always: a column of percentages lines up (23.0 %, not 23 % under 22.6 %)
const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

type Num = number | string | null | undefined;

function toNumber(v: Num): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** `1234.5` → `$1,234.50`; empty for a missing value. */
export function formatMoney(dollars: Num, empty = ''): string {
  const n = toNumber(dollars);
  return n === null ? empty : moneyFormat.format(n);
}

/** A chart axis's tick, in whole dollars: `240000` → `$240,000` (the chart's points keep their cents). */
export function formatAxisDollars(dollars: number): string {
  return wholeDollarFormat.format(dollars);
}

/** Integer cents (the API's money unit) → `$1,234.50`. */
export function formatCents(cents: Num, empty = ''): string {
  const n = toNumber(cents);
  return n === null ? empty : moneyFormat.format(n / 100);
}

/** `1234567` → `1,234,567`. */
export function formatInteger(v: Num, empty = ''): string {
  const n = toNumber(v);
  return n === null ? empty : integerFormat.format(Math.round(n));
}

export function formatDecimal(v: Num, empty = ''): string {
  const n = toNumber(v);
  return n === null ? empty : decimalFormat.format(n);
}

const perUnitFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** Cents per round, piece or shell, as comparison sites show them: `24.5¢`, `22.0¢`, `21.14¢`. */
export function formatCentsPerUnit(cents: Num, empty = ''): string {
  const n = toNumber(cents);
  return n === null ? empty : `${perUnitFormat.format(n)}\u00a2`;
}

const axisCentsFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 0, maximumFractionDigits: 1 });
/** A chart's axis of cents per unit: `35¢`, `2.5¢` (no trailing zeros on the ticks). */
export function formatAxisCents(cents: number): string {
  return `${axisCentsFormat.format(cents)}\u00a2`;
}

/** `0.125` → `12.5%`, `0.23` → `23.0%`. */
export function formatPercent(ratio: Num, empty = ''): string {
  const n = toNumber(ratio);
  return n === null ? empty : percentFormat.format(n);
}

/** `2024-03-05…` → `Mar 5, 2024`. */
export function formatDate(v: string | number | Date | null | undefined, empty = ''): string {
  if (v === null || v === undefined || v === '') return empty;
  const d = dayjs(v);
  return d.isValid() ? d.format('MMM D, YYYY') : empty;
}

/** `2024-03-05` → `Mar 5`: a day on a chart's axis, where the year is in the chart's title or range. */
export function formatDay(v: string | number | Date | null | undefined, empty = ''): string {
  if (v === null || v === undefined || v === '') return empty;
  const d = dayjs(v);
  return d.isValid() ? d.format('MMM D') : empty;
}

/** `2024-03` → `Mar 2024`: a calendar month (reports group by it). Anything else is returned as it is. */
export function formatMonth(v: string | null | undefined, empty = ''): string {
  if (v === null || v === undefined || v === '') return empty;
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(v) ? dayjs(`${v}-01`).format('MMM YYYY') : v;
}

/** `2024-03-05T14:07:00Z` → `Mar 5, 2024, 2:07 PM` (local time). */
export function formatDateTime(v: string | number | Date | null | undefined, empty = ''): string {
  if (v === null || v === undefined || v === '') return empty;
  const d = dayjs(v);
  return d.isValid() ? d.format('MMM D, YYYY, h:mm A') : empty;
}

/** `2024-03-05T14:07:00Z` → `2:07 PM` (local time). */
export function formatTime(v: string | number | Date | null | undefined, empty = ''): string {
  if (v === null || v === undefined || v === '') return empty;
  const d = dayjs(v);
  return d.isValid() ? d.format('h:mm A') : empty;
}

/** ISO calendar date for query parameters: `YYYY-MM-DD`. */
export function toIsoDate(v: Date | string): string {
  return dayjs(v).format('YYYY-MM-DD');
}

/** "1–25 of 1,234" for a page of a list. */
export function formatRange(page: number, perPage: number, total: number): string {
  if (total === 0) return '0 of 0';
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return `${formatInteger(first)}–${formatInteger(last)} of ${formatInteger(total)}`;
}

/** `3 users` / `1 user`. */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatInteger(n)} ${n === 1 ? singular : pluralForm}`;
}

/** A code in words, for one no list names: `on_hold` → `On hold`. */
export function codeInWords(code: string): string {
  return code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
