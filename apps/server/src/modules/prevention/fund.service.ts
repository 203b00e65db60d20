import {
  chinaDate,
  FUND_ENTRY_KINDS,
  FUND_STATES,
  type FundAccrueInput,
  type FundEntryRow,
  type FundReverseInput,
  type FundRow,
  type FundSpendInput,
  fundState,
  type Paged,
  PREVENTION_MESSAGES,
} from '@aqzrx/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import { runTemplate } from '../../db/query-template.ts';
import type { DB } from '../../db/schema.ts';
import { dateText } from '../../db/sql.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { cachedTotal, countsChanged, countUpTo, keywordPageValues } from '../../platform/count-cache.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { cents, keywordMatch, keywordValues, num, yuan } from './common.ts';
import { fundScope, type PrevActor, scopeKey, slottedActor } from './scope.ts';

/**
 * The prevention fund ledger (事故预防费用台账, domain 1.5, 3.5; AQ 9010 7.3/7.4): one fund per policy and
 * insurer, entries append-only. accrued = premium actually collected (the insurer's share) × ratio, the
 * ratio never above the cap setting; Σ spend ≤ accrued; corrections are reversing entries; a write-off
 * closes the fund. The fund row keeps the running totals and the state, updated with every entry.
 */

export interface FundFilters {
  keyword?: string | undefined;
  districtCode?: string | undefined;
  insurerId?: number | undefined;
  state?: (typeof FUND_STATES.values)[number] | undefined;
  year?: number | undefined;
}

/**
 * The values of the filters present, as the SQL takes them (a template's slots): the list's SQL depends
 * only on which of them are present and on the actor's kind.
 */
function filterValues(q: FundFilters): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  if (q.districtCode) v.districtCode = q.districtCode;
  if (q.insurerId) v.insurerId = q.insurerId;
  if (q.state) v.state = q.state;
  if (q.year) {
    v.yearStart = `${q.year}-01-01`;
    v.yearEnd = `${q.year}-12-31`;
  }
  if (q.keyword) Object.assign(v, keywordValues(q.keyword));
  return v;
}

/**
 * The funds (alias f) in scope under filter values, without joins: the policy and the enterprise are
 * looked up only by the filters that need them, so a page or a count reads the funds in list order
 * (ap_fund's indexes by updated_at, id) and joins the names for the page's rows alone.
 */
function fundsWhere(db: Db, a: PrevActor, v: Record<string, unknown>) {
  const has = (k: string) => Object.hasOwn(v, k);
  let s = db.selectFrom('apFund as f').where(fundScope(a));
  if (has('districtCode')) s = s.where('f.districtCode', '=', v.districtCode as string);
  if (has('insurerId')) s = s.where('f.insurerId', '=', v.insurerId as number);
  if (has('state')) s = s.where('f.state', '=', v.state as NonNullable<FundFilters['state']>);
  if (has('yearStart'))
    s = s.where((eb) =>
      eb.exists(
        eb
          .selectFrom('insPolicy as yp')
          .select(sql.lit(1).as('x'))
          .whereRef('yp.id', '=', 'f.policyId')
          .where('yp.startDate', '<=', v.yearEnd as string)
          .where('yp.endDate', '>=', v.yearStart as string),
      ),
    );
  if (has('kwLike'))
    s = s.where(keywordMatch(db, { enterpriseId: 'f.enterpriseId', policyId: 'f.policyId' }, v));
  return s;
}

/** A fund row's columns: the fund (a derived table or ap_fund, alias f) with its policy, enterprise, insurer. */
function withRowColumns<S extends SelectQueryBuilder<DB & { f: DB['apFund'] }, 'f', object>>(s: S) {
  return s
    .innerJoin('insPolicy as ip', 'ip.id', 'f.policyId')
    .innerJoin('sysOrg as e', 'e.id', 'f.enterpriseId')
    .innerJoin('sysOrg as ins', 'ins.id', 'f.insurerId')
    .select([
      'f.id',
      'f.policyId',
      sql<string>`coalesce(ip.policy_no, ip.application_no)`.as('policyNo'),
      'f.insurerId',
      'ins.name as insurerName',
      'f.enterpriseId',
      'e.name as enterpriseName',
      'f.districtCode',
      'f.premium',
      'f.share',
      'f.ratio',
      'f.accrued',
      'f.spent',
      'f.state',
      'f.updatedAt',
      'f.version',
    ]);
}

