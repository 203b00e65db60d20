import type { ScreenLoader } from '../../screens.ts';

/**
 * Screens of satisfaction (满意度评价) and the service evaluation (服务评估), keyed by the component name
 * the server seeds (merged in src/screens.ts).
 */
export const evaluationScreens: Readonly<Record<string, ScreenLoader>> = {
  GovEvaluation: () => import('./GovEvaluation.tsx').then((m) => m.GovEvaluation),
  GovApEval: () => import('./ApEvalScreens.tsx').then((m) => m.GovApEval),
  InsuranceApEval: () => import('./ApEvalScreens.tsx').then((m) => m.InsuranceApEval),
};
