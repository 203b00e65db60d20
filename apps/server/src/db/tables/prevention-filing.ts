import type { PreventionFilingStatus } from '@aqzrx/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { Audit, Json, NullableTimestamp, Timestamp } from '../columns.ts';

/** numeric(…): read as text, written as a number or text. */
type Numeric = ColumnType<string, string | number, string | number>;

/** Insurers' yearly prevention plan filings, one row per version (0020_prevention_activity). */
export interface ApPreventionFilingTable extends Audit {
  id: Generated<number>;
  insurerId: number;
  year: number;
  versionNo: number;
  latest: Generated<boolean>;
  /** Comma list of district codes. */
  districts: string;
  plannedServices: Json<Record<string, number>>;
  plannedTotal: number;
  expectedPremium: Numeric;
  budgetAmount: Numeric;
  /** Budget / expected premium (a ratio, 4 decimals). */
  budgetRatio: Numeric;
  description: Generated<string>;
  attachments: Json<string[]>;
  status: Generated<PreventionFilingStatus>;
  submittedAt: Timestamp;
  submittedBy: number | null;
  reviewedAt: NullableTimestamp;
  reviewedBy: number | null;
  reviewRemark: Generated<string>;
}

export interface PreventionFilingTables {
  apPreventionFiling: ApPreventionFilingTable;
}
