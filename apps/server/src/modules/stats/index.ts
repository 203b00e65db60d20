/** The cockpit and statistical reports (issue 19): one place computing the city's figures (README.md). */
export { clearCockpitCache } from './cache.ts';
export { generateReport } from './report.service.ts';
export { registerReportSchedule, runDueReports, statsRoutes } from './stats.routes.ts';
export { computeCockpit } from './stats.service.ts';
