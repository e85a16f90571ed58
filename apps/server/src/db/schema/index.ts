export * from './core.js';
export * from './catalog.js';
export * from './jobs.js';
export * from './purchasing.js';
export * from './compliance.js';
export * from './vendor-catalog.js';
export * from './orders.js';
export * from './pricing.js';
