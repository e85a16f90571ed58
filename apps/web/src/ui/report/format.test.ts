import { describe, expect, it } from 'vitest';
import { formatCell, isNumeric } from './format';

describe('report cells', () => {
  it('formats each column type', () => {
    expect(formatCell('money', 123456)).toBe('$1,234.56');
    expect(formatCell('int', 1234567)).toBe('1,234,567');
    expect(formatCell('percent', 0.125)).toBe('12.5%');
    expect(formatCell('percent', 0.23)).toBe('23.0%');
    expect(formatCell('date', '2026-03-05T10:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatCell('month', '2026-07')).toBe('Jul 2026');
    expect(formatCell('month', '2025-12')).toBe('Dec 2025');
    expect(formatCell('month', '2026-13')).toBe('2026-13'); // not a month: as it came
    expect(formatCell('text', null)).toBe('');
    expect(formatCell('money', null)).toBe('');
  });

  it('writes the filters kept with a download as words', () => {
    expect(formatCell('text', { filter: { from: '2026-01-01', vendor_id: 3 }, group: 'vendor', sort: '-cost' })).toBe('from 2026-01-01 · vendor id 3 · group vendor · sort -cost');
  });

  it('aligns numbers', () => {
    expect(isNumeric('money')).toBe(true);
    expect(isNumeric('text')).toBe(false);
  });
});
