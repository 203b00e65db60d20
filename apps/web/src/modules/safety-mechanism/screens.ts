import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const safetyMechanismScreens: Readonly<Record<string, ScreenLoader>> = {
  SafetyMechanism: () => import('./SafetyMechanism.tsx').then((m) => m.SafetyMechanism),
};
