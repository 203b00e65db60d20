import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../columns.ts';

/** Second factor and per-client sign-in locks (0030_mfa_login_lock). */

export interface SysUserMfaTable {
  userId: number;
  secretEnc: string;
  enrolledAt: Timestamp;
  lastStep: Generated<number>;
}

export interface SysMfaRecoveryCodeTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: NullableTimestamp;
}

export interface SysMfaTicketTable {
  id: Generated<number>;
  ticketHash: string;
  purpose: 'login' | 'enrol';
  userId: number;
  clientHash: string;
  pendingSecretEnc: string | null;
  attempts: Generated<number>;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
}

export interface SysLoginAttemptClientTable {
  usernameLower: string;
  clientHash: string;
  failedCount: Generated<number>;
  lastFailedAt: NullableTimestamp;
  lockedUntil: NullableTimestamp;
}

export interface MfaTables {
  sysUserMfa: SysUserMfaTable;
  sysMfaRecoveryCode: SysMfaRecoveryCodeTable;
  sysMfaTicket: SysMfaTicketTable;
  sysLoginAttemptClient: SysLoginAttemptClientTable;
}
