/**
 * Catalogue area: its resources, query keys and hooks — every call of SPEC §7 "Catalogue" and
 * "Feeds and stores" (docs/api-catalog.md). Reads are queries; writes are mutations that keep the
 * editor's item up to date and make stale what they change, so screens never call the API nor
 * invalidate by hand.
 */
import { useMemo } from 'react';
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CONSTANTS,
  IMAGE_ATTRIBUTE_ID,
  TITLE_ATTRIBUTE_ID,
  type Attribute,
  type AttributeCreate,
  type AttributeData,
  type AttributeUpdate,
  type AttributeValue,
  type Brand,
  type BrandCreate,
  type BrandUpdate,
  type Category,
  type CategoryCreate,
  type CategoryNode,
  type CategoryUpdate,
  type Feed,
  type FeedAssignment,
  type FeedCreate,
  type FeedLeftOutReport,
  type FeedUpdate,
  type Modifier,
  type ProductCreate,
  type ProductDetail,
  type ProductFamilyCreate,
  type ProductFamilyDetail,
  type ProductFamilyListItem,
  type ProductFamilyUpdate,
  type ProductListItem,
  type ProductUpdate,
  type PublishResult,
  type Store,
  type StoreBrand,
  type StoreBrandCreate,
  type StoreBrandUpdate,
  type StoreCategory,
  type StoreCategoryCreate,
  type StoreCategoryUpdate,
  type StoreCreate,
  type StoreProduct,
  type StoreUpdate,
  type StoreVariant,
  type StoreVariantUpdate,
  type Variant,
  type VariantCreate,
  type VariantListItem,
  type VariantUpdate,
} from '@qm/contracts';
import { api, isApiError, request } from '../../lib/api';
import { useCategories } from '../../lib/lookups';
import { changeCached, defineResource, invalidate, useResourceSearch, type Resource } from '../../lib/resource';
import { queryClient } from '../../lib/queryClient';

// ───────────────────────────── resources ─────────────────────────────

/** What shows a product's brand, category or store by name. */
const SHOWN_IN_PRODUCTS = ['product', 'product-family'];

export const products = defineResource<ProductListItem, ProductCreate, ProductUpdate, ProductDetail>('product', { related: ['product-family', 'variant'] });
export const families = defineResource<ProductFamilyListItem, ProductFamilyCreate, ProductFamilyUpdate, ProductFamilyDetail>('product-family');
export const variants = defineResource<VariantListItem>('variant');
export const attributes = defineResource<Attribute, z.output<typeof AttributeCreate>, z.output<typeof AttributeUpdate>>('attribute');
export const brands = defineResource<Brand, z.output<typeof BrandCreate>, z.output<typeof BrandUpdate>>('brand', { related: SHOWN_IN_PRODUCTS });
export const categories = defineResource<CategoryNode, CategoryCreate, CategoryUpdate, Category>('category', { related: SHOWN_IN_PRODUCTS });
export const stores = defineResource<Store, StoreCreate, StoreUpdate>('store', { related: [...SHOWN_IN_PRODUCTS, 'store-brand', 'store-category', 'feed'] });
/** Feeds show by name on store variants in the product editor. */
export const feeds = defineResource<Feed, FeedCreate, FeedUpdate>('feed', { related: SHOWN_IN_PRODUCTS });

/** The feed's report of left-out items (read fresh: it follows the compliance rules as well as the feed). */
export function useFeedLeftOut(feedId: number, page: number, perPage: number) {
  return useQuery({
    queryKey: feeds.keys.part('left-out', JSON.stringify({ feedId, page, perPage })),
    queryFn: ({ signal }) => api.get<FeedLeftOutReport>(`feed/${feedId}/left-out`, { page, per_page: perPage }, signal),
    staleTime: 0,
    placeholderData: (prev) => prev,
  });
}
export const storeBrands = defineResource<StoreBrand, z.output<typeof StoreBrandCreate>, z.output<typeof StoreBrandUpdate>>('store-brand');
export const storeCategories = defineResource<StoreCategory, z.output<typeof StoreCategoryCreate>, z.output<typeof StoreCategoryUpdate>>('store-category');

