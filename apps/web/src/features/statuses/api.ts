/** Statuses area: the internal statuses staff put on orders (`internal-status`). */
import type { z } from 'zod';
import type { InternalStatus, InternalStatusCreate, InternalStatusUpdate } from '@qm/contracts';
import { defineResource } from '../../lib/resource';

export const internalStatuses = defineResource<InternalStatus, z.output<typeof InternalStatusCreate>, z.output<typeof InternalStatusUpdate>>('internal-status');
