/** In-app messages and to-dos (消息中心, domain 3.8): request and response schemas. */
import { z } from 'zod';
import { districtCodeField, portalLink, queryBool, roleKeyField } from './fields.ts';
import { MESSAGE_KINDS, TODO_STATES } from './message-options.ts';

export const messageListQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
    unread: queryBool.optional(),
    kind: z.enum(MESSAGE_KINDS.values).optional(),
    /** To-dos only: open (待处理) or done (已处理). */
    todo: z.enum(TODO_STATES.values).optional(),
  })
  .strict();
export const messageReadQuery = z
  .object({
    ids: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, 'ids 须为逗号分隔的消息编号')
      .optional(),
    all: queryBool.optional(),
  })
  .strict()
  .refine((q) => q.ids !== undefined || q.all === true, { message: '请指定 ids 或 all=1', path: ['ids'] });

export const messageItem = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS.values),
  kindName: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string(),
  bizType: z.string(),
  bizId: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  /** A to-do's state (待处理 / 已处理); null for other kinds. */
  todoState: z.enum(TODO_STATES.values).nullable(),
  /** When a to-do's task moved on. */
  doneAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageItem = z.infer<typeof messageItem>;

/** The header bell and the message centre: unread messages and open to-dos. */
export const messageCounts = z.object({ count: z.number(), todos: z.number() });
export type MessageCounts = z.infer<typeof messageCounts>;

export const messageSendBody = z
  .object({
    roleKeys: z.array(roleKeyField).max(20).default([]),
    districts: z.array(districtCodeField).max(20).default([]),
    title: z.string().trim().min(1, '请输入消息标题').max(100, '消息标题不能超过100个字符'),
    content: z.string().trim().min(1, '请输入消息内容').max(2000, '消息内容不能超过2000个字符'),
    kind: z.enum(MESSAGE_KINDS.values).default('system'),
    link: portalLink.default(''),
  })
  .strict();
export type MessageSendBody = z.infer<typeof messageSendBody>;

export const messageBatchItem = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS.values),
  title: z.string(),
  content: z.string(),
  link: z.string(),
  roleKeys: z.array(z.string()),
  districts: z.array(z.string()),
  recipientCount: z.number(),
  senderName: z.string(),
  createdAt: z.string(),
});
export type MessageBatchItem = z.infer<typeof messageBatchItem>;
