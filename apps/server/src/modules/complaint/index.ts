import type { FastifyInstance } from 'fastify';
import { calendarRoutes } from './calendar.routes.ts';
import { complaintRoutes } from './complaint.routes.ts';

/** Complaints (投诉), their AQ 9010 working-day timers and the administrator's work calendar (README.md). */
export function complaintsRoutes(app: FastifyInstance): void {
  complaintRoutes(app);
  calendarRoutes(app);
}

export { complaintStatistics } from './export.ts';
export { registerComplaintTimers, runComplaintTimers } from './timers.ts';
export { addWorkdays, buildCalendar, loadCalendar, workdaysLeft } from './workdays.ts';
