import type { Generated } from 'kysely';
import type {
  DateCol,
  InsJson,
  NullableDateCol,
  NullableNumeric,
  NullableTimestamp,
  Timestamp,
} from '../columns.ts';

/** Hazards' rectification history and handlings, enterprise risk, alarms (0021_hazard; ap_hazard is in prevention.ts). */

export interface ApHazardRectificationTable {
  id: Generated<number>;
  hazardId: number;
  seq: number;
  rectifiedOn: DateCol;
  dept: string;
  person: string;
  description: string;
  photos: InsJson<string[]>;
  submittedAt: Timestamp;
  submittedBy: number | null;
  submittedByName: Generated<string>;
  result: 'pass' | 'reject' | null;
  reviewDate: NullableDateCol;
  reviewer: Generated<string>;
  reviewDesc: Generated<string>;
  rejectReason: Generated<string>;
  reviewPhotos: InsJson<string[]>;
  reviewedAt: NullableTimestamp;
  reviewedBy: number | null;
  reviewedByName: Generated<string>;
}

export interface ApHazardHandlingTable {
  id: Generated<number>;
  hazardId: number;
  kind: 'urge' | 'inspect' | 'penalty' | 'close';
  handledOn: DateCol;
  description: string;
  penaltyAmount: NullableNumeric;
  files: InsJson<string[]>;
  orgId: number | null;
  byUser: number | null;
  byName: Generated<string>;
  createdAt: Timestamp;
}

export interface RiskRuleSetTable {
  id: Generated<number>;
  thresholds: InsJson<{ major: number; larger: number; general: number }>;
  rules: InsJson<{ factor: string; min: number; points: number }[]>;
  reason: Generated<string>;
  updatedAt: Timestamp;
  updatedBy: number | null;
  updatedByName: Generated<string>;
  version: Generated<number>;
}

export interface EntRiskTable {
  enterpriseId: number;
  districtCode: string;
  riskLevel: number;
  points: number;
  factors: InsJson<Record<string, number>>;
  openHazards: Generated<number>;
  overdueHazards: Generated<number>;
  openMajorHazards: Generated<number>;
  reason: Generated<string>;
  assessedAt: Timestamp;
}

export interface EntRiskHistoryTable {
  id: Generated<number>;
  enterpriseId: number;
  riskLevel: number;
  previousLevel: number | null;
  points: number;
  cause: string;
  reason: Generated<string>;
  createdAt: Timestamp;
}

export interface AlarmTable {
  id: Generated<number>;
  kind: string;
  targetType: string;
  targetId: number;
  enterpriseId: number | null;
  districtCode: Generated<string>;
  insurerId: number | null;
  detail: Generated<string>;
  state: Generated<number>;
  firstSeenAt: Timestamp;
  lastSeenAt: Timestamp;
  resolvedAt: NullableTimestamp;
}

export interface AlarmAckTable {
  alarmId: number;
  userId: number;
  orgId: number | null;
  byName: Generated<string>;
  ackedAt: Timestamp;
}

export interface HazardTables {
  apHazardRectification: ApHazardRectificationTable;
  apHazardHandling: ApHazardHandlingTable;
  riskRuleSet: RiskRuleSetTable;
  entRisk: EntRiskTable;
  entRiskHistory: EntRiskHistoryTable;
  alarm: AlarmTable;
  alarmAck: AlarmAckTable;
}
