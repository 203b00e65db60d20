import type { FastifyInstance } from 'fastify';
import { fundRoutes } from './fund.routes.ts';
import { planRoutes } from './plan.routes.ts';
import { projectRoutes } from './project.routes.ts';
import { statsRoutes } from './stats.routes.ts';

/** Accident prevention (事故预防): projects, plans and records, the fund ledger, overviews (README.md). */
export function preventionRoutes(app: FastifyInstance): void {
  projectRoutes(app);
  planRoutes(app);
  fundRoutes(app);
  statsRoutes(app);
}

export { listFunds } from './fund.service.ts';
export { type PlanAction, type PlanState, planActionProblem } from './plan.machine.ts';
export { listPlans } from './plan.repo.ts';
export { listProjects } from './project.repo.ts';
export { projectPolicies } from './project.service.ts';
export { changedApProjects, changedApRecords, type PushBatch, type PushCursor } from './push.ts';
export type { PrevActor } from './scope.ts';
