/**
 * What the insurance calls answer (enterprises, insurers, policies, endorsements, insurer data), as plain
 * types: these routes do not validate their responses with a schema, so the shapes are declared once
 * here, the server's services return them and the web app reads them. Types only: nothing of this file
 * exists at run time, so the web can import it (`import type`) without pulling zod into a chunk.
 */
import type {
  ClaimPhase,
  CloseType,
  EndorsementStatus,
  EntParamKey,
  PolicyState,
  PolicyStatus,
  ScoreLine,
} from './insurance-options.ts';

// ---------------------------------------------------------------------------------------------------
// Enterprises (/api/enterprise/*)
// ---------------------------------------------------------------------------------------------------

/** One row of /api/enterprise/list (mobiles masked unless the enterprise reads its own profile). */
export interface EnterpriseRow {
  id: number;
  name: string;
  uscc: string;
  districtCode: string;
  districtName: string;
  address: string;
  wsIndustryCode: string;
  wsIndustryName: string;
  gbIndustryCode: string;
  employees: number;
  operatingStatus: number;
  legalName: string;
  legalMobile: string;
  safetyName: string;
  safetyMobile: string;
  stdGrade: number;
  mustInsure: boolean;
  onRegister: boolean;
  insuredNow: boolean;
  blacklist: boolean;
  score: number | null;
  riskLevel: number | null;
  infoComplete: boolean;
  version: number;
}

/** /api/enterprise/detail and /api/enterprise/mine. */
export interface EnterpriseDetail extends EnterpriseRow {
  annualTurnover: number | null;
  businessScope: string;
  legalDutyPhone: string;
  legalEmail: string;
  businessLicenceFileId: string | null;
  licenceNo: string;
  licenceFileId: string | null;
  licenceStart: string | null;
  licenceEnd: string | null;
  registerYear: number | null;
  scoredAt: string | null;
  /** Whether the mobiles above are full numbers (the enterprise's own profile) or masked. */
  mobilesMasked: boolean;
  /**
   * 未全员投保: a policy in force today insures fewer people than the current 从业人员总数 (domain 3.2
   * full cover), e.g. after a remove-person endorsement or a profile edit.
   */
  underCovered: boolean;
  /** 参保人数多于从业人员: a policy in force today insures more people than the current staff. */
  overCovered: boolean;
  /**
   * The enterprise holds an issued policy that has not ended: its 经营状态 is then changed by the regulator
   * only (enterprise edit, audited), never by the enterprise's own information edit.
   */
  operatingStatusLocked: boolean;
}

/** The query of /api/enterprise/list (and the filters of /api/enterprise/export). */
export interface EnterpriseListQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string | undefined;
  districtCode?: string | undefined;
  wsIndustryCode?: string | undefined;
  mustInsure?: boolean | undefined;
  insured?: boolean | undefined;
  riskLevel?: number | undefined;
  blacklist?: boolean | undefined;
  stdGrade?: number | undefined;
  onRegister?: boolean | undefined;
  infoComplete?: boolean | undefined;
  sortField?: string | undefined;
  sortOrder?: string | undefined;
}

/** One parameter of an enterprise as /api/enterprise/params shows it. */
export interface EnterpriseParamView {
  key: EntParamKey;
  label: string;
  kind: string;
  system: boolean;
  source: 1 | 2;
  value: number;
  systemValue: number | null;
  remark: string;
  updatedAt: string | null;
}

/** /api/enterprise/params: the parameters with the score they give and its explanation. */
export interface EnterpriseParamsState {
  id: number;
  version: number;
  params: EnterpriseParamView[];
  score: number;
  riskLevel: number;
  lines: ScoreLine[];
}

/** One bad cell of a refused must-insure register import (/api/enterprise/import answers 400 with these). */
export interface EnterpriseImportError {
  row: number;
  column: string;
  message: string;
}

// ---------------------------------------------------------------------------------------------------
// Insurers, technicists and insurer documents (/api/insurer/*, /api/technicist/*, /api/insurerDoc/*)
// ---------------------------------------------------------------------------------------------------

/** /api/insurer/mine: the insurer's own institution profile. */
export interface InsurerProfile {
  id: number;
  name: string;
  uscc: string;
  districtCode: string;
  districtName: string;
  insurerType: number;
  orgCode: string;
  parentName: string;
  parentCode: string;
  address: string;
  headName: string;
  headMobile: string;
  /** 0 until the first save (no profile row yet). */
  version: number;
}

/** One technicist as /api/technicist/list answers it: ID number and mobile masked (security P04). */
export interface TechnicistRow {
  id: number;
  staffType: number;
  name: string;
  idType: string;
  /** Masked (e.g. 321302********1234); the full number needs /api/technicist/revealIdNo. */
  idNo: string;
  /** Masked. */
  mobile: string;
  title: string;
  education: string;
  major: string;
  employer: string;
  years: number;
  serviceItems: string[];
  status: number;
  version: number;
  updatedAt: string;
}

