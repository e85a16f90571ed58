/** A report cell or total as text, by its column's type. */
import type { ReportColumnType } from '@qm/contracts';
import { formatCents, formatDate, formatDateTime, formatDecimal, formatInteger, formatMonth, formatPercent } from '../../lib/format';

/** Filters kept with a download (`{ filter: { from: … }, group, sort }`) as `from 2026-01-01 · group vendor`. */
function objectText(v: object): string {
  const parts: string[] = [];
  const walk = (o: Record<string, unknown>) => {
    for (const [k, x] of Object.entries(o)) {
      if (x === null || x === undefined || x === '') continue;
      if (typeof x === 'object' && !Array.isArray(x)) walk(x as Record<string, unknown>);
      else parts.push(`${k.replace(/_/g, ' ')} ${Array.isArray(x) ? x.join(', ') : String(x)}`);
    }
  };
  walk(v as Record<string, unknown>);
  return parts.join(' · ');
}

export function formatCell(type: ReportColumnType, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  switch (type) {
    case 'money':
      return formatCents(v as number);
    case 'int':
      return formatInteger(v as number);
    case 'number':
      return formatDecimal(v as number);
    case 'percent':
      return formatPercent(v as number);
    case 'date':
      return formatDate(v as string);
    case 'month':
      return formatMonth(String(v));
    case 'datetime':
      return formatDateTime(v as string);
    default:
      return typeof v === 'object' ? objectText(v) : String(v);
  }
}

export const isNumeric = (type: ReportColumnType) => type === 'money' || type === 'int' || type === 'number' || type === 'percent';
