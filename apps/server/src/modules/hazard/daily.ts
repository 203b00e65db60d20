import type { Db } from '../../platform/context.ts';
import { runAlarmRules } from './alarm.job.ts';
import { recomputeAllRisk } from './risk.service.ts';

export interface HazardDailyResult {
  risk: { checked: number; changed: number };
  alarms: { raised: number; open: number; resolved: number };
}

/**
 * The daily part of this module (called by the daily insurance job after rescoring): every enterprise's
 * risk level follows the passing days (hazards turning overdue, accidents leaving the year, policies
 * ending), then every alarm rule runs over everything in one transaction.
 */
export async function runHazardDaily(db: Db, now: Date, claimUnpaidDays: number): Promise<HazardDailyResult> {
  const risk = await recomputeAllRisk(db, 'daily', now);
  const alarms = await db.transaction().execute((trx) => runAlarmRules(trx, now, { claimUnpaidDays }));
  return { risk, alarms };
}