/** The fields of an insurer document (/api/insurerDoc/add, edit). */
export interface InsurerDocFields {
  docType: number;
  title: string;
  fileId: string;
  remark: string;
}

/** One insurer document (policy wording, rate table) of /api/insurerDoc/list and /published. */
export interface InsurerDocRow extends InsurerDocFields {
  id: number;
  insurerId: number;
  insurerName: string;
  version: number;
  updatedAt: string;
  /** GET it with the X-TOKEN (/api/insurerDoc/file). */
  fileUrl: string;
}

// ---------------------------------------------------------------------------------------------------
// Policies and endorsements (/api/policy/*, /api/endorsement/*)
// ---------------------------------------------------------------------------------------------------

/** Who entered a policy: the enterprise applying, or the insurer entering it. */
export type PolicySide = 'enterprise' | 'insurer';

/** One row of /api/policy/list. */
export interface PolicyRow {
  id: number;
  applicationNo: string;
  policyNo: string | null;
  enterpriseId: number;
  holderName: string;
  holderUscc: string;
  districtCode: string;
  districtName: string;
  wsIndustryCode: string;
  wsIndustryName: string;
  insurerId: number;
  insurerName: string;
  status: PolicyStatus;
  state: PolicyState;
  stateLabel: string;
  enteredBy: PolicySide;
  isRenewal: boolean;
  startDate: string;
  endDate: string;
  headcount: number;
  perPersonLimit: number;
  /** 保额: the per-accident limit, yuan, and in 万元 as spec 9 shows it. */
  sumInsured: number;
  sumInsuredWan: number;
  premium: number;
  preventionFee: number;
  version: number;
  createdAt: string;
  /** The insured enterprise's current 从业人员总数 (null when it has no profile). */
  enterpriseEmployees: number | null;
  /** 未全员投保: in force today and fewer insured than the enterprise's current employees. */
  underCovered: boolean;
  /** 参保人数多于从业人员: in force today and more insured than the enterprise's current employees. */
  overCovered: boolean;
}

/** The query of /api/policy/list (and the filters of its export). */
export interface PolicyListQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string | undefined;
  districtCode?: string | undefined;
  wsIndustryCode?: string | undefined;
  state?: string | undefined;
  year?: number | undefined;
  startFrom?: string | undefined;
  startTo?: string | undefined;
  insurerId?: number | undefined;
  enterpriseId?: number | undefined;
}

/** A stored file named by a record's attachment ids (in their stored order; missing files left out). */
export interface AttachmentFile {
  id: string;
  name: string;
  size: number;
  kind: string;
}

/** /api/policy/detail: the row with the terms, parties, counts and what the caller may do with it. */
export interface PolicyDetail extends PolicyRow {
  address: string;
  gbIndustryCode: string;
  signDate: string | null;
  medicalLimit: number;
  perAccidentLimit: number;
  aggregateLimit: number;
  benchmarkRate: number;
  floatPct: number;
  finalRate: number;
  premiumCalc: number;
  preventionFeePct: number;
  preventionFrequency: number;
  serviceItems: string[];
  serviceItemOther: string;
  attachments: string[];
  attachmentFiles: AttachmentFile[];
  remark: string;
  submittedAt: string | null;
  reviewedAt: string | null;
  reviewRemark: string;
  cancelledOn: string | null;
  cancelReason: string;
  coinsurers: Array<{ insurerId: number; insurerName: string; role: string; share: number }>;
  factors: Array<{ code: string; pct: number; reason: string }>;
  endorsementCount: number;
  claimCount: number;
  /** Persons on the insured-person list now (named by approved add/replace endorsements). */
  personCount: number;
  /** 第 N 版 of an issued policy (1 at issue, +1 per endorsement that took effect); null before issue. */
  revision: number | null;
  /** The endorsement waiting for review or for its effective date (one at a time per policy), if any. */
  openEndorsement: {
    id: number;
    endorsementNo: string;
    status: EndorsementStatus;
    effectiveDate: string;
  } | null;
  /** Draft only: what still has to be filled in before it can be submitted (empty when complete). */
  missing: string[];
  actions: { edit: boolean; submit: boolean; review: boolean; endorse: boolean; reportClaim: boolean };
}

/** An enterprise an insurer may enter a policy for (/api/policy/enterpriseOptions): public identification. */
export interface EnterpriseOption {
  id: number;
  name: string;
  uscc: string | null;
  districtCode: string | null;
  wsIndustryCode: string | null;
  employees: number | null;
  infoComplete: boolean | null;
}

/** One stored version of a policy (/api/policy/versions): issued, or changed by an endorsement. */
export interface PolicyVersionRow {
  policyVersion: number;
  /** 'issue' or 'endorse'. */
  reason: string;
  endorsementId: number | null;
  endorsementNo: string | null;
  type: string | null;
  createdAt: string;
}

/** A person on a policy's insured-person list (/api/policy/persons). */
export interface PolicyPersonRow {
  id: number;
  name: string;
  idType: string;
  idTypeLabel: string;
  /** Masked: first 6 and last 4 characters (security P04). */
  idNo: string;
  position: string;
  joinedOn: string;
  leftOn: string | null;
  joinedEndorsementNo: string | null;
  leftEndorsementNo: string | null;
}

