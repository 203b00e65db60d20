export {
  type DailyJobs,
  type DailyRunResult,
  lastRunDay,
  registerDailyJobs,
} from './daily-jobs.ts';
export { endorsementTransition, planEndorsement } from './endorsement.machine.ts';
export { endorsementsRoutes } from './endorsement.routes.ts';
