import type { Permission } from './permissions.js';

export type NavGroup =
  | 'Overview'
  | 'Catalogue'
  | 'Stores & Feeds'
  | 'Vendors'
  | 'Orders'
  | 'Purchasing'
  | 'Pricing'
  | 'Compliance'
  | 'Merchandising'
  | 'Reports'
  | 'Administration';

export interface RouteDef {
  /** Route name, unique. */
  name: string;
  /** Path relative to `/` (SPEC §2), without a leading slash. `:id` marks a parameter. */
  path: string;
  /** Page title (SPEC §2). */
  title: string;
  /** Any one of these opens the route (SPEC §6). Empty: any signed-in user. */
  permissions: readonly Permission[];
  /** Shown in the navigation under this group with this label. */
  nav?: { group: NavGroup; label: string };
  /**
   * The component that renders it: `<area>/<Screen>` names the default export of the web's
   * `features/<area>/<Screen>.tsx` (e.g. `catalog/ProductList`). Absent while the screen is not built.
   */
  screen?: string;
}

const p = (...x: Permission[]) => x;

/** Every authenticated route of the console (SPEC §2). Paths with `/:id` view one item on the same screen. */
export const ROUTES: readonly RouteDef[] = [
  { name: 'dashboard', path: '', title: 'Dashboard', permissions: [], nav: { group: 'Overview', label: 'Dashboard' }, screen: 'dashboard/Dashboard' },

  { name: 'product', path: 'product', title: 'Products', permissions: p('catalog.read'), nav: { group: 'Catalogue', label: 'Products' }, screen: 'catalog/ProductList' },
  { name: 'product.view', path: 'product/:id', title: 'Products', permissions: p('catalog.read'), screen: 'catalog/ProductEditor' },
  { name: 'product-family', path: 'product-family', title: 'Product Families', permissions: p('catalog.read'), nav: { group: 'Catalogue', label: 'Product Families' }, screen: 'catalog/FamilyList' },
  { name: 'product-family.view', path: 'product-family/:id', title: 'Product Families', permissions: p('catalog.read'), screen: 'catalog/FamilyEditor' },
  { name: 'attribute', path: 'attribute', title: 'Attributes', permissions: p('catalog.read'), nav: { group: 'Catalogue', label: 'Attributes' }, screen: 'catalog/AttributeList' },
  { name: 'brand', path: 'brand', title: 'Brands', permissions: p('catalog.read'), nav: { group: 'Catalogue', label: 'Brands' }, screen: 'catalog/BrandList' },
  { name: 'category', path: 'category', title: 'Categories', permissions: p('catalog.read'), nav: { group: 'Catalogue', label: 'Categories' }, screen: 'catalog/CategoryTree' },

  { name: 'store', path: 'store', title: 'Stores', permissions: p('stores.read'), nav: { group: 'Stores & Feeds', label: 'Stores' }, screen: 'catalog/StoreList' },
  { name: 'store-brand', path: 'store-brand', title: 'Store Brand', permissions: p('stores.read'), nav: { group: 'Stores & Feeds', label: 'Store Brands' }, screen: 'catalog/StoreBrandList' },
  { name: 'store-category', path: 'store-category', title: 'Store Categories', permissions: p('stores.read'), nav: { group: 'Stores & Feeds', label: 'Store Categories' }, screen: 'catalog/StoreCategoryList' },
  { name: 'feed', path: 'feed', title: 'Feeds', permissions: p('feeds.read'), nav: { group: 'Stores & Feeds', label: 'Feeds' }, screen: 'catalog/FeedList' },

  { name: 'vendor', path: 'vendor', title: 'Vendors', permissions: p('vendors.read'), nav: { group: 'Vendors', label: 'Vendors' }, screen: 'vendors/VendorList' },
  { name: 'vendor.view', path: 'vendor/:id', title: 'Vendors', permissions: p('vendors.read'), screen: 'vendors/VendorEditor' },
  { name: 'vendor-fee-schema', path: 'vendor-fee-schema', title: 'Vendor Fee Schemas', permissions: p('vendors.read'), nav: { group: 'Vendors', label: 'Fee Schemas' }, screen: 'vendors/FeeSchemaList' },
  { name: 'vendor-fee-schema.view', path: 'vendor-fee-schema/:id', title: 'Vendor Fee Schemas', permissions: p('vendors.read'), screen: 'vendors/FeeSchemaEditor' },
  { name: 'vendor-credential', path: 'vendor-credential', title: 'Vendor Credentials', permissions: p('vendors.read'), nav: { group: 'Vendors', label: 'Credentials' }, screen: 'vendors/CredentialList' },

  { name: 'order', path: 'order', title: 'Orders', permissions: p('orders.read'), nav: { group: 'Orders', label: 'Orders' }, screen: 'orders/OrderList' },
  { name: 'order.view', path: 'order/:id', title: 'Orders', permissions: p('orders.read'), screen: 'orders/OrderView' },
  { name: 'order-resolution', path: 'order-resolution', title: 'Order Resolution Dashboard', permissions: p('orders.read'), nav: { group: 'Orders', label: 'Resolution' }, screen: 'resolution/OrderResolution' },
  { name: 'order-resolution-summary', path: 'order-resolution-summary', title: 'Order Resolution Summary', permissions: p('orders.read'), nav: { group: 'Orders', label: 'Resolution Summary' }, screen: 'resolution/OrderResolutionSummary' },
  { name: 'order-route', path: 'order-route', title: 'Order Routes', permissions: p('orders.read'), nav: { group: 'Orders', label: 'Routes' }, screen: 'routing/RouteList' },
  { name: 'order-route.view', path: 'order-route/:id', title: 'Order Routes', permissions: p('orders.read'), screen: 'routing/RouteView' },
  { name: 'order-route-item', path: 'order-route-item', title: 'Order Route Items', permissions: p('orders.read'), nav: { group: 'Orders', label: 'Route Items' }, screen: 'routing/RouteItemList' },
  { name: 'order-route-item.view', path: 'order-route-item/:id', title: 'Order Route Items', permissions: p('orders.read'), screen: 'routing/RouteItemView' },
  { name: 'order-route-option', path: 'order-route-option', title: 'Order Route Options', permissions: p('orders.read'), nav: { group: 'Orders', label: 'Route Options' }, screen: 'routing/OptionList' },
  { name: 'order-route-option.view', path: 'order-route-option/:id', title: 'Order Route Options', permissions: p('orders.read'), screen: 'routing/OptionView' },
  { name: 'order-route-option-vendor-total', path: 'order-route-option-vendor-total', title: 'Order Route Options', permissions: p('orders.read'), nav: { group: 'Orders', label: 'Route Vendor Totals' }, screen: 'routing/VendorTotalList' },
  { name: 'order-route-option-vendor-total.view', path: 'order-route-option-vendor-total/:id', title: 'Order Route Options', permissions: p('orders.read'), screen: 'routing/VendorTotalView' },
  { name: 'vendor-order', path: 'vendor-order', title: 'Vendor Orders', permissions: p('orders.read'), nav: { group: 'Orders', label: 'Vendor Orders' }, screen: 'routing/VendorOrderList' },
  { name: 'vendor-order.view', path: 'vendor-order/:id', title: 'Vendor Orders', permissions: p('orders.read'), screen: 'routing/VendorOrderView' },

  { name: 'purchase-order', path: 'purchase-order', title: 'Purchase Orders', permissions: p('purchasing.read'), nav: { group: 'Purchasing', label: 'Purchase Orders' }, screen: 'purchasing/PurchaseOrderList' },
  { name: 'purchase-order.view', path: 'purchase-order/:id', title: 'Purchase Orders', permissions: p('purchasing.read'), screen: 'purchasing/PurchaseOrderEditor' },

  { name: 'pricing', path: 'pricing', title: 'Pricing Dashboard', permissions: p('pricing.read'), nav: { group: 'Pricing', label: 'Dashboard' }, screen: 'pricing/PricingDashboard' },
  { name: 'pricing.product', path: 'pricing/product', title: 'Product Pricing', permissions: p('pricing.read'), nav: { group: 'Pricing', label: 'Product Pricing' }, screen: 'pricing/ProductPricing' },
  { name: 'pricing.store-variant', path: 'pricing/store-variant', title: 'Store Variant Pricing', permissions: p('pricing.read'), nav: { group: 'Pricing', label: 'Store Variant Pricing' }, screen: 'pricing/StoreVariantPricing' },
  { name: 'competitor-offer', path: 'competitor-offer', title: 'Competitor Offers', permissions: p('pricing.read'), nav: { group: 'Pricing', label: 'Competitor Offers' }, screen: 'pricing/CompetitorOfferList' },
  { name: 'competitor-blacklist', path: 'competitor-blacklist', title: 'Competitor Blacklist', permissions: p('pricing.read'), nav: { group: 'Pricing', label: 'Competitor Blacklist' }, screen: 'pricing/CompetitorBlacklistList' },
  { name: 'exclude-sku', path: 'exclude-sku', title: 'Exclude Skus', permissions: p('pricing.read'), nav: { group: 'Pricing', label: 'Exclude SKUs' }, screen: 'pricing/ExcludeSkuList' },
  { name: 'map-holiday', path: 'map-holiday', title: 'MAP Holidays', permissions: p('pricing.read'), nav: { group: 'Pricing', label: 'MAP Holidays' }, screen: 'pricing/MapHolidayList' },
  { name: 'repricing-rule', path: 'repricing-rule', title: 'Repricing Rules', permissions: p('pricing.read'), nav: { group: 'Pricing', label: 'Repricing Rules' }, screen: 'pricing/RepricingRuleList' },
  { name: 'target-url', path: 'target-url', title: 'Target URLs', permissions: p('pricing.read'), nav: { group: 'Pricing', label: 'Target URLs' }, screen: 'pricing/TargetUrlList' },

  { name: 'compliance-restriction', path: 'compliance-restriction', title: 'Compliance Restrictions', permissions: p('compliance.read'), nav: { group: 'Compliance', label: 'Restrictions' }, screen: 'compliance/RestrictionList' },
  { name: 'compliance-restriction.search', path: 'compliance-restriction/search', title: 'Compliance Restriction Search', permissions: p('compliance.read'), nav: { group: 'Compliance', label: 'Restriction Search' }, screen: 'compliance/RestrictionSearch' },
  { name: 'compliance-restriction.view', path: 'compliance-restriction/:id', title: 'Compliance Restrictions', permissions: p('compliance.read'), screen: 'compliance/RestrictionView' },
  { name: 'compliance-restriction-type', path: 'compliance-restriction-type', title: 'Compliance Restriction Types', permissions: p('compliance.read'), nav: { group: 'Compliance', label: 'Restriction Types' }, screen: 'compliance/RestrictionTypeList' },
  { name: 'zip-code-group', path: 'zip-code-group', title: 'Zip Code Groups', permissions: p('compliance.read'), nav: { group: 'Compliance', label: 'Zip Code Groups' }, screen: 'compliance/ZipCodeGroupList' },

  { name: 'merchandising-use-case', path: 'merchandising-use-case', title: 'Merchandising Use Case', permissions: p('merchandising.read'), nav: { group: 'Merchandising', label: 'Use Cases' }, screen: 'merchandising/UseCaseList' },
  { name: 'merchandising-use-case.view', path: 'merchandising-use-case/:id', title: 'Merchandising Use Case', permissions: p('merchandising.read'), screen: 'merchandising/UseCaseView' },

  { name: 'report.merchandising', path: 'report/merchandising', title: 'Merchandising Report', permissions: p('reports.read', 'merchandising.read'), nav: { group: 'Reports', label: 'Merchandising' }, screen: 'reports/Merchandising' },
  { name: 'report.merchandising.hv-ds', path: 'report/merchandising/hv-ds', title: 'Merchandising Report', permissions: p('reports.read', 'merchandising.read'), screen: 'reports/MerchandisingHvDs' },
  { name: 'report.merchandising.brand', path: 'report/merchandising/brand', title: 'Brand Merchandising Report', permissions: p('reports.read', 'merchandising.read'), nav: { group: 'Reports', label: 'Brand Merchandising' }, screen: 'reports/BrandMerchandising' },
  { name: 'report.merchandising.category', path: 'report/merchandising/category', title: 'Category Merchandising Report', permissions: p('reports.read', 'merchandising.read'), nav: { group: 'Reports', label: 'Category Merchandising' }, screen: 'reports/CategoryMerchandising' },
  { name: 'report.merchandising.inventory', path: 'report/merchandising/inventory', title: 'Merchandising Inventory Reports', permissions: p('reports.read', 'merchandising.read'), nav: { group: 'Reports', label: 'Merchandising Inventory' }, screen: 'reports/MerchandisingInventory' },
  { name: 'report.merchandising.use-case', path: 'report/merchandising/use-case', title: 'Merchandising Use Case', permissions: p('reports.read', 'merchandising.read'), nav: { group: 'Reports', label: 'Use Case Report' }, screen: 'reports/MerchandisingUseCase' },
  { name: 'report.merchandising.low-use-case', path: 'report/merchandising/low-use-case', title: 'Low Merchandising Use Case', permissions: p('reports.read', 'merchandising.read'), nav: { group: 'Reports', label: 'Low Use Case' }, screen: 'reports/LowMerchandisingUseCase' },
  { name: 'report.monthly-summary', path: 'report/monthly-summary', title: 'Monthly Summary Report', permissions: p('reports.read'), nav: { group: 'Reports', label: 'Monthly Summary' }, screen: 'reports/MonthlySummary' },
  { name: 'report.order-margin', path: 'report/order-margin', title: 'Order Margin Report', permissions: p('reports.read'), nav: { group: 'Reports', label: 'Order Margin' }, screen: 'reports/OrderMargin' },
  { name: 'report.order-item', path: 'report/order-item', title: 'Order Item Report', permissions: p('reports.read'), nav: { group: 'Reports', label: 'Order Items' }, screen: 'reports/OrderItem' },
  { name: 'report.po-summary', path: 'report/po-summary', title: 'PO Summary Report', permissions: p('reports.read'), nav: { group: 'Reports', label: 'PO Summary' }, screen: 'reports/PoSummary' },
  { name: 'report.po-item', path: 'report/po-item', title: 'PO Item Report', permissions: p('reports.read'), nav: { group: 'Reports', label: 'PO Items' }, screen: 'reports/PoItem' },
  { name: 'report.product-inventory', path: 'report/product-inventory', title: 'Product Inventory Report', permissions: p('reports.read', 'inventory.read'), nav: { group: 'Reports', label: 'Product Inventory' }, screen: 'reports/ProductInventory' },
  { name: 'report.inventory-item', path: 'report/inventory-item', title: 'Inventory Item Report', permissions: p('reports.read', 'inventory.read'), nav: { group: 'Reports', label: 'Inventory Items' }, screen: 'reports/InventoryItem' },
  { name: 'report.inventory-transaction', path: 'report/inventory-transaction', title: 'Inventory Transaction Report', permissions: p('reports.read', 'inventory.read'), nav: { group: 'Reports', label: 'Inventory Transactions' }, screen: 'reports/InventoryTransaction' },
  { name: 'report.vendor-order', path: 'report/vendor-order', title: 'Vendor Order Report', permissions: p('reports.read'), nav: { group: 'Reports', label: 'Vendor Orders' }, screen: 'reports/VendorOrder' },
  { name: 'report.vendor-order-item', path: 'report/vendor-order-item', title: 'Vendor Order Item Report', permissions: p('reports.read'), nav: { group: 'Reports', label: 'Vendor Order Items' }, screen: 'reports/VendorOrderItem' },
  { name: 'report.download-log', path: 'report/download-log', title: 'Download Logs', permissions: p('reports.read', 'feeds.read'), nav: { group: 'Reports', label: 'Download Logs' }, screen: 'reports/DownloadLog' },

  { name: 'user', path: 'user', title: 'Users', permissions: p('users.read'), nav: { group: 'Administration', label: 'Users' }, screen: 'users/UserList' },
  { name: 'internal-status', path: 'internal-status', title: 'Internal Statuses', permissions: p('statuses.read'), nav: { group: 'Administration', label: 'Internal Statuses' }, screen: 'statuses/InternalStatusList' },
  { name: 'report.log', path: 'report/log', title: 'Logs', permissions: p('audit.read'), nav: { group: 'Administration', label: 'Logs' }, screen: 'audit/Logs' },
];

/** Public routes (SPEC §2): in a module of their own, so the login screen's entry does not carry the table above. */
export { PUBLIC_ROUTES } from './public-routes.js';
