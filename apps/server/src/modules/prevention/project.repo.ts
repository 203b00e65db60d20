import {
  PROJECT_FILTER_STATE,
  type ProjectDetail,
  type ProjectFilter,
  type ProjectListQuery,
  type ProjectRow,
  SERVICE_ITEMS,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import { containsPattern, dateText } from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';
import { cachedCount } from '../../platform/count-cache.ts';
import { notFound } from '../../platform/errors.ts';
import { num, projectStateOf, serviceSubTypes, subTypeLabel, today } from './common.ts';
import { type PrevActor, projectScope, scopeKey } from './scope.ts';

/** SQL for the projects (alias j) the filters select; `now` decides which periods have ended. */
function filtered(db: Db, a: PrevActor, q: Omit<ProjectListQuery, 'pageNo' | 'pageSize'>, now: Date) {
  const day = today(now);
  let s = db.selectFrom('apProject as j').where(projectScope(a));
  const state = q.state === undefined ? null : PROJECT_FILTER_STATE[q.state as ProjectFilter];
  if (state === 3) s = s.where((eb) => eb.or([eb('j.state', '=', 3), eb('j.endDate', '<', day)]));
  else if (state !== null) s = s.where('j.state', '=', state).where('j.endDate', '>=', day);
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    s = s.where((eb) =>
      eb.or([
        eb('j.name', 'ilike', like),
        eb('j.contractNo', 'ilike', like),
        eb.exists(
          eb
            .selectFrom('apProjectPolicy as kp')
            .innerJoin('sysOrg as ke', 'ke.id', 'kp.enterpriseId')
            .select(sql`1`.as('x'))
            .whereRef('kp.projectId', '=', 'j.id')
            .where('ke.name', 'ilike', like),
        ),
      ]),
    );
  }
  if (q.districtCode) {
    const d = q.districtCode;
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
  if (q.serviceOrgId) {
    const o = q.serviceOrgId;
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
  if (q.year) s = s.where('j.startDate', '<=', `${q.year}-12-31`).where('j.endDate', '>=', `${q.year}-01-01`);
  return s;
}

function rowSelect(db: Db, a: PrevActor, q: Omit<ProjectListQuery, 'pageNo' | 'pageSize'>, now: Date) {
  return filtered(db, a, q, now)
    .innerJoin('sysOrg as ins', 'ins.id', 'j.insurerId')
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
      eb
        .selectFrom('apProjectPolicy as pp')
        .innerJoin('sysOrg as e', 'e.id', 'pp.enterpriseId')
        .select(sql<string>`coalesce(string_agg(e.name, '、' ORDER BY e.name), '')`.as('n'))
        .whereRef('pp.projectId', '=', 'j.id')
        .as('enterpriseNames'),
      eb
        .selectFrom('apProjectPolicy as pp')
        .select(sql<number>`count(DISTINCT pp.enterprise_id)::int`.as('n'))
        .whereRef('pp.projectId', '=', 'j.id')
        .as('enterpriseCount'),
      eb
        .selectFrom('apProjectPolicy as pp')
        .innerJoin('insPolicy as ip', 'ip.id', 'pp.policyId')
        .select(
          sql<string>`coalesce(string_agg(coalesce(ip.policy_no, ip.application_no), '、'), '')`.as('n'),
        )
        .whereRef('pp.projectId', '=', 'j.id')
        .as('policyNos'),
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
      eb
        .selectFrom('apPlan as p')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('p.projectId', '=', 'j.id')
        .as('planCount'),
      eb
        .selectFrom('apPlan as p')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('p.projectId', '=', 'j.id')
        .where('p.status', '=', 2)
        .as('doneCount'),
      eb
        .selectFrom('apPlan as p')
        .select(sql<string>`coalesce(sum(p.spend), 0)`.as('n'))
        .whereRef('p.projectId', '=', 'j.id')
        .where('p.status', '=', 2)
        .as('spent'),
    ]);
}

type DbProjectRow = Awaited<ReturnType<ReturnType<typeof rowSelect>['executeTakeFirstOrThrow']>>;

function toRow(r: DbProjectRow, now: Date): ProjectRow {
  const names = (r.enterpriseNames ?? '').split('、');
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
    createdAt: r.createdAt.toISOString(),
    version: r.version,
  };
}

export async function listProjects(db: Db, a: PrevActor, q: ProjectListQuery, now: Date) {
  const { pageNo, pageSize, ...filters } = q;
  const key = `ap-project:${scopeKey(a)}:${today(now)}:${JSON.stringify(filters)}`;
  const [total, rows] = await Promise.all([
    cachedCount(db, key, async () =>
      Number(
        (
          await filtered(db, a, filters, now)
            .select((eb) => eb.fn.countAll<number>().as('c'))
            .executeTakeFirstOrThrow()
        ).c,
      ),
    ),
    rowSelect(db, a, filters, now)
      .orderBy('j.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
  ]);
  return { list: rows.map((r) => toRow(r, now)), total, pageNum: pageNo, pageSize };
}

/** A project in the actor's scope, or 404. */
export async function projectInScope(db: Db, a: PrevActor, id: number, now: Date) {
  const r = await rowSelect(db, a, {}, now).where('j.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('事故预防项目不存在');
  return r;
}

export async function getProject(db: Db, a: PrevActor, id: number, now: Date): Promise<ProjectDetail> {
  const r = await projectInScope(db, a, id, now);
  const head = await db
    .selectFrom('apProject')
    .select(['contactName', 'contactPhone', 'description', 'serviceOrgId'])
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
    contactPhone: head.contactPhone,
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
