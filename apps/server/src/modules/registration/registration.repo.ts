import { type RegRow, RegStatus, type regListQuery } from '@aqzrx/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { hashToken } from '../../platform/tokens.ts';
import { rowOf } from './registration.service.ts';

type ListQuery = z.output<typeof regListQuery>;

/** The admin's list of applications, newest first; mobiles masked. */
export async function listRegistrations(db: Db, q: ListQuery) {
  const pageNo = q.pageNo ?? 1;
  const pageSize = q.pageSize ?? 10;
  let base = db.selectFrom('sysRegistration as g').leftJoin('sysOrg as o', 'o.id', 'g.targetOrgId');
  if (q.status !== undefined) base = base.where('g.status', '=', q.status);
  if (q.kind) base = base.where('g.kind', '=', q.kind);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb('g.name', 'like', like), eb('g.username', 'like', like), eb('g.uscc', 'like', like)]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll('g')
      .select('o.name as targetOrgName')
      .orderBy('g.status')
      .orderBy('g.submittedAt', 'desc')
      .orderBy('g.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => rowOf(r)) as RegRow[],
    total: Number(total.n),
    pageNum: pageNo,
    pageSize,
  };
}

/** The application a status-page token (X-REG-TOKEN, issued at sign-in) opens; 401 when absent or expired. */
export async function applicationOfToken(db: Db, token: string | undefined, now: Date): Promise<number> {
  if (!token || token.length > 100) throw unauthorized('请先登录查看注册申请');
  const row = await db
    .selectFrom('sysRegistration')
    .select(['id', 'appTokenExpiresAt'])
    .where('appTokenHash', '=', hashToken(token))
    .where('status', 'in', [RegStatus.PENDING, RegStatus.RETURNED])
    .executeTakeFirst();
  if (!row?.appTokenExpiresAt || new Date(row.appTokenExpiresAt).getTime() <= now.getTime())
    throw unauthorized('登录已过期，请重新登录查看注册申请');
  return row.id;
}
