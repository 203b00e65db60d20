import type { PermissionGrant } from '@aqzrx/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { Antivirus } from './antivirus.ts';
import type { Clock } from './clock.ts';
import type { FileScopes } from './file-scopes.ts';
import type { RoutePermission } from './permissions.ts';
import type { PortalStats } from './portal-stats.ts';
import type { RateCounters } from './rate-counters.ts';
import type { PiiReveals } from './reveal.ts';
import type { SettingsService } from './settings.ts';
import type { SharedStore } from './shared-store.ts';
import type { FileStorage } from './storage/storage.ts';

export type { RoutePermission };

export type AuditKind =
  | 'query'
  | 'add'
  | 'edit'
  | 'delete'
  | 'get'
  | 'enable'
  | 'disable'
  | 'import'
  | 'export'
  | 'login'
  | 'logout'
  | 'security';

export interface RouteAudit {
  module: string;
  kind: AuditKind;
}

export interface AuthContext {
  sessionId: number;
  userId: number;
  username: string;
  nickname: string;
  roleId: number;
  roleKey: string;
  orgId: number | null;
  orgName: string;
  status: number;
  districtCodes: string[];
  mustChangePassword: boolean;
  passwordExpired: boolean;
  /** sys_permission_version read with the session: the role's cached grants are valid while it is unchanged. */
  permissionVersion: number;
  /** Loaded lazily: only routes that check a permission pay for the query. */
  permissions?: PermissionGrant[];
}

export type Tx = Transaction<DB>;
export type Db = Kysely<DB>;

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  settings: SettingsService;
  /** Uploaded and server-made files (platform/storage: a shared directory or an S3-compatible bucket). */
  storage: FileStorage;
  /** State shared by all processes and instances: single-use keys (platform/shared-store.ts). */
  shared: SharedStore;
  /** Rate-limit counts shared by all processes and instances (platform/rate-counters.ts). */
  counters: RateCounters;
  /** Scans uploaded files before they are stored (platform/antivirus.ts; AV_SCAN=off: passes them through). */
  antivirus: Antivirus;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** Writes an operation-log row for this route (in the route's transaction when it uses req.tx). */
    audit?: RouteAudit;
    /** Reachable while the user must change the password (change-password, logout, user info). */
    allowStalePassword?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Runs fn in one transaction together with this route's operation-log row. */
    tx<T>(
      fn: (trx: Tx) => Promise<T>,
      opts?: { targetId?: string | number | ((result: T) => string | number) },
    ): Promise<T>;
    auditDone: boolean;
    /** The message of the error reply, for the operation log. */
    errorMessage: string;
    auditTarget: string;
    startedAt: bigint;
  }
  interface FastifyInstance {
    deps: AppDeps;
    db: Db;
    /** The public portal's figures, registered by the modules that own them. */
    portalStats: PortalStats;
    /** Who may read a stored file by id: one check per owner kind, registered by the owning modules. */
    fileScopes: FileScopes;
    /** Which masked fields of which record kinds a party in scope may see in full (security.md P04). */
    piiReveals: PiiReveals;
  }
}
