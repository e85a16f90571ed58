export * from './enums.js';
export * from './permissions.js';
export * from './routes.js';
export * from './common.js';
export * from './auth.js';
export * from './users.js';
export * from './statuses.js';
export * from './audit.js';
