import {
  MESSAGE_KINDS,
  type MessageCounts,
  type MessageItem,
  type MessageKind,
  type MessageSendBody,
  optionLabel,
  type Paged,
  type TodoState,
  UserStatus,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { splitList, targetsWithin, userInAudience } from './audience.ts';

/** Who receives a message: named users, or everyone of some roles in some districts (empty = all). */
export type MessageAudience = { userIds: number[] } | { roleKeys: string[]; districts: string[] };

export interface MessageInput {
  title: string;
  content: string;
  link?: string;
  kind?: MessageKind;
  /** The business record the message is about (e.g. 'consult', '12'). */
  bizType?: string;
  bizId?: string | number;
}

export interface SendOptions {
  now: Date;
  createdBy: number | null;
  batchId?: number | null;
}

/**
 * Sends an in-app message inside the caller's transaction, so the message exists exactly when the
 * change it reports does. Role/district audiences are expanded in one INSERT … SELECT over active
 * users. Returns the number of recipients.
 */
export async function sendMessage(
  trx: Tx,
  audience: MessageAudience,
  msg: MessageInput,
  opts: SendOptions,
): Promise<number> {
  const values = {
    kind: msg.kind ?? 'system',
    title: msg.title.slice(0, 100),
    content: msg.content.slice(0, 2000),
    link: (msg.link ?? '').slice(0, 500),
    bizType: (msg.bizType ?? '').slice(0, 30),
    bizId: String(msg.bizId ?? '').slice(0, 40),
  };
  if ('userIds' in audience) {
    const ids = [...new Set(audience.userIds)];
    if (ids.length === 0) return 0;
    await trx
      .insertInto('sysMessage')
      .values(
        ids.map((userId) => ({
          userId,
          ...values,
          batchId: opts.batchId ?? null,
          createdAt: opts.now,
          createdBy: opts.createdBy,
        })),
      )
      .execute();
    return ids.length;
  }
  const res = await trx
    .insertInto('sysMessage')
    .columns([
      'userId',
      'kind',
      'title',
      'content',
      'link',
      'bizType',
      'bizId',
      'batchId',
      'createdAt',
      'createdBy',
    ])
    .expression((eb) =>
      eb
        .selectFrom('sysUser as u')
        .innerJoin('sysRole as r', 'r.id', 'u.roleId')
        .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
        .select([
          'u.id',
          sql.val(values.kind).as('kind'),
          sql.val(values.title).as('title'),
          sql.val(values.content).as('content'),
          sql.val(values.link).as('link'),
          sql.val(values.bizType).as('bizType'),
          sql.val(values.bizId).as('bizId'),
          sql<number | null>`cast(${opts.batchId ?? null} as integer)`.as('batchId'),
          sql<Date>`cast(${opts.now.toISOString()} as timestamptz)`.as('createdAt'),
          sql<number | null>`cast(${opts.createdBy} as integer)`.as('createdBy'),
        ])
        .where('u.deletedAt', 'is', null)
        .where('u.status', '!=', UserStatus.DISABLED)
        .where(userInAudience(audience.roleKeys, audience.districts)),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

function toItem(r: {
  id: number;
  kind: MessageKind;
  title: string;
  content: string;
  link: string;
  bizType: string;
  bizId: string;
  readAt: Date | null;
  doneAt: Date | null;
  createdAt: Date;
}): MessageItem {
  return {
    id: r.id,
    kind: r.kind,
    kindName: optionLabel(MESSAGE_KINDS, r.kind),
    title: r.title,
    content: r.content,
    link: r.link,
    bizType: r.bizType,
    bizId: r.bizId,
    read: r.readAt !== null,
    readAt: r.readAt ? r.readAt.toISOString() : null,
    todoState: r.kind === 'todo' ? (r.doneAt ? 'done' : 'open') : null,
    doneAt: r.doneAt ? r.doneAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The caller's own messages, newest first. */
export async function listMyMessages(
  db: Db,
  userId: number,
  q: {
    pageNo: number;
    pageSize: number;
    unread?: boolean | undefined;
    kind?: MessageKind | undefined;
    todo?: TodoState | undefined;
  },
): Promise<Paged<MessageItem>> {
  let base = db.selectFrom('sysMessage').where('userId', '=', userId);
  if (q.unread === true) base = base.where('readAt', 'is', null);
  if (q.unread === false) base = base.where('readAt', 'is not', null);
  if (q.kind) base = base.where('kind', '=', q.kind);
  if (q.todo)
    base = base.where('kind', '=', 'todo').where('doneAt', q.todo === 'open' ? 'is' : 'is not', null);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'kind', 'title', 'content', 'link', 'bizType', 'bizId', 'readAt', 'doneAt', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list: rows.map(toItem), total: Number(total.c), pageNum: q.pageNo, pageSize: q.pageSize };
}

/** The caller's unread messages and open to-dos (the header bell, the message centre's tabs). */
export async function messageCounts(db: Db, userId: number): Promise<MessageCounts> {
  const [unread, todos] = await Promise.all([
    db
      .selectFrom('sysMessage')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('userId', '=', userId)
      .where('readAt', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sysMessage')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('userId', '=', userId)
      .where('kind', '=', 'todo')
      .where('doneAt', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(unread.c), todos: Number(todos.c) };
}

/** Marks the caller's messages read (others' ids are ignored, never touched). Returns how many changed. */
export async function markRead(trx: Db, userId: number, ids: number[] | 'all', now: Date): Promise<number> {
  let q = trx
    .updateTable('sysMessage')
    .set({ readAt: now })
    .where('userId', '=', userId)
    .where('readAt', 'is', null);
  if (ids !== 'all') {
    if (ids.length === 0) return 0;
    q = q.where('id', 'in', ids);
  }
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * A broadcast by an administrator or a regulator. A district-level sender (a government user of some
 * districts, governedDistricts) may only reach those districts; with no districts given, their own are
 * used. City-level senders address any district or the whole city.
 */
export async function sendBroadcast(trx: Tx, body: MessageSendBody, auth: AuthContext, now: Date) {
  const districts = targetsWithin(auth, body.districts, '发送消息');
  const roleKeys = [...new Set(body.roleKeys)];
  if (roleKeys.length > 0) {
    const known = await trx
      .selectFrom('sysRole')
      .select('roleKey')
      .where('roleKey', 'in', roleKeys)
      .where('deletedAt', 'is', null)
      .execute();
    const missing = roleKeys.filter((k) => !known.some((r) => r.roleKey === k));
    if (missing.length > 0) throw badRequest(`角色不存在：${missing.join('、')}，请重新选择接收角色`);
  }
  const batch = await trx
    .insertInto('sysMessageBatch')
    .values({
      kind: body.kind,
      title: body.title,
      content: body.content,
      link: body.link,
      roleKeys: roleKeys.join(','),
      districts: districts.join(','),
      senderOrgId: auth.orgId,
      createdAt: now,
      createdBy: auth.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const count = await sendMessage(
    trx,
    { roleKeys, districts },
    { title: body.title, content: body.content, link: body.link, kind: body.kind },
    { now, createdBy: auth.userId, batchId: batch.id },
  );
  if (count === 0) throw badRequest('没有符合条件的接收人，请调整接收角色或区县');
  await trx
    .updateTable('sysMessageBatch')
    .set({ recipientCount: count })
    .where('id', '=', batch.id)
    .execute();
  return { id: batch.id, recipientCount: count };
}

/** Broadcasts sent by the caller or by their organisation. */
export async function listSentBatches(db: Db, auth: AuthContext, q: { pageNo: number; pageSize: number }) {
  let base = db.selectFrom('sysMessageBatch as b').leftJoin('sysUser as u', 'u.id', 'b.createdBy');
  base =
    auth.orgId === null
      ? base.where('b.createdBy', '=', auth.userId)
      : base.where((eb) =>
          eb.or([eb('b.createdBy', '=', auth.userId), eb('b.senderOrgId', '=', auth.orgId)]),
        );
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'b.id',
      'b.kind',
      'b.title',
      'b.content',
      'b.link',
      'b.roleKeys',
      'b.districts',
      'b.recipientCount',
      'b.createdAt',
      'u.nickname',
    ])
    .orderBy('b.createdAt', 'desc')
    .orderBy('b.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      content: r.content,
      link: r.link,
      roleKeys: splitList(r.roleKeys),
      districts: splitList(r.districts),
      recipientCount: r.recipientCount,
      senderName: r.nickname ?? '',
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}
