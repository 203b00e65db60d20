import { randomBytes } from 'node:crypto';
import {
  type Paged,
  roleNameOf,
  type SubsystemAddBody,
  type SubsystemCredentials,
  type SubsystemInfo,
  type SubsystemRow,
  type SubsystemUpdateBody,
  UserStatus,
} from '@aqzrx/contracts';
import { escapeLike } from '../../db/sql.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { encryptPii } from '../../platform/pii.ts';
import { bumpVersion, updateVersioned } from '../../platform/versioned.ts';
import { cleanHelpContent } from './help-content.ts';

/** Public help page data for one subsystem (case-insensitive code); unknown codes answer 404. */
export async function subsystemInfo(db: Db, code: string): Promise<SubsystemInfo> {
  const row = await db
    .selectFrom('sysSubsystem')
    .select(['name', 'code', 'url', 'status', 'helpContent'])
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
    .executeTakeFirst();
  if (!row) throw notFound(`子系统 ${code} 不存在`);
  return row;
}

export async function listSubsystems(
  db: Db,
  q: {
    pageNo: number;
    pageSize: number;
    name?: string | undefined;
    code?: string | undefined;
    status?: number | undefined;
  },
): Promise<Paged<SubsystemRow>> {
  let base = db.selectFrom('sysSubsystem as s');
  if (q.name) base = base.where('s.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.code) base = base.where('s.code', 'ilike', `%${escapeLike(q.code)}%`);
  if (q.status !== undefined) base = base.where('s.status', '=', q.status);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('sysUser as u', 'u.id', 's.serviceUserId')
    .leftJoin('sysRole as r', 'r.id', 'u.roleId')
    .select((eb) => [
      's.serviceUserId',
      's.appKey',
      's.credentialIssuedAt',
      's.lastUsedAt',
      'u.username as serviceUsername',
      'u.nickname as serviceUserNickname',
      'u.status as serviceUserStatus',
      'u.deletedAt as serviceUserDeletedAt',
      'r.roleKey as serviceRoleKey',
      'r.roleName as serviceRoleName',
      's.id',
      's.name',
      's.code',
      's.url',
      's.status',
      's.helpContent',
      's.sort',
      's.version',
      's.createdAt',
      's.updatedAt',
      eb
        .selectFrom('safetyMechanism as m')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('m.subsystemId', '=', 's.id')
        .as('mechanismCount'),
    ])
    .orderBy('s.sort')
    .orderBy('s.id')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map(
      ({ serviceUserStatus, serviceUserDeletedAt, serviceRoleKey, serviceRoleName, ...r }): SubsystemRow => ({
        ...r,
        mechanismCount: Number(r.mechanismCount ?? 0),
        serviceUsername: r.serviceUsername ?? '',
        serviceUserNickname: r.serviceUserNickname ?? '',
        serviceUserRole: roleNameOf(serviceRoleKey, serviceRoleName),
        serviceUserActive:
          r.serviceUserId !== null && !serviceUserDeletedAt && serviceUserStatus !== UserStatus.DISABLED,
        credentialIssuedAt: r.credentialIssuedAt?.toISOString() ?? null,
        lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      }),
    ),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

async function assertCodeFree(db: Db, code: string, selfId?: number): Promise<void> {
  const dup = await db
    .selectFrom('sysSubsystem')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
    .executeTakeFirst();
  if (dup && dup.id !== selfId) throw conflict(`子系统编码 ${code} 已存在，请换一个编码`);
}

/** A service user must exist and not be deleted (a disabled one may be bound; its calls are refused). */
async function assertServiceUser(db: Db, userId: number | null | undefined): Promise<void> {
  if (userId === null || userId === undefined) return;
  const user = await db
    .selectFrom('sysUser')
    .select('id')
    .where('id', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!user) throw badRequest(`serviceUserId ${userId} 对应的用户不存在或已删除，请重新选择服务账号`);
}

export async function addSubsystem(
  trx: Tx,
  input: SubsystemAddBody,
  userId: number,
  now: Date,
): Promise<number> {
  await assertCodeFree(trx, input.code);
  await assertServiceUser(trx, input.serviceUserId);
  const row = await trx
    .insertInto('sysSubsystem')
    .values({
      serviceUserId: input.serviceUserId ?? null,
      name: input.name,
      code: input.code,
      url: input.url,
      status: input.status,
      helpContent: cleanHelpContent(input.helpContent),
      sort: input.sort,
      createdAt: now,
      updatedAt: now,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function requireSubsystem(db: Db, id: number) {
  const row = await db
    .selectFrom('sysSubsystem')
    .select(['id', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('子系统不存在或已删除');
  return row;
}

export async function updateSubsystem(
  trx: Tx,
  input: SubsystemUpdateBody,
  userId: number,
  now: Date,
): Promise<void> {
  await requireSubsystem(trx, input.id);
  await assertCodeFree(trx, input.code, input.id);
  await assertServiceUser(trx, input.serviceUserId);
  await updateVersioned(trx, 'sysSubsystem', input, {
    ...(input.serviceUserId !== undefined ? { serviceUserId: input.serviceUserId } : {}),
    name: input.name,
    code: input.code,
    url: input.url,
    status: input.status,
    helpContent: cleanHelpContent(input.helpContent),
    sort: input.sort,
    updatedAt: now,
    updatedBy: userId,
  });
}

/** Hard delete; refused while a safety mechanism still names the subsystem. */
export async function deleteSubsystem(trx: Tx, id: number): Promise<void> {
  await requireSubsystem(trx, id);
  const used = await trx
    .selectFrom('safetyMechanism')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('subsystemId', '=', id)
    .executeTakeFirstOrThrow();
  if (Number(used.c) > 0) throw conflict(`该子系统仍被 ${used.c} 个安全机制使用，请先修改或删除这些安全机制`);
  await trx.deleteFrom('sysSubsystem').where('id', '=', id).execute();
}

// ---------------------------------------------------------------- credentials

/** App keys: "ak" + 128 random bits (hex); secrets: "sk" + 256 random bits (base64url). CSPRNG. */
export const newAppKey = () => `ak${randomBytes(16).toString('hex')}`;
export const newSecret = () => `sk${randomBytes(32).toString('base64url')}`;

async function credentialState(db: Db, id: number) {
  const row = await db
    .selectFrom('sysSubsystem')
    .select(['id', 'appKey', 'serviceUserId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('子系统不存在或已删除');
  return row;
}

async function storeSecret(trx: Tx, id: number, appKey: string, userId: number, now: Date) {
  const secret = newSecret();
  await bumpVersion(trx, 'sysSubsystem', id, {
    appKey,
    secretEnc: encryptPii(secret),
    credentialIssuedAt: now,
    lastUsedAt: null,
    updatedAt: now,
    updatedBy: userId,
  });
  return { id, appKey, secret, issuedAt: now.toISOString() };
}

/**
 * Issues the first credentials of a subsystem (a service user must be bound first). The secret is in
 * the answer only; the row keeps it encrypted with the PII master key.
 */
export async function generateCredentials(
  trx: Tx,
  id: number,
  userId: number,
  now: Date,
): Promise<SubsystemCredentials> {
  const row = await credentialState(trx, id);
  if (row.appKey) throw conflict('该子系统已有接入凭据；如需更换密钥请使用“重置密钥”，或先吊销');
  if (row.serviceUserId === null) throw badRequest('请先在子系统中绑定服务账号，再生成接入凭据');
  return storeSecret(trx, id, newAppKey(), userId, now);
}

/** A new secret for the same app key; the old secret stops working at once. */
export async function rotateCredentials(
  trx: Tx,
  id: number,
  userId: number,
  now: Date,
): Promise<SubsystemCredentials> {
  const row = await credentialState(trx, id);
  if (!row.appKey) throw conflict('该子系统尚无接入凭据，请先生成');
  return storeSecret(trx, id, row.appKey, userId, now);
}

/** Removes key and secret: every signed call of the subsystem is refused (401) from now on. */
export async function revokeCredentials(trx: Tx, id: number, userId: number, now: Date): Promise<void> {
  const row = await credentialState(trx, id);
  if (!row.appKey) throw conflict('该子系统尚无接入凭据，无需吊销');
  await bumpVersion(trx, 'sysSubsystem', id, {
    appKey: null,
    secretEnc: null,
    credentialIssuedAt: null,
    updatedAt: now,
    updatedBy: userId,
  });
}
