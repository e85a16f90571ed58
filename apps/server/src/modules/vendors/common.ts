import type { Permission } from '@qm/contracts';

/** Docs tag and permissions of the vendors' endpoints. */
export const VENDORS: { tags: string[]; read: Permission; write: Permission } = { tags: ['vendors'], read: 'vendors.read', write: 'vendors.write' };
