/**
 * Catalogue area: every call of SPEC §7 "Catalogue" and "Feeds and stores" (docs/api-catalog.md) and
 * the small lists the catalogue screens share (attributes, brands, flat categories). One module for the
 * product editor, the family editor and the list screens.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  CONSTANTS,
  type Attribute,
  type AttributeData,
  type AttributeValue,
  type Brand,
  type CategoryNode,
  type FeedAssignment,
  type Modifier,
  type ModifierOption,
  type ProductCreate,
  type ProductDetail,
  type ProductFamilyCreate,
  type ProductFamilyDetail,
  type ProductFamilyUpdate,
  type ProductUpdate,
  type PublishResult,
  type StoreProduct,
  type StoreVariant,
  type StoreVariantUpdate,
  type Variant,
  type VariantCreate,
  type VariantUpdate,
} from '@qm/contracts';
import { api, request } from '../../lib/api';
import { useCategories } from '../../lib/lookups';
import { qk } from '../../lib/queryKeys';

export const PRODUCT = 'product';
export const FAMILY = 'product-family';

export interface ModifierInput {
  name: string;
  display_type: Modifier['display_type'];
  options: { id?: number; label: string; is_default: boolean; variant_ids: number[] }[];
}

export interface StoreVariantInput {
  variant_id: number;
  include: boolean;
  price_cents: number | null;
  map_price_cents: number | null;
  map_gate: StoreVariant['map_gate'];
  shipping_setting: StoreVariant['shipping_setting'];
}

export const catalogApi = {
  // products
  product: (id: number, signal?: AbortSignal) => api.data<ProductDetail>(`product/${id}`, undefined, signal),
  createProduct: (body: ProductCreate) => api.post<{ data: ProductDetail }>('product', body),
  updateProduct: (id: number, body: ProductUpdate) => api.put<{ data: ProductDetail }>(`product/${id}`, body),
  setAttribute: (owner: 'product' | 'product-family', id: number, attributeId: number, value: AttributeValue) =>
    api.post<{ data: AttributeData }>(`${owner}/${id}/attribute`, { attribute_id: attributeId, value }),
  changeAttribute: (owner: 'product' | 'product-family', id: number, attributeId: number, value: AttributeValue, version: number) =>
    api.put<{ data: AttributeData }>(`${owner}/${id}/attribute/${attributeId}`, { value, version }),
  removeAttribute: (id: number, attributeId: number) => api.delete<unknown>(`product/${id}/attribute/${attributeId}`),
  addVariant: (id: number, body: VariantCreate) => api.post<{ data: Variant; variants: Variant[] }>(`product/${id}/variant`, body),
  updateVariant: (id: number, variantId: number, body: VariantUpdate) =>
    api.put<{ data: Variant; variants: Variant[] }>(`product/${id}/variant/${variantId}`, body),
  deleteProduct: (id: number) => api.delete<unknown>(`product/${id}`),
  deleteVariant: (id: number, variantId: number) => api.delete<{ variants: Variant[] }>(`product/${id}/variant/${variantId}`),
  publish: (id: number, storeId: number) => api.post<PublishResult>(`product/${id}/publish`, { store_id: storeId }),

  // modifiers
  createModifier: (owner: { product_id: number } | { product_family_id: number }, body: ModifierInput) =>
    api.post<{ data: Modifier }>('modifier', { ...owner, ...body }),
  updateModifier: (id: number, body: ModifierInput & { version: number }) => api.put<{ data: Modifier }>(`modifier/${id}`, body),
  deleteModifier: (id: number) => api.delete<unknown>(`modifier/${id}`),
  addOption: (modifierId: number, body: { label: string; is_default: boolean; variant_ids: number[] }) =>
    api.post<{ data: ModifierOption; options: ModifierOption[] }>(`modifier/${modifierId}/option`, body),
  updateOption: (modifierId: number, id: number, body: { label: string; is_default: boolean; variant_ids: number[]; version: number }) =>
    api.put<{ data: ModifierOption; options: ModifierOption[] }>(`modifier/${modifierId}/option/${id}`, body),

  // stores
  createStoreVariants: (body: { store_id: number; product_id: number; store_product_id: number | null; variants: StoreVariantInput[] }) =>
    api.post<{ success: boolean; variants: StoreVariant[]; data: StoreProduct }>('store-variant', body),
  updateStoreVariant: (id: number, body: StoreVariantUpdate) => api.put<{ data: StoreVariant }>(`store-variant/${id}`, body),
  disableStoreVariant: (id: number) => api.patch<{ data: StoreVariant }>(`store-variant/${id}/disable`),
  updateStoreProduct: (id: number, body: { attribute_data: { attribute_id: number; value: AttributeValue | null }[]; version: number; is_published?: boolean }) =>
    api.put<{ store_product: StoreProduct; attribute_data: AttributeData[] }>(`store-product/${id}`, body),
  assignFeeds: (storeVariantId: number, feedIds: number[]) =>
    api.post<FeedAssignment[]>('feed/store-variant', { store_variant_ids: [storeVariantId], feed_ids: feedIds, mode: 'replace' }),

  // families
  family: (id: number, signal?: AbortSignal) => api.data<ProductFamilyDetail>(`product-family/${id}`, undefined, signal),
  createFamily: (body: ProductFamilyCreate) => api.post<{ data: ProductFamilyDetail }>('product-family', body),
  updateFamily: (id: number, body: ProductFamilyUpdate) => api.put<{ data: ProductFamilyDetail }>(`product-family/${id}`, body),
  addFamilyVariant: (id: number, variantId: number) => api.post<{ data: ProductFamilyDetail }>(`product-family/${id}/variant`, { variant_id: variantId }),
  sortFamilyVariants: (id: number, variantIds: number[]) => api.post<{ data: ProductFamilyDetail }>(`product-family/${id}/variant/sort`, { variant_ids: variantIds }),
  removeFamilyVariant: (id: number, variantId: number) => api.delete<{ data: ProductFamilyDetail }>(`product-family/${id}/variant/${variantId}`),
  addFamilyStoreProduct: (id: number, storeId: number) => api.post<{ data: StoreProduct }>(`product-family/${id}/store-product`, { store_id: storeId }),

  // categories
  sortCategories: (data: { id: number; parent_id: number | null; sort_order: number }[]) => api.post<{ data: CategoryNode[] }>('category/sort', { data }),
  /** `DELETE category/{id}`; with `moveTo`, its subcategories and products go there first. */
  deleteCategory: (id: number, moveTo?: number) => request<unknown>(`category/${id}`, { method: 'DELETE', query: { move_to: moveTo } }),
};

