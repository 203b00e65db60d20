/** Zod-free option lists of messages: kinds and to-do states. */
import { defineOptions, type OptionValue } from './options.ts';

export const MESSAGE_KINDS = defineOptions([
  { value: 'system', label: '系统消息' },
  { value: 'todo', label: '待办' },
  { value: 'warning', label: '预警' },
]);
export type MessageKind = OptionValue<typeof MESSAGE_KINDS>;

/** A to-do (待办) is open until the task it asks for moves on (domain 3.8). */
export const TODO_STATES = defineOptions([
  { value: 'open', label: '待处理', color: 'orange' },
  { value: 'done', label: '已处理', color: 'green' },
]);
export type TodoState = OptionValue<typeof TODO_STATES>;
