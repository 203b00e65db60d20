import type {
  ClaimPhase,
  CloseType,
  EndorsementStatus,
  LogOutcome,
  MessageKind,
  OrgType,
  PolicySide,
  PolicyStatus,
  PushRunStatus,
  PushStatus,
  RosterDirection,
} from '@aqzrx/contracts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  Audit,
  DateCol,
  InsJson,
  NullableDateCol,
  NullableNumeric,
  NullableTimestamp,
  Numeric,
  Timestamp,
} from './columns.ts';
import type { FeatureTables } from './tables/index.ts';

export type { StoredAttachment } from './tables/content.ts';

/**
 * Table types, one place (snake_case in SQL, camelCase in TypeScript via CamelCasePlugin). Columns holding a
 * value of an option list take the list's type from contracts (a new value needs a migration of the
 * column's CHECK constraint too).
 */

export interface SysRoleTable extends Audit {
  id: Generated<number>;
  roleKey: string;
  roleName: string;
  description: Generated<string>;
  isSystem: Generated<boolean>;
  sort: Generated<number>;
  deletedAt: NullableTimestamp;
}

export interface SysResourceTable extends Audit {
  id: Generated<number>;
  parentId: number | null;
  resUrl: Generated<string>;
  authKey: string;
  name: string;
  resName: Generated<string>;
  icon: Generated<string>;
  permission: Generated<string>;
  level: Generated<number>;
  actions: Generated<string>;
  isMenu: Generated<boolean>;
  hide: Generated<boolean>;
  redirect: Generated<string>;
  component: Generated<string>;
  sort: Generated<number>;
}

export interface SysRoleResourceTable {
  roleId: number;
  resourceId: number;
  actions: Generated<string>;
}

export interface SysOrgTable extends Audit {
  id: Generated<number>;
  orgType: OrgType;
  name: string;
  uscc: string | null;
  districtCode: string | null;
  contactName: Generated<string>;
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  contactPhoneEnc: Generated<string>;
  status: Generated<number>;
  deletedAt: NullableTimestamp;
}

export interface SysUserTable extends Audit {
  id: Generated<number>;
  username: string;
  nickname: Generated<string>;
  avatar: Generated<string>;
  /** SM4 ciphertext of the mobile, NULL for none; mobileHash its blind index (unique among live users). */
  mobileEnc: string | null;
  mobileHash: string | null;
  email: string | null;
  passwordHash: string;
  passwordChangedAt: Timestamp;
  mustChangePassword: Generated<boolean>;
  status: Generated<number>;
  roleId: number;
  orgId: number | null;
  districtCodes: Generated<string>;
  lastLoginAt: NullableTimestamp;
  lastLoginIp: string | null;
  /** When the daily job last reported the account as idle (长期未登录; migration 0031). */
  idleNotifiedAt: NullableTimestamp;
  deletedAt: NullableTimestamp;
  /** The status a disabled user returns to when enabled again. */
  statusBeforeDisable: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SysPasswordHistoryTable {
  id: Generated<number>;
  userId: number;
  passwordHash: string;
  createdAt: Timestamp;
}

export interface SysSessionTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
  ip: Generated<string>;
  userAgent: Generated<string>;
  revokedAt: NullableTimestamp;
  revokeReason: string | null;
}

/** Single-use keys with an expiry, shared by the instances (platform/shared-store.ts). */
export interface SysSingleUseTable {
  key: string;
  value: Generated<string>;
  expiresAt: Timestamp;
}

/** Rate-limit windows shared by the instances (platform/shared-store.ts). */
export interface SysRateCounterTable {
  key: string;
  count: number;
  resetAt: Timestamp;
}

export interface SysLoginAttemptTable {
  usernameLower: string;
  failedCount: Generated<number>;
  lastFailedAt: NullableTimestamp;
  lockedUntil: NullableTimestamp;
}

export interface SysOperLogTable {
  id: Generated<number>;
  createdAt: Timestamp;
  userId: number | null;
  username: Generated<string>;
  roleKey: Generated<string>;
  orgName: Generated<string>;
  module: Generated<string>;
  kind: string;
  method: Generated<string>;
  path: Generated<string>;
  params: Generated<string>;
  targetId: Generated<string>;
  ip: Generated<string>;
  durationMs: Generated<number>;
  outcome: LogOutcome;
  errorMsg: Generated<string>;
  requestId: Generated<string>;
  /** HMAC-SM3 chain link (platform/log-chain.ts); '' on rows written around the chain (tests). */
  hmac: Generated<string>;
}

