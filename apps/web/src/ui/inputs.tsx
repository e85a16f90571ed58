/**
 * Masked inputs (SPEC §1 "input-mask facility") built on react-imask and Mantine's TextInput, for
 * every form: phone, ZIP, UPC, money (integer cents in and out, dollars shown), integer, a day and a range of days.
 */
import { forwardRef, useEffect, useMemo, useRef, useState } from 'react';
import { Group, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useIMask } from 'react-imask';
import type { FactoryOpts } from 'imask';

type BaseProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'>;

interface MaskedTextInputProps extends BaseProps {
  mask: FactoryOpts;
  /** Unmasked value (or masked, with `emit: 'masked'`). */
  value: string;
  onChange: (value: string) => void;
  emit?: 'unmasked' | 'masked';
}

/** A TextInput driven by an imask pattern; `value`/`onChange` carry the raw (unmasked) text. */
export const MaskedTextInput = forwardRef<HTMLInputElement, MaskedTextInputProps>(function MaskedTextInput(
  { mask, value, onChange, emit = 'unmasked', ...rest },
  forwarded,
) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const { ref, maskRef } = useIMask<HTMLInputElement>(mask, {
    onAccept: (_v, m) => onChangeRef.current(emit === 'masked' ? m.value : m.unmaskedValue),
    defaultValue: emit === 'masked' ? value : undefined,
    defaultUnmaskedValue: emit === 'unmasked' ? value : undefined,
  });
  useEffect(() => {
    const m = maskRef.current;
    if (!m) return;
    if (emit === 'masked' ? m.value !== value : m.unmaskedValue !== value) {
      if (emit === 'masked') m.value = value;
      else m.unmaskedValue = value;
    }
  }, [value, emit, maskRef]);
  return (
    <TextInput
      {...rest}
      ref={(el) => {
        ref.current = el;
        if (typeof forwarded === 'function') forwarded(el);
        else if (forwarded) forwarded.current = el;
      }}
    />
  );
});

interface StringInputProps extends BaseProps {
  value: string | null | undefined;
  onChange: (value: string) => void;
}

/** US phone `(555) 123-4567`; value is the 10 digits. */
export function PhoneInput({ value, onChange, ...rest }: StringInputProps) {
  const mask = useMemo<FactoryOpts>(() => ({ mask: '(000) 000-0000' }), []);
  return <MaskedTextInput type="tel" autoComplete="tel" placeholder="e.g. (555) 123-4567" {...rest} mask={mask} value={value ?? ''} onChange={onChange} />;
}

/** ZIP `12345` or ZIP+4 `12345-6789`; value is what is shown. */
export function ZipInput({ value, onChange, ...rest }: StringInputProps) {
  const mask = useMemo<FactoryOpts>(() => ({ mask: [{ mask: '00000' }, { mask: '00000-0000' }] }), []);
  return <MaskedTextInput inputMode="numeric" autoComplete="postal-code" placeholder="e.g. 12345" {...rest} mask={mask} emit="masked" value={value ?? ''} onChange={onChange} />;
}

/** UPC-A: exactly 12 digits. */
export function UpcInput({ value, onChange, ...rest }: StringInputProps) {
  const mask = useMemo<FactoryOpts>(() => ({ mask: '000000000000' }), []);
  return <MaskedTextInput inputMode="numeric" placeholder="e.g. 012345678905" ff="monospace" {...rest} mask={mask} value={value ?? ''} onChange={onChange} />;
}

interface NumberInputProps extends BaseProps {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  /**
   * The allowed range (of the value: cents for money). The input never changes what was typed to fit
   * it (a minus stays a minus, 0 stays 0): a value outside it shows the rule as the field's error.
   */
  min?: number;
  max?: number;
}

/** The masks accept any sign and size; the range is a rule shown, never a silent correction. */
const MASK_LIMIT = 1e12;
const grouped = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 3 });

