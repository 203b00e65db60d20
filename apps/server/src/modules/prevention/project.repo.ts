import {
  PROJECT_FILTER_STATE,
  type ProjectDetail,
  type ProjectFilter,
  type ProjectListQuery,
  type ProjectRow,
  SERVICE_ITEMS,
} from '@aqzrx/contracts';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { runTemplate } from '../../db/query-template.ts';
import type { DB } from '../../db/schema.ts';
import { bigramMatch, bigramSearchable, containsPattern, dateText, namedEnterprises } from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';
import { cachedTotal, countUpTo, fewRowsOrder, keywordPageValues } from '../../platform/count-cache.ts';
import { notFound } from '../../platform/errors.ts';
import { decryptPhone } from '../../platform/pii.ts';
import { maskedPhone } from '../../platform/reveal.ts';
import { num, projectStateOf, serviceSubTypes, subTypeLabel, today } from './common.ts';
import { type PrevActor, projectScope, scopeKey, slottedActor } from './scope.ts';

type ProjectFilters = Omit<ProjectListQuery, 'pageNo' | 'pageSize'>;

/**
 * The values of the filters present (a template's slots; `day` decides which periods have ended): the SQL
 * depends only on which of them are present and on the state filter (PROJECT_FILTER_STATE, written into
 * the SQL).
 */
function filterValues(q: ProjectFilters, now: Date): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  if (q.state !== undefined && PROJECT_FILTER_STATE[q.state as ProjectFilter] !== null) v.day = today(now);
  if (q.keyword) {
    v.kwLike = containsPattern(q.keyword);
    // Two characters or more: project names, contract numbers and enterprise names by their pair indexes.
    if (bigramSearchable(q.keyword)) v.kwPairs = q.keyword;
  }
  if (q.districtCode) v.districtCode = q.districtCode;
  if (q.serviceOrgId) v.serviceOrgId = q.serviceOrgId;
  if (q.year) {
    v.yearStart = `${q.year}-01-01`;
    v.yearEnd = `${q.year}-12-31`;
  }
  return v;
}

/** SQL for the projects (alias j) the filter values select (constants written into the SQL: a template). */
function projectsWhere(db: Db, a: PrevActor, v: Record<string, unknown>, state: number | null) {
  let s = db.selectFrom('apProject as j').where(projectScope(a));
  const day = v.day as string;
  if (state === 3) s = s.where((eb) => eb.or([eb('j.state', '=', sql.lit(3)), eb('j.endDate', '<', day)]));
  else if (state !== null) s = s.where('j.state', '=', sql.lit(state)).where('j.endDate', '>=', day);
  if (v.kwLike !== undefined) {
    // The project's name or contract number, or the name of an enterprise it covers, contains the keyword.
    const like = v.kwLike as string;
    const own = (eb: ExpressionBuilder<DB & { j: DB['apProject'] }, 'j'>) => [
      eb('j.name', 'ilike', like),
      eb('j.contractNo', 'ilike', like),
    ];
    if (Object.hasOwn(v, 'kwPairs')) {
      // By the pair indexes: the projects covering an enterprise the name index finds, or whose own name or
      // contract number has the keyword's pairs; ILIKE decides on the rows found (see plan.repo.ts).
      const ofNamed = sql<SqlBool>`${sql.ref('j.id')} = ANY(ARRAY(${db
        .selectFrom('apProjectPolicy as kp')
        .select('kp.projectId')
        .where(sql<SqlBool>`${sql.ref('kp.enterpriseId')} = ANY(ARRAY(${namedEnterprises(db, v)}))`)}))`;
      const pairs = bigramMatch(['j.name', 'j.contractNo'], v.kwPairs, true, Object.hasOwn(v, 'kwFew'));
      s = s.where((eb) => eb.or([ofNamed, pairs])).where((eb) => eb.or([ofNamed, ...own(eb)]));
    } else {
      // One character or the first pages of a frequent keyword: the projects in list order, the names of
      // each one's enterprises read by their key.
      s = s.where((eb) =>
        eb.or([
          ...own(eb),
          eb.exists(
            eb
              .selectFrom('apProjectPolicy as kp')
              .select(sql`1`.as('x'))
              .whereRef('kp.projectId', '=', 'j.id')
              .where((k) =>
                k(
                  k.selectFrom('sysOrg as ke').select('ke.name').whereRef('ke.id', '=', 'kp.enterpriseId'),
                  'ilike',
                  like,
                ),
              ),
          ),
        ]),
      );
    }
  }
  if (v.districtCode !== undefined) {
    const d = v.districtCode as string;
    s = s.where((eb) =>
      eb.exists(
        eb
          .selectFrom('apProjectPolicy as dp')
          .select(sql`1`.as('x'))
          .whereRef('dp.projectId', '=', 'j.id')
          .where('dp.districtCode', '=', d),
      ),
    );
  }
  if (v.serviceOrgId !== undefined) {
    const o = v.serviceOrgId as number;
    s = s.where((eb) =>
      eb.exists(
        eb
          .selectFrom('apProjectOrg as so')
          .select(sql`1`.as('x'))
          .whereRef('so.projectId', '=', 'j.id')
          .where('so.orgId', '=', o),
      ),
    );
  }
  if (v.yearStart !== undefined)
    s = s.where('j.startDate', '<=', v.yearEnd as string).where('j.endDate', '>=', v.yearStart as string);
  return s;
}

