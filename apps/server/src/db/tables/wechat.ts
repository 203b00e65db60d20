import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../columns.ts';

/** WeChat QR login (0025_wechat). */

export interface SysWxBindingTable {
  id: Generated<number>;
  userId: number;
  openid: string;
  unionid: string | null;
  nickname: Generated<string>;
  boundAt: Timestamp;
}

export interface SysWxOauthStateTable {
  id: Generated<number>;
  stateHash: string;
  purpose: 'login' | 'bind' | 'ticket';
  browserHash: string;
  sessionId: number | null;
  openid: string | null;
  unionid: string | null;
  nickname: Generated<string>;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
}

export interface WechatTables {
  sysWxBinding: SysWxBindingTable;
  sysWxOauthState: SysWxOauthStateTable;
}
