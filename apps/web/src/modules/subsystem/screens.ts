import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const subsystemScreens: Readonly<Record<string, ScreenLoader>> = {
  SubsystemManage: () => import('./SubsystemManage.tsx').then((m) => m.SubsystemManage),
};