const stateOf = (q: ProjectFilters) =>
  q.state === undefined ? null : PROJECT_FILTER_STATE[q.state as ProjectFilter];

/** SQL for the projects (alias j) the filters select; `now` decides which periods have ended. */
function filtered(db: Db, a: PrevActor, q: ProjectFilters, now: Date) {
  return projectsWhere(db, a, filterValues(q, now), stateOf(q));
}

/**
 * A project row's columns: the project, its insurer, and three aggregates joined laterally — its policies
 * (enterprise names and count, policy numbers), its providers, its plans (count, completed, spent).
 */
function withRowColumns<S extends ReturnType<typeof projectsWhere>>(s: S) {
  return s
    .innerJoin('sysOrg as ins', 'ins.id', 'j.insurerId')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('apProjectPolicy as pp')
          .innerJoin('sysOrg as e', 'e.id', 'pp.enterpriseId')
          .innerJoin('insPolicy as ip', 'ip.id', 'pp.policyId')
          .select([
            sql<string>`coalesce(string_agg(DISTINCT e.name, '、' ORDER BY e.name), '')`.as(
              'enterpriseNames',
            ),
            sql<number>`count(DISTINCT pp.enterprise_id)::int`.as('enterpriseCount'),
            sql<string>`coalesce(string_agg(coalesce(ip.policy_no, ip.application_no), '、'), '')`.as(
              'policyNos',
            ),
          ])
          .whereRef('pp.projectId', '=', 'j.id')
          .as('pa'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('apPlan as p')
          .select([
            sql<number>`count(*)::int`.as('planCount'),
            sql<number>`(count(*) FILTER (WHERE p.status = 2))::int`.as('doneCount'),
            sql<string>`coalesce(sum(p.spend) FILTER (WHERE p.status = 2), 0)`.as('spent'),
          ])
          .whereRef('p.projectId', '=', 'j.id')
          .as('pl'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'j.id',
      'j.name',
      'j.contractNo',
      'j.insurerId',
      'ins.name as insurerName',
      dateText('j.startDate').as('startDate'),
      dateText('j.endDate').as('endDate'),
      'j.state',
      'j.feeRatio',
      'j.feeAmount',
      'j.createdAt',
      'j.version',
      'pa.enterpriseNames',
      'pa.enterpriseCount',
      'pa.policyNos',
      eb
        .selectFrom('apProjectOrg as po')
        .innerJoin('sysOrg as o', 'o.id', 'po.orgId')
        .select(
          sql<
            Array<{ orgId: number; orgType: string; name: string }>
          >`coalesce(json_agg(json_build_object('orgId', o.id, 'orgType', po.org_type, 'name', o.name) ORDER BY po.org_type DESC, o.id), '[]')`.as(
            'n',
          ),
        )
        .whereRef('po.projectId', '=', 'j.id')
        .as('providers'),
      'pl.planCount',
      'pl.doneCount',
      'pl.spent',
    ]);
}

