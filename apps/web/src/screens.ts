import type { ComponentType } from 'react';

/**
 * The ONLY map from a server resource's `component` name to its screen (architecture rule 8). Each
 * entry loads lazily, so a screen's code is fetched when its route is first opened. A component name
 * with no entry renders the 404 page 页面不存在或正在开发中.
 *
 * Add a feature screen: create `modules/<feature>/<Screen>.tsx` with a named export and add one line
 * here with the exact component name the server seeds for the resource.
 */
export type ScreenLoader = () => Promise<ComponentType>;

export const screens: Readonly<Record<string, ScreenLoader>> = {
  EntInfoEdit: () => import('./modules/ent/EntInfoEdit.tsx').then((m) => m.EntInfoEdit),
};

const notFound: ScreenLoader = () => import('./modules/exception/ExceptionPage.tsx').then((m) => m.NotFound);

export function hasScreen(component: string): boolean {
  return Object.hasOwn(screens, component);
}

export function screenLoader(component: string): ScreenLoader {
  return hasScreen(component) ? screens[component]! : notFound;
}
