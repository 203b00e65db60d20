import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const contentScreens: Readonly<Record<string, ScreenLoader>> = {
  AdminNotice: () => import('./AdminNotice.tsx').then((m) => m.AdminNotice),
  GovNotice: () => import('./AdminNotice.tsx').then((m) => m.GovNotice),
  AdminArticle: () => import('./AdminArticle.tsx').then((m) => m.AdminArticle),
  AdminHelp: () => import('./AdminHelp.tsx').then((m) => m.AdminHelp),
  AdminContentClass: () => import('./AdminContentClass.tsx').then((m) => m.AdminContentClass),
  AdminRules: () => import('../rule/AdminRules.tsx').then((m) => m.AdminRules),
  GovRules: () => import('../rule/AdminRules.tsx').then((m) => m.GovRules),
  AdminMessage: () => import('../message/AdminMessage.tsx').then((m) => m.AdminMessage),
  GovMessage: () => import('../message/AdminMessage.tsx').then((m) => m.GovMessage),
  EntMessage: () => import('../message/MessageCenter.tsx').then((m) => m.EntMessage),
  InsuranceMessage: () => import('../message/MessageCenter.tsx').then((m) => m.InsuranceMessage),
  ServiceMessage: () => import('../message/MessageCenter.tsx').then((m) => m.ServiceMessage),
  ExpertMessage: () => import('../message/MessageCenter.tsx').then((m) => m.ExpertMessage),
  UserMessage: () => import('../message/MessageCenter.tsx').then((m) => m.UserMessage),
};