function rowSelect(db: Db, a: PrevActor, q: ProjectFilters, now: Date) {
  return withRowColumns(filtered(db, a, q, now));
}

/** The project rows of the filters built with Kysely as usual (detail; tests compare the list's template). */
export async function projectRowsPlain(
  db: Db,
  a: PrevActor,
  q: ProjectFilters,
  now: Date,
): Promise<ProjectRow[]> {
  const rows = await rowSelect(db, a, q, now).orderBy('j.id', 'desc').execute();
  return rows.map((r) => toRow(r, now));
}

type DbProjectRow = Awaited<ReturnType<ReturnType<typeof rowSelect>['executeTakeFirstOrThrow']>>;

function toRow(r: DbProjectRow, now: Date): ProjectRow {
  const names = (r.enterpriseNames ?? '').split('、').filter(Boolean);
  return {
    id: r.id,
    name: r.name,
    contractNo: r.contractNo,
    insurerId: r.insurerId,
    insurerName: r.insurerName,
    startDate: r.startDate,
    endDate: r.endDate,
    ...projectStateOf(r.state, r.endDate, now),
    feeRatio: num(r.feeRatio),
    feeAmount: num(r.feeAmount),
    enterpriseNames: names.length > 3 ? `${names.slice(0, 3).join('、')}等` : names.join('、'),
    enterpriseCount: r.enterpriseCount ?? 0,
    policyNos: r.policyNos ?? '',
    providers: r.providers ?? [],
    planCount: r.planCount ?? 0,
    doneCount: r.doneCount ?? 0,
    spent: num(r.spent),
    createdAt: new Date(r.createdAt).toISOString(),
    version: r.version,
  };
}

/**
 * One page of the project list. The page query is a compiled template (db/query-template.ts), built once per
 * shape — the actor's kind (and number of districts), the state filter, the filters present — with each
 * request supplying only the values. The total is counted up to the cap and cached per scope, China day and
 * filters (platform/count-cache.ts cachedTotal).
 */
export async function listProjects(db: Db, a: PrevActor, q: ProjectListQuery, now: Date) {
  const { pageNo, pageSize, ...filters } = q;
  const key = `ap-project:${scopeKey(a)}:${today(now)}:${JSON.stringify(filters)}`;
  const fv = filterValues(filters, now);
  const state = stateOf(filters);
  const scope =
    a.kind === 'government' ? { districts: a.districts } : a.kind === 'none' ? {} : { orgId: a.orgId };
  const offset = (pageNo - 1) * pageSize;
  // Counted up to the cap (LIST_COUNT_CAP): a larger total is the cap with totalCapped ("10,000+ 条").
  const totalP = cachedTotal(db, key, (limit) =>
    countUpTo(db, filtered(db, a, filters, now).select(sql.lit(1).as('one')), limit),
  );
  // A keyword matching thousands: its first pages in list order; a rare one on one generic plan.
  const pageFv = Object.hasOwn(fv, 'kwPairs') ? keywordPageValues(fv, await totalP, offset, pageSize) : fv;
  const shape = [
    'ap-projects',
    a.kind === 'government' ? `government:${a.districts.length}` : a.kind,
    String(state),
    Object.keys(pageFv).sort().join(','),
  ].join('|');
  const values = { ...scope, ...pageFv, limit: pageSize, offset };
  const [total, rows] = await Promise.all([
    totalP,
    runTemplate(db, shape, values, (v) =>
      withRowColumns(projectsWhere(db, slottedActor(a, v), v, state))
        .orderBy(Object.hasOwn(v, 'kwFew') ? fewRowsOrder(sql.ref('j.id')) : 'j.id', 'desc')
        .limit(v.limit as number)
        .offset(v.offset as number),
    ),
  ]);
  return { list: rows.map((r) => toRow(r as DbProjectRow, now)), ...total, pageNum: pageNo, pageSize };
}

