import type {
  ArticleKind,
  ClassKind,
  LogOutcome,
  MessageKind,
  OrgType,
  PushRunStatus,
  PushStatus,
  RuleLevel,
  RuleStatus,
} from '@aqzrx/contracts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Audit, NullableTimestamp, Timestamp } from './schema-columns.ts';
import type {
  InsClaimLossTable,
  InsClaimPaymentTable,
  InsClaimPersonTable,
  InsClaimStepTable,
  InsClaimTable,
  InsEndorsementPersonTable,
  InsEndorsementTable,
  InsEnterpriseTable,
  InsEntParamTable,
  InsEntScoreTable,
  InsInsurerDocTable,
  InsInsurerTable,
  InsPolicyCoinsurerTable,
  InsPolicyFactorTable,
  InsPolicyPersonTable,
  InsPolicySnapshotTable,
  InsPolicyTable,
  InsTechnicistTable,
} from './schema-insurance.ts';

export type * from './schema-insurance.ts';

/**
 * Table types (snake_case in SQL, camelCase in TypeScript via CamelCasePlugin): the system and content tables
 * here, the insurance business's in schema-insurance.ts, shared column types in schema-columns.ts; `DB` below
 * lists them all. Columns holding a
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
  contactPhone: Generated<string>;
  status: Generated<number>;
  deletedAt: NullableTimestamp;
}

export interface SysUserTable extends Audit {
  id: Generated<number>;
  username: string;
  nickname: Generated<string>;
  avatar: Generated<string>;
  mobile: string | null;
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

export interface StoredAttachment {
  fileId: string;
  fileName: string;
  fileSize: number;
}
type Json<T> = ColumnType<T, string | undefined, string>;
type DateOnly = ColumnType<string, string, string>;
type NullableDateOnly = ColumnType<string | null, string | null | undefined, string | null>;

export interface CmsClassTable extends Audit {
  id: Generated<number>;
  kind: ClassKind;
  name: string;
  sort: Generated<number>;
  remark: Generated<string>;
  deletedAt: NullableTimestamp;
}

export interface CmsArticleTable extends Audit {
  id: Generated<number>;
  kind: ArticleKind;
  classId: number | null;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  searchText: Generated<string>;
  /** tsvector (modules/content/text-search.ts), written through searchColumns(). */
  searchVec: Generated<string>;
  coverFileId: string | null;
  attachments: Json<StoredAttachment[]>;
  source: Generated<string>;
  author: Generated<string>;
  publishAt: NullableTimestamp;
  pinned: Generated<boolean>;
  sort: Generated<number>;
  status: Generated<number>;
  viewCount: Generated<number>;
  isBanner: Generated<boolean>;
  linkUrl: Generated<string>;
  targetRoles: Generated<string>;
  targetDistricts: Generated<string>;
  slug: string | null;
  inFooter: Generated<boolean>;
  notifiedAt: NullableTimestamp;
  deletedAt: NullableTimestamp;
}

export interface NoticeReadTable {
  articleId: number;
  userId: number;
  readAt: Timestamp;
}

export interface CmsRuleTable extends Audit {
  id: Generated<number>;
  refKey: string | null;
  name: string;
  docNo: Generated<string>;
  issuer: string;
  level: RuleLevel;
  /** Read through to_char(..., 'YYYY-MM-DD'); written as 'YYYY-MM-DD'. */
  publishDate: DateOnly;
  effectiveDate: NullableDateOnly;
  status: Generated<RuleStatus>;
  revisedById: number | null;
  repealedDate: NullableDateOnly;
  summary: Generated<string>;
  body: Generated<string>;
  searchText: Generated<string>;
  /** tsvector (modules/content/text-search.ts), written through searchColumns(). */
  searchVec: Generated<string>;
  attachments: Json<StoredAttachment[]>;
  sourceUrl: Generated<string>;
  sort: Generated<number>;
  viewCount: Generated<number>;
  deletedAt: NullableTimestamp;
}

export interface CmsConsultTable extends Audit {
  id: Generated<number>;
  classId: number;
  title: string;
  content: string;
  askerUserId: number;
  askerOrgId: number | null;
  askerDistrict: string | null;
  status: Generated<number>;
  answer: Generated<string>;
  answerUserId: number | null;
  answeredAt: NullableTimestamp;
  closedAt: NullableTimestamp;
  isPublic: Generated<boolean>;
  viewCount: Generated<number>;
  searchText: Generated<string>;
  /** tsvector (modules/content/text-search.ts), written through searchColumns(). */
  searchVec: Generated<string>;
  deletedAt: NullableTimestamp;
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

export interface DB {
  sysRole: SysRoleTable;
  sysResource: SysResourceTable;
  sysRoleResource: SysRoleResourceTable;
  sysPermissionVersion: SysPermissionVersionTable;
  sysOrg: SysOrgTable;
  sysUser: SysUserTable;
  sysPasswordHistory: SysPasswordHistoryTable;
  sysSession: SysSessionTable;
  sysLoginAttempt: SysLoginAttemptTable;
  sysOperLog: SysOperLogTable;
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
  cmsClass: CmsClassTable;
  cmsArticle: CmsArticleTable;
  noticeRead: NoticeReadTable;
  cmsRule: CmsRuleTable;
  cmsConsult: CmsConsultTable;
  sysMessageBatch: SysMessageBatchTable;
  sysMessage: SysMessageTable;
}

export type SysUser = Selectable<SysUserTable>;
export type NewSysUser = Insertable<SysUserTable>;
export type SysUserUpdate = Updateable<SysUserTable>;
export type SysRole = Selectable<SysRoleTable>;
export type SysResource = Selectable<SysResourceTable>;
