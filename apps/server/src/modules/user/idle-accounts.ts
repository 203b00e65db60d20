import { formatChinaTime, RoleKey, UserStatus } from '@aqzrx/contracts';
import { sql } from 'kysely';
import { permissionsAt, revokeUserSessions } from '../../platform/auth.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { appendOperLog } from '../../platform/log-chain.ts';
import { hasPermission } from '../../platform/permissions.ts';
import { bumpVersion } from '../../platform/versioned.ts';
import { sendMessage } from '../message/index.ts';
import { idleCutoff } from './user.service.ts';

/**
 * Idle accounts (security.md A08; issue 17 finding 14): an account not signed in for IDLE_ACCOUNT_DAYS (never
 * signed in: since its creation) is 长期未登录. The user list flags it (user.service.ts); once a day the daily
 * job (modules/endorsement/daily-jobs.ts) reports the accounts that became idle since they were last reported
 * to the security administrators (三权分立: handling idle accounts is the security duty; their 账号安全 page
 * lists them with its 长期未登录 filter, the link of the message, and disables them there,
 * `/api/sys/user/disableIdle`) and to the user administrators of each account's own organisation (users of
 * that organisation whose role holds 用户管理 query, other than the system and security administrators), and
 * with IDLE_ACCOUNT_ACTION=disable also disables them, as an admin would (sessions revoked, the previous status
 * kept for a later enable, an operation-log row each).
 * Accounts that sign external systems' calls (a subsystem's service user never signs in) are left out.
 * An account is reported again only after a later sign-in made it active and it went idle again.
 */
export interface IdleAccountOptions {
  days: number;
  action: 'flag' | 'disable';
  /** The operation log's chain key (app.operLog.key): each disable writes a row. */
  logKey: Buffer;
}

export interface IdleAccountResult {
  /** Accounts newly idle (reported this run). */
  reported: number;
  disabled: number;
  /** Messages sent. */
  messages: number;
}

/** The security administrator's 账号安全 page, filtered to the idle accounts. */
export const SECURITY_IDLE_PAGE = '/security/manage/AccountSecurity/route?idle=1';
const GOV_USERS_PAGE = '/government/govSystem/GovUsers/route';
const MAX_LISTED = 30;

