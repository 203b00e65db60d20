import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Demo WeChat binding (issue 16): `gov` is bound to a demo WeChat identity, so its 微信绑定 page shows a
 * real binding (nickname, time) and the unbind action. Nothing can sign in with it: the identity exists at
 * no WeChat, and the demo runs without a WeChat app unless WX_* are set. Idempotent (one binding per user).
 */
export async function seedWechatDemo(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  const gov = await db.selectFrom('sysUser').select('id').where('username', '=', 'gov').executeTakeFirst();
  if (!gov) return;
  await db
    .insertInto('sysWxBinding')
    .values({
      userId: gov.id,
      openid: 'o_demo_gov_0000000000000000',
      unionid: 'u_demo_gov_0000000000000000',
      nickname: '宿迁应急演示',
      boundAt: new Date(now.getTime() - 30 * 86_400_000),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
