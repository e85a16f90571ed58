import { describe, expect, it } from 'vitest';
import { shareSlices } from './ReportChart';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ brand: `Brand_${String.fromCharCode(65 + i)}`, revenue: (i + 1) * 1000 }));

describe('a share chart’s slices', () => {
  it('are the rows largest first, each in its own colour, while there are colours enough', () => {
    const s = shareSlices(rows(5), 'brand', 'revenue');
    expect(s.map((x) => x.name)).toEqual(['Brand E', 'Brand D', 'Brand C', 'Brand B', 'Brand A']);
    expect(new Set(s.map((x) => x.color)).size).toBe(5);
  });

  it('fold the smallest into one grey "Other" slice beyond eight, keeping the total', () => {
    const s = shareSlices(rows(12), 'brand', 'revenue');
    expect(s).toHaveLength(8);
    expect(new Set(s.map((x) => x.color)).size).toBe(8);
    expect(s[0]).toMatchObject({ name: 'Brand L', value: 12_000 });
    expect(s[7]).toEqual({ name: 'Other (5)', value: 1000 + 2000 + 3000 + 4000 + 5000, color: 'gray.5' });
    expect(s.reduce((sum, x) => sum + x.value, 0)).toBe(rows(12).reduce((sum, r) => sum + r.revenue, 0));
  });

  it('show exactly eight rows as eight slices, none of them "Other"', () => {
    const s = shareSlices(rows(8), 'brand', 'revenue');
    expect(s).toHaveLength(8);
    expect(s.some((x) => x.name.startsWith('Other'))).toBe(false);
  });
});
