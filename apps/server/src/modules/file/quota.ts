import { chinaDate, ErrorReason } from '@aqzrx/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/context.ts';
import { chinaDayStart } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { MB } from './file.kinds.ts';

/**
 * Upload quotas and the free-space floor (security.md F04; issue 17 finding 4: a user filled 1.5 GiB in 12 s).
 * A user may upload UPLOAD_USER_DAILY_MB per China-time day; an organisation may hold UPLOAD_ORG_TOTAL_MB of
 * uploads in all; below UPLOAD_MIN_FREE_MB of free disk no upload is accepted. The quotas are checked on
 * every chunk while the file streams (UploadInspector calls take()), so an upload is cut off as soon as it
 * would pass one, and the storage keeps nothing of it. The quotas are sums over sys_file, so they hold for both
 * storages and across instances sharing the database; the free-space floor is the shared directory's only.
 */
export interface UploadLimits {
  userDailyBytes: number;
  orgTotalBytes: number;
  minFreeBytes: number;
}

export function uploadLimits(config: Config): UploadLimits {
  return {
    userDailyBytes: config.UPLOAD_USER_DAILY_MB * MB,
    orgTotalBytes: config.UPLOAD_ORG_TOTAL_MB * MB,
    minFreeBytes: config.UPLOAD_MIN_FREE_MB * MB,
  };
}

const CLOSE = { connection: 'close' };

/** `5 GB`, `1.5 GB`, `300 MB`, `0.5 MB`: the unit a user reads quotas in. */
export function formatBytes(bytes: number): string {
  const trim = (n: number) => String(Number(n.toFixed(2)));
  return bytes >= 1024 * MB ? `${trim(bytes / (1024 * MB))} GB` : `${trim(bytes / MB)} MB`;
}

export const QuotaMessages = {
  userDaily: (quota: number, used: number) =>
    `超出个人上传配额：每位用户每天最多上传 ${formatBytes(quota)}，您今天已上传 ${formatBytes(used)}，本文件未保存。请明天再上传，或联系系统管理员调整上传配额。`,
  orgTotal: (quota: number, used: number) =>
    `超出本单位文件存储配额：每个单位最多保存 ${formatBytes(quota)} 的上传文件，本单位已使用 ${formatBytes(used)}，本文件未保存。请联系系统管理员清理不再需要的文件或调整上传配额。`,
  lowDisk: (free: number, floor: number) =>
    `服务器存储空间不足（剩余 ${formatBytes(free)}，低于保留下限 ${formatBytes(floor)}），暂时不能上传文件，文件未保存。请联系系统管理员清理磁盘或扩容后再试。`,
} as const;

export const userQuotaExceeded = (quota: number, used: number) =>
  new AppError(413, QuotaMessages.userDaily(quota, used), ErrorReason.UPLOAD_QUOTA_EXCEEDED, CLOSE);
export const orgQuotaExceeded = (quota: number, used: number) =>
  new AppError(413, QuotaMessages.orgTotal(quota, used), ErrorReason.UPLOAD_QUOTA_EXCEEDED, CLOSE);

/**
 * The free-space floor, checked before an upload is read: 507 when the disk of the upload directory is below the
 * floor, or would be once the declared body (Content-Length) is written. Only for the shared directory
 * (`STORAGE=local`): an object store's space is not this server's disk, so no floor applies to it.
 */
export async function assertDiskRoom(
  storage: FileStorage,
  floor: number,
  declaredBytes: number,
): Promise<void> {
  if (floor <= 0) return;
  const free = await storage.freeBytes();
  if (free === undefined) return;
  if (free - declaredBytes < floor) {
    throw new AppError(507, QuotaMessages.lowDisk(free, floor), ErrorReason.INSUFFICIENT_STORAGE, {
      ...CLOSE,
      'retry-after': '3600',
    });
  }
}

/** Whether the disk of the upload directory is below the floor (for /api/ready); never for an object store. */
export async function diskLow(storage: FileStorage, floor: number): Promise<boolean> {
  if (floor <= 0) return false;
  try {
    const free = await storage.freeBytes();
    return free !== undefined && free < floor;
  } catch {
    return true;
  }
}

interface ByOwner {
  user: Map<number, number>;
  org: Map<number, number>;
}

/**
 * One app's running upload counts (filesRoutes makes one per app, so apps in one process never share them):
 * `inFlight`, the bytes of the uploads being received right now; `committed`, the bytes of uploads committed
 * since the app started (one number per user and organisation that uploaded). A budget adds what was
 * committed since it read the database, so an upload that finishes during another one still counts for it.
 */
