import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { catalogRoutes } from './catalog/routes.js';

/** Domain areas register their routes here (catalogue, vendors, orders, …). */
export function registerModules(app: FastifyInstance, db: Db) {
  catalogRoutes(app, db);
}