/** Products and families own attribute values, modifiers and store products. */
export type Owner = { kind: 'product'; id: number } | { kind: 'product-family'; id: number };
const ownerResource = (o: Owner): Resource<unknown, unknown, unknown, ProductDetail | ProductFamilyDetail> => (o.kind === 'product' ? products : families);
/** Changes the owner's cached item. */
function changeOwner<T extends ProductDetail | ProductFamilyDetail>(o: Owner, fn: (old: T) => T) {
  changeCached<T>(ownerResource(o).keys.item(o.id), fn);
}
/** The owner is read again (the server re-derives what the change touched) and its lists are stale. */
const reloadOwner = (o: Owner) => invalidate(ownerResource(o));

const ALL = { per_page: CONSTANTS.maxPerPage };

// ───────────────────────────── lists for pickers ─────────────────────────────

/** Every attribute (ids 11 title and 13 image included), for editors and filters. */
export function useAttributes() {
  return useQuery({
    queryKey: attributes.keys.list('all'),
    queryFn: ({ signal }) => api.list<Attribute>(attributes.path, { ...ALL, sort: 'id' }, signal).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

/** Brands for selects (`{ value, label }`). */
export function useBrandOptions() {
  const q = useQuery({
    queryKey: brands.keys.part('options'),
    queryFn: ({ signal }) => api.list<Brand>(brands.path, { ...ALL, sort: 'name' }, signal).then((r) => r.data),
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

/** Variants of any product found by SKU, UPC or product title (`GET variant`), from two characters typed. */
export function useVariantSearch(q: string) {
  return useResourceSearch(variants, 'search', { q, per_page: 12, sort: 'product_title,units_per_package' }, { enabled: q.length >= 2 });
}

// ───────────────────────────── products ─────────────────────────────

export function useCreateProduct() {
  return useMutation({
    mutationFn: (body: ProductCreate) => api.post<{ data: ProductDetail }>(products.path, body).then((r) => r.data),
    onSuccess: () => invalidate(products),
  });
}

/** `PUT product/{id}`: the product's own fields, with the version they were read at. */
export function useUpdateProduct(id: number) {
  return useMutation({
    mutationFn: (body: ProductUpdate) => api.put<{ data: ProductDetail }>(`${products.path}/${id}`, body).then((r) => r.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(products.keys.item(id), saved);
      return invalidate(products, { keep: products.keys.item(id) });
    },
  });
}

export function useDeleteProduct() {
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${products.path}/${id}`),
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: products.keys.item(id) });
      return invalidate(products);
    },
  });
}

/** `POST product/{id}/publish`: published only when `success` is true (SPEC §5); then the product is read again. */
export function usePublishProduct(id: number) {
  return useMutation({
    mutationFn: (storeId: number) => api.post<PublishResult>(`${products.path}/${id}/publish`, { store_id: storeId }),
    onSuccess: (res) => (res.success === true ? invalidate(products) : undefined),
  });
}

/** The product's variants after a variant write (the server answers all of them: one default). */
function setVariants(productId: number, list: Variant[]) {
  changeCached<ProductDetail>(products.keys.item(productId), (p) => ({ ...p, variants: list }));
  return invalidate(products, { keep: products.keys.item(productId) });
}

export function useAddVariant(productId: number) {
  return useMutation({
    mutationFn: (body: VariantCreate) => api.post<{ data: Variant; variants: Variant[] }>(`${products.path}/${productId}/variant`, body),
    onSuccess: (res) => setVariants(productId, res.variants),
  });
}

export function useUpdateVariant(productId: number) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VariantUpdate }) => api.put<{ data: Variant; variants: Variant[] }>(`${products.path}/${productId}/variant/${id}`, body),
    // Making a variant the default shows at once: exactly one default.
    onMutate: ({ id, body }) => {
      const before = queryClient.getQueryData<ProductDetail>(products.keys.item(productId));
      if (body.is_default) changeCached<ProductDetail>(products.keys.item(productId), (p) => ({ ...p, variants: p.variants.map((v) => ({ ...v, is_default: v.id === id })) }));
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) queryClient.setQueryData(products.keys.item(productId), ctx.before);
    },
    onSuccess: (res) => setVariants(productId, res.variants),
  });
}

export function useDeleteVariant(productId: number) {
  return useMutation({
    mutationFn: (variantId: number) => api.delete<{ variants: Variant[] }>(`${products.path}/${productId}/variant/${variantId}`),
    onSuccess: (res) => setVariants(productId, res.variants),
  });
}

// ───────────────────────────── attribute values ─────────────────────────────

/** The owner's list of attribute values with the saved one in place of its former self. */
export function withAttributeRow(data: AttributeData[], row: AttributeData): AttributeData[] {
  return [...data.filter((d) => d.id !== row.id), row];
}

/**
 * The canonical value of an attribute (`POST <owner>/{id}/attribute` the first time, then
 * `PUT <owner>/{id}/attribute/{attributeId}` with the value's version). The title and the image show
 * in the head and the lists: the owner is read again. A 409 reads it again too.
 */
export function useSaveAttributeValue(owner: Owner) {
  const base = `${owner.kind}/${owner.id}/attribute`;
  return useMutation({
    mutationFn: ({ attributeId, value, current }: { attributeId: number; value: AttributeValue; current: AttributeData | null | undefined }) =>
      current
        ? api.put<{ data: AttributeData }>(`${base}/${attributeId}`, { value, version: current.version })
        : api.post<{ data: AttributeData }>(base, { attribute_id: attributeId, value }),
    onSuccess: (res) => {
      changeOwner(owner, (o) => ({ ...o, attribute_data: withAttributeRow(o.attribute_data, res.data) }));
      if (res.data.attribute_id === TITLE_ATTRIBUTE_ID || res.data.attribute_id === IMAGE_ATTRIBUTE_ID) return reloadOwner(owner);
      return invalidate(ownerResource(owner), { keep: ownerResource(owner).keys.item(owner.id) });
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 409) void reloadOwner(owner);
    },
  });
}

// ───────────────────────────── modifiers ─────────────────────────────

export interface ModifierInput {
  name: string;
  display_type: Modifier['display_type'];
  options: { id?: number; label: string; is_default: boolean; variant_ids: number[] }[];
}

/** `POST modifier` (new) or `PUT modifier/{id}` (with its version); the owner is read again (options re-sync their variants). */
export function useSaveModifier(owner: Owner) {
  return useMutation({
    mutationFn: ({ modifier, body }: { modifier: Modifier | null; body: ModifierInput }) =>
      modifier
        ? api.put<{ data: Modifier }>(`modifier/${modifier.id}`, { ...body, version: modifier.version })
        : api.post<{ data: Modifier }>('modifier', { ...(owner.kind === 'product' ? { product_id: owner.id } : { product_family_id: owner.id }), ...body }),
    onSuccess: () => reloadOwner(owner),
  });
}

export function useDeleteModifier(owner: Owner) {
  return useMutation({ mutationFn: (id: number) => api.delete<unknown>(`modifier/${id}`), onSuccess: () => reloadOwner(owner) });
}

// ───────────────────────────── store products and variants ─────────────────────────────

export interface StoreVariantInput {
  variant_id: number;
  include: boolean;
  price_cents: number | null;
  map_price_cents: number | null;
  map_gate: StoreVariant['map_gate'];
  shipping_setting: StoreVariant['shipping_setting'];
}

/** `POST store-variant`: only the variants marked include are sent (SPEC §5); the product is read again. */
export function useCreateStoreVariants(productId: number) {
  return useMutation({
    mutationFn: (body: { store_id: number; store_product_id: number | null; variants: StoreVariantInput[] }) =>
      api.post<{ success: boolean; variants: StoreVariant[]; data: StoreProduct }>('store-variant', { ...body, product_id: productId }),
    onSuccess: (res) => (res.success === false ? undefined : invalidate(products)),
  });
}

function replaceStoreVariant(productId: number, sv: StoreVariant) {
  changeCached<ProductDetail>(products.keys.item(productId), (p) => ({ ...p, store_variants: p.store_variants.map((x) => (x.id === sv.id ? sv : x)) }));
}

/**
 * A store variant's row: `PUT store-variant/{id}` when its fields changed, `POST feed/store-variant`
 * (replace) when its feeds did; answers the store variant as saved.
 */
export function useSaveStoreVariant(productId: number) {
  return useMutation({
    mutationFn: async ({ sv, fields, feedIds }: { sv: StoreVariant; fields: StoreVariantUpdate | null; feedIds: number[] | null }) => {
      let latest = sv;
      if (fields) latest = (await api.put<{ data: StoreVariant }>(`store-variant/${sv.id}`, fields)).data;
      if (feedIds) {
        const res = await api.post<FeedAssignment[]>('feed/store-variant', { store_variant_ids: [sv.id], feed_ids: feedIds, mode: 'replace' });
        const a = res.find((x) => x.id === sv.id);
        if (a) latest = { ...latest, feeds: a.feeds, feed_title: a.feed_title, feed_url: a.feed_url };
      }
      return latest;
    },
    onSuccess: (sv) => {
      replaceStoreVariant(productId, sv);
      return invalidate(['feed', products], { keep: products.keys.item(productId) });
    },
  });
}

/** `PATCH store-variant/{id}/disable`. */
export function useDisableStoreVariant(productId: number) {
  return useMutation({
    mutationFn: (id: number) => api.patch<{ data: StoreVariant }>(`store-variant/${id}/disable`).then((r) => r.data),
    onSuccess: (sv) => {
      replaceStoreVariant(productId, sv);
      return invalidate(products, { keep: products.keys.item(productId) });
    },
  });
}

/**
 * `PUT store-product/{id}`: store-level attribute values (a null value removes one) and, for a
 * family, publishing; `is_published: false` unpublishes. The owner's store product is replaced, then
 * the owner read again.
 */
export function useUpdateStoreProduct(owner: Owner) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: { attribute_data: { attribute_id: number; value: AttributeValue | null }[]; version: number; is_published?: boolean } }) =>
      api.put<{ store_product: StoreProduct; attribute_data: AttributeData[] }>(`store-product/${id}`, body),
    onSuccess: (res) => {
      changeOwner<ProductDetail | ProductFamilyDetail>(owner, (o) => ({
        ...o,
        store_products: o.store_products.map((x) => (x.id === res.store_product.id ? { ...x, ...res.store_product } : x)),
      }) as typeof o);
      return reloadOwner(owner);
    },
  });
}

// ───────────────────────────── families ─────────────────────────────

export function useCreateFamily() {
  return useMutation({
    mutationFn: (body: ProductFamilyCreate) => api.post<{ data: ProductFamilyDetail }>(families.path, body).then((r) => r.data),
    onSuccess: () => invalidate(families),
  });
}

export function useUpdateFamily(id: number) {
  return useMutation({
    mutationFn: (body: ProductFamilyUpdate) => api.put<{ data: ProductFamilyDetail }>(`${families.path}/${id}`, body).then((r) => r.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(families.keys.item(id), saved);
      return invalidate(families, { keep: families.keys.item(id) });
    },
  });
}

/**
 * A change to a family's variants, shown at once (`optimistic`), then the server's answer; put back
 * if it is refused.
 */
function useFamilyChange<V>(id: number, call: (v: V) => Promise<{ data: ProductFamilyDetail }>, optimistic?: (f: ProductFamilyDetail, v: V) => ProductFamilyDetail) {
  const key = families.keys.item(id);
  return useMutation({
    mutationFn: call,
    onMutate: (v) => {
      const before = queryClient.getQueryData<ProductFamilyDetail>(key);
      if (before && optimistic) queryClient.setQueryData(key, optimistic(before, v));
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) queryClient.setQueryData(key, ctx.before);
    },
    onSuccess: (res) => {
      queryClient.setQueryData(key, res.data);
      return invalidate(families, { keep: key });
    },
  });
}

/** `POST product-family/{id}/variant`. */
export function useAddFamilyVariant(id: number) {
  return useFamilyChange(id, (variantId: number) => api.post<{ data: ProductFamilyDetail }>(`${families.path}/${id}/variant`, { variant_id: variantId }));
}

/** `DELETE product-family/{id}/variant/{variantId}`: out of the family and out of every option, at once on screen. */
export function useRemoveFamilyVariant(id: number) {
  return useFamilyChange(
    id,
    (variantId: number) => api.delete<{ data: ProductFamilyDetail }>(`${families.path}/${id}/variant/${variantId}`),
    (f, variantId) => ({
      ...f,
      variants: f.variants.filter((x) => x.id !== variantId),
      modifiers: f.modifiers.map((m) => ({ ...m, options: m.options.map((o) => ({ ...o, variant_ids: o.variant_ids.filter((x) => x !== variantId), variants: o.variants.filter((x) => x.id !== variantId) })) })),
    }),
  );
}

/** `POST product-family/{id}/variant/sort`: the order shoppers see, at once on screen. */
export function useSortFamilyVariants(id: number) {
  return useFamilyChange(
    id,
    (variantIds: number[]) => api.post<{ data: ProductFamilyDetail }>(`${families.path}/${id}/variant/sort`, { variant_ids: variantIds }),
    (f, variantIds) => ({ ...f, variants: variantIds.map((v) => f.variants.find((x) => x.id === v)!).filter(Boolean) }),
  );
}

/** `POST product-family/{id}/store-product`: puts the family on a store. */
export function useAddFamilyStoreProduct(id: number) {
  return useMutation({
    mutationFn: (storeId: number) => api.post<{ data: StoreProduct }>(`${families.path}/${id}/store-product`, { store_id: storeId }).then((r) => r.data),
    onSuccess: (sp) => {
      changeCached<ProductFamilyDetail>(families.keys.item(id), (f) => ({ ...f, store_products: [...f.store_products, sp].sort((a, b) => a.store_name.localeCompare(b.store_name)) }));
      return invalidate(families, { keep: families.keys.item(id) });
    },
  });
}

/**
 * The names of modifier options a product's variants carry: its own modifiers' and those of the
 * families it is in (read with them), as "Modifier: Option" (a family's prefixed with its name).
 */
export function useOptionLabels(product: ProductDetail): Map<number, string> {
  const own = useMemo(() => new Map(product.modifiers.flatMap((m) => m.options.map((o) => [o.id, `${m.name}: ${o.label}`] as const))), [product.modifiers]);
  const missing = product.variants.some((v) => v.modifier_option_ids.some((id) => !own.has(id)));
  const fams = useQueries({
    queries: product.families.map((f) => ({
      queryKey: families.keys.item(f.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.data<ProductFamilyDetail>(`${families.path}/${f.id}`, undefined, signal),
      enabled: missing,
      staleTime: 60_000,
    })),
  });
  return useMemo(() => {
    const out = new Map(own);
    for (const q of fams) {
      const f = q.data;
      if (!f) continue;
      for (const m of f.modifiers) for (const o of m.options) if (!out.has(o.id)) out.set(o.id, `${f.name} › ${m.name}: ${o.label}`);
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [own, ...fams.map((q) => q.data)]);
}

// ───────────────────────────── categories ─────────────────────────────

/** `POST category/sort` with the whole flattened tree; the tree as saved replaces the cached one. */
export function useSortCategories() {
  return useMutation({
    mutationFn: (data: { id: number; parent_id: number | null; sort_order: number }[]) => api.post<{ data: CategoryNode[] }>(`${categories.path}/sort`, { data }).then((r) => r.data),
    onSuccess: (tree) => {
      queryClient.setQueryData(categories.keys.lookup(), tree);
      return invalidate(categories, { keep: categories.keys.lookup() });
    },
  });
}

/** `DELETE category/{id}`; with `moveTo`, its subcategories and products go there first. */
export function useDeleteCategory() {
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo?: number }) => request<unknown>(`${categories.path}/${id}`, { method: 'DELETE', query: { move_to: moveTo } }),
    onSuccess: () => invalidate(categories),
  });
}