/** The rule a value breaks ("Cannot be negative", "At least 1", "At most 100,000"), else undefined. */
export function rangeProblem(value: number | null | undefined, min: number | undefined, max: number | undefined, show: (n: number) => string = grouped): string | undefined {
  if (value === null || value === undefined || Number.isNaN(value)) return undefined;
  if (min !== undefined && value < min) return min === 0 ? 'Cannot be negative' : `At least ${show(min)}`;
  if (max !== undefined && value > max) return `At most ${show(max)}`;
  return undefined;
}

/**
 * The text a number input shows: what was last typed while it still means the value (so "-", "5." or
 * "0" stay as typed), else the value formatted.
 */
function useNumberText(value: number | null | undefined, format: (v: number) => string, parse: (raw: string) => number | null, onChange: (v: number | null) => void) {
  const typed = useRef<string | null>(null);
  const current = value ?? null;
  const text = typed.current !== null && parse(typed.current) === current ? typed.current : current === null ? '' : format(current);
  return {
    text,
    onRaw: (raw: string) => {
      typed.current = raw;
      const next = parse(raw);
      if (next !== current) onChange(next);
    },
  };
}

const parseNumber = (scale: (n: number) => number) => (raw: string): number | null => {
  if (raw === '' || raw === '-' || raw === '.' || raw === '-.') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? scale(n) : null;
};
const dollars = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Money: the value is integer cents; the field shows and accepts dollars (`1,234.50`, `-5.00`). */
export function MoneyInput({ value, onChange, min = 0, max = 100_000_000, error, ...rest }: NumberInputProps) {
  const mask = useMemo<FactoryOpts>(
    () => ({ mask: Number, scale: 2, radix: '.', mapToRadix: [','], thousandsSeparator: ',', padFractionalZeros: true, normalizeZeros: true, min: -MASK_LIMIT, max: MASK_LIMIT }),
    [],
  );
  const { text, onRaw } = useNumberText(value, (v) => (v / 100).toFixed(2), parseNumber((n) => Math.round(n * 100)), onChange);
  return (
    <MaskedTextInput
      inputMode="decimal"
      leftSection={<Text size="sm" c="dimmed">$</Text>}
      leftSectionWidth={24}
      classNames={{ input: 'qm-num' }}
      error={error ?? rangeProblem(value, min, max, dollars)}
      {...rest}
      mask={mask}
      value={text}
      onChange={onRaw}
    />
  );
}

/** Whole numbers with en-US grouping (`12,000`); a minus or a 0 typed stays. */
export function IntegerInput({ value, onChange, min = 0, max = 2_000_000_000, error, ...rest }: NumberInputProps) {
  const mask = useMemo<FactoryOpts>(() => ({ mask: Number, scale: 0, thousandsSeparator: ',', min: -MASK_LIMIT, max: MASK_LIMIT }), []);
  const { text, onRaw } = useNumberText(value, String, parseNumber((n) => n), onChange);
  return (
    <MaskedTextInput
      inputMode="numeric"
      classNames={{ input: 'qm-num' }}
      error={error ?? rangeProblem(value, min, max)}
      {...rest}
      mask={mask}
      value={text}
      onChange={onRaw}
    />
  );
}

/** A decimal number (e.g. a weight: `12.5`), up to `scale` fraction digits; empty is null. */
export function DecimalInput({ value, onChange, min = 0, max = 1_000_000_000, scale = 3, error, ...rest }: NumberInputProps & { scale?: number }) {
  const mask = useMemo<FactoryOpts>(() => ({ mask: Number, scale, radix: '.', mapToRadix: [','], thousandsSeparator: ',', normalizeZeros: true, min: -MASK_LIMIT, max: MASK_LIMIT }), [scale]);
  const { text, onRaw } = useNumberText(value, String, parseNumber((n) => n), onChange);
  return (
    <MaskedTextInput
      inputMode="decimal"
      classNames={{ input: 'qm-num' }}
      error={error ?? rangeProblem(value, min, max)}
      {...rest}
      mask={mask}
      value={text}
      onChange={onRaw}
    />
  );
}

