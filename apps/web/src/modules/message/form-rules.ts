import type { FormRule } from 'antd';

const max = (n: number, label: string): FormRule => ({ max: n, message: `${label}不能超过${n}个字符` });

/** Message sending (contracts messageSendBody). */
export const messageTitleRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入消息标题' },
  max(100, '消息标题'),
];
export const messageContentRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入消息内容' },
  max(2000, '消息内容'),
];
