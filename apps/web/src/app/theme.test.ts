import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrastRatio, mix, readable } from './contrast';
import { DIMMED, SURFACES, cssVariablesResolver, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = cssVariablesResolver(full);
const AA = 4.5;

describe('contrast', () => {
  it('measures WCAG contrast ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // Mantine's dimmed grey on white, as axe measured it.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('darkens a colour until it reads on its backgrounds', () => {
    expect(readable(['#087f5b'], ['#ffffff'], 4.5)).toBe('#087f5b');
    const teal = readable(['#087f5b'], ['#c3fae8', '#96f2d7'], 4.6);
    expect(contrastRatio(teal, '#96f2d7')).toBeGreaterThanOrEqual(4.6);
    expect(mix('#ffffff', '#000000', 0.5)).toBe('#808080');
  });
});

describe('theme colours (WCAG 2.1 AA in both themes)', () => {
  const colours = Object.keys(full.colors);

  it.each(colours)('%s: filled, text, outline and light variants are readable', (name) => {
    const s = full.colors[name]!;
    for (const scheme of ['light', 'dark'] as const) {
      const v = vars[scheme];
      expect(contrastRatio(v[`--mantine-color-${name}-filled`]!, '#ffffff'), `${scheme} ${name} filled`).toBeGreaterThanOrEqual(AA);
      for (const bg of SURFACES[scheme]) {
        expect(contrastRatio(v[`--mantine-color-${name}-text`]!, bg), `${scheme} ${name} text on ${bg}`).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(v[`--mantine-color-${name}-outline`]!, bg), `${scheme} ${name} outline on ${bg}`).toBeGreaterThanOrEqual(AA);
      }
    }
    for (const bg of [s[1], s[2]]) expect(contrastRatio(vars.light[`--mantine-color-${name}-light-color`]!, bg), `light ${name} badge`).toBeGreaterThanOrEqual(AA);
    for (const key of ['light', 'light-hover']) {
      const bg = vars.dark[`--mantine-color-${name}-${key}`]!;
      expect(contrastRatio(vars.dark[`--mantine-color-${name}-light-color`]!, bg), `dark ${name} badge on ${key}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('dimmed text and placeholders read on every surface, selected rows included', () => {
    for (const bg of [...SURFACES.light, full.colors.steel![1]]) expect(contrastRatio(DIMMED.light, bg)).toBeGreaterThanOrEqual(AA);
    for (const bg of SURFACES.dark) expect(contrastRatio(DIMMED.dark, bg)).toBeGreaterThanOrEqual(AA);
    expect(vars.light['--mantine-color-placeholder']).toBe(DIMMED.light);
    expect(vars.dark['--mantine-color-placeholder']).toBe(DIMMED.dark);
  });

  it('links and errors read, and the focus ring stands out (3:1) on every surface', () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const bg of SURFACES[scheme]) {
        expect(contrastRatio(vars[scheme]['--mantine-color-anchor']!, bg)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(vars[scheme]['--mantine-color-error']!, bg)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(vars[scheme]['--qm-focus-ring']!, bg)).toBeGreaterThanOrEqual(3);
      }
    }
  });
});
