import type { Actor } from '../../platform/actor.ts';
import { resolveActor } from '../../platform/actor.ts';
import type { AuthContext, Db } from '../../platform/context.ts';

/**
 * Who acts on prevention activities: an enterprise, a publisher of trainings (an insurer, a service
 * organisation or an expert panel, by the type of its organisation), a regulator with its districts, or
 * nobody (the operations admin and users of no such organisation see nothing).
 */
export type ActivityActor =
  | { kind: 'enterprise'; orgId: number; userId: number; orgName: string }
  | {
      kind: 'publisher';
      side: 'insurer' | 'service' | 'expert';
      orgId: number;
      userId: number;
      orgName: string;
    }
  | { kind: 'government'; userId: number; districts: string[] }
  | { kind: 'none'; userId: number };

export function fromActor(a: Actor): ActivityActor {
  if (a.kind === 'enterprise')
    return { kind: 'enterprise', orgId: a.orgId, userId: a.userId, orgName: a.orgName };
  if (a.kind === 'insurer')
    return { kind: 'publisher', side: 'insurer', orgId: a.orgId, userId: a.userId, orgName: a.orgName };
  if (a.kind === 'government') return { kind: 'government', userId: a.userId, districts: a.districts };
  return { kind: 'none', userId: a.userId };
}

export async function resolveActivityActor(db: Db, auth: AuthContext): Promise<ActivityActor> {
  const a = fromActor(await resolveActor(db, auth));
  if (a.kind !== 'none' || auth.orgId === null) return a;
  const org = await db
    .selectFrom('sysOrg')
    .select(['orgType', 'name'])
    .where('id', '=', auth.orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (org?.orgType === 'service' || org?.orgType === 'expert')
    return {
      kind: 'publisher',
      side: org.orgType,
      orgId: auth.orgId,
      userId: auth.userId,
      orgName: org.name,
    };
  return a;
}
