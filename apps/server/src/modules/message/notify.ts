import { CITY_CODE, DISTRICTS, UserStatus } from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Tx } from '../../platform/context.ts';
import {
  type NotificationEvent,
  type NotifyRecord,
  notificationDef,
  type Party,
  partySide,
  type RecordType,
  recordLink,
} from './notifications.ts';

export interface NotifyOptions {
  now: Date;
  /** The user whose action it is (never told about their own action), or null for a system job. */
  actorId: number | null;
}

/** Active (not deleted, not disabled) users of some organisations. */
async function orgUsers(trx: Tx, orgIds: number[]): Promise<number[]> {
  if (orgIds.length === 0) return [];
  const rows = await trx
    .selectFrom('sysUser')
    .select('id')
    .where('orgId', 'in', orgIds)
    .where('deletedAt', 'is', null)
    .where('status', '!=', UserStatus.DISABLED)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Government users who see the district's records (as resolveActor scopes them): their own district
 * list names it, or they have none and their organisation is city-wide or of that district.
 */
async function regulatorUsers(trx: Tx, districtCodes: readonly string[]): Promise<number[]> {
  if (districtCodes.length === 0) return [];
  const list = sql.join(districtCodes.map((d) => sql`${d}`));
  // A city-level record (district 321300, e.g. a complaint of a city-wide organisation) reaches the
  // regulators who see every district.
  const all = sql.join(DISTRICTS.map((d) => sql`${d.value}`));
  const rows = await trx
    .selectFrom('sysUser as u')
    .innerJoin('sysOrg as o', 'o.id', 'u.orgId')
    .select('u.id')
    .where('o.orgType', '=', 'government')
    .where('o.deletedAt', 'is', null)
    .where('u.deletedAt', 'is', null)
    .where('u.status', '!=', UserStatus.DISABLED)
    .where(
      sql<boolean>`(string_to_array(u.district_codes, ',') && ARRAY[${list}]::text[]
        OR (u.district_codes = '' AND (o.district_code = ${CITY_CODE} OR o.district_code IN (${list})))
        OR (${sql.raw(districtCodes.includes(CITY_CODE) ? 'true' : 'false')} AND string_to_array(u.district_codes, ',') @> ARRAY[${all}]::text[]))`,
    )
    .orderBy('u.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Active users of the operations centre (the administrator role): they handle complaints about the platform. */
async function adminUsers(trx: Tx): Promise<number[]> {
  const rows = await trx
    .selectFrom('sysUser as u')
    .innerJoin('sysRole as r', 'r.id', 'u.roleId')
    .select('u.id')
    .where('r.roleKey', '=', 'ROLE_ADMIN')
    .where('u.deletedAt', 'is', null)
    .where('u.status', '!=', UserStatus.DISABLED)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => r.id);
}

const present = (id: number | undefined): number[] => (id === undefined ? [] : [id]);

async function recipients(trx: Tx, party: Party, r: NotifyRecord): Promise<number[]> {
  switch (party) {
    case 'enterprise':
      return orgUsers(trx, present(r.enterpriseId));
    case 'insurer':
      return orgUsers(trx, present(r.insurerId));
    case 'applicant':
      return orgUsers(trx, present(r.enteredBy === 'insurer' ? r.insurerId : r.enterpriseId));
    case 'publisher':
      return orgUsers(trx, present(r.publisherOrgId));
    case 'enterprises':
      return orgUsers(trx, [...new Set(r.enterpriseIds ?? [])]);
    case 'coinsurers': {
      if (r.policyId === undefined || r.insurerId === undefined) return [];
      const rows = await trx
        .selectFrom('insPolicyCoinsurer')
        .select('insurerId')
        .where('policyId', '=', r.policyId)
        .where('insurerId', '!=', r.insurerId)
        .execute();
      return orgUsers(
        trx,
        rows.map((x) => x.insurerId),
      );
    }
    case 'regulators':
      return regulatorUsers(trx, r.districtCodes ?? (r.districtCode ? [r.districtCode] : []));
    case 'provider':
      return orgUsers(trx, present(r.providerOrgId));
    case 'complainant':
      return orgUsers(trx, present(r.complainantOrgId));
    case 'handler':
      // The operations centre: every administrator; a regulator that took it over: the regulators of its district.
      if (r.handlerSide === 'admin') return adminUsers(trx);
      if (r.handlerSide === 'government') return regulatorUsers(trx, r.districtCode ? [r.districtCode] : []);
      return orgUsers(trx, r.handlerOrgId == null ? [] : [r.handlerOrgId]);
    case 'operators':
      return adminUsers(trx);
    case 'registrant':
      return present(r.registrantUserId);
  }
}

/**
 * Marks open to-dos of a record done (their task moved on), and read: nothing is left to do, so they no
 * longer count as unread in the header bell. `events` limits it to the to-dos of those events, `userIds`
 * to some recipients. Returns how many closed.
 */
export async function closeTodos(
  trx: Tx,
  q: { bizType: RecordType; bizId: number | string; events?: readonly string[]; userIds?: number[] },
  now: Date,
): Promise<number> {
  if (q.events?.length === 0 || q.userIds?.length === 0) return 0;
  let u = trx
    .updateTable('sysMessage')
    .set({ doneAt: now, readAt: sql`coalesce(read_at, ${now})` })
    .where('kind', '=', 'todo')
    .where('doneAt', 'is', null)
    .where('bizType', '=', q.bizType)
    .where('bizId', '=', String(q.bizId));
  if (q.events) u = u.where('event', 'in', [...q.events]);
  if (q.userIds) u = u.where('userId', 'in', q.userIds);
  const res = await u.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Tells the parties of a business event, inside the caller's transaction (the messages exist exactly
 * when the change does): first the to-dos the event ends are closed, then each recipient of the
 * catalogue entry (notifications.ts) gets the message, linked to the record's detail page for their role.
 * A user reached twice gets the first message only; the acting user none. Returns how many were sent.
 */
export async function notify(
  trx: Tx,
  event: NotificationEvent,
  record: NotifyRecord,
  opts: NotifyOptions,
): Promise<number> {
  const def = notificationDef(event);
  if (def.closes)
    await closeTodos(trx, { bizType: def.record, bizId: record.id, events: def.closes }, opts.now);
  const seen = new Set<number>(opts.actorId === null ? [] : [opts.actorId]);
  const rows = [];
  for (const to of def.to) {
    const users = (await recipients(trx, to.party, record)).filter((id) => !seen.has(id));
    if (users.length === 0) continue;
    const title = (to.title ?? def.title)(record).slice(0, 100);
    const content = (to.content ?? def.content)(record).slice(0, 2000);
    const link = recordLink(
      def.record,
      partySide(to.party, record.enteredBy, record.publisherSide, record),
      record.id,
    );
    for (const userId of users) {
      seen.add(userId);
      rows.push({
        userId,
        kind: to.kind,
        title,
        content,
        link,
        bizType: def.record,
        bizId: String(record.id),
        event,
        createdAt: opts.now,
        createdBy: opts.actorId,
      });
    }
  }
  if (rows.length) await trx.insertInto('sysMessage').values(rows).execute();
  return rows.length;
}
