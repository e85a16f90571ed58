import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';

/** Domain areas register their routes here (catalogue, vendors, orders, …). */
export function registerModules(_app: FastifyInstance, _db: Db) {}
