/** The reports (SPEC §2 "Reports"), each a configuration of the report kit (`reports/kit.ts`). */
import type { Kit } from '../../http/kit.js';
import { reportModule } from '../../reports/kit.js';
import { downloadAgainRoute, downloadLog } from './download-log.js';
import { inventoryItem } from './inventory-item.js';
import { inventoryTransaction } from './inventory-transaction.js';
import { MERCHANDISING_REPORTS } from './merchandising.js';
import { monthlySummary } from './monthly-summary.js';
import { orderItem } from './order-item.js';
import { orderMargin } from './order-margin.js';
import { poItem } from './po-item.js';
import { poSummary } from './po-summary.js';
import { productInventory } from './product-inventory.js';
import { vendorOrderItem } from './vendor-order-item.js';
import { vendorOrder } from './vendor-order.js';

export const REPORTS = [poSummary, poItem, productInventory, inventoryItem, inventoryTransaction, downloadLog, orderMargin, orderItem, vendorOrder, vendorOrderItem, monthlySummary, ...MERCHANDISING_REPORTS];

const reports = reportModule(REPORTS);

export function reportRoutes(kit: Kit) {
  reports(kit);
  downloadAgainRoute(kit);
}
