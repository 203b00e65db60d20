/** The cockpit and statistical reports (issue 19): one place computing the city's figures (README.md). */
export { clearCockpitCache } from './cache.ts';
export {
  type ClaimFigures,
  claimFigures,
  type FigureGroup,
  type FigureScope,
  money,
  type PolicyFigures,
  planFigures,
  policyFigures,
  policyLiveFigures,
  wan,
} from './figures.ts';
export { generateReport } from './report.service.ts';
export { refreshRollups } from './rollup.ts';
export { registerReportSchedule, runDueReports, statsRoutes } from './stats.routes.ts';
export { computeCockpit } from './stats.service.ts';
