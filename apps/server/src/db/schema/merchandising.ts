import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from './core.js';
import { categories, products, stores } from './catalog.js';

/**
 * Merchandising: a use case is a way of shopping the catalogue (home defense in 9mm, deer season,
 * bulk range ammo) — one of the use-case lookup's kinds (`use_case`, statuses kind `usecase`), on one
 * store or every store, drawing on a category, with the products it features in order and how many
 * of them should be in stock at any time (`min_in_stock`: below it the use case is "low").
 */
export const merchandisingUseCases = pgTable(
  'merchandising_use_cases',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** A code of the use-case lookup (statuses kind `usecase`). */
    use_case: text('use_case').notNull(),
    /** Null: every store. */
    store_id: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    min_in_stock: integer('min_in_stock').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    description: text('description'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('merchandising_use_cases_name_key').on(sql`lower(${t.name})`),
    index('merchandising_use_cases_use_case_idx').on(t.use_case),
    check('merchandising_use_cases_min_check', sql`min_in_stock >= 0`),
  ],
);

/** The products a use case features, in their order on it. */
export const merchandisingUseCaseProducts = pgTable(
  'merchandising_use_case_products',
  {
    use_case_id: integer('use_case_id')
      .notNull()
      .references(() => merchandisingUseCases.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.use_case_id, t.product_id] }), index('merchandising_use_case_products_product_idx').on(t.product_id)],
);
