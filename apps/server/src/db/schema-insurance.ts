/** Tables of the insurance business (0005_insurance and later): enterprises, insurers, policies, endorsements, claims. */
import type {
  ClaimPhase,
  CloseType,
  EndorsementStatus,
  PolicySide,
  PolicyStatus,
  RosterDirection,
} from '@aqzrx/contracts';
import type { Generated } from 'kysely';

import type {
  Audit,
  DateCol,
  InsJson,
  NullableDateCol,
  NullableNumeric,
  NullableTimestamp,
  Numeric,
  Timestamp,
} from './schema-columns.ts';

export interface InsEnterpriseTable extends Audit {
  id: number;
  address: Generated<string>;
  wsIndustryCode: Generated<string>;
  gbIndustryCode: Generated<string>;
  employees: Generated<number>;
  annualTurnover: NullableNumeric;
  operatingStatus: Generated<number>;
  businessScope: Generated<string>;
  legalName: Generated<string>;
  legalMobile: Generated<string>;
  legalDutyPhone: Generated<string>;
  legalEmail: Generated<string>;
  safetyName: Generated<string>;
  safetyMobile: Generated<string>;
  businessLicenceFileId: string | null;
  licenceNo: Generated<string>;
  licenceFileId: string | null;
  licenceStart: NullableDateCol;
  licenceEnd: NullableDateCol;
  stdGrade: Generated<number>;
  onRegister: Generated<boolean>;
  registerYear: number | null;
  mustInsure: Generated<boolean>;
  blacklist: Generated<boolean>;
  score: NullableNumeric;
  riskLevel: number | null;
  scoredAt: NullableTimestamp;
  infoComplete: Generated<boolean>;
}

export interface InsEntParamTable {
  enterpriseId: number;
  key: string;
  source: number;
  value: Generated<number>;
  remark: Generated<string>;
  updatedAt: Timestamp;
  updatedBy: number | null;
}

export interface InsEntScoreTable {
  id: Generated<number>;
  enterpriseId: number;
  score: Numeric;
  riskLevel: number;
  params: InsJson<unknown>;
  reason: Generated<string>;
  createdAt: Timestamp;
  createdBy: number | null;
}

export interface InsInsurerTable extends Audit {
  id: number;
  insurerType: Generated<number>;
  orgCode: Generated<string>;
  parentName: Generated<string>;
  parentCode: Generated<string>;
  address: Generated<string>;
  headName: Generated<string>;
  headMobile: Generated<string>;
}

export interface InsTechnicistTable extends Audit {
  id: Generated<number>;
  insurerId: number;
  staffType: number;
  name: string;
  idType: Generated<string>;
  idNoEnc: string;
  idNoHash: string;
  idNoMask: string;
  mobile: string;
  title: Generated<string>;
  education: Generated<string>;
  major: Generated<string>;
  employer: Generated<string>;
  years: Generated<number>;
  serviceItems: InsJson<string[]>;
  status: Generated<number>;
  deletedAt: NullableTimestamp;
}

export interface InsInsurerDocTable extends Audit {
  id: Generated<number>;
  insurerId: number;
  docType: number;
  title: string;
  fileId: string;
  remark: Generated<string>;
  deletedAt: NullableTimestamp;
}

export interface InsPolicyTable extends Audit {
  id: Generated<number>;
  applicationNo: string;
  policyNo: string | null;
  enterpriseId: number;
  insurerId: number;
  holderName: string;
  holderUscc: string;
  districtCode: string;
  address: Generated<string>;
  wsIndustryCode: Generated<string>;
  gbIndustryCode: Generated<string>;
  status: PolicyStatus;
  enteredBy: PolicySide;
  isRenewal: Generated<boolean>;
  startDate: DateCol;
  endDate: DateCol;
  signDate: NullableDateCol;
  headcount: number;
  perPersonLimit: Numeric;
  medicalLimit: Numeric;
  perAccidentLimit: Numeric;
  benchmarkRate: Numeric;
  floatPct: Numeric;
  premiumCalc: Numeric;
  premium: Numeric;
  preventionFeePct: Numeric;
  preventionFee: Numeric;
  preventionFrequency: number;
  serviceItems: InsJson<string[]>;
  serviceItemOther: Generated<string>;
  attachments: InsJson<string[]>;
  remark: Generated<string>;
  submittedAt: NullableTimestamp;
  reviewedAt: NullableTimestamp;
  reviewedBy: number | null;
  reviewRemark: Generated<string>;
  cancelledOn: NullableDateCol;
  cancelReason: Generated<string>;
  /** Draft only: keys of the fields not filled in yet (their columns hold 0); empty when complete. */
  draftMissing: InsJson<string[]>;
}

