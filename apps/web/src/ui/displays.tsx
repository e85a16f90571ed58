/** Read-only values, always through lib/format (one formatting for the whole console). */
import { Badge, Text, Tooltip } from '@mantine/core';
import { formatCents, formatDate, formatDateTime, formatDecimal, formatInteger, formatMoney } from '../lib/format';

const EMPTY = '—';

export function MoneyDisplay({ dollars, cents }: { dollars?: number | string | null; cents?: number | string | null }) {
  const text = cents !== undefined ? formatCents(cents, EMPTY) : formatMoney(dollars, EMPTY);
  return <span className="qm-num">{text}</span>;
}

export function IntegerDisplay({ value }: { value: number | string | null | undefined }) {
  return <span className="qm-num">{formatInteger(value, EMPTY)}</span>;
}

export function DateTimeDisplay({ value, dateOnly = false }: { value: string | null | undefined; dateOnly?: boolean }) {
  if (!value) return <Text span c="dimmed" size="inherit">{EMPTY}</Text>;
  const text = dateOnly ? formatDate(value) : formatDateTime(value);
  return (
    <Tooltip label={value} openDelay={600} withinPortal>
      <time dateTime={value} className="qm-nowrap">{text}</time>
    </Tooltip>
  );
}

export function BooleanBadge({ value, trueLabel = 'Yes', falseLabel = 'No' }: { value: boolean; trueLabel?: string; falseLabel?: string }) {
  return (
    <Badge size="sm" variant="light" color={value ? 'teal' : 'gray'} radius="sm">
      {value ? trueLabel : falseLabel}
    </Badge>
  );
}

/** No value: a dimmed dash. */
export function NoValue() {
  return <Text span c="dimmed" size="sm">{EMPTY}</Text>;
}

/** A code (SKU, UPC, slug) in monospace (`strong`: the row's own code), or the dash. */
export function CodeDisplay({ value, strong }: { value: string | null | undefined; strong?: boolean }) {
  return value ? <Text size="sm" ff="monospace" fw={strong ? 500 : undefined}>{value}</Text> : <NoValue />;
}

/** Cents per unit (a package's price over its units), or the dash without a price or units. */
export function PerUnitDisplay({ cents, units }: { cents: number | null; units: number }) {
  if (cents === null || units <= 0) return <NoValue />;
  return (
    <Text span size="sm" c="dimmed" className="qm-num">
      {formatDecimal(cents / units)}¢
    </Text>
  );
}
