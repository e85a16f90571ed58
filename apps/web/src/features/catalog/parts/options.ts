import { PRODUCT_TYPES, VARIATION_TYPES } from '@qm/contracts';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const typeOptions = PRODUCT_TYPES.map((t) => ({ value: t, label: cap(t) }));
export const variationOptions = VARIATION_TYPES.map((t) => ({ value: t, label: cap(t) }));