export interface UploadLedger {
  inFlight: ByOwner;
  committed: ByOwner;
}

export function createUploadLedger(): UploadLedger {
  return { inFlight: { user: new Map(), org: new Map() }, committed: { user: new Map(), org: new Map() } };
}

function add(map: Map<number, number>, key: number | null, n: number): number {
  if (key === null) return 0;
  const v = (map.get(key) ?? 0) + n;
  if (v === 0) map.delete(key);
  else map.set(key, v);
  return v;
}

/**
 * One upload's share of its user's and organisation's quotas. Bytes are counted as they arrive, together
 * with the other uploads the same user or organisation is sending at the same time (so parallel uploads do
 * not each get the whole remainder) and those committed since; release() once the upload is done, saying
 * whether it was committed.
 */
export interface UploadBudget {
  /** Counts `n` more bytes; the quota error when they pass a quota. */
  take(n: number): AppError | undefined;
  release(committed: boolean): void;
}

export const unlimitedBudget: UploadBudget = { take: () => undefined, release: () => undefined };

async function usedToday(db: Db, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('sysFile')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)).as('bytes'))
    .where('ownerUserId', '=', userId)
    .where('createdAt', '>=', chinaDayStart(chinaDate(now)))
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

async function usedByOrg(db: Db, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('sysFile')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)).as('bytes'))
    .where('ownerOrgId', '=', orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * Multipart framing around the file that a Content-Length may hold besides the file's bytes (boundaries,
 * part headers, the up to 5 small form fields the route accepts).
 */
export const MULTIPART_SLACK = 64 * 1024;

/**
 * Reads what the uploader and its organisation have used and opens a budget for one upload; refuses at once
 * (before a byte is read) when a quota is used up already, or when the declared body (Content-Length, 0 when
 * unknown) is too big for what is left even after taking off the multipart framing.
 */
export async function openBudget(
  db: Db,
  ledger: UploadLedger,
  owner: { userId: number; orgId: number | null },
  limits: UploadLimits,
  now: Date,
  declaredBytes = 0,
): Promise<UploadBudget> {
  const userQuota = limits.userDailyBytes;
  const orgQuota = owner.orgId === null ? 0 : limits.orgTotalBytes;
  const { inFlight, committed } = ledger;
  const userKey = userQuota > 0 ? owner.userId : null;
  const orgKey = orgQuota > 0 ? owner.orgId : null;
  // Taken before reading the database: an upload committed in between counts twice rather than not at all.
  const userMark = userKey === null ? 0 : (committed.user.get(userKey) ?? 0);
  const orgMark = orgKey === null ? 0 : (committed.org.get(orgKey) ?? 0);
  const userUsed = userKey !== null ? await usedToday(db, userKey, now) : 0;
  const orgUsed = orgKey !== null ? await usedByOrg(db, orgKey) : 0;
  const since = (map: Map<number, number>, key: number, mark: number) => (map.get(key) ?? 0) - mark;
  const check = (): AppError | undefined => {
    if (userKey !== null) {
      const used = userUsed + since(committed.user, userKey, userMark);
      if (used + (inFlight.user.get(userKey) ?? 0) > userQuota) return userQuotaExceeded(userQuota, used);
    }
    if (orgKey !== null) {
      const used = orgUsed + since(committed.org, orgKey, orgMark);
      if (used + (inFlight.org.get(orgKey) ?? 0) > orgQuota) return orgQuotaExceeded(orgQuota, used);
    }
    return undefined;
  };
  const fileAtLeast = Math.max(1, declaredBytes - MULTIPART_SLACK);
  if (userKey !== null && userUsed + fileAtLeast > userQuota) throw userQuotaExceeded(userQuota, userUsed);
  if (orgKey !== null && orgUsed + fileAtLeast > orgQuota) throw orgQuotaExceeded(orgQuota, orgUsed);
  let taken = 0;
  let released = false;
  return {
    take(n) {
      if (released) return undefined;
      taken += n;
      add(inFlight.user, userKey, n);
      add(inFlight.org, orgKey, n);
      return check();
    },
    release(done) {
      if (released) return;
      released = true;
      add(inFlight.user, userKey, -taken);
      add(inFlight.org, orgKey, -taken);
      if (done) {
        add(committed.user, userKey, taken);
        add(committed.org, orgKey, taken);
      }
    },
  };
}
