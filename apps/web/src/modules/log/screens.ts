import type { ScreenLoader } from '../../screens.ts';

const opLog = () => import('./LogScreens.tsx').then((m) => m.OperationLog);

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const logScreens: Readonly<Record<string, ScreenLoader>> = {
  AdminLog: () => import('./LogScreens.tsx').then((m) => m.AuditLog),
  AuditorLog: () => import('./LogScreens.tsx').then((m) => m.AuditorLog),
  GovLog: opLog,
  InsuranceLog: opLog,
  RequestLog: () => import('./LogScreens.tsx').then((m) => m.RequestLog),
  PushLog: () => import('./LogScreens.tsx').then((m) => m.PushLog),
};
