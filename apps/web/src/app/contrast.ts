/** WCAG 2.1 contrast of colours written as #rgb or #rrggbb, and colours chosen to reach it. */

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (c: Rgb) => `#${c.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.1). */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` mixed with `toward` (#000 darkens, #fff lightens) by `amount` (0–1). */
export function mix(hex: string, toward: string, amount: number): string {
  const [a, b] = [rgb(hex), rgb(toward)];
  return toHex(a.map((v, i) => v + (b[i]! - v) * amount) as Rgb);
}

/**
 * The first of `candidates` with at least `min` contrast on every one of `backgrounds`; past the
 * last candidate, the last one darkened (or lightened, on dark backgrounds) step by step until it
 * does.
 */
export function readable(candidates: readonly string[], backgrounds: readonly string[], min: number): string {
  const ok = (c: string) => backgrounds.every((bg) => contrastRatio(c, bg) >= min);
  const found = candidates.find(ok);
  if (found) return found;
  const last = candidates[candidates.length - 1]!;
  const toward = luminance(backgrounds[0]!) > 0.18 ? '#000000' : '#ffffff';
  for (let step = 1; step <= 20; step++) {
    const c = mix(last, toward, step * 0.05);
    if (ok(c)) return c;
  }
  return toward;
}