/** `MM/DD/YYYY` typed → `YYYY-MM-DD`, or null while incomplete or impossible (Feb 30). */
export function parseUsDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [mm, dd, yyyy] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(yyyy, mm - 1, dd));
  if (d.getUTCFullYear() !== yyyy || d.getUTCMonth() !== mm - 1 || d.getUTCDate() !== dd) return null;
  return `${m[3]}-${m[1]}-${m[2]}`;
}

function isoToUs(iso: string | null | undefined): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

interface DateInputProps extends Omit<BaseProps, 'error'> {
  /** A day, `YYYY-MM-DD`; null when empty. */
  value: string | null | undefined;
  /** The day typed, or null while the field is empty, incomplete or not a day (Feb 30); `typed` is the text as shown. */
  onChange: (iso: string | null, typed: string) => void;
  /** The form's message for the field (e.g. a rule of its schema); the field's own (half a day, Feb 30) goes first. */
  error?: string;
  /** A problem marks the field red and says itself on hover, not in a line under it (a filter bar's fields). */
  quiet?: boolean;
}

/**
 * The one way to type a day, in forms and in filters alike: `MM/DD/YYYY` through a mask, the value a
 * `YYYY-MM-DD` day or null. Text that is not yet a whole day counts as empty, and says so once the
 * field is left, so what is shown is never taken for an older value.
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput({ value, onChange, error, quiet, onBlur, w = 118, ...rest }, ref) {
  const day = value ?? null;
  const [text, setText] = useState(isoToUs(day));
  const [left, setLeft] = useState(false);
  const emitted = useRef(day);
  useEffect(() => {
    // follow changes from outside only (a form reset, filters cleared), not the echo of our own
    if (day !== emitted.current) {
      emitted.current = day;
      setText(isoToUs(day));
    }
  }, [day]);
  const mask = useMemo<FactoryOpts>(() => ({ mask: '00/00/0000', lazy: true }), []);
  const notADay = text !== '' && parseUsDate(text) === null;
  const own = notADay ? (text.length === 10 ? 'Not a day of the calendar' : 'Type the whole date, MM/DD/YYYY') : undefined;
  const problem = own && (left || text.length === 10 || error) ? own : error;
  return (
    <MaskedTextInput
      placeholder="MM/DD/YYYY"
      inputMode="numeric"
      w={w}
      {...rest}
      ref={ref}
      mask={mask}
      emit="masked"
      value={text}
      error={quiet ? Boolean(problem) : problem}
      title={quiet ? problem : undefined}
      onBlur={(e) => {
        setLeft(true);
        onBlur?.(e);
      }}
      onChange={(t) => {
        setText(t);
        setLeft(false);
        const iso = t === '' ? null : parseUsDate(t);
        emitted.current = iso;
        onChange(iso, t);
      }}
    />
  );
});

export type DateRange = [from: string | null, to: string | null];

/** Two dates (`YYYY-MM-DD` each, either may be open) typed as MM/DD/YYYY. */
export function DateRangeInput({ label, value, onChange, size = 'xs' }: { label: string; value: DateRange; onChange: (v: DateRange) => void; size?: TextInputProps['size'] }) {
  return (
    <div role="group" aria-label={label}>
      <Text size="xs" fw={500} mb={2} component="div">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="center">
        <DateInput quiet aria-label={`${label} from`} size={size} value={value[0]} onChange={(v) => v !== value[0] && onChange([v, value[1]])} />
        <Text size="xs" c="dimmed" aria-hidden>
          –
        </Text>
        <DateInput quiet aria-label={`${label} to`} size={size} value={value[1]} onChange={(v) => v !== value[1] && onChange([value[0], v])} />
      </Group>
    </div>
  );
}
