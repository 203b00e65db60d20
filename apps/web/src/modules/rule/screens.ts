import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const ruleScreens: Readonly<Record<string, ScreenLoader>> = {
  AdminRules: () => import('./AdminRules.tsx').then((m) => m.AdminRules),
  GovRules: () => import('./AdminRules.tsx').then((m) => m.GovRules),
};
