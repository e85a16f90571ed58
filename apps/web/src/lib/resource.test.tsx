// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './queryClient';
import { resourceKeys } from './queryKeys';
import { defineResource, invalidate, useResourceList, useResourceMutations } from './resource';

interface Brand {
  id: number;
  name: string;
}
const brands = defineResource<Brand, { name: string }, { name: string; version: number }>('brand', { related: ['product'] });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('query keys', () => {
  it('start with the resource path, so one prefix reaches its lists, items and lookup', () => {
    const k = resourceKeys('brand');
    for (const key of [k.list('page=2'), k.item(3), k.lookup(), k.part('options')]) expect(key[0]).toBe('brand');
    expect(k.item(3)).toEqual(['brand', 'item', '3']);
  });
});

describe('useResourceMutations', () => {
  it('creates with POST <path>, then the resource and what shows it are stale', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json({ data: { id: 7, name: 'Federal' } }, 201));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.setQueryData(brands.keys.list('page=1'), { data: [], meta: { total: 0 } });
    queryClient.setQueryData(resourceKeys('product').list('page=1'), { data: [], meta: { total: 0 } });
    queryClient.setQueryData(resourceKeys('store').list('page=1'), { data: [], meta: { total: 0 } });
    const { result } = renderHook(() => useResourceMutations(brands), { wrapper });
    let created: Brand | undefined;
    await act(async () => {
      created = await result.current.create.mutateAsync({ name: 'Federal' });
    });
    expect(created).toEqual({ id: 7, name: 'Federal' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/brand');
    expect(init?.method).toBe('POST');
    expect(queryClient.getQueryState(brands.keys.list('page=1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(resourceKeys('product').list('page=1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(resourceKeys('store').list('page=1'))?.isInvalidated).toBe(false);
  });

  it('an update keeps the item it answered (not read again) and makes the lists stale', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ data: { id: 7, name: 'Federal Premium' } })));
    queryClient.setQueryData(brands.keys.item(7), { id: 7, name: 'Federal' });
    queryClient.setQueryData(brands.keys.list('page=1'), { data: [] });
    const { result } = renderHook(() => useResourceMutations(brands), { wrapper });
    await act(async () => {
      await result.current.update.mutateAsync({ id: 7, values: { name: 'Federal Premium', version: 1 } });
    });
    expect(queryClient.getQueryData(brands.keys.item(7))).toEqual({ id: 7, name: 'Federal Premium' });
    expect(queryClient.getQueryState(brands.keys.item(7))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(brands.keys.list('page=1'))?.isInvalidated).toBe(true);
  });

  it('a refused delete rejects with the API error and changes nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ error: { code: 'rule_violated', message: 'Federal has products' } }, 422)));
    queryClient.setQueryData(brands.keys.list('page=1'), { data: [] });
    const { result } = renderHook(() => useResourceMutations(brands), { wrapper });
    await act(async () => {
      await expect(result.current.remove.mutateAsync(7)).rejects.toMatchObject({ status: 422, message: 'Federal has products' });
    });
    expect(queryClient.getQueryState(brands.keys.list('page=1'))?.isInvalidated).toBe(false);
  });
});

describe('useResourceList', () => {
  it('reads a page with the list query, and again once invalidated', async () => {
    const fetchMock = vi.fn(async (_url: string) => json({ data: [{ id: 1, name: 'CCI' }], meta: { total: 1, page: 1, per_page: 25, total_exact: true } }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useResourceList(brands, new URLSearchParams('page=1&sort=name')), { wrapper });
    await waitFor(() => expect(result.current.data?.data).toEqual([{ id: 1, name: 'CCI' }]));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/brand?page=1&sort=name');
    await act(() => invalidate(brands));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
