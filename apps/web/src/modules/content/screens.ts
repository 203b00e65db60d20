import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const contentScreens: Readonly<Record<string, ScreenLoader>> = {
  AdminNotice: () => import('./AdminNotice.tsx').then((m) => m.AdminNotice),
  GovNotice: () => import('./AdminNotice.tsx').then((m) => m.GovNotice),
  AdminArticle: () => import('./AdminArticle.tsx').then((m) => m.AdminArticle),
  AdminHelp: () => import('./AdminHelp.tsx').then((m) => m.AdminHelp),
  AdminContentClass: () => import('./AdminContentClass.tsx').then((m) => m.AdminContentClass),
};
