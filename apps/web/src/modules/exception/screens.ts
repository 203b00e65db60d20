import type { ScreenLoader } from '../../screens.ts';

/** Pages the router mounts at fixed paths (spec 2.1), loaded lazily through src/screens.ts. */
export const exceptionPages = {
  NotFound: () => import('./ExceptionPage.tsx').then((m) => m.NotFound),
  Forbidden403Route: () => import('./ExceptionPage.tsx').then((m) => m.Forbidden403Route),
  NotFound404Route: () => import('./ExceptionPage.tsx').then((m) => m.NotFound404Route),
  ServerError500Route: () => import('./ExceptionPage.tsx').then((m) => m.ServerError500Route),
  NotOpenScreen: () => import('./NotOpen.tsx').then((m) => m.NotOpenScreen),
  EntInfoIncompleteRoute: () => import('./EntInfoIncomplete.tsx').then((m) => m.EntInfoIncompleteRoute),
  UnknownPath: () => import('./UnknownPath.tsx').then((m) => m.UnknownPath),
} satisfies Record<string, ScreenLoader>;
