/** Merchandising area: use cases and the products each features. */
import type { z } from 'zod';
import type { MerchandisingUseCase, MerchandisingUseCaseCreate, MerchandisingUseCaseUpdate } from '@qm/contracts';
import { defineResource } from '../../lib/resource';

export const useCases = defineResource<MerchandisingUseCase, z.output<typeof MerchandisingUseCaseCreate>, z.output<typeof MerchandisingUseCaseUpdate>>('merchandising-use-case');

/** The body of an update from the item as it is, with what changes. */
export const updateBody = (u: MerchandisingUseCase, change: Partial<z.output<typeof MerchandisingUseCaseUpdate>> = {}): z.output<typeof MerchandisingUseCaseUpdate> => ({
  name: u.name,
  use_case: u.use_case,
  store_id: u.store_id,
  category_id: u.category_id,
  min_in_stock: u.min_in_stock,
  is_active: u.is_active,
  description: u.description,
  product_ids: u.products.map((p) => p.product_id),
  version: u.version,
  ...change,
});
