import type {
  PreventionFilingStatus,
  ServiceRequestStatus,
  TrainingMode,
  TrainingSignUpStatus,
  TrainingStatus,
} from '@aqzrx/contracts';
import type { Generated } from 'kysely';
import type {
  Audit,
  DateCol,
  InsJson,
  NullableDateCol,
  NullableTimestamp,
  Numeric,
  Timestamp,
} from '../columns.ts';

// Accident prevention activities (0020_prevention_activity): training, service requests, plan filings.
export interface ApTrainingTable extends Audit {
  id: Generated<number>;
  publisherOrgId: number;
  publisherType: 'insurer' | 'service' | 'expert';
  topic: string;
  mode: TrainingMode;
  startsAt: Timestamp;
  endsAt: Timestamp;
  place: Generated<string>;
  onlineLink: Generated<string>;
  capacity: number;
  /** Comma list of district codes. */
  targetDistricts: string;
  /** Comma list of top-level work-safety industries; '' = every industry. */
  targetIndustries: Generated<string>;
  description: Generated<string>;
  contactName: Generated<string>;
  contactPhone: Generated<string>;
  materials: InsJson<string[]>;
  photos: InsJson<string[]>;
  summary: Generated<string>;
  status: Generated<TrainingStatus>;
  recordedAt: NullableTimestamp;
  recordedBy: number | null;
  cancelReason: Generated<string>;
  cancelledAt: NullableTimestamp;
}

export interface ApTrainingSignupTable extends Audit {
  id: Generated<number>;
  trainingId: number;
  enterpriseId: number;
  participants: number;
  contactName: Generated<string>;
  contactPhone: Generated<string>;
  remark: Generated<string>;
  status: Generated<TrainingSignUpStatus>;
  signedAt: Timestamp;
  cancelledAt: NullableTimestamp;
  attended: boolean | null;
  attendeeCount: number | null;
}

export interface ApServiceRequestTable extends Audit {
  id: Generated<number>;
  enterpriseId: number;
  policyId: number;
  insurerId: number;
  districtCode: string;
  item: string;
  description: string;
  wishedFrom: DateCol;
  wishedTo: NullableDateCol;
  contactName: Generated<string>;
  contactPhone: Generated<string>;
  status: Generated<ServiceRequestStatus>;
  answerRemark: Generated<string>;
  answeredAt: NullableTimestamp;
  answeredBy: number | null;
  planId: number | null;
  scheduledAt: NullableTimestamp;
  withdrawnAt: NullableTimestamp;
}

export interface ApPreventionFilingTable extends Audit {
  id: Generated<number>;
  insurerId: number;
  year: number;
  versionNo: number;
  latest: Generated<boolean>;
  /** Comma list of district codes. */
  districts: string;
  plannedServices: InsJson<Record<string, number>>;
  plannedTotal: number;
  expectedPremium: Numeric;
  budgetAmount: Numeric;
  /** Budget / expected premium (a ratio, 4 decimals). */
  budgetRatio: Numeric;
  description: Generated<string>;
  attachments: InsJson<string[]>;
  status: Generated<PreventionFilingStatus>;
  submittedAt: Timestamp;
  submittedBy: number | null;
  reviewedAt: NullableTimestamp;
  reviewedBy: number | null;
  reviewRemark: Generated<string>;
}

export interface PreventionActivityTables {
  apTraining: ApTrainingTable;
  apTrainingSignup: ApTrainingSignupTable;
  apServiceRequest: ApServiceRequestTable;
  apPreventionFiling: ApPreventionFilingTable;
}
