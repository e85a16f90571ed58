/**
 * Renders a piece of the kit for a component test (jsdom): Mantine with modals and notifications, a
 * fresh query client, a router whose location the test reads, and `fetch` answered by the test.
 */
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../lib/queryClient';
import { setAuthenticated } from '../lib/session';

/** What jsdom lacks and Mantine uses. */
export function stubBrowser(): void {
  if (!window.matchMedia)
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }),
    });
  if (!('ResizeObserver' in window))
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
}

export function signInWith(permissions: string[]): void {
  setAuthenticated({ id: 1, name: 'Test', email: 't@example.com', roles: ['admin'], security: { permissions }, impersonator: null });
}

export const json = (body: unknown, status = 200) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A `fetch` answering by method and path (`GET brand`); the calls are kept. */
export function fakeApi(answer: (method: string, url: URL, body: unknown) => Response | Promise<Response>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fn = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, body });
    return answer(method, url, body);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

/** Renders `ui` at `path` (with its query); `router.state.location` is where it went. */
export function renderAt(ui: ReactNode, path = '/') {
  stubBrowser();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, search: () => new URLSearchParams(router.state.location.search) };
}
