import { formatInteger } from '../../../lib/format';

/** How long something has been open, in words a person reads at a glance: "3 d 4 h", "5 h 12 min", "8 min". */
export function ageText(fromIso: string, nowIso?: string): string {
  const ms = Math.max(0, Date.parse(nowIso ?? new Date().toISOString()) - Date.parse(fromIso));
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${mins} min`;
  return `${mins} min`;
}

/**
 * Time to resolve in hours, the unit the summary states: "4.5 h" under ten hours, whole hours above
 * ("49 h", "1,210 h"), so a column of them reads and compares at a glance.
 */
export function hoursText(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return '';
  return hours < 9.95 ? `${hours.toFixed(1)} h` : `${formatInteger(Math.round(hours))} h`;
}
