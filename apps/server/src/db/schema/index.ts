export * from './core.js';
export * from './catalog.js';
