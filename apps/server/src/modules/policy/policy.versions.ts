/**
 * Versioned snapshots of a policy: stored at issue and after each endorsement that takes effect, so the
 * old values of an endorsed policy stay readable (/api/policy/versions, /api/policy/version).
 */
import type { AttachmentFile, PolicyVersionRow } from '@aqzrx/contracts';
import type { Db, Tx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { type Actor, dateText, nullableDateText } from '../enterprise/index.ts';
import { policyInScope } from './policy.repo.ts';
import { snapshotPersons } from './policy-persons.ts';

// ---------------------------------------------------------------------------------------------------
// Versioned snapshots (the old values of an endorsed policy stay readable)
// ---------------------------------------------------------------------------------------------------

/** The full stored state of a policy (row, co-insurers, factors) as plain JSON. */
export async function policySnapshotData(db: Db, id: number) {
  const p = await db
    .selectFrom('insPolicy as p')
    .selectAll('p')
    .select([
      dateText('p.startDate').as('startDateText'),
      dateText('p.endDate').as('endDateText'),
      nullableDateText('p.signDate').as('signDateText'),
      nullableDateText('p.cancelledOn').as('cancelledOnText'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
  const { startDateText, endDateText, signDateText, cancelledOnText, ...rest } = p;
  const coinsurers = await db
    .selectFrom('insPolicyCoinsurer')
    .select(['insurerId', 'role', 'share'])
    .where('policyId', '=', id)
    .execute();
  const factors = await db
    .selectFrom('insPolicyFactor')
    .select(['code', 'pct', 'reason'])
    .where('policyId', '=', id)
    .orderBy('sort')
    .execute();
  // Insured persons at this version, ID numbers masked (the snapshot is shown to browsers).
  const persons = await snapshotPersons(db, id);
  return {
    ...rest,
    startDate: startDateText,
    endDate: endDateText,
    signDate: signDateText,
    cancelledOn: cancelledOnText,
    coinsurers,
    factors,
    persons,
  };
}

/**
 * Keeps the policy's current state as a version. The 出单 version is dated the issue (the policy's review
 * time, by its reviewer) also when it is taken later: a policy issued without a snapshot (demo data, older
 * releases) gets it just before its first endorsement changes it.
 */
export async function snapshotPolicy(
  trx: Tx,
  id: number,
  reason: 'issue' | 'endorse',
  endorsementId: number | null,
  userId: number | null,
  now: Date,
): Promise<number> {
  const data = await policySnapshotData(trx, id);
  const issuedAt = reason === 'issue' ? data.reviewedAt : null;
  await trx
    .insertInto('insPolicySnapshot')
    .values({
      policyId: id,
      policyVersion: data.version,
      reason,
      endorsementId,
      snapshot: JSON.stringify(data),
      createdAt: issuedAt ?? now,
      createdBy: issuedAt ? data.reviewedBy : userId,
    })
    .onConflict((oc) => oc.columns(['policyId', 'policyVersion']).doNothing())
    .execute();
  return data.version;
}

/**
 * The versions of a policy, newest first. The 出单 version is dated the issue. An issued policy that has
 * no stored version yet (issued without a snapshot and never endorsed) shows its current state as its
 * first version, so every issued policy has 第 1 版.
 */
export async function policyVersions(db: Db, actor: Actor, id: number): Promise<PolicyVersionRow[]> {
  const p = await policyInScope(db, actor, id);
  const rows = await db
    .selectFrom('insPolicySnapshot as s')
    .leftJoin('insEndorsement as e', 'e.id', 's.endorsementId')
    .select(['s.policyVersion', 's.reason', 's.endorsementId', 'e.endorsementNo', 'e.type', 's.createdAt'])
    .where('s.policyId', '=', id)
    .orderBy('s.policyVersion', 'desc')
    .execute();
  const issueTime = (r: { reason: string; createdAt: Date }) =>
    (r.reason === 'issue' && p.reviewedAt ? p.reviewedAt : r.createdAt).toISOString();
  const list = rows.map((r) => ({ ...r, createdAt: issueTime(r) }));
  if (list.length === 0 && p.reviewedAt && (p.status === 'approved' || p.status === 'cancelled'))
    return [
      {
        policyVersion: p.version,
        reason: 'issue',
        endorsementId: null,
        endorsementNo: null,
        type: null,
        createdAt: p.reviewedAt.toISOString(),
      },
    ];
  return list;
}

export async function policyVersion(db: Db, actor: Actor, id: number, version: number) {
  const p = await policyInScope(db, actor, id);
  const row = await db
    .selectFrom('insPolicySnapshot')
    .select(['policyVersion', 'reason', 'endorsementId', 'snapshot', 'createdAt'])
    .where('policyId', '=', id)
    .where('policyVersion', '=', version)
    .executeTakeFirst();
  const issued = p.status === 'approved' || p.status === 'cancelled';
  if (!row) {
    // The first version of a policy issued without a snapshot is its current state (policyVersions).
    const stored = await db
      .selectFrom('insPolicySnapshot')
      .select('id')
      .where('policyId', '=', id)
      .executeTakeFirst();
    if (stored || !issued || !p.reviewedAt || version !== p.version) throw notFound('该版本不存在');
    return {
      policyVersion: p.version,
      reason: 'issue',
      endorsementId: null,
      snapshot: await policySnapshotData(db, id),
      createdAt: p.reviewedAt.toISOString(),
    };
  }
  const at = row.reason === 'issue' && p.reviewedAt ? p.reviewedAt : row.createdAt;
  return { ...row, createdAt: at.toISOString() };
}

/** Names and sizes of a record's attachments (in their stored order; missing files left out). */
export async function attachmentFiles(db: Db, ids: readonly string[]): Promise<AttachmentFile[]> {
  const wanted = ids.map((i) => i.toLowerCase()).filter((i) => /^[0-9a-f-]{36}$/.test(i));
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('sysFile')
    .select(['id', 'originalName', 'size', 'kind'])
    .where('id', 'in', wanted)
    .where('deletedAt', 'is', null)
    .execute();
  return wanted.flatMap((id) => {
    const f = rows.find((r) => r.id === id);
    return f ? [{ id: f.id, name: f.originalName, size: Number(f.size), kind: f.kind }] : [];
  });
}
