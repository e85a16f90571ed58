import type { Kit } from '../../http/kit.js';
import { attributeRoutes } from './attributes.js';
import { brandRoutes } from './brands.js';
import { categoryRoutes } from './categories.js';
import { familyRoutes } from './families.js';
import { feedRoutes } from './feeds.js';
import { feedFileRoutes } from './feed-files.js';
import { modifierRoutes } from './modifiers.js';
import { productRoutes } from './products.js';
import { storeRoutes } from './stores.js';
import { storeVariantRoutes } from './store-variants.js';
import { variantRoutes } from './variants.js';

/** The catalogue (SPEC §7 "Catalogue", "Feeds and stores"); docs/api-catalog.md lists every endpoint. */
export function catalogRoutes(kit: Kit) {
  const { app, db } = kit;
  attributeRoutes(app, db);
  brandRoutes(app, db);
  categoryRoutes(app, db);
  storeRoutes(app, db);
  feedRoutes(app, db);
  feedFileRoutes(kit);
  productRoutes(app, db);
  variantRoutes(app, db);
  modifierRoutes(app, db);
  storeVariantRoutes(app, db);
  familyRoutes(app, db);
}
