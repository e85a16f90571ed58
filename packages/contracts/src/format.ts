/**
 * Figures in the words of the server's messages and explanations (and the field messages both sides
 * show): `$1,234.56` from cents, `12,345` for a count. One formatter of each kind for the process:
 * `toLocaleString` with options builds a new one on every call (~0.1 ms), which a routing's
 * explanations call hundreds of times. The console's own display of figures is `apps/web/src/lib/format.ts`.
 */
const cents2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US');

/** `$1,234.56` from 123456 cents. */
export const centsText = (cents: number): string => `$${cents2.format(cents / 100)}`;
/** `12,345`. */
export const countText = (n: number): string => whole.format(n);