/** Head and anchor of a tamper-evident log chain (platform/log-chain.ts). */
export interface SysLogChainTable {
  name: string;
  lastId: number;
  lastHmac: string;
  anchorId: number;
  anchorHmac: string;
  updatedAt: Timestamp;
}

export interface SysSettingTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updatedAt: Timestamp;
  updatedBy: number | null;
}

export interface SysFileTable {
  id: string;
  kind: 'image' | 'm4a' | 'mp4' | 'pdf';
  mime: string;
  ext: string;
  size: number;
  sha256: string;
  originalName: Generated<string>;
  storagePath: string;
  ownerUserId: number | null;
  ownerOrgId: number | null;
  isPublic: Generated<boolean>;
  createdAt: Timestamp;
  deletedAt: NullableTimestamp;
  /** When the orphan sweep first found a record naming the file (0032); null: not (yet) attached. */
  attachedAt: NullableTimestamp;
}

// Reference data (0004_reference): dictionaries, industries, subsystems, safety mechanisms.
export interface SysDictTable extends Audit {
  id: Generated<number>;
  parentId: number | null;
  code: string;
  name: string;
  value: Generated<string>;
  sort: Generated<number>;
  status: Generated<number>;
  remark: Generated<string>;
  isSystem: Generated<boolean>;
  deletedAt: NullableTimestamp;
}

export interface SysDictAreaTable {
  dictId: number;
  areaCode: string;
}

/** GB/T 2260 divisions (migration 0012): level 1 province, 2 city, 3 district. */
export interface SysRegionTable {
  code: string;
  name: string;
  level: number;
  parentCode: string | null;
  functionalZone: Generated<boolean>;
}

export interface SysIndustryTable extends Audit {
  id: Generated<number>;
  pid: number | null;
  code: string;
  name: string;
  level: Generated<number>;
  isHighRisk: Generated<boolean>;
  mustInsure: Generated<boolean>;
  sort: Generated<number>;
  status: Generated<number>;
  remark: Generated<string>;
  isSystem: Generated<boolean>;
  deletedAt: NullableTimestamp;
}

export interface SysSubsystemTable extends Audit {
  id: Generated<number>;
  name: string;
  code: string;
  url: Generated<string>;
  status: Generated<number>;
  helpContent: Generated<string>;
  sort: Generated<number>;
  // 0009_subsystem_credentials: the platform user signed calls act as, and the signing credentials.
  serviceUserId: ColumnType<number | null, number | null | undefined, number | null>;
  appKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** The secret, encrypted (encryptPii); never returned by the API after it was shown once. */
  secretEnc: ColumnType<string | null, string | null | undefined, string | null>;
  credentialIssuedAt: NullableTimestamp;
  lastUsedAt: NullableTimestamp;
}

/** 0010_data_exchange: push settings of a subsystem (modules/data-exchange). */
export interface SysSubsystemPushTable extends Audit {
  subsystemId: number;
  pushUrl: Generated<string>;
  enabled: Generated<boolean>;
  /** Comma-separated data kinds: policy,claim. */
  dataKinds: Generated<string>;
  lastPushAt: NullableTimestamp;
  lastPushStatus: PushRunStatus | null;
  lastPushMessage: Generated<string>;
  /** The instance pushing now and until when its lease holds (migration 0036). */
  runOwner: string | null;
  runUntil: NullableTimestamp;
}

/** Per subsystem and data kind: updated_at + id of the last record delivered (the push watermark). */
export interface SysSubsystemPushCursorTable {
  subsystemId: number;
  dataKind: string;
  cursorAt: Timestamp;
  cursorId: number;
  updatedAt: Timestamp;
}

export interface SafetyMechanismTable extends Audit {
  id: Generated<number>;
  name: string;
  orderNo: string;
  subsystemId: number | null;
  status: Generated<number>;
  ipAllowlist: Generated<string>;
  ratePerMinute: Generated<number>;
  remark: Generated<string>;
}

export interface SafetyMechanismApiTable {
  mechanismId: number;
  method: string;
  url: string;
  createdAt: Timestamp;
  createdBy: number | null;
}

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
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  legalMobileEnc: Generated<string>;
  legalDutyPhoneEnc: Generated<string>;
  legalEmail: Generated<string>;
  safetyName: Generated<string>;
  safetyMobileEnc: Generated<string>;
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
  /** 评分等级 of the score: 1 优, 2 良, 3 中, 4 差 (not the 风险等级, which is ent_risk.risk_level). */
  scoreGrade: number | null;
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
  scoreGrade: number;
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
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  headMobileEnc: Generated<string>;
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
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  mobileEnc: string;
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
  /** SM4 ciphertext of the number, '' for none (platform/pii.ts encryptPhone; migration 0035). */
  reporterPhoneEnc: string;
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

