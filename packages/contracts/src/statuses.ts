import { z } from 'zod';
import { Name, stampFields, Versioned } from './common.js';

export const Status = z.object({ id: z.number(), code: z.string(), name: z.string(), sort_order: z.number() });
export type Status = z.infer<typeof Status>;

export const InternalStatus = z.object({ id: z.number(), name: z.string(), ...stampFields });
export type InternalStatus = z.infer<typeof InternalStatus>;

export const InternalStatusCreate = z.object({ name: Name }).strict();
export const InternalStatusUpdate = InternalStatusCreate.extend(Versioned.shape);

export const INTERNAL_STATUS_LIST = { sort: ['id', 'name', 'created_at'], filter: [] } as const;
