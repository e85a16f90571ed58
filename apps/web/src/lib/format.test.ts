import { describe, expect, it } from 'vitest';
import { formatAxisCents, formatAxisDollars, formatCents, formatDate, formatDay, formatInteger, formatMoney, formatRange, plural, toIsoDate } from './format';

describe('money', () => {
  it('shows US dollars in en-US with at most 2 fraction digits', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0.125)).toBe('$0.13');
    expect(formatMoney(1000000)).toBe('$1,000,000.00');
    expect(formatMoney(-12.3)).toBe('-$12.30');
  });

  it('turns integer cents into dollars', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents('999')).toBe('$9.99');
  });

  it('labels a chart axis in whole dollars', () => {
    expect(formatAxisDollars(240000)).toBe('$240,000');
    expect(formatAxisDollars(0)).toBe('$0');
    expect(formatAxisCents(140)).toBe('140\u00a2');
    expect(formatAxisCents(2.5)).toBe('2.5\u00a2');
    expect(formatAxisCents(0)).toBe('0\u00a2');
    expect(formatAxisDollars(-1500.4)).toBe('-$1,500');
  });

  it('leaves missing values empty (or as asked)', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatCents(undefined, '—')).toBe('—');
    expect(formatMoney('not a number')).toBe('');
  });
});

describe('integers', () => {
  it('groups thousands the en-US way', () => {
    expect(formatInteger(1234567)).toBe('1,234,567');
    expect(formatInteger(0)).toBe('0');
    expect(formatInteger(12.6)).toBe('13');
  });
});

describe('dates and ranges', () => {
  it('formats calendar dates', () => {
    expect(formatDate('2024-03-05T12:00:00')).toBe('Mar 5, 2024');
    expect(formatDate(null, '—')).toBe('—');
    expect(toIsoDate(new Date(2024, 0, 9))).toBe('2024-01-09');
    // a chart's day: the calendar day as written, whatever the browser's zone
    expect(formatDay('2024-11-08')).toBe('Nov 8');
    expect(formatDay('2024-03-31')).toBe('Mar 31');
    expect(formatDay(undefined, '—')).toBe('—');
  });

  it('describes a page of a list', () => {
    expect(formatRange(1, 25, 1234)).toBe('1–25 of 1,234');
    expect(formatRange(50, 25, 1234)).toBe('1,226–1,234 of 1,234');
    expect(formatRange(1, 25, 0)).toBe('0 of 0');
  });

  it('counts nouns', () => {
    expect(plural(1, 'user')).toBe('1 user');
    expect(plural(1200, 'entry', 'entries')).toBe('1,200 entries');
  });
});