const ALL = { per_page: CONSTANTS.maxPerPage };

/** Every attribute (ids 11 title and 13 image included), for editors and filters. */
export function useAttributes() {
  return useQuery({
    queryKey: qk.list('attribute', 'all'),
    queryFn: ({ signal }) => api.list<Attribute>('attribute', { ...ALL, sort: 'id' }, signal).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

/** Brands for selects (`{ value, label }`). */
export function useBrandOptions() {
  const q = useQuery({
    queryKey: qk.list('brand', 'options'),
    queryFn: ({ signal }) => api.list<Brand>('brand', { ...ALL, sort: 'name' }, signal).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
  return { ...q, options: (q.data ?? []).map((b) => ({ value: String(b.id), label: b.name })) };
}

/**
 * Categories as a flat list in tree order, labelled by their path ("Ammunition › Handgun › 9mm Luger"),
 * from the cached category lookup (SPEC §7: loaded once; a failure shows the Error dialog).
 */
export function useCategoryOptions() {
  const q = useCategories();
  const options = useMemo(() => {
    const out: { value: string; label: string }[] = [];
    const walk = (nodes: CategoryNode[], prefix: string) =>
      nodes.forEach((n) => {
        const path = prefix ? `${prefix} › ${n.name}` : n.name;
        out.push({ value: String(n.id), label: path });
        walk(n.children, path);
      });
    walk((q.data ?? []) as unknown as CategoryNode[], '');
    return out;
  }, [q.data]);
  return { ...q, options };
}