function filteredFunds(db: Db, a: PrevActor, q: FundFilters) {
  return withRowColumns(fundsWhere(db, a, filterValues(q)));
}

type DbFund = Awaited<ReturnType<ReturnType<typeof filteredFunds>['executeTakeFirstOrThrow']>>;
function toFund(r: DbFund): FundRow {
  return {
    ...r,
    premium: num(r.premium),
    share: num(r.share),
    ratio: num(r.ratio),
    accrued: num(r.accrued),
    spent: num(r.spent),
    available: yuan(cents(r.accrued) - cents(r.spent)),
    stateLabel: FUND_STATES.label(r.state),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

/**
 * One page of the ledger, newest change first. The page query is a compiled template
 * (db/query-template.ts), built once per shape (the actor's kind and number of districts, the filters
 * present); the page's funds are picked first and only their rows joined to the names. The total is counted
 * up to the cap (LIST_COUNT_CAP: "10,000+ 条") and cached per scope and filters; every entry posted
 * drops it (countsChanged in post()).
 */
export async function listFunds(
  db: Db,
  a: PrevActor,
  q: FundFilters & { pageNo: number; pageSize: number; sortField?: string; sortOrder?: string },
): Promise<Paged<FundRow>> {
  const { pageNo, pageSize, sortField: _f, sortOrder: _o, ...filters } = q;
  const fv = filterValues(filters);
  const scope =
    a.kind === 'government' ? { districts: a.districts } : a.kind === 'none' ? {} : { orgId: a.orgId };
  const offset = (pageNo - 1) * pageSize;
  const totalP = cachedTotal(db, `ap-fund:${scopeKey(a)}:${JSON.stringify(filters)}`, (limit) =>
    countUpTo(db, fundsWhere(db, a, fv).select(sql.lit(1).as('one')), limit),
  );
  // A keyword matching thousands: its first pages are read in list order (common.ts keywordMatch); a rare
  // one runs a generic plan (keywordPageValues).
  const pageFv = Object.hasOwn(fv, 'kwPairs') ? keywordPageValues(fv, await totalP, offset, pageSize) : fv;
  const shape = [
    'ap-funds',
    a.kind === 'government' ? `government:${a.districts.length}` : a.kind,
    Object.keys(pageFv).sort().join(','),
  ].join('|');
  const values = { ...scope, ...pageFv, limit: pageSize, offset };
  const [total, rows] = await Promise.all([
    totalP,
    runTemplate(db, shape, values, (v) =>
      withRowColumns(
        db.selectFrom(
          fundsWhere(db, slottedActor(a, v), v)
            .selectAll('f')
            .orderBy('f.updatedAt', 'desc')
            .orderBy('f.id', 'desc')
            .limit(v.limit as number)
            .offset(v.offset as number)
            .as('f'),
        ),
      )
        .orderBy('f.updatedAt', 'desc')
        .orderBy('f.id', 'desc'),
    ),
  ]);
  return { list: rows.map((r) => toFund(r as DbFund)), ...total, pageNum: pageNo, pageSize };
}

export async function fundEntries(db: Db, fundIds: number[]): Promise<FundEntryRow[]> {
  if (fundIds.length === 0) return [];
  const rows = await db
    .selectFrom('apFundEntry as x')
    .leftJoin('apFundEntry as r', 'r.reversesId', 'x.id')
    .select([
      'x.id',
      'x.fundId',
      'x.policyId',
      'x.kind',
      'x.affects',
      'x.amount',
      dateText('x.occurredOn').as('occurredOn'),
      'x.description',
      'x.planId',
      'x.reversesId',
      'r.id as reversedById',
      'x.byName',
      'x.createdAt',
    ])
    .where('x.fundId', 'in', fundIds)
    .orderBy('x.fundId')
    .orderBy('x.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    amount: num(r.amount),
    kindLabel: FUND_ENTRY_KINDS.label(r.kind),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function getFund(db: Db, a: PrevActor, id: number) {
  const r = await filteredFunds(db, a, {}).where('f.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('事故预防费用台账不存在');
  return { fund: toFund(r), entries: await fundEntries(db, [id]) };
}

/** Every fund in scope under the filters with its entries (export; capped by the caller). */
export async function exportFunds(db: Db, a: PrevActor, q: FundFilters, cap: number) {
  const funds = await filteredFunds(db, a, q).orderBy('f.id').limit(cap).execute();
  return {
    funds: funds.map(toFund),
    entries: await fundEntries(
      db,
      funds.map((f) => f.id),
    ),
  };
}

/** The caller's fund of a policy (insurer: lead or co-insurer of it), locked for the entry. */
async function lockFund(trx: Tx, a: PrevActor, where: { policyId: number } | { id: number }) {
  if (a.kind !== 'insurer') throw notFound('保单不存在');
  let q = trx.selectFrom('apFund').selectAll().where('insurerId', '=', a.orgId);
  q = 'id' in where ? q.where('id', '=', where.id) : q.where('policyId', '=', where.policyId);
  const f = await q.forUpdate().executeTakeFirst();
  if (!f) throw notFound('事故预防费用台账不存在：请先为该保单建立事故预防项目');
  return f;
}

async function post(
  trx: Tx,
  f: { id: number; policyId: number; insurerId: number; accrued: string; spent: string; version: number },
  e: {
    kind: FundEntryRow['kind'];
    affects: 'accrued' | 'spent' | 'none';
    amountCents: number;
    occurredOn: string;
    description: string;
    planId?: number | null;
    reversesId?: number | null;
  },
  actor: { userId: number; name: string },
  now: Date,
  extra: { ratio?: number; writtenOff?: boolean } = {},
): Promise<{ entryId: number; version: number }> {
  const accrued = cents(f.accrued) + (e.affects === 'accrued' ? e.amountCents : 0);
  const spent = cents(f.spent) + (e.affects === 'spent' ? e.amountCents : 0);
  // The fund's state (a list filter) may change: the ledger's cached totals go when this commits.
  countsChanged(trx);
  const { id: entryId } = await trx
    .insertInto('apFundEntry')
    .values({
      fundId: f.id,
      policyId: f.policyId,
      insurerId: f.insurerId,
      kind: e.kind as 'accrue' | 'spend' | 'reverse' | 'writeOff',
      affects: e.affects,
      amount: yuan(e.amountCents),
      occurredOn: e.occurredOn,
      description: e.description,
      planId: e.planId ?? null,
      reversesId: e.reversesId ?? null,
      byUser: actor.userId,
      byName: actor.name,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await updateVersioned(
    trx,
    'apFund',
    { id: f.id, version: f.version },
    {
      accrued: yuan(accrued),
      spent: yuan(spent),
      state: fundState(accrued, spent, extra.writtenOff ?? false),
      ...(extra.ratio !== undefined ? { ratio: extra.ratio } : {}),
      ...(extra.writtenOff ? { writtenOffAt: now } : {}),
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  return { entryId, version };
}

function assertOpen(f: { state: string }) {
  if (f.state === 'writtenOff') throw conflict('该保单的事故预防费用已核销，不能再记账');
}

/** Refuses a spend beyond what is left of the accrual, naming both amounts. */
function assertAvailable(f: { accrued: string; spent: string }, amountCents: number) {
  const available = cents(f.accrued) - cents(f.spent);
  if (amountCents > available)
    throw badRequest(
      PREVENTION_MESSAGES.fundOverspent(yuan(amountCents), yuan(Math.max(available, 0)), num(f.accrued)),
    );
}

export async function accrueFund(trx: Tx, a: PrevActor, v: FundAccrueInput, capPct: number, now: Date) {
  if (v.ratio > capPct) throw badRequest(PREVENTION_MESSAGES.fundRatioCap(v.ratio, capPct));
  const f = await lockFund(trx, a, { policyId: v.policyId });
  assertOpen(f);
  if (cents(f.accrued) > 0)
    throw conflict('该保单的事故预防费用已计提；如需调整比例，请先冲正原计提记录再重新计提');
  const amountCents = Math.round((cents(f.premium) * v.ratio) / 100);
  if (cents(f.spent) > amountCents)
    throw badRequest(
      `计提金额${yuan(amountCents).toFixed(2)}元低于已支出的${num(f.spent).toFixed(2)}元，请提高计提比例`,
    );
  const r = await post(
    trx,
    f,
    {
      kind: 'accrue',
      affects: 'accrued',
      amountCents,
      occurredOn: chinaDate(now),
      description: v.remark || `按实收保费${num(f.premium).toFixed(2)}元的${v.ratio}%计提`,
    },
    { userId: a.userId, name: a.name },
    now,
    { ratio: v.ratio },
  );
  return { id: f.id, version: r.version };
}

/** Posts a spend (a manual one, or a completed record's) after checking Σ spend ≤ accrued. */
export async function spendFund(
  trx: Tx,
  a: PrevActor,
  v: FundSpendInput & { planId?: number },
  now: Date,
  owner?: { insurerId: number },
) {
  const f = owner
    ? await lockFund(
        trx,
        { kind: 'insurer', orgId: owner.insurerId, userId: a.userId, name: a.name },
        { policyId: v.policyId },
      )
    : await lockFund(trx, a, { policyId: v.policyId });
  assertOpen(f);
  const amountCents = Math.round(v.amount * 100);
  assertAvailable(f, amountCents);
  const r = await post(
    trx,
    f,
    {
      kind: 'spend',
      affects: 'spent',
      amountCents,
      occurredOn: v.occurredOn,
      description: v.description,
      planId: v.planId ?? null,
    },
    { userId: a.userId, name: a.name },
    now,
  );
  return { id: r.entryId, fundId: f.id };
}

export async function reverseEntry(trx: Tx, a: PrevActor, v: FundReverseInput, now: Date) {
  if (a.kind !== 'insurer') throw notFound('台账记录不存在');
  const e = await trx
    .selectFrom('apFundEntry')
    .selectAll()
    .where('id', '=', v.entryId)
    .where('insurerId', '=', a.orgId)
    .executeTakeFirst();
  if (!e) throw notFound('台账记录不存在');
  if (e.kind !== 'accrue' && e.kind !== 'spend') throw badRequest('只能冲正计提或支出记录');
  const done = await trx
    .selectFrom('apFundEntry')
    .select('id')
    .where('reversesId', '=', e.id)
    .executeTakeFirst();
  if (done) throw conflict('该记录已冲正，不能重复冲正');
  const f = await lockFund(trx, a, { id: e.fundId });
  assertOpen(f);
  const amountCents = -cents(e.amount);
  if (e.affects === 'accrued' && cents(f.accrued) + amountCents < cents(f.spent))
    throw badRequest(
      `冲正后已计提金额${yuan(cents(f.accrued) + amountCents).toFixed(2)}元将低于已支出的${num(f.spent).toFixed(2)}元，请先冲正相应支出`,
    );
  const r = await post(
    trx,
    f,
    {
      kind: 'reverse',
      affects: e.affects,
      amountCents,
      occurredOn: chinaDate(now),
      description: `冲正第${e.id}号${FUND_ENTRY_KINDS.label(e.kind)}记录：${v.reason}`,
      planId: e.planId,
      reversesId: e.id,
    },
    { userId: a.userId, name: a.name },
    now,
  );
  return { id: r.entryId };
}

export async function writeOffFund(
  trx: Tx,
  a: PrevActor,
  v: { id: number; version: number; remark: string },
  now: Date,
) {
  const f = await lockFund(trx, a, { id: v.id });
  assertVersion(f, v.version);
  assertOpen(f);
  const end = await trx
    .selectFrom('insPolicy')
    .select(dateText('endDate').as('endDate'))
    .where('id', '=', f.policyId)
    .executeTakeFirstOrThrow();
  if (end.endDate >= chinaDate(now))
    throw badRequest(`保单保险期间至 ${end.endDate} 结束，期满后才能核销事故预防费用`);
  const balance = cents(f.accrued) - cents(f.spent);
  const r = await post(
    trx,
    f,
    {
      kind: 'writeOff',
      affects: 'none',
      amountCents: balance,
      occurredOn: chinaDate(now),
      description: `核销：结余${yuan(balance).toFixed(2)}元${v.remark ? `；${v.remark}` : ''}`,
    },
    { userId: a.userId, name: a.name },
    now,
    { writtenOff: true },
  );
  return { id: f.id, version: r.version };
}
