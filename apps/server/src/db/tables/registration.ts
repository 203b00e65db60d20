import type { Generated } from 'kysely';
import type { Audit, InsJson, NullableTimestamp, Timestamp } from '../columns.ts';

/** SMS codes, the development outbox and self-registration applications (0024_registration). */

export interface SysSmsCodeTable {
  id: Generated<number>;
  purpose: 'signup' | 'findpwd';
  /**
   * What the send limits count on: the keyed digest (smsSubjectDigest, migration 0035) of the mobile (signup)
   * or of the account name typed (findpwd).
   */
  subject: string;
  /** SM4 ciphertext of the mobile the code went to; null when a recovery named no account (nothing was sent). */
  mobileEnc: string | null;
  codeHash: string;
  ip: Generated<string>;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  failedCount: Generated<number>;
  usedAt: NullableTimestamp;
  verifiedAt: NullableTimestamp;
  ticketHash: string | null;
  ticketUsedAt: NullableTimestamp;
}

export interface SysSmsOutboxTable {
  id: Generated<number>;
  /** SM4 ciphertext of the mobile; mobileHash its blind index (the outbox's search). */
  mobileEnc: string;
  mobileHash: string;
  purpose: string;
  content: string;
  createdAt: Timestamp;
}

export interface SysRegistrationTable extends Audit {
  id: Generated<number>;
  kind: 'enterprise' | 'service' | 'expert' | 'manager';
  /** 1 待审核, 2 已退回, 3 已通过. */
  status: Generated<number>;
  username: string;
  passwordHash: string;
  /** SM4 ciphertext of the mobile; mobileHash its blind index (unique among pending and approved). */
  mobileEnc: string;
  mobileHash: string;
  /** The organisation's name (enterprise, service) or the person's (expert, manager). */
  name: string;
  uscc: string | null;
  districtCode: string | null;
  /** Manager: the organisation applied to; expert: the panel or service organisation chosen. */
  targetOrgId: number | null;
  roleKey: string;
  /** The kind's own fields (contracts registration.ts), ID number excluded. */
  form: InsJson<Record<string, unknown>>;
  idNoEnc: string | null;
  idNoHash: string | null;
  idNoMask: string | null;
  reason: Generated<string>;
  submittedAt: Timestamp;
  submitCount: Generated<number>;
  reviewedAt: NullableTimestamp;
  reviewedBy: number | null;
  userId: number | null;
  orgId: number | null;
  appTokenHash: string | null;
  appTokenExpiresAt: NullableTimestamp;
}

export interface RegistrationTables {
  sysSmsCode: SysSmsCodeTable;
  sysSmsOutbox: SysSmsOutboxTable;
  sysRegistration: SysRegistrationTable;
}