/** A project in the actor's scope, or 404. */
export async function projectInScope(db: Db, a: PrevActor, id: number, now: Date) {
  const r = await rowSelect(db, a, {}, now).where('j.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('事故预防项目不存在');
  return r;
}

/** The full contact phone of a project in scope (the reveal of kind project). */
export async function projectContactPhone(db: Db, a: PrevActor, id: number, now: Date): Promise<string> {
  await projectInScope(db, a, id, now);
  const head = await db
    .selectFrom('apProject')
    .select('contactPhoneEnc')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return decryptPhone(head.contactPhoneEnc);
}

export async function getProject(db: Db, a: PrevActor, id: number, now: Date): Promise<ProjectDetail> {
  const r = await projectInScope(db, a, id, now);
  const head = await db
    .selectFrom('apProject')
    .select(['contactName', 'contactPhoneEnc', 'description', 'serviceOrgId'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const [orgs, items, policies, counts, subs] = await Promise.all([
    db.selectFrom('apProjectOrg').select(['orgId', 'orgType']).where('projectId', '=', id).execute(),
    db.selectFrom('apProjectItem').selectAll().where('projectId', '=', id).orderBy('seq').execute(),
    db
      .selectFrom('apProjectPolicy as pp')
      .innerJoin('insPolicy as ip', 'ip.id', 'pp.policyId')
      .innerJoin('sysOrg as e', 'e.id', 'pp.enterpriseId')
      .select([
        'pp.policyId',
        sql<string>`coalesce(ip.policy_no, ip.application_no)`.as('policyNo'),
        'pp.enterpriseId',
        'e.name as enterpriseName',
        'pp.districtCode',
        'ip.premium',
        dateText('ip.startDate').as('startDate'),
        dateText('ip.endDate').as('endDate'),
      ])
      .where('pp.projectId', '=', id)
      .orderBy('e.name')
      .execute(),
    db
      .selectFrom('apPlan')
      .select([
        'item',
        'subType',
        sql<number>`count(*)::int`.as('planned'),
        sql<number>`count(*) FILTER (WHERE status = 2)::int`.as('done'),
      ])
      .where('projectId', '=', id)
      .groupBy(['item', 'subType'])
      .execute(),
    serviceSubTypes(db),
  ]);
  const row = toRow(r, now);
  const count = (item: string, sub: string | null) =>
    counts
      .filter((c) => c.item === item && (sub === null || c.subType === sub))
      .reduce((s, c) => ({ planned: s.planned + c.planned, done: s.done + c.done }), { planned: 0, done: 0 });
  const mine = a.kind === 'insurer' && a.orgId === r.insurerId;
  const assigned = (a.kind === 'service' || a.kind === 'expert') && orgs.some((o) => o.orgId === a.orgId);
  return {
    ...row,
    contactName: head.contactName,
    // Masked (P04): the full number through POST /api/pii/reveal (kind project).
    contactPhone: maskedPhone(decryptPhone(head.contactPhoneEnc)),
    description: head.description,
    serviceOrgId: head.serviceOrgId,
    expertOrgIds: orgs.filter((o) => o.orgType === 'expert').map((o) => o.orgId),
    items: items.map((i) => ({
      item: i.item,
      itemLabel: SERVICE_ITEMS.label(i.item),
      subType: i.subType,
      subTypeLabel: subTypeLabel(subs, i.item, i.subType),
      frequency: i.frequency,
      note: i.note,
      ...count(i.item, i.subType),
    })),
    policies: policies.map((p) => ({ ...p, premium: num(p.premium) })),
    actions: { edit: mine, addPlan: (mine || assigned) && row.state !== 3 },
  };
}