export interface InsPolicyCoinsurerTable {
  policyId: number;
  insurerId: number;
  role: string;
  share: Numeric;
}

export interface InsPolicyFactorTable {
  id: Generated<number>;
  policyId: number;
  code: string;
  pct: Numeric;
  reason: string;
  sort: Generated<number>;
}

export interface InsPolicySnapshotTable {
  id: Generated<number>;
  policyId: number;
  policyVersion: number;
  reason: string;
  endorsementId: number | null;
  snapshot: InsJson<unknown>;
  createdAt: Timestamp;
  createdBy: number | null;
}

export interface InsEndorsementTable extends Audit {
  id: Generated<number>;
  endorsementNo: string;
  policyId: number;
  enterpriseId: number;
  insurerId: number;
  type: string;
  reason: string;
  effectiveDate: DateCol;
  change: InsJson<Record<string, unknown>>;
  before: InsJson<Record<string, unknown>>;
  after: InsJson<Record<string, unknown>>;
  premiumDelta: Numeric;
  attachments: InsJson<string[]>;
  status: EndorsementStatus;
  policyVersion: number;
  appliedBy: number | null;
  appliedAt: Timestamp;
  reviewedBy: number | null;
  reviewedAt: NullableTimestamp;
  reviewRemark: Generated<string>;
}

export interface InsEndorsementPersonTable {
  id: Generated<number>;
  endorsementId: number;
  sort: number;
  direction: RosterDirection;
  name: string;
  idType: Generated<string>;
  idNoEnc: string;
  idNoHash: string;
  idNoMask: string;
  position: Generated<string>;
}

export interface InsPolicyPersonTable {
  id: Generated<number>;
  policyId: number;
  name: string;
  idType: Generated<string>;
  idNoEnc: string;
  idNoHash: string;
  idNoMask: string;
  position: Generated<string>;
  joinedOn: DateCol;
  joinedEndorsementId: number | null;
  leftOn: NullableDateCol;
  leftEndorsementId: number | null;
  createdAt: Timestamp;
  createdBy: number | null;
}

export interface InsClaimTable extends Audit {
  id: Generated<number>;
  reportNo: string;
  registerNo: string | null;
  policyId: number;
  enterpriseId: number;
  insurerId: number;
  districtCode: string;
  wsIndustryCode: Generated<string>;
  phase: ClaimPhase;
  step: number;
  reporterName: string;
  reporterPhone: string;
  reportedAt: Timestamp;
  accidentAt: Timestamp;
  accidentDistrictCode: string;
  accidentAddress: string;
  accidentDesc: string;
  deaths: Generated<number>;
  injuries: Generated<number>;
  attachments: InsJson<string[]>;
  accidentType: string | null;
  accidentLevel: number | null;
  cause: Generated<string>;
  estimatedLoss: NullableNumeric;
  registeredAt: NullableTimestamp;
  assessedTotal: NullableNumeric;
  advanceTotal: Generated<string>;
  payoutTotal: NullableNumeric;
  firstPaidAt: NullableTimestamp;
  paidAt: NullableTimestamp;
  closedAt: NullableTimestamp;
  closeType: CloseType | null;
  deniedReason: Generated<string>;
  satisfaction: number | null;
  satisfactionComment: Generated<string>;
  satisfactionAt: NullableTimestamp;
}

export interface InsClaimStepTable {
  id: Generated<number>;
  claimId: number;
  step: number;
  actedAt: Timestamp;
  actorUserId: number | null;
  actorName: Generated<string>;
  actorOrgId: number | null;
  actorOrgName: Generated<string>;
  data: InsJson<Record<string, unknown>>;
  note: Generated<string>;
  attachments: InsJson<string[]>;
  createdAt: Timestamp;
}

export interface InsClaimPaymentTable {
  id: Generated<number>;
  claimId: number;
  stepId: number;
  payType: number;
  amount: Numeric;
  payee: Generated<string>;
  paidAt: Timestamp;
}

export interface InsClaimLossTable {
  claimId: number;
  category: string;
  amount: Numeric;
}

export interface InsClaimPersonTable {
  id: Generated<number>;
  claimId: number;
  personType: number;
  name: string;
  idType: string;
  idNoEnc: string;
  idNoMask: string;
  injury: string;
  amount: Numeric;
  proofs: InsJson<string[]>;
}
