import type { Generated } from 'kysely';
import type { Audit, InsJson, NullableNumeric, NullableTimestamp, Timestamp } from '../columns.ts';

/** Complaints and their timeline (0022_complaint). Dates of the timer are text 'YYYY-MM-DD' (China time). */
export interface CpComplaintTable extends Audit {
  id: Generated<number>;
  complaintNo: string;
  complainantOrgId: number;
  complainantSide: 'enterprise' | 'insurer' | 'service' | 'expert';
  complainantName: string;
  complainantUscc: Generated<string>;
  districtCode: string | null;
  targetKind: 'insurer' | 'service' | 'expert' | 'platform';
  targetOrgId: number | null;
  targetName: string;
  category: string;
  title: string;
  content: string;
  demand: string;
  contactName: string;
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  contactPhoneEnc: string;
  attachments: InsJson<string[]>;
  relatedKind: string | null;
  relatedId: number | null;
  relatedLabel: Generated<string>;
  handlerKind: 'insurer' | 'admin' | 'government';
  handlerOrgId: number | null;
  handlerName: string;
  state: Generated<number>;
  submittedAt: Timestamp;
  acceptedAt: NullableTimestamp;
  timerStart: string | null;
  baseDays: number | null;
  verificationNeeded: Generated<boolean>;
  verificationReason: Generated<string>;
  deadline: string | null;
  extDays: number | null;
  extReason: Generated<string>;
  extState: 'pending' | 'approved' | 'rejected' | null;
  extRequestedAt: NullableTimestamp;
  extDecidedAt: NullableTimestamp;
  extOpinion: Generated<string>;
  extPrevDeadline: string | null;
  replyFacts: Generated<string>;
  replyBasis: Generated<string>;
  replyMeasures: Generated<string>;
  replyAttachments: InsJson<string[]>;
  repliedAt: NullableTimestamp;
  repliedBy: Generated<string>;
  repliedLate: Generated<boolean>;
  replyCount: Generated<number>;
  lateCount: Generated<number>;
  confirmedAt: NullableTimestamp;
  satisfied: boolean | null;
  score: number | null;
  confirmOpinion: Generated<string>;
  result: Generated<string>;
  closedAt: NullableTimestamp;
  warnedFor: string | null;
  overdueFor: string | null;
}

export interface CpComplaintStepTable {
  id: Generated<number>;
  complaintId: number;
  step: string;
  at: Timestamp;
  actorUserId: number | null;
  actorName: Generated<string>;
  actorUnit: Generated<string>;
  text: Generated<string>;
  internal: Generated<boolean>;
}

export interface SysWorkCalendarYearTable {
  year: number;
  updatedAt: Timestamp;
  updatedBy: number | null;
  version: Generated<number>;
}
export interface SysWorkCalendarDayTable {
  day: string;
  year: number;
  kind: 'holiday' | 'workday';
  name: string;
}

export interface EvSatisfactionTable {
  id: Generated<number>;
  item: 'policy' | 'record';
  targetId: number;
  enterpriseId: number;
  insurerId: number | null;
  serviceOrgId: number | null;
  districtCode: string;
  source: Generated<string>;
  score: number;
  comment: Generated<string>;
  createdAt: Timestamp;
  createdBy: number | null;
}

export interface EvApEvalTable extends Audit {
  id: Generated<number>;
  evalType: string;
  year: number;
  projectName: string;
  commissioningUnit: string;
  insurerId: number;
  implementingUnit: string;
  evalDate: string;
  result: string;
  score: NullableNumeric;
  summary: Generated<string>;
  reports: InsJson<string[]>;
  recorderOrgId: number | null;
  recorderName: Generated<string>;
  deletedAt: NullableTimestamp;
}

export interface ComplaintTables {
  cpComplaint: CpComplaintTable;
  cpComplaintStep: CpComplaintStepTable;
  sysWorkCalendarYear: SysWorkCalendarYearTable;
  sysWorkCalendarDay: SysWorkCalendarDayTable;
  evSatisfaction: EvSatisfactionTable;
  evApEval: EvApEvalTable;
}
