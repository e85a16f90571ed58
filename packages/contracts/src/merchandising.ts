/**
 * Merchandising: use cases — ways of shopping the catalogue (home defense in 9mm, deer season, bulk
 * range ammo), each of a kind from the use-case lookup, on one store or every store — with the
 * products each features in order and how many of them should be in stock at any time.
 */
import { z } from 'zod';
import { Name, OptId, OptText, stampFields, Versioned } from './common.js';

/** The most products one use case features. */
export const USE_CASE_MAX_PRODUCTS = 200;

export const UseCaseProduct = z.object({
  product_id: z.number(),
  title: z.string().nullable(),
  brand_name: z.string().nullable(),
  sku: z.string().nullable(),
  /** Units on hand in our warehouses, every variant. */
  on_hand: z.number(),
  /** A variant is on hand in a warehouse or available from a drop-ship vendor. */
  in_stock: z.boolean(),
});
export type UseCaseProduct = z.infer<typeof UseCaseProduct>;

export const MerchandisingUseCase = z.object({
  id: z.number(),
  name: z.string(),
  /** A code of the use-case lookup. */
  use_case: z.string(),
  use_case_name: z.string().nullable(),
  /** Null: every store. */
  store_id: z.number().nullable(),
  store_name: z.string().nullable(),
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  /** Products that should be in stock at any time; fewer and the use case is low. */
  min_in_stock: z.number(),
  is_active: z.boolean(),
  description: z.string().nullable(),
  product_count: z.number(),
  in_stock_count: z.number(),
  /** Active, and fewer products in stock than `min_in_stock`. */
  is_low: z.boolean(),
  /** The products featured, in order. */
  products: z.array(UseCaseProduct),
  ...stampFields,
});
export type MerchandisingUseCase = z.infer<typeof MerchandisingUseCase>;

const useCaseShape = {
  name: Name,
  use_case: z.string({ error: 'Choose a use case' }).trim().min(1, 'Choose a use case').max(60, 'At most 60 characters'),
  store_id: OptId,
  category_id: OptId,
  min_in_stock: z
    .number({ error: 'A number of products' })
    .int('A whole number of products')
    .min(0, 'Zero or more')
    .max(USE_CASE_MAX_PRODUCTS, `At most ${USE_CASE_MAX_PRODUCTS}`),
  is_active: z.boolean().default(true),
  description: OptText(2000),
  /** The products featured, in order (each once). */
  product_ids: z
    .array(z.number({ error: 'A product id' }).int('A product id').min(1, 'A product id').max(2_147_483_647, 'A product id'), { error: 'A list of product ids' })
    .max(USE_CASE_MAX_PRODUCTS, `At most ${USE_CASE_MAX_PRODUCTS} products`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each product once')
    .default([]),
};
export const MerchandisingUseCaseCreate = z.object(useCaseShape).strict();
export const MerchandisingUseCaseUpdate = z.object({ ...useCaseShape, ...Versioned.shape }).strict();
export const MERCHANDISING_USE_CASE_LIST = {
  sort: ['id', 'name', 'use_case', 'min_in_stock', 'product_count', 'in_stock_count', 'created_at', 'updated_at'],
  filter: ['id', 'use_case', 'store_id', 'category_id', 'is_active', 'is_low', 'product_id'],
} as const;
