/** Read-only values, always through lib/format (one formatting for the whole console). */
import { Badge, Text, Tooltip } from '@mantine/core';
import { formatCents, formatDate, formatDateTime, formatInteger, formatMoney } from '../lib/format';

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
