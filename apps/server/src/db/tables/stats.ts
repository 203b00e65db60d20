import type { Generated } from 'kysely';
import type { InsJson, Timestamp } from '../columns.ts';

/** An archived statistical report (0027_stat_report; modules/stats). */
export interface StatReportTable {
  id: Generated<number>;
  kind: 'month' | 'quarter' | 'year';
  /** 2026-10, 2026-Q3 or 2026. */
  period: string;
  /** A district code, or 321300 for the whole city. */
  districtCode: string;
  /** The last China day counted, YYYY-MM-DD. */
  cutoff: string;
  generatedAt: Timestamp;
  generatedBy: number | null;
  trigger: Generated<'schedule' | 'manual'>;
  fileId: string;
  fileName: string;
  size: number;
  sha256: string;
  content: Uint8Array;
  totals: InsJson<Record<string, number>>;
}

export interface StatsTables {
  statReport: StatReportTable;
}
