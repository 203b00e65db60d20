import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/context.ts';
import { conflict } from '../../platform/errors.ts';

/**
 * Enterprise status 3 (spec 4): until an enterprise has completed its information (info edit), it may
 * not apply for a policy (add, edit, submit), report a claim or apply for an endorsement, and no insurer
 * may enter a policy for it. One check for all of them; `doing` names the refused action in the message
 * (投保, 报案, 申请批改, 录入保单, ...). 409: the enterprise's state, not the caller's rights, refuses it.
 */
export async function assertInfoComplete(
  db: Db,
  actor: Actor,
  enterpriseId: number,
  doing: string,
): Promise<void> {
  const row = await db
    .selectFrom('insEnterprise')
    .select('infoComplete')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  if (row?.infoComplete) return;
  if (actor.kind === 'enterprise' && actor.orgId === enterpriseId)
    throw conflict(`请先完善企业信息后再${doing}`);
  throw conflict(`该企业尚未完善企业信息，须由企业先完善企业信息后才能${doing}`);
}
