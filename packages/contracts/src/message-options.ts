/** Zod-free option lists of messages: kinds and to-do states. */
import type { Option } from './options.ts';

export const MESSAGE_KIND_VALUES = ['system', 'todo', 'warning'] as const;
export type MessageKind = (typeof MESSAGE_KIND_VALUES)[number];
export const MESSAGE_KINDS: Option<MessageKind>[] = [
  { value: 'system', label: '系统消息' },
  { value: 'todo', label: '待办' },
  { value: 'warning', label: '预警' },
];

/** A to-do (待办) is open until the task it asks for moves on (domain 3.8). */
export const TODO_STATE_VALUES = ['open', 'done'] as const;
export type TodoState = (typeof TODO_STATE_VALUES)[number];
export const TODO_STATES: Option<TodoState>[] = [
  { value: 'open', label: '待处理', color: 'orange' },
  { value: 'done', label: '已处理', color: 'green' },
];
