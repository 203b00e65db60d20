import type { ScreenLoader } from '../../screens.ts';

/**
 * Prevention screens beyond the core chain (the regulator's overview, plan filings, trainings, service
 * requests, the service statement), keyed by the component name the server seeds; merged in src/screens.ts.
 * The core screens (projects, plans, records, fund) are in ./screens.ts.
 */
export const preventionActivityScreens: Readonly<Record<string, ScreenLoader>> = {
  GovernmentAp: () => import('./GovernmentAp.tsx').then((m) => m.GovernmentAp),
  GovApPlan: () => import('./GovApPlan.tsx').then((m) => m.GovApPlan),
  InsuranceApApply: () => import('./InsuranceApApply.tsx').then((m) => m.InsuranceApApply),
  GovApTrain: () => import('./Training.tsx').then((m) => m.GovApTrain),
  InsuranceApTrain: () => import('./Training.tsx').then((m) => m.PublisherTraining),
  ServiceApTrain: () => import('./Training.tsx').then((m) => m.PublisherTraining),
  ExpertApTrain: () => import('./Training.tsx').then((m) => m.PublisherTraining),
  EntAPSignUp: () => import('./Training.tsx').then((m) => m.EntAPSignUp),
  EntAPRequirement: () => import('./ServiceRequests.tsx').then((m) => m.EntAPRequirement),
  InsuranceApRequirement: () => import('./ServiceRequests.tsx').then((m) => m.InsuranceApRequirement),
  GovApService: () => import('./ProviderScreens.tsx').then((m) => m.GovApService),
  ServiceStatement: () => import('./ProviderScreens.tsx').then((m) => m.ProviderStatement),
  ExpertStatement: () => import('./ProviderScreens.tsx').then((m) => m.ProviderStatement),
};
