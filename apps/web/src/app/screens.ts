/**
 * The route table's `screen` → the component that renders it. `catalog/ProductList` is the default
 * export of `features/catalog/ProductList.tsx`: the top-level `.tsx` files of an area folder are its
 * screens (their parts sit in `features/<area>/parts/`). Each screen is a chunk of its own, loaded
 * the first time its route is opened.
 */
import type { ComponentType } from 'react';

export type ScreenModule = { default: ComponentType };

const modules = import.meta.glob<ScreenModule>(['../features/*/*.tsx', '!../features/*/*.test.tsx']);

/** `catalog/ProductList` → its module path in the glob. */
const pathOf = (screen: string) => `../features/${screen}.tsx`;

/** Every screen there is, as `<area>/<Screen>`. */
export const SCREENS: readonly string[] = Object.keys(modules).map((p) => p.slice('../features/'.length, -'.tsx'.length));

/** The loader of a screen's module, or undefined when no such file exists. */
export function screenLoader(screen: string): (() => Promise<ScreenModule>) | undefined {
  return modules[pathOf(screen)];
}
