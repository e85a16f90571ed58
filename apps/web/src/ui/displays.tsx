/** Read-only values, always through lib/format (one formatting for the whole console). */
import { Anchor, Badge, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { formatCents, formatDate, formatDateTime, formatCentsPerUnit, formatInteger, formatMoney, formatTime } from '../lib/format';

const EMPTY = '—';

export function MoneyDisplay({ dollars, cents }: { dollars?: number | string | null; cents?: number | string | null }) {
  const text = cents !== undefined ? formatCents(cents, EMPTY) : formatMoney(dollars, EMPTY);
  return <span className="qm-num">{text}</span>;
}

export function IntegerDisplay({ value }: { value: number | string | null | undefined }) {
  return <span className="qm-num">{formatInteger(value, EMPTY)}</span>;
}

/**
 * A date and time (local). `stacked`: the date over the time, for dense lists where a one-line
 * "Mar 5, 2024, 2:07 PM" would be the widest column.
 */
export function DateTimeDisplay({ value, dateOnly = false, stacked = false }: { value: string | null | undefined; dateOnly?: boolean; stacked?: boolean }) {
  if (!value) return <Text span c="dimmed" size="inherit">{EMPTY}</Text>;
  const text = dateOnly ? formatDate(value) : formatDateTime(value);
  return (
    <Tooltip label={value} openDelay={600} withinPortal>
      {stacked && !dateOnly ? (
        <time dateTime={value} className="qm-nowrap" aria-label={text} style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <span>{formatDate(value)}</span>
          <Text span size="xs" c="dimmed">{formatTime(value)}</Text>
        </time>
      ) : (
        <time dateTime={value} className="qm-nowrap">{text}</time>
      )}
    </Tooltip>
  );
}

/**
 * A status as a coloured dot and its name, wrapping in a narrow column (a badge keeps its label on
 * one line, so a long status — "Awaiting Documents (FFL / FOID / ID)" — would widen the whole list).
 */
export function StatusText({ label, color }: { label: string; color: string }) {
  return (
    <span className="qm-status-text">
      <span className="qm-status-dot" style={{ background: `var(--mantine-color-${color}-filled)` }} aria-hidden />
      <span>{label}</span>
    </span>
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

/**
 * A code (SKU, UPC, slug, a record's number) in monospace (`strong`: the row's own code; `to`: the page
 * it opens; `maxWidth`: cut there with an ellipsis, whole in its tooltip), or the dash.
 */
export function CodeDisplay({ value, strong, to, maxWidth }: { value: string | null | undefined; strong?: boolean; to?: string; maxWidth?: number | string }) {
  if (!value) return <NoValue />;
  // a code reads whole: never broken across lines at its hyphens
  const fit = maxWidth === undefined ? { style: { whiteSpace: 'nowrap' } } : { truncate: 'end' as const, maw: maxWidth, title: value };
  const look = { size: 'sm', ff: 'monospace', fw: strong ? 500 : undefined, ...fit } as const;
  return to ? (
    <Anchor component={Link} to={to} {...look}>
      {value}
    </Anchor>
  ) : (
    <Text {...look}>{value}</Text>
  );
}

/**
 * A package's price or cost over its units, or the dash without one or without units: in cents under a
 * dollar (`32.5¢` a round), in dollars from a dollar (`$210.00` a vest sold by the piece, not `21,000.0¢`).
 * The pricing screens' "per round" columns stay in cents, as comparison sites show them.
 */
export function PerUnitDisplay({ cents, units }: { cents: number | null; units: number }) {
  if (cents === null || units <= 0) return <NoValue />;
  const each = cents / units;
  return (
    <Text span size="sm" c="dimmed" className="qm-num">
      {each >= 100 ? formatCents(each) : formatCentsPerUnit(each)}
    </Text>
  );
}

/** A labelled fact of a detail screen: a small upper-case label over its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * A table cell's value over a dimmed line that says more of the row (the store under an order's number,
 * the email under a name), so a list needs fewer columns on a laptop screen. `noteTitle` names the line
 * for the pointer; `maxWidth` cuts both lines to the column (`title`s keep the whole text); `nowrap`
 * keeps the note on one line.
 */
export function Stacked({ children, note, noteTitle, maxWidth, nowrap = false }: { children: ReactNode; note?: ReactNode; noteTitle?: string; maxWidth?: number; nowrap?: boolean }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1, maxWidth }}>
      {children}
      {note !== undefined && note !== null && note !== '' ? (
        <Text size="xs" c="dimmed" title={noteTitle} truncate={maxWidth ? 'end' : undefined} maw="100%" style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
          {note}
        </Text>
      ) : null}
    </div>
  );
}
