import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Table types, one place (snake_case in SQL, camelCase in TypeScript via CamelCasePlugin). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Audit = {
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: number | null;
  updatedBy: number | null;
  version: Generated<number>;
};

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
  orgType: 'platform' | 'government' | 'enterprise' | 'insurer' | 'service' | 'expert';
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
  outcome: 'success' | 'fail';
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

export interface DB {
  sysRole: SysRoleTable;
  sysResource: SysResourceTable;
  sysRoleResource: SysRoleResourceTable;
  sysOrg: SysOrgTable;
  sysUser: SysUserTable;
  sysPasswordHistory: SysPasswordHistoryTable;
  sysSession: SysSessionTable;
  sysLoginAttempt: SysLoginAttemptTable;
  sysOperLog: SysOperLogTable;
  sysSetting: SysSettingTable;
  sysFile: SysFileTable;
  sysDict: SysDictTable;
  sysDictArea: SysDictAreaTable;
  sysIndustry: SysIndustryTable;
  sysSubsystem: SysSubsystemTable;
  safetyMechanism: SafetyMechanismTable;
  safetyMechanismApi: SafetyMechanismApiTable;
}

export type SysUser = Selectable<SysUserTable>;
export type NewSysUser = Insertable<SysUserTable>;
export type SysUserUpdate = Updateable<SysUserTable>;
export type SysRole = Selectable<SysRoleTable>;
export type SysResource = Selectable<SysResourceTable>;
