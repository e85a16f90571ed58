/**
 * Figures in words, the way every message of the console writes them: `$1,234.56` from cents,
 * `12,345` for a count. One formatter of each kind for the process: `toLocaleString` with options
 * builds a new one on every call (~0.1 ms), which a routing's explanations call hundreds of times.
 */
const cents2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US');

/** `$1,234.56` from 123456 cents. */
export const formatCents = (cents: number): string => `$${cents2.format(cents / 100)}`;
/** `12,345`. */
export const formatCount = (n: number): string => whole.format(n);