interface IdleRow {
  id: number;
  username: string;
  nickname: string;
  status: number;
  orgId: number | null;
  orgName: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

function listing(rows: IdleRow[]): string {
  const shown = rows.slice(0, MAX_LISTED).map((r) => {
    const last = r.lastLoginAt ? `最近登录 ${formatChinaTime(r.lastLoginAt, 'date')}` : '从未登录';
    return `${r.username}（${[r.nickname, r.orgName].filter(Boolean).join('，')}，${last}）`;
  });
  const more = rows.length > MAX_LISTED ? ` 等 ${rows.length} 个` : '';
  return `${shown.join('；')}${more}`;
}

/** Active security administrators. */
async function securityAdmins(trx: Tx): Promise<number[]> {
  const rows = await trx
    .selectFrom('sysUser as u')
    .innerJoin('sysRole as r', 'r.id', 'u.roleId')
    .select('u.id')
    .where('r.roleKey', '=', RoleKey.SECURITY_ADMIN)
    .where('u.deletedAt', 'is', null)
    .where('u.status', '!=', UserStatus.DISABLED)
    .execute();
  return rows.map((r) => r.id);
}

/** Active users of an organisation whose role may manage users (用户管理 query), with their role key. */
async function orgUserAdmins(trx: Tx, orgId: number): Promise<Array<{ id: number; roleKey: string }>> {
  const rows = await trx
    .selectFrom('sysUser as u')
    .innerJoin('sysRole as r', 'r.id', 'u.roleId')
    .select(['u.id', 'u.roleId', 'r.roleKey'])
    .where('u.orgId', '=', orgId)
    .where('u.deletedAt', 'is', null)
    .where('u.status', '!=', UserStatus.DISABLED)
    .execute();
  const out: Array<{ id: number; roleKey: string }> = [];
  for (const r of rows) {
    // The security administrators are told on their own; the system administrator's duty is not this one.
    if (r.roleKey === RoleKey.ADMIN || r.roleKey === RoleKey.SECURITY_ADMIN) continue;
    if (hasPermission(await permissionsAt(trx, r.roleId, -1), 'user.query'))
      out.push({ id: r.id, roleKey: r.roleKey });
  }
  return out;
}

export async function runIdleAccounts(
  db: Db,
  now: Date,
  opts: IdleAccountOptions,
): Promise<IdleAccountResult> {
  const cutoff = idleCutoff(now, opts.days);
  return db.transaction().execute(async (trx) => {
    const idle: IdleRow[] = await trx
      .selectFrom('sysUser as u')
      .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
      .select([
        'u.id',
        'u.username',
        'u.nickname',
        'u.status',
        'u.orgId',
        'o.name as orgName',
        'u.lastLoginAt',
        'u.createdAt',
      ])
      .where('u.deletedAt', 'is', null)
      .where('u.status', '!=', UserStatus.DISABLED)
      .where((eb) => eb(eb.fn.coalesce('u.lastLoginAt', 'u.createdAt'), '<', cutoff))
      .where((eb) =>
        eb.or([
          eb('u.idleNotifiedAt', 'is', null),
          eb('u.idleNotifiedAt', '<', eb.fn.coalesce('u.lastLoginAt', 'u.createdAt')),
        ]),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('sysSubsystem as s')
              .select(sql`1`.as('x'))
              .whereRef('s.serviceUserId', '=', 'u.id'),
          ),
        ),
      )
      .orderBy('u.id')
      .forUpdate('u')
      .execute();
    if (idle.length === 0) return { reported: 0, disabled: 0, messages: 0 };

    const ids = idle.map((r) => r.id);
    await trx.updateTable('sysUser').set({ idleNotifiedAt: now }).where('id', 'in', ids).execute();

    let disabled = 0;
    if (opts.action === 'disable') {
      for (const u of idle) {
        await bumpVersion(trx, 'sysUser', u.id, {
          status: UserStatus.DISABLED,
          statusBeforeDisable: u.status,
          updatedAt: now,
          updatedBy: null,
        });
        await revokeUserSessions(trx, u.id, now, 'disabled');
        await appendOperLog(trx, opts.logKey, {
          createdAt: now,
          userId: null,
          username: '系统任务',
          roleKey: '',
          orgName: '',
          module: '用户管理',
          kind: 'disable',
          method: 'JOB',
          path: 'daily-job/idle-accounts',
          params: JSON.stringify({ username: u.username, idleDays: opts.days }),
          targetId: String(u.id),
          ip: '',
          durationMs: 0,
          outcome: 'success',
          errorMsg: '',
          requestId: '',
        });
        disabled++;
      }
    }

    const verb =
      opts.action === 'disable'
        ? '已按平台设置自动停用；如需继续使用，请核实后由系统管理员在“用户管理”中启用。'
        : '请核实使用情况，及时停用不再使用的账号（“账号安全”和“用户管理”中以“长期未登录”标出）。';
    const message = (rows: IdleRow[], link: string) => ({
      kind: 'system' as const,
      title: `长期未登录账号提醒：${rows.length} 个账号超过 ${opts.days} 天未登录`,
      content: `以下账号超过 ${opts.days} 天未登录：${listing(rows)}。${verb}`,
      link,
      bizType: 'user',
      bizId: rows.length === 1 ? String(rows[0]!.id) : '',
    });
    let messages = 0;
    const security = await securityAdmins(trx);
    messages += await sendMessage(trx, { userIds: security }, message(idle, SECURITY_IDLE_PAGE), {
      now,
      createdBy: null,
    });
    const byOrg = new Map<number, IdleRow[]>();
    for (const r of idle) if (r.orgId !== null) byOrg.set(r.orgId, [...(byOrg.get(r.orgId) ?? []), r]);
    for (const [orgId, rows] of byOrg) {
      const told = (await orgUserAdmins(trx, orgId)).filter((u) => !ids.includes(u.id));
      const gov = told.filter((u) => u.roleKey === RoleKey.GOVERNMENT).map((u) => u.id);
      const other = told.filter((u) => u.roleKey !== RoleKey.GOVERNMENT).map((u) => u.id);
      if (gov.length)
        messages += await sendMessage(trx, { userIds: gov }, message(rows, GOV_USERS_PAGE), {
          now,
          createdBy: null,
        });
      if (other.length)
        messages += await sendMessage(trx, { userIds: other }, message(rows, ''), { now, createdBy: null });
    }
    return { reported: idle.length, disabled, messages };
  });
}
