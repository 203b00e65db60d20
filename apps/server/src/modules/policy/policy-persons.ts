import { ID_TYPES, optionLabel, type Paged, type PolicyPersonRow } from '@aqzrx/contracts';
import type { Db, Tx } from '../../platform/context.ts';
import { blindIndex } from '../../platform/pii.ts';
import { dateText, escapeLike, nullableDateText } from '../enterprise/index.ts';

/**
 * The insured persons of a policy (domain 2.6 人员清单): filled and emptied by approved add / remove /
 * replace endorsements. A removed person keeps the row with the date and endorsement that removed them.
 * ID numbers are stored like technicist ID numbers (SM4 ciphertext, blind index, masked form) and only
 * the masked form leaves the server (security P04).
 */

export type { PolicyPersonRow };

/** Which of these blind indexes belong to persons the policy covers now. */
export async function currentPersonHashes(db: Db, policyId: number, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('insPolicyPerson')
    .select('idNoHash')
    .where('policyId', '=', policyId)
    .where('leftEndorsementId', 'is', null)
    .where('idNoHash', 'in', hashes)
    .execute();
  return new Set(rows.map((r) => r.idNoHash.trim()));
}

export interface RosterRow {
  direction: 'in' | 'out';
  name: string;
  idType: string;
  idNoEnc: string;
  idNoHash: string;
  idNoMask: string;
  position: string;
}

/**
 * Applies an approved endorsement's roster to the policy: leaving persons get the effective date and the
 * endorsement as their end, joining persons are added from the effective date. Throws (the caller's
 * transaction rolls back) if the list changed underneath.
 */
export async function applyRoster(
  trx: Tx,
  policyId: number,
  endorsementId: number,
  effectiveDate: string,
  roster: RosterRow[],
  userId: number | null,
  now: Date,
): Promise<void> {
  const outs = roster.filter((r) => r.direction === 'out').map((r) => r.idNoHash);
  if (outs.length) {
    const res = await trx
      .updateTable('insPolicyPerson')
      .set({ leftOn: effectiveDate, leftEndorsementId: endorsementId })
      .where('policyId', '=', policyId)
      .where('leftEndorsementId', 'is', null)
      .where('idNoHash', 'in', outs)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== outs.length)
      throw new Error(`roster of endorsement ${endorsementId} no longer matches policy ${policyId}`);
  }
  const ins = roster.filter((r) => r.direction === 'in');
  if (ins.length)
    await trx
      .insertInto('insPolicyPerson')
      .values(
        ins.map((r) => ({
          policyId,
          name: r.name,
          idType: r.idType,
          idNoEnc: r.idNoEnc,
          idNoHash: r.idNoHash,
          idNoMask: r.idNoMask,
          position: r.position,
          joinedOn: effectiveDate,
          joinedEndorsementId: endorsementId,
          createdAt: now,
          createdBy: userId,
        })),
      )
      .execute();
}

/** The persons a policy covers now, masked, for its versioned snapshot. */
export async function snapshotPersons(db: Db, policyId: number) {
  return db
    .selectFrom('insPolicyPerson')
    .select(['name', 'idType', 'idNoMask as idNo', 'position', dateText('joinedOn').as('joinedOn')])
    .where('policyId', '=', policyId)
    .where('leftEndorsementId', 'is', null)
    .orderBy('id')
    .execute();
}

export async function countPersons(db: Db, policyId: number): Promise<number> {
  const r = await db
    .selectFrom('insPolicyPerson')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('policyId', '=', policyId)
    .where('leftEndorsementId', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.c);
}

/**
 * 参保人员名单 of one policy (the caller checked its scope): current persons, or with `all` also those
 * who left. The keyword matches a name part, or a full ID number exactly (through its blind index).
 */
export async function listPolicyPersons(
  db: Db,
  q: {
    id: number;
    pageNo: number;
    pageSize: number;
    keyword?: string | undefined;
    all?: boolean | undefined;
  },
): Promise<Paged<PolicyPersonRow>> {
  let qb = db
    .selectFrom('insPolicyPerson as pp')
    .leftJoin('insEndorsement as ej', 'ej.id', 'pp.joinedEndorsementId')
    .leftJoin('insEndorsement as el', 'el.id', 'pp.leftEndorsementId')
    .select([
      'pp.id',
      'pp.name',
      'pp.idType',
      'pp.idNoMask',
      'pp.position',
      dateText('pp.joinedOn').as('joinedOn'),
      nullableDateText('pp.leftOn').as('leftOn'),
      'ej.endorsementNo as joinedEndorsementNo',
      'el.endorsementNo as leftEndorsementNo',
    ])
    .where('pp.policyId', '=', q.id);
  if (!q.all) qb = qb.where('pp.leftEndorsementId', 'is', null);
  const k = q.keyword?.trim();
  if (k) {
    const hash = blindIndex(k);
    qb = qb.where((eb) => eb.or([eb('pp.name', 'like', `%${escapeLike(k)}%`), eb('pp.idNoHash', '=', hash)]));
  }
  const [total, rows] = await Promise.all([
    qb
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .executeTakeFirstOrThrow(),
    qb
      .orderBy('pp.id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return { list: rows.map(toPerson), total: Number(total.c), pageNum: q.pageNo, pageSize: q.pageSize };
}

function toPerson(r: {
  id: number;
  name: string;
  idType: string;
  idNoMask: string;
  position: string;
  joinedOn: string;
  leftOn: string | null;
  joinedEndorsementNo: string | null;
  leftEndorsementNo: string | null;
}): PolicyPersonRow {
  return {
    id: r.id,
    name: r.name,
    idType: r.idType,
    idTypeLabel: optionLabel(ID_TYPES, r.idType),
    /** Masked: first 6 and last 4 characters (security P04). */
    idNo: r.idNoMask,
    position: r.position,
    joinedOn: r.joinedOn,
    leftOn: r.leftOn,
    joinedEndorsementNo: r.joinedEndorsementNo,
    leftEndorsementNo: r.leftEndorsementNo,
  };
}
