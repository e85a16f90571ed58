/** The reports (SPEC §2 "Reports"), each a configuration of the report kit (`reports/kit.ts`). */
import type { Kit } from '../../http/kit.js';
import { reportModule } from '../../reports/kit.js';
import { downloadAgainRoute, downloadLog } from './download-log.js';
import { inventoryItem } from './inventory-item.js';
import { inventoryTransaction } from './inventory-transaction.js';
import { poItem } from './po-item.js';
import { poSummary } from './po-summary.js';
import { productInventory } from './product-inventory.js';

export const REPORTS = [poSummary, poItem, productInventory, inventoryItem, inventoryTransaction, downloadLog];

const reports = reportModule(REPORTS);

export function reportRoutes(kit: Kit) {
  reports(kit);
  downloadAgainRoute(kit);
}
