import type { ColumnType, Generated } from 'kysely';
import type {
  Audit,
  DateCol,
  InsJson,
  NullableDateCol,
  NullableTimestamp,
  Numeric,
  Timestamp,
} from '../columns.ts';

/** Accident prevention (0019_prevention): projects, plans, records, hazards, follow-ups, the fund ledger. */

/** A stored attachment of a record (file id of sys_file, its name and size). */
export interface ApStoredFile {
  fileId: string;
  fileName: string;
  fileSize: number;
}

/** A numeric column with a default: read as text, written as a number or text. */
type GeneratedNumeric = ColumnType<string, string | number | undefined, string | number>;
export interface ApProjectTable extends Audit {
  id: Generated<number>;
  name: string;
  contractNo: string;
  insurerId: number;
  startDate: DateCol;
  endDate: DateCol;
  feeRatio: Numeric;
  feeAmount: GeneratedNumeric;
  serviceOrgId: number | null;
  contactName: Generated<string>;
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  contactPhoneEnc: Generated<string>;
  description: Generated<string>;
  /** 1 待制定计划 / 2 进行中 / 3 已完成 (PROJECT_STATES). */
  state: Generated<number>;
}
export interface ApProjectPolicyTable {
  projectId: number;
  policyId: number;
  enterpriseId: number;
  districtCode: string;
}
export interface ApProjectOrgTable {
  projectId: number;
  orgId: number;
  orgType: 'service' | 'expert';
}
export interface ApProjectItemTable {
  projectId: number;
  seq: number;
  item: string;
  subType: string | null;
  frequency: number;
  note: Generated<string>;
}
export interface ApExpertJson {
  name: string;
  orgId: number | null;
  title: string;
  /** SM4 ciphertext of the phone, '' for none (migration 0035). */
  phoneEnc: string;
  /** sv_expert.id when the expert was chosen from the pool (plans before the pick-list have none). */
  expertId?: number;
}
export interface ApPlanTable extends Audit {
  id: Generated<number>;
  projectId: number;
  insurerId: number;
  enterpriseId: number;
  policyId: number;
  districtCode: string;
  item: string;
  subType: string | null;
  name: string;
  providerOrgId: number;
  plannedStart: Timestamp;
  plannedEnd: Timestamp;
  placeDistrictCode: string;
  address: Generated<string>;
  staff: InsJson<string[]>;
  experts: InsJson<ApExpertJson[]>;
  budget: GeneratedNumeric;
  description: Generated<string>;
  /** 0 待服务 / 1 服务中 / 2 已完成 (PLAN_STATUSES). */
  status: Generated<number>;
  visitState: Generated<'unconfirmed' | 'confirmed'>;
  visitConfirmedAt: NullableTimestamp;
  visitConfirmedBy: number | null;
  visitRemark: Generated<string>;
  recordState: 'draft' | 'submitted' | 'confirmed' | null;
  spend: GeneratedNumeric;
  hazardCount: Generated<number>;
  majorHazardCount: Generated<number>;
  submittedAt: NullableTimestamp;
}
export interface ApRecordTable extends Audit {
  id: Generated<number>;
  planId: number;
  state: 'draft' | 'submitted' | 'confirmed';
  actualStart: Timestamp;
  actualEnd: Timestamp;
  districtCode: string;
  address: Generated<string>;
  summaryText: Generated<string>;
  spend: GeneratedNumeric;
  /** The per-type summary (recordSummary of contracts). */
  summary: InsJson<Record<string, unknown>>;
  files: InsJson<ApStoredFile[]>;
  enteredBy: number | null;
  enteredByName: Generated<string>;
  savedAt: Timestamp;
  submittedAt: NullableTimestamp;
  submittedBy: number | null;
  confirmedAt: NullableTimestamp;
  confirmedBy: number | null;
  confirmOpinion: Generated<string>;
}
export interface ApRecordExpertTable {
  recordId: number;
  seq: number;
  name: string;
  orgId: number | null;
  title: Generated<string>;
  /** SM4 ciphertext of the phone, '' for none; phoneHash its blind index ('' for none). */
  phoneEnc: Generated<string>;
  phoneHash: Generated<string>;
}
export interface ApHazardTable extends Audit {
  id: Generated<number>;
  /** Null for insurer checks and self-checks (0021_hazard). */
  planId: number | null;
  recordId: number | null;
  /** Null for a self-check of an uninsured enterprise. */
  insurerId: number | null;
  enterpriseId: number;
  districtCode: string;
  seq: Generated<number>;
  checkDate: DateCol;
  basis: Generated<string>;
  checkItem: Generated<string>;
  description: string;
  level: number;
  hazardType: Generated<string>;
  recommendation: Generated<string>;
  photos: InsJson<string[]>;
  foundBy: Generated<string>;
  fixImmediately: Generated<boolean>;
  rectifyDept: Generated<string>;
  deadline: NullableDateCol;
  acceptDept: Generated<string>;
  /** 1 待整改 / 2 已整改 / 3 未整改 (HAZARD_STATES). */
  state: Generated<number>;
  /** Spec 4 rectification status: -1 待整改, 0 待审核, 1 已完成, 2 已驳回. */
  rectifyStatus: Generated<number>;
  rectifiedAt: NullableTimestamp;
  rectifiedBy: number | null;
  rectifyDesc: Generated<string>;
  rectifyFiles: InsJson<string[]>;
  reviewDate: NullableDateCol;
  reviewDesc: Generated<string>;
  acceptedAt: NullableTimestamp;
  acceptedBy: number | null;
  acceptDesc: Generated<string>;
  rejectReason: Generated<string>;
  rejectCount: Generated<number>;
  // 0021_hazard (modules/hazard):
  /** 1 service/expert check, 2 insurer check, 3 self-check (HAZARD_SOURCES). */
  source: Generated<number>;
  /** The organisation that found it and reviews its rectification. */
  finderOrgId: number | null;
  /** A service check's rows enter rectification when its record is submitted. */
  live: Generated<boolean>;
  location: Generated<string>;
  reworkCount: Generated<number>;
  reportedAt: NullableTimestamp;
  completedAt: NullableTimestamp;
  governancePlan: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  handlingCount: Generated<number>;
  lastHandling: Generated<string>;
}
export interface ApFollowUpTable {
  id: Generated<number>;
  planId: number;
  providerOrgId: number;
  visitedAt: Timestamp;
  contactName: Generated<string>;
  cooperation: number;
  rating: number;
  opinion: Generated<string>;
  byName: Generated<string>;
  createdAt: Timestamp;
  createdBy: number | null;
}
export interface ApFundTable extends Audit {
  id: Generated<number>;
  policyId: number;
  insurerId: number;
  enterpriseId: number;
  districtCode: string;
  /** The insurer's share of the premium actually collected (share % of the policy premium). */
  premium: Numeric;
  share: GeneratedNumeric;
  ratio: GeneratedNumeric;
  accrued: GeneratedNumeric;
  spent: GeneratedNumeric;
  state: Generated<'pending' | 'available' | 'inUse' | 'writtenOff'>;
  writtenOffAt: NullableTimestamp;
}
export interface ApFundEntryTable {
  id: Generated<number>;
  fundId: number;
  policyId: number;
  insurerId: number;
  kind: 'accrue' | 'spend' | 'reverse' | 'writeOff';
  affects: 'accrued' | 'spent' | 'none';
  amount: Numeric;
  occurredOn: DateCol;
  description: Generated<string>;
  planId: number | null;
  reversesId: number | null;
  byUser: number | null;
  byName: Generated<string>;
  createdAt: Timestamp;
}

export interface PreventionTables {
  apProject: ApProjectTable;
  apProjectPolicy: ApProjectPolicyTable;
  apProjectOrg: ApProjectOrgTable;
  apProjectItem: ApProjectItemTable;
  apPlan: ApPlanTable;
  apRecord: ApRecordTable;
  apRecordExpert: ApRecordExpertTable;
  apHazard: ApHazardTable;
  apFollowUp: ApFollowUpTable;
  apFund: ApFundTable;
  apFundEntry: ApFundEntryTable;
}
