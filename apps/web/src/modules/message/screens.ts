import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const messageScreens: Readonly<Record<string, ScreenLoader>> = {
  AdminMessage: () => import('./AdminMessage.tsx').then((m) => m.AdminMessage),
  GovMessage: () => import('./AdminMessage.tsx').then((m) => m.GovMessage),
  EntMessage: () => import('./MessageCenter.tsx').then((m) => m.EntMessage),
  InsuranceMessage: () => import('./MessageCenter.tsx').then((m) => m.InsuranceMessage),
  ServiceMessage: () => import('./MessageCenter.tsx').then((m) => m.ServiceMessage),
  ExpertMessage: () => import('./MessageCenter.tsx').then((m) => m.ExpertMessage),
  UserMessage: () => import('./MessageCenter.tsx').then((m) => m.UserMessage),
};