export interface IdempotencyKeyTable {
  key: string;
  userId: number;
  route: string;
  bodyHash: string;
  status: 'pending' | 'done';
  statusCode: number | null;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  createdAt: Timestamp;
}

export interface SysRequestLogTable {
  id: Generated<number>;
  createdAt: Timestamp;
  method: string;
  path: string;
  status: number;
  durationMs: Generated<number>;
  userId: number | null;
  ip: Generated<string>;
  requestId: Generated<string>;
}

export interface SysPushLogTable {
  id: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  targetSystem: string;
  dataKind: string;
  recordId: Generated<string>;
  payloadSummary: Generated<string>;
  status: PushStatus;
  responseCode: number | null;
  attempts: Generated<number>;
  errorMsg: Generated<string>;
}

export interface SysMessageBatchTable {
  id: Generated<number>;
  kind: MessageKind;
  title: string;
  content: string;
  link: Generated<string>;
  roleKeys: Generated<string>;
  districts: Generated<string>;
  recipientCount: Generated<number>;
  senderOrgId: number | null;
  createdAt: Timestamp;
  createdBy: number | null;
}

export interface SysMessageTable {
  id: Generated<number>;
  userId: number;
  kind: Generated<MessageKind>;
  title: string;
  content: Generated<string>;
  link: Generated<string>;
  bizType: Generated<string>;
  bizId: Generated<string>;
  /** The catalogue code of the business event that sent it (modules/message/notifications.ts), or ''. */
  event: Generated<string>;
  batchId: number | null;
  readAt: NullableTimestamp;
  /** When a to-do's task moved on (null while open, and always for other kinds). */
  doneAt: NullableTimestamp;
  createdAt: Timestamp;
  createdBy: number | null;
}

/** One row (id 1): bumped by triggers whenever role grants or resources change (migration 0007). */
export interface SysPermissionVersionTable {
  id: number;
  version: Generated<number>;
}

export interface DB extends FeatureTables /* later features: db/tables/ */ {
  sysRole: SysRoleTable;
  sysResource: SysResourceTable;
  sysRoleResource: SysRoleResourceTable;
  sysPermissionVersion: SysPermissionVersionTable;
  sysOrg: SysOrgTable;
  sysUser: SysUserTable;
  sysPasswordHistory: SysPasswordHistoryTable;
  sysSession: SysSessionTable;
  sysLoginAttempt: SysLoginAttemptTable;
  sysSingleUse: SysSingleUseTable;
  sysRateCounter: SysRateCounterTable;
  sysOperLog: SysOperLogTable;
  sysLogChain: SysLogChainTable;
  sysSetting: SysSettingTable;
  sysFile: SysFileTable;
  sysRequestLog: SysRequestLogTable;
  sysPushLog: SysPushLogTable;
  sysDict: SysDictTable;
  sysDictArea: SysDictAreaTable;
  sysRegion: SysRegionTable;
  sysIndustry: SysIndustryTable;
  sysSubsystem: SysSubsystemTable;
  sysSubsystemPush: SysSubsystemPushTable;
  sysSubsystemPushCursor: SysSubsystemPushCursorTable;
  safetyMechanism: SafetyMechanismTable;
  safetyMechanismApi: SafetyMechanismApiTable;
  insEnterprise: InsEnterpriseTable;
  insEntParam: InsEntParamTable;
  insEntScore: InsEntScoreTable;
  insInsurer: InsInsurerTable;
  insTechnicist: InsTechnicistTable;
  insInsurerDoc: InsInsurerDocTable;
  insPolicy: InsPolicyTable;
  insPolicyCoinsurer: InsPolicyCoinsurerTable;
  insPolicyFactor: InsPolicyFactorTable;
  insPolicySnapshot: InsPolicySnapshotTable;
  insEndorsement: InsEndorsementTable;
  insEndorsementPerson: InsEndorsementPersonTable;
  insPolicyPerson: InsPolicyPersonTable;
  insClaim: InsClaimTable;
  insClaimStep: InsClaimStepTable;
  insClaimPayment: InsClaimPaymentTable;
  insClaimLoss: InsClaimLossTable;
  insClaimPerson: InsClaimPersonTable;
  idempotencyKey: IdempotencyKeyTable;
  sysMessageBatch: SysMessageBatchTable;
  sysMessage: SysMessageTable;
}

export type SysUser = Selectable<SysUserTable>;
export type NewSysUser = Insertable<SysUserTable>;
export type SysUserUpdate = Updateable<SysUserTable>;
export type SysRole = Selectable<SysRoleTable>;
export type SysResource = Selectable<SysResourceTable>;
