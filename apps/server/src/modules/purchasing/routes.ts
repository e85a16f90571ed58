/** Purchasing and inventory: purchase orders, locations, inventory items and movements. */
import type { Kit } from '../../http/kit.js';
import { inventoryRoutes } from './inventory.js';
import { locationRoutes } from './locations.js';
import { purchaseOrderRoutes } from './orders.js';

export function purchasingRoutes({ app, db }: Kit) {
  locationRoutes(app, db);
  purchaseOrderRoutes(app, db);
  inventoryRoutes(app, db);
}
