/**
 * Every area of the API, in one place: each is a module given the kit (http/kit.ts). A new area adds
 * its module here and nowhere else.
 */
import type { Module } from '../http/kit.js';
import { fileRoutes } from '../files/routes.js';
import { jobRoutes } from '../jobs/routes.js';
import { auditRoutes } from './audit/routes.js';
import { authRoutes } from './auth/routes.js';
import { socialSignInRoutes } from './auth/social.js';
import { catalogRoutes } from './catalog/routes.js';
import { complianceRoutes } from './compliance/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { opsRoutes } from './ops/routes.js';
import { orderRoutes } from './orders/routes.js';
import { preferenceRoutes } from './preferences/routes.js';
import { reportRoutes } from './reports/routes.js';
import { routingRoutes } from './routing/routes.js';
import { resolutionRoutes } from './resolution/routes.js';
import { merchandisingRoutes } from './merchandising/routes.js';
import { priceRoutes } from './pricing/prices.js';
import { mapHolidayRoutes } from './pricing/map-holidays.js';
import { repricingRuleRoutes } from './pricing/repricing-rules.js';
import { pricingRoutes } from './pricing/routes.js';
import { purchasingRoutes } from './purchasing/routes.js';
import { statusRoutes } from './statuses/routes.js';
import { userRoutes } from './users/routes.js';
import { vendorRoutes } from './vendors/routes.js';
import { vendorCatalogRoutes } from './vendor-catalog/routes.js';

export const MODULES: readonly Module[] = [
  opsRoutes,
  authRoutes,
  socialSignInRoutes,
  userRoutes,
  statusRoutes,
  auditRoutes,
  dashboardRoutes,
  preferenceRoutes,
  jobRoutes,
  fileRoutes,
  catalogRoutes,
  vendorRoutes,
  reportRoutes,
  purchasingRoutes,
  complianceRoutes,
  vendorCatalogRoutes,
  orderRoutes,
  routingRoutes,
  resolutionRoutes,
  pricingRoutes,
  mapHolidayRoutes,
  repricingRuleRoutes,
  priceRoutes,
  merchandisingRoutes,
];