/** One row of /api/endorsement/list. */
export interface EndorsementRow {
  id: number;
  endorsementNo: string;
  policyId: number;
  policyNo: string | null;
  holderName: string;
  enterpriseId: number;
  insurerId: number;
  type: string;
  typeLabel: string;
  reason: string;
  effectiveDate: string;
  premiumDelta: number;
  status: EndorsementStatus;
  statusLabel: string;
  appliedAt: string;
  reviewedAt: string | null;
  reviewRemark: string;
  version: number;
}

// ---------------------------------------------------------------------------------------------------
// Claims (/api/claim/*)
// ---------------------------------------------------------------------------------------------------

/** The eight steps of a claim (CLAIM_STEPS): 1 report ... 8 close. */
export type ClaimStep = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** One row of /api/claim/list (and the head of /api/claim/detail). */
export interface ClaimRow {
  id: number;
  reportNo: string;
  registerNo: string | null;
  policyId: number;
  policyNo: string | null;
  enterpriseId: number;
  enterpriseName: string;
  insurerId: number;
  districtCode: string;
  districtName: string;
  wsIndustryCode: string;
  wsIndustryName: string;
  phase: ClaimPhase;
  phaseLabel: string;
  /** The current step, 1-8 (CLAIM_STEPS). */
  step: number;
  stepLabel: string;
  stepColor: string;
  reporterName: string;
  reportedAt: string;
  accidentAt: string;
  accidentAddress: string;
  deaths: number;
  injuries: number;
  accidentType: string | null;
  accidentTypeLabel: string;
  accidentLevel: number | null;
  accidentLevelLabel: string;
  registeredAt: string | null;
  estimatedLoss: number | null;
  assessedTotal: number | null;
  advanceTotal: number;
  payoutTotal: number | null;
  closedAt: string | null;
  closeType: CloseType | null;
  closeTypeLabel: string;
  satisfaction: number | null;
  /** Reported later than the report deadline after the accident. */
  lateReport: boolean;
  /** Registered and still unpaid after the flag days. */
  unpaidOverdue: boolean;
  version: number;
}

/** One handled step of a claim (the timeline of /api/claim/detail). */
export interface ClaimTimelineEntry {
  id: number;
  step: number;
  label: string;
  color: string;
  actedAt: string;
  actorName: string;
  actorOrgName: string | null;
  data: Record<string, unknown>;
  note: string;
  attachments: string[];
}

/** /api/claim/detail: the row with the report, the policy terms, every step and what the caller may do. */
export interface ClaimDetail extends ClaimRow {
  reporterPhone: string;
  accidentDistrictCode: string;
  accidentDesc: string;
  attachments: string[];
  cause: string | null;
  deniedReason: string | null;
  paidAt: string | null;
  satisfactionComment: string | null;
  satisfactionAt: string | null;
  policy: { startDate: string; endDate: string; perPersonLimit: number; perAccidentLimit: number };
  timeline: ClaimTimelineEntry[];
  payments: Array<{ id: number; payType: number; amount: number; payee: string; paidAt: string }>;
  losses: Array<{ category: string; amount: number }>;
  persons: Array<{
    id: number;
    personType: number;
    name: string;
    idType: string;
    /** Masked (security P04). */
    idNo: string;
    injury: string;
    amount: number;
    proofs: string[];
  }>;
  actions: { steps: ClaimStep[]; closeTypes: CloseType[]; satisfaction: boolean };
}

/** /api/claim/counts: claims in scope per phase and the two flags, under the other list filters. */
export interface ClaimCounts {
  total: number;
  phases: Record<ClaimPhase, number>;
  late: number;
  unpaid: number;
}

// ---------------------------------------------------------------------------------------------------
// Insurer data pages (/api/insuranceData/*)
// ---------------------------------------------------------------------------------------------------

export type InsuranceDataset = 'premium' | 'claim' | 'ap';
export type InsuranceGroupBy = 'month' | 'district' | 'industry';

export interface InsuranceDataColumn {
  key: string;
  label: string;
  unit: string;
}
/** One group (a month, district or industry): its key and name, and a figure per column key. */
export type InsuranceDataRow = { key: string; name: string } & Record<string, number | string>;

/** /api/insuranceData/premium, /claim, /ap: figures by group for a year. */
export interface InsuranceDataResult {
  year: number;
  groupBy: InsuranceGroupBy;
  columns: InsuranceDataColumn[];
  rows: InsuranceDataRow[];
}

export interface InsuranceSummaryItem {
  name: string;
  label: string;
  unit: string;
  value: number;
}

/** /api/insuranceData/query (综合查询): the six portal figures of the insurer, plus satisfaction. */
export interface InsuranceSummary {
  year: number;
  items: InsuranceSummaryItem[];
  policiesInForce: number;
  claimSatisfaction: number | null;
}
