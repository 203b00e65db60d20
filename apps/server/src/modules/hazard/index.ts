import type { FastifyInstance } from 'fastify';
import { hazardRoutes } from './hazard.routes.ts';
import { riskRoutes } from './risk.routes.ts';

/** Hidden dangers and rectification, enterprise risk, alarms, supervised enterprises (README.md). */
export function hazardModuleRoutes(app: FastifyInstance): void {
  hazardRoutes(app);
  riskRoutes(app);
}

export { runAlarmRules } from './alarm.job.ts';
export { runHazardDaily } from './daily.ts';
export { onCheckSubmitted } from './hazard.service.ts';
export { type HazardAction, type HazardState, hazardActionProblem } from './machine.ts';
export { hazardStats } from './risk.repo.ts';
export { recomputeAllRisk } from './risk.service.ts';
