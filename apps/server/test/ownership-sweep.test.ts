import { chinaDate } from '@aqzrx/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, orgIdOf, profileBody, uploadPdf } from '../src/modules/policy/policy.testkit.ts';
import { createTestContext, makeOrg, type TestContext } from './helpers.ts';

/**
 * Ownership sweep (issue 11): every route that changes a record is tried by a user of the SAME role who
 * may well read records of that kind but does not own this one — a second insurer, another enterprise, a
 * second service organisation or expert panel, a district regulator (泗阳县) against another district's
 * records. Each must answer 404 exactly like a missing record and change nothing in the database.
 *
 * The first test keeps the table complete: a write route that is neither swept here nor listed in
 * NO_OWNER (with the reason) fails it, so a new edit route cannot skip the sweep.
 */

let t: TestContext;
const tok: Record<string, string> = {};
/** Ids of the records the cases aim at, found or made in beforeAll. */
const fx: Record<string, number> = {};
let techBody: Record<string, unknown>;
let strangerFile: string;
let entUscc = '';
const HOURS = 3600_000;
/** A training session body starting two days from the test clock. */
const trainingBody = (over: Record<string, unknown> = {}) => ({
  topic: '扫描用的培训',
  mode: 'offline',
  startsAt: new Date(t.clock.now().getTime() + 48 * HOURS).toISOString(),
  endsAt: new Date(t.clock.now().getTime() + 50 * HOURS).toISOString(),
  place: '宿城区会议中心',
  capacity: 20,
  targetDistricts: ['321302'],
  ...over,
});

interface Request {
  url: string;
  payload?: unknown;
}
interface Case {
  /** The route (exact path, no query). */
  route: string;
  /** Who tries, and on what. */
  who: string;
  as: string;
  /** The id the request names (the missing-record comparison replaces it). */
  target: () => number;
  request: (id: number) => Promise<Request> | Request;
  /** What must not change. */
  snapshot: () => Promise<unknown>;
  /** 404 unless stated (with the reason). */
  status?: number;
}

const MISSING = 987_654;

/** The row of `table` with `id`, every column, as the database holds it. */
async function row(table: string, id: number): Promise<unknown> {
  const r = await sql`SELECT * FROM ${sql.table(table)} WHERE id = ${id}`.execute(t.database.db);
  return r.rows;
}
async function count(query: ReturnType<typeof sql>): Promise<number> {
  const r = await (query as ReturnType<typeof sql<{ n: string }>>).execute(t.database.db);
  return Number((r.rows[0] as { n: string | number }).n);
}
async function versionOf(table: string, id: number): Promise<number> {
  const r = await sql<{ version: number }>`SELECT version FROM ${sql.table(table)} WHERE id = ${id}`.execute(
    t.database.db,
  );
  return r.rows[0]?.version ?? 1;
}
/** A user row and its live sessions. */
const userState = async (id: number) => ({
  user: await row('sys_user', id),
  sessions: await count(
    sql`SELECT count(*) AS n FROM sys_session WHERE user_id = ${id} AND revoked_at IS NULL`,
  ),
});
const consultRow = async (id: number) => ({
  consult: await row('cms_consult', id),
  messages: await count(
    sql`SELECT count(*) AS n FROM sys_message WHERE biz_type = 'consult' AND biz_id = ${String(id)}`,
  ),
});
const claimRow = async (id: number) => ({
  claim: await row('ins_claim', id),
  steps: await count(sql`SELECT count(*) AS n FROM ins_claim_step WHERE claim_id = ${id}`),
});

const CASES: Case[] = [
  // --- Enterprises: another enterprise's policy, claim, endorsement, consultation -------------------
  {
    route: '/api/policy/edit',
    who: 'an enterprise edits another enterprise’s draft application',
    as: 'ent',
    target: () => fx.entDraft!,
    request: async (id) => ({
      url: '/api/policy/edit',
      payload: {
        id,
        version: await versionOf('ins_policy', id),
        startDate: '2027-01-01',
        endDate: '2027-12-31',
      },
    }),
    snapshot: () => row('ins_policy', fx.entDraft!),
  },
  {
    route: '/api/policy/submit',
    who: 'an enterprise submits another enterprise’s draft application',
    as: 'ent',
    target: () => fx.entDraft!,
    request: async (id) => ({
      url: `/api/policy/submit?id=${id}&version=${await versionOf('ins_policy', id)}`,
    }),
    snapshot: () => row('ins_policy', fx.entDraft!),
  },
  {
    route: '/api/claim/add',
    who: 'an enterprise reports a claim on another enterprise’s policy',
    as: 'ent',
    target: () => fx.otherPolicy!,
    request: (id) => ({
      url: '/api/claim/add',
      payload: {
        policyId: id,
        reporterName: '钱安全',
        reporterPhone: '13905275678',
        accidentAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
        accidentDistrictCode: '321302',
        accidentAddress: '别家企业的厂区',
        accidentDesc: '冒用他人保单报案',
        deaths: 0,
        injuries: 1,
      },
    }),
    snapshot: () => count(sql`SELECT count(*) AS n FROM ins_claim WHERE policy_id = ${fx.otherPolicy!}`),
  },
  {
    route: '/api/claim/step',
    who: 'an enterprise withdraws another enterprise’s claim',
    as: 'ent',
    target: () => fx.otherClaim!,
    request: async (id) => ({
      url: '/api/claim/step',
      payload: { id, version: await versionOf('ins_claim', id), step: 2, reason: '替别人撤案' },
    }),
    snapshot: () => claimRow(fx.otherClaim!),
  },
  {
    route: '/api/claim/satisfaction',
    who: 'an enterprise rates another enterprise’s claim',
    as: 'ent',
    target: () => fx.otherClaim!,
    request: async (id) => ({
      url: '/api/claim/satisfaction',
      payload: { id, version: await versionOf('ins_claim', id), score: 1, comment: '替别人评价' },
    }),
    snapshot: () => claimRow(fx.otherClaim!),
  },
  {
    route: '/api/endorsement/add',
    who: 'an enterprise applies to endorse another enterprise’s policy',
    as: 'ent',
    target: () => fx.otherPolicy!,
    request: async (id) => ({
      url: '/api/endorsement/add',
      payload: {
        policyId: id,
        policyVersion: await versionOf('ins_policy', id),
        type: '07',
        reason: '替别人批改',
        effectiveDate: chinaDate(new Date(t.clock.now().getTime() + 86_400_000)),
      },
    }),
    snapshot: () =>
      count(sql`SELECT count(*) AS n FROM ins_endorsement WHERE policy_id = ${fx.otherPolicy!}`),
  },
  {
    route: '/api/endorsement/withdraw',
    who: 'an enterprise withdraws another enterprise’s endorsement application',
    as: 'ent',
    target: () => fx.otherEndorsement!,
    request: async (id) => ({
      url: '/api/endorsement/withdraw',
      payload: { id, version: await versionOf('ins_endorsement', id) },
    }),
    snapshot: () => row('ins_endorsement', fx.otherEndorsement!),
  },
  {
    route: '/api/manage/articles/saveConsult',
    who: 'an enterprise edits another enterprise’s question',
    as: 'ent2',
    target: () => fx.entConsult!,
    request: async (id) => ({
      url: '/api/manage/articles/saveConsult',
      payload: {
        id,
        version: await versionOf('cms_consult', id),
        classId: fx.consultClass,
        title: '改掉别人的问题',
        content: '改掉别人的问题内容',
      },
    }),
    snapshot: () => consultRow(fx.entConsult!),
  },
  {
    route: '/api/consult/close',
    who: 'an enterprise closes another enterprise’s question',
    as: 'ent2',
    target: () => fx.entConsult!,
    request: async (id) => ({
      url: `/api/consult/close?id=${id}&version=${await versionOf('cms_consult', id)}`,
    }),
    snapshot: () => consultRow(fx.entConsult!),
  },
  {
    route: '/api/sys/user/sessions/end',
    who: 'a user ends another user’s session',
    as: 'ent2',
    target: () => fx.entSession!,
    request: (id) => ({ url: `/api/sys/user/sessions/end?id=${id}` }),
    snapshot: () => row('sys_session', fx.entSession!),
  },
  {
    route: '/api/message/read',
    who: 'a user marks another user’s message read (ids not its own are ignored: 200, 0 updated)',
    as: 'ent2',
    target: () => fx.entMessage!,
    request: (id) => ({ url: `/api/message/read?ids=${id}` }),
    snapshot: () => row('sys_message', fx.entMessage!),
    status: 200,
  },

  // --- Insurers: a second insurer against the first insurer's records --------------------------------
  {
    route: '/api/policy/edit',
    who: 'a second insurer edits a draft the first insurer entered',
    as: 'insurerX',
    target: () => fx.insurerDraft!,
    request: async (id) => ({
      url: '/api/policy/edit',
      payload: {
        id,
        version: await versionOf('ins_policy', id),
        startDate: '2027-01-01',
        endDate: '2027-12-31',
      },
    }),
    snapshot: () => row('ins_policy', fx.insurerDraft!),
  },
  {
    route: '/api/policy/submit',
    who: 'a second insurer submits a draft the first insurer entered',
    as: 'insurerX',
    target: () => fx.insurerDraft!,
    request: async (id) => ({
      url: `/api/policy/submit?id=${id}&version=${await versionOf('ins_policy', id)}`,
    }),
    snapshot: () => row('ins_policy', fx.insurerDraft!),
  },
  {
    route: '/api/policy/review',
    who: 'a second insurer issues an application made to the first insurer',
    as: 'insurerX',
    target: () => fx.submitted!,
    request: async (id) => ({
      url: '/api/policy/review',
      payload: { id, version: await versionOf('ins_policy', id), approve: true, policyNo: 'HIJACK-0001' },
    }),
    snapshot: () => row('ins_policy', fx.submitted!),
  },
  {
    route: '/api/claim/step',
    who: 'a second insurer registers a claim on the first insurer’s policy',
    as: 'insurerX',
    target: () => fx.otherClaim!,
    request: async (id) => ({
      url: '/api/claim/step',
      payload: {
        id,
        version: await versionOf('ins_claim', id),
        step: 3,
        accidentType: '09',
        accidentLevel: 1,
        cause: '越权立案',
        estimatedLoss: 1000,
      },
    }),
    snapshot: () => claimRow(fx.otherClaim!),
  },
  {
    route: '/api/endorsement/review',
    who: 'a second insurer approves an endorsement of the first insurer’s policy',
    as: 'insurerX',
    target: () => fx.otherEndorsement!,
    request: async (id) => ({
      url: '/api/endorsement/review',
      payload: { id, version: await versionOf('ins_endorsement', id), approve: true },
    }),
    snapshot: () => row('ins_endorsement', fx.otherEndorsement!),
  },
  {
    route: '/api/technicist/edit',
    who: 'a second insurer edits the first insurer’s technicist',
    as: 'insurerX',
    target: () => fx.technicist!,
    request: async (id) => ({
      url: '/api/technicist/edit',
      payload: { ...techBody, id, version: await versionOf('ins_technicist', id) },
    }),
    snapshot: () => row('ins_technicist', fx.technicist!),
  },
  {
    route: '/api/technicist/delete',
    who: 'a second insurer deletes the first insurer’s technicist',
    as: 'insurerX',
    target: () => fx.technicist!,
    request: async (id) => ({
      url: `/api/technicist/delete?id=${id}&version=${await versionOf('ins_technicist', id)}`,
    }),
    snapshot: () => row('ins_technicist', fx.technicist!),
  },
  {
    route: '/api/technicist/revealIdNo',
    who: 'a second insurer reveals the ID number of the first insurer’s technicist',
    as: 'insurerX',
    target: () => fx.technicist!,
    request: (id) => ({ url: `/api/technicist/revealIdNo?id=${id}` }),
    snapshot: () => row('ins_technicist', fx.technicist!),
  },
  {
    route: '/api/insurerDoc/edit',
    who: 'a second insurer edits the first insurer’s document',
    as: 'insurerX',
    target: () => fx.doc!,
    request: async (id) => ({
      url: '/api/insurerDoc/edit',
      payload: {
        id,
        version: await versionOf('ins_insurer_doc', id),
        docType: 2,
        title: '别家改的',
        fileId: strangerFile,
        remark: '',
      },
    }),
    snapshot: () => row('ins_insurer_doc', fx.doc!),
  },
  {
    route: '/api/insurerDoc/delete',
    who: 'a second insurer deletes the first insurer’s document',
    as: 'insurerX',
    target: () => fx.doc!,
    request: async (id) => ({
      url: `/api/insurerDoc/delete?id=${id}&version=${await versionOf('ins_insurer_doc', id)}`,
    }),
    snapshot: () => row('ins_insurer_doc', fx.doc!),
  },

  // --- Service organisations and expert panels: another organisation's answer ------------------------
  {
    route: '/api/consult/answer',
    who: 'the expert panel revises the answer of the service organisation (issue 11 item 1)',
    as: 'expert',
    target: () => fx.serviceAnswered!,
    request: async (id) => ({
      url: '/api/consult/answer',
      payload: { id, version: await versionOf('cms_consult', id), answer: '专家覆盖了服务机构的答复' },
    }),
    snapshot: () => consultRow(fx.serviceAnswered!),
  },
  {
    route: '/api/consult/answer',
    who: 'a second service organisation revises the first one’s answer',
    as: 'service2',
    target: () => fx.serviceAnswered!,
    request: async (id) => ({
      url: '/api/consult/answer',
      payload: { id, version: await versionOf('cms_consult', id), answer: '另一家服务机构的修改' },
    }),
    snapshot: () => consultRow(fx.serviceAnswered!),
  },
  {
    route: '/api/consult/answer',
    who: 'a second expert panel revises the first panel’s answer',
    as: 'expert2',
    target: () => fx.expertAnswered!,
    request: async (id) => ({
      url: '/api/consult/answer',
      payload: { id, version: await versionOf('cms_consult', id), answer: '另一个专家组的修改' },
    }),
    snapshot: () => consultRow(fx.expertAnswered!),
  },
  {
    route: '/api/consult/setPublic',
    who: 'the expert panel withdraws the service organisation’s published answer',
    as: 'expert',
    target: () => fx.serviceAnswered!,
    request: async (id) => ({
      url: `/api/consult/setPublic?id=${id}&version=${await versionOf('cms_consult', id)}&isPublic=0`,
    }),
    snapshot: () => consultRow(fx.serviceAnswered!),
  },
  {
    route: '/api/consult/close',
    who: 'a second service organisation closes a consultation the first one answered',
    as: 'service2',
    target: () => fx.serviceAnswered!,
    request: async (id) => ({
      url: `/api/consult/close?id=${id}&version=${await versionOf('cms_consult', id)}`,
    }),
    snapshot: () => consultRow(fx.serviceAnswered!),
  },

  // --- A district regulator (泗阳县) against another district's records ------------------------------
  {
    route: '/api/consult/answer',
    who: 'the 泗阳县 regulator answers a question from 宿城区',
    as: 'gov_sy',
    target: () => fx.entConsult!,
    request: async (id) => ({
      url: '/api/consult/answer',
      payload: { id, version: await versionOf('cms_consult', id), answer: '越区答复内容' },
    }),
    snapshot: () => consultRow(fx.entConsult!),
  },
  {
    route: '/api/enterprise/edit',
    who: 'the 泗阳县 regulator edits an enterprise of 宿城区',
    as: 'gov_sy',
    target: () => fx.entOrg!,
    request: async (id) => {
      const {
        legalMobile: _l,
        safetyMobile: _s,
        ...body
      } = profileBody({
        name: '宿迁市恒安化工有限公司',
        uscc: entUscc,
        districtCode: '321302',
      }) as Record<string, unknown>;
      return {
        url: '/api/enterprise/edit',
        payload: { ...body, id, version: await versionOf('ins_enterprise', id), name: '越区改名有限公司' },
      };
    },
    snapshot: async () => ({
      org: await row('sys_org', fx.entOrg!),
      ent: await row('ins_enterprise', fx.entOrg!),
    }),
  },
  {
    route: '/api/enterprise/saveParams',
    who: 'the 泗阳县 regulator blacklists an enterprise of 宿城区',
    as: 'gov_sy',
    target: () => fx.entOrg!,
    request: async (id) => ({
      url: '/api/enterprise/saveParams',
      payload: {
        id,
        version: await versionOf('ins_enterprise', id),
        params: [{ key: 'blacklist', source: 2, value: 1, remark: '越区列入黑名单' }],
      },
    }),
    snapshot: async () => ({
      ent: await row('ins_enterprise', fx.entOrg!),
      params: await count(sql`SELECT count(*) AS n FROM ins_ent_param WHERE enterprise_id = ${fx.entOrg!}`),
    }),
  },
  {
    route: '/api/enterprise/rescore',
    who: 'the 泗阳县 regulator rescores an enterprise of 宿城区',
    as: 'gov_sy',
    target: () => fx.entOrg!,
    request: (id) => ({ url: `/api/enterprise/rescore?id=${id}` }),
    snapshot: async () => ({
      ent: await row('ins_enterprise', fx.entOrg!),
      scores: await count(sql`SELECT count(*) AS n FROM ins_ent_score WHERE enterprise_id = ${fx.entOrg!}`),
    }),
  },
  {
    route: '/api/enterprise/contacts',
    who: 'the 泗阳县 regulator reveals the contacts of an enterprise of 宿城区',
    as: 'gov_sy',
    target: () => fx.entOrg!,
    request: (id) => ({ url: `/api/enterprise/contacts?id=${id}` }),
    snapshot: () => row('ins_enterprise', fx.entOrg!),
  },
  ...(
    [
      [
        '/api/sys/user/save',
        'renames',
        async (id: number) => ({
          url: '/api/sys/user/save',
          payload: { id, version: await versionOf('sys_user', id), nickname: '越区改名' },
        }),
      ],
      [
        '/api/sys/user/pwd/reset',
        'resets the password of',
        (id: number) => ({
          url: `/api/sys/user/pwd/reset?id=${id}`,
          payload: { newPwd: 'Other#Pass2026' },
        }),
      ],
      [
        '/api/sys/admin/updateByStatus.json',
        'disables',
        (id: number) => ({
          url: `/api/sys/admin/updateByStatus.json?id=${id}&status=2`,
        }),
      ],
    ] as const
  ).map(
    ([route, verb, request]): Case => ({
      route,
      who: `the 泗阳县 regulator ${verb} the 宿城区 regulator’s account`,
      as: 'gov_sy',
      target: () => fx.suchengUser!,
      request,
      snapshot: () => userState(fx.suchengUser!),
    }),
  ),
  ...(
    [
      [
        '/api/manage/articles/save',
        'edits',
        async (id: number) => ({
          url: '/api/manage/articles/save',
          payload: {
            id,
            version: await versionOf('cms_article', id),
            kind: 'notice',
            title: '改掉市级通知',
            body: '<p>正文内容</p>',
            targetDistricts: ['321323'],
          },
        }),
      ],
      [
        '/api/manage/articles/updateStatus',
        'withdraws',
        async (id: number) => ({
          url: `/api/manage/articles/updateStatus?id=${id}&status=2&version=${await versionOf('cms_article', id)}`,
        }),
      ],
      [
        '/api/manage/articles/delete',
        'deletes',
        async (id: number) => ({
          url: `/api/manage/articles/delete?id=${id}&version=${await versionOf('cms_article', id)}`,
        }),
      ],
    ] as const
  ).map(
    ([route, verb, request]): Case => ({
      route,
      who: `the 泗阳县 regulator ${verb} a city-wide notice`,
      as: 'gov_sy',
      target: () => fx.cityNotice!,
      request,
      snapshot: () => row('cms_article', fx.cityNotice!),
    }),
  ),
  {
    route: '/api/rule/save',
    who: 'the 泗阳县 regulator rewrites a rule of the city library',
    as: 'gov_sy',
    target: () => fx.cityRule!,
    request: async (id) => ({
      url: '/api/rule/save',
      payload: {
        id,
        version: await versionOf('cms_rule', id),
        name: '越权改写的法规',
        docNo: '泗应急〔2026〕9号',
        issuer: '泗阳县应急管理局',
        level: 'local',
        publishDate: '2026-01-15',
        summary: '越权改写',
        body: '<p>越权改写</p>',
      },
    }),
    snapshot: () => row('cms_rule', fx.cityRule!),
  },
  {
    route: '/api/rule/delete',
    who: 'the 泗阳县 regulator deletes a rule of the city library',
    as: 'gov_sy',
    target: () => fx.cityRule!,
    request: async (id) => ({ url: `/api/rule/delete?id=${id}&version=${await versionOf('cms_rule', id)}` }),
    snapshot: () => row('cms_rule', fx.cityRule!),
  },
  // --- Accident prevention: another insurer, service organisation or enterprise on seeded records ---
  {
    route: '/api/prevention/project/add',
    who: 'another insurer builds a project on the demo insurer’s policy',
    as: 'insurerX',
    target: () => fx.apPolicy!,
    request: (id) => ({ url: '/api/prevention/project/add', payload: apProjectBody(id) }),
    snapshot: () => count(sql`SELECT count(*) AS n FROM ap_project`),
  },
  {
    route: '/api/prevention/project/save',
    who: 'another insurer edits the demo insurer’s project',
    as: 'insurerX',
    target: () => fx.apProject!,
    request: async (id) => ({
      url: '/api/prevention/project/save',
      payload: { ...apProjectBody(fx.apPolicy!), id, version: await versionOf('ap_project', id) },
    }),
    snapshot: () => row('ap_project', fx.apProject!),
  },
  {
    route: '/api/prevention/plan/add',
    who: 'another service organisation plans on a project it is not assigned to',
    as: 'service2',
    target: () => fx.apProject!,
    request: (id) => ({
      url: '/api/prevention/plan/add',
      payload: {
        projectId: id,
        enterpriseId: fx.entOrg,
        item: '03',
        name: '越权制定的计划',
        providerOrgId: fx.service2Org,
        plannedStart: '2026-06-01 09:00',
        plannedEnd: '2026-06-01 12:00',
      },
    }),
    snapshot: () => count(sql`SELECT count(*) AS n FROM ap_plan WHERE project_id = ${fx.apProject!}`),
  },
  {
    route: '/api/prevention/plan/save',
    who: 'another service organisation reschedules a plan of the demo service',
    as: 'service2',
    target: () => fx.apPlanOpen!,
    request: async (id) => ({
      url: '/api/prevention/plan/save',
      payload: {
        id,
        version: await versionOf('ap_plan', id),
        item: fx.apPlanOpenItem === 1 ? '01' : '03',
        name: '越权修改',
        providerOrgId: fx.service2Org,
        plannedStart: '2026-06-01 09:00',
        plannedEnd: '2026-06-01 12:00',
      },
    }),
    snapshot: () => row('ap_plan', fx.apPlanOpen!),
  },
  {
    route: '/api/prevention/plan/confirmVisit',
    who: 'another enterprise confirms ent’s visit',
    as: 'ent2',
    target: () => fx.apPlanVisit!,
    request: async (id) => ({
      url: '/api/prevention/plan/confirmVisit',
      payload: { id, version: await versionOf('ap_plan', id) },
    }),
    snapshot: () => row('ap_plan', fx.apPlanVisit!),
  },
  ...(['save', 'submit'] as const).map(
    (kind): Case => ({
      route: `/api/prevention/record/${kind}`,
      who: `another service organisation ${kind === 'save' ? 'saves' : 'submits'} the record of a plan of the demo service`,
      as: 'service2',
      target: () => fx.apPlanOpen!,
      request: async (id) => ({
        url: `/api/prevention/record/${kind}`,
        payload: {
          planId: id,
          version: await versionOf('ap_plan', id),
          actualStart: '2026-06-01 09:00',
          actualEnd: '2026-06-01 12:00',
          summaryText: '越权填写',
          experts: [{ name: '某专家' }],
          summary:
            fx.apPlanOpenItem === 1
              ? { type: '01', form: 'offline', attendees: 10 }
              : { type: '03', compliant: 1, nonCompliant: 0, notApplicable: 0 },
        },
      }),
      snapshot: async () => ({
        plan: await row('ap_plan', fx.apPlanOpen!),
        records: await count(sql`SELECT count(*) AS n FROM ap_record WHERE plan_id = ${fx.apPlanOpen!}`),
      }),
    }),
  ),
  {
    route: '/api/prevention/record/confirm',
    who: 'another enterprise confirms ent’s service record',
    as: 'ent2',
    target: () => fx.apPlanSubmitted!,
    request: async (id) => ({
      url: '/api/prevention/record/confirm',
      payload: { planId: id, version: await versionOf('ap_plan', id) },
    }),
    snapshot: () => row('ap_plan', fx.apPlanSubmitted!),
  },
  {
    route: '/api/prevention/record/followUp',
    who: 'another service organisation follows up a service of the demo service',
    as: 'service2',
    target: () => fx.apPlanFollow!,
    request: async (id) => ({
      url: '/api/prevention/record/followUp',
      payload: {
        planId: id,
        version: await versionOf('ap_plan', id),
        visitedAt: '2026-01-02 10:00',
        cooperation: 5,
        rating: 5,
      },
    }),
    snapshot: () => count(sql`SELECT count(*) AS n FROM ap_follow_up WHERE plan_id = ${fx.apPlanFollow!}`),
  },
  {
    route: '/api/prevention/fund/accrue',
    who: 'another insurer accrues the demo insurer’s fund',
    as: 'insurerX',
    target: () => fx.apPolicy!,
    request: (id) => ({ url: '/api/prevention/fund/accrue', payload: { policyId: id, ratio: 10 } }),
    snapshot: () => row('ap_fund', fx.apFund!),
  },
  {
    route: '/api/prevention/fund/spend',
    who: 'another insurer spends from the demo insurer’s fund',
    as: 'insurerX',
    target: () => fx.apPolicy!,
    request: (id) => ({
      url: '/api/prevention/fund/spend',
      payload: { policyId: id, amount: 1, occurredOn: '2026-01-02', description: '越权支出' },
    }),
    snapshot: () => row('ap_fund', fx.apFund!),
  },
  {
    route: '/api/prevention/fund/reverse',
    who: 'another insurer reverses an entry of the demo insurer’s ledger',
    as: 'insurerX',
    target: () => fx.apEntry!,
    request: (id) => ({ url: '/api/prevention/fund/reverse', payload: { entryId: id, reason: '越权冲正' } }),
    snapshot: () => count(sql`SELECT count(*) AS n FROM ap_fund_entry WHERE fund_id = ${fx.apFund!}`),
  },
  {
    route: '/api/prevention/fund/writeOff',
    who: 'another insurer writes off the demo insurer’s fund',
    as: 'insurerX',
    target: () => fx.apFund!,
    request: async (id) => ({
      url: '/api/prevention/fund/writeOff',
      payload: { id, version: await versionOf('ap_fund', id) },
    }),
    snapshot: () => row('ap_fund', fx.apFund!),
  },

  // --- Hidden dangers (modules/hazard): ent's self-check hazard (宿城区) and its alarm ------------------
  {
    route: '/api/hazard/rectify',
    who: 'another enterprise submits the rectification of ent’s hazard',
    as: 'ent2',
    target: () => fx.hazard!,
    request: async (id) => ({
      url: '/api/hazard/rectify',
      payload: {
        id,
        version: await versionOf('ap_hazard', id),
        rectifiedOn: '2026-01-02',
        dept: '越权',
        person: '越权',
        description: '越权提交整改',
        photos: [strangerFile],
      },
    }),
    snapshot: () => row('ap_hazard', fx.hazard!),
  },
  {
    route: '/api/hazard/review',
    who: 'another enterprise passes the review of ent’s self-check (only ent’s acceptance post may)',
    as: 'ent2',
    target: () => fx.hazardToReview!,
    request: async (id) => ({
      url: '/api/hazard/review',
      payload: {
        id,
        version: await versionOf('ap_hazard', id),
        result: 'pass',
        reviewDate: '2026-01-02',
        reviewer: '越权',
      },
    }),
    snapshot: () => row('ap_hazard', fx.hazardToReview!),
  },
  {
    route: '/api/hazard/governance-plan',
    who: 'another enterprise writes the governance plan of ent’s major hazard',
    as: 'ent2',
    target: () => fx.hazard!,
    request: async (id) => ({
      url: '/api/hazard/governance-plan',
      payload: {
        id,
        version: await versionOf('ap_hazard', id),
        objectives: '越权',
        methods: '越权',
        funding: '越权',
        responsible: '越权',
        timeLimit: '越权',
        safetyMeasures: '越权',
        contingency: '越权',
        principal: '越权',
        plannedDate: '2026-12-31',
      },
    }),
    snapshot: () => row('ap_hazard', fx.hazard!),
  },
  {
    route: '/api/hazard/handle',
    who: 'the 泗阳县 regulator handles a hazard of 宿城区',
    as: 'gov_sy',
    target: () => fx.hazard!,
    request: async (id) => ({
      url: '/api/hazard/handle',
      payload: {
        id,
        version: await versionOf('ap_hazard', id),
        kind: 'urge',
        handledOn: '2026-01-02',
        description: '越权督办',
      },
    }),
    snapshot: async () => ({
      hazard: await row('ap_hazard', fx.hazard!),
      handlings: await count(
        sql`SELECT count(*) AS n FROM ap_hazard_handling WHERE hazard_id = ${fx.hazard!}`,
      ),
    }),
  },
  {
    route: '/api/hazard/insurer-check',
    who: 'another insurer registers a hazard at an enterprise the demo insurer insures',
    as: 'insurerX',
    target: () => fx.entOrg!,
    request: (id) => ({
      url: '/api/hazard/insurer-check',
      payload: {
        enterpriseId: id,
        checkDate: '2026-01-02',
        description: '越权登记的隐患',
        level: 1,
        foundBy: '越权',
        deadline: '2026-02-01',
      },
    }),
    snapshot: () => count(sql`SELECT count(*) AS n FROM ap_hazard WHERE enterprise_id = ${fx.entOrg!}`),
  },
  {
    route: '/api/alarm/ack',
    who: 'the 泗阳县 regulator acknowledges an alarm of 宿城区',
    as: 'gov_sy',
    target: () => fx.alarm!,
    request: (id) => ({ url: '/api/alarm/ack', payload: { ids: [id] } }),
    snapshot: () => count(sql`SELECT count(*) AS n FROM alarm_ack WHERE alarm_id = ${fx.alarm!}`),
  },
  // --- Accident prevention activities ----------------------------------------------------------------
  ...(
    [
      [
        '/api/training/edit',
        'edits',
        async (id: number) => ({
          url: '/api/training/edit',
          payload: { ...trainingBody(), id, version: await versionOf('ap_training', id) },
        }),
      ],
      [
        '/api/training/cancel',
        'cancels',
        async (id: number) => ({
          url: '/api/training/cancel',
          payload: { id, version: await versionOf('ap_training', id), reason: '替别人取消' },
        }),
      ],
      [
        '/api/training/attendance',
        'records attendance of',
        async (id: number) => ({
          url: '/api/training/attendance',
          payload: {
            id,
            version: await versionOf('ap_training', id),
            summary: '替别人登记的培训情况',
            photos: [strangerFile],
            attendance: [],
          },
        }),
      ],
    ] as const
  ).map(
    ([route, verb, request]): Case => ({
      route,
      who: `a second service organisation ${verb} the service organisation’s training`,
      as: 'service2',
      target: () => fx.training!,
      request,
      snapshot: () => row('ap_training', fx.training!),
    }),
  ),
  {
    route: '/api/training/signUp',
    who: 'an enterprise signs up for a training that does not target it',
    as: 'ent',
    target: () => fx.elsewhereTraining!,
    request: (id) => ({
      url: '/api/training/signUp',
      payload: { trainingId: id, participants: 2, contactName: '钱安全', contactPhone: '13905275678' },
    }),
    snapshot: () =>
      count(sql`SELECT count(*) AS n FROM ap_training_signup WHERE training_id = ${fx.elsewhereTraining!}`),
  },
  {
    route: '/api/training/cancelSignUp',
    who: 'an enterprise cancels another enterprise’s training sign-up',
    as: 'ent2',
    target: () => fx.entSignUp!,
    request: async (id) => ({
      url: '/api/training/cancelSignUp',
      payload: { id, version: await versionOf('ap_training_signup', id) },
    }),
    snapshot: () => row('ap_training_signup', fx.entSignUp!),
  },
  {
    route: '/api/serviceRequest/add',
    who: 'an enterprise asks for a service on another enterprise’s policy',
    as: 'ent',
    target: () => fx.otherPolicy!,
    request: (id) => ({
      url: '/api/serviceRequest/add',
      payload: {
        policyId: id,
        item: '03',
        description: '冒用别家保单提需求',
        wishedFrom: chinaDate(new Date(t.clock.now().getTime() + 3 * 86_400_000)),
        contactName: '钱安全',
        contactPhone: '13905275678',
      },
    }),
    snapshot: () =>
      count(sql`SELECT count(*) AS n FROM ap_service_request WHERE policy_id = ${fx.otherPolicy!}`),
  },
  {
    route: '/api/serviceRequest/answer',
    who: 'a second insurer answers a service request addressed to the insurer',
    as: 'insurerX',
    target: () => fx.entRequest!,
    request: async (id) => ({
      url: '/api/serviceRequest/answer',
      payload: {
        id,
        version: await versionOf('ap_service_request', id),
        accept: false,
        remark: '替别人拒绝',
      },
    }),
    snapshot: () => row('ap_service_request', fx.entRequest!),
  },
  {
    route: '/api/serviceRequest/withdraw',
    who: 'an enterprise withdraws another enterprise’s service request',
    as: 'ent2',
    target: () => fx.entRequest!,
    request: async (id) => ({
      url: '/api/serviceRequest/withdraw',
      payload: { id, version: await versionOf('ap_service_request', id) },
    }),
    snapshot: () => row('ap_service_request', fx.entRequest!),
  },
  {
    route: '/api/preventionFiling/review',
    who: 'the 泗阳县 regulator reviews a plan filing of other districts',
    as: 'gov_sy',
    target: () => fx.filing!,
    request: async (id) => ({
      url: '/api/preventionFiling/review',
      payload: { id, version: await versionOf('ap_prevention_filing', id), approve: true },
    }),
    snapshot: () => row('ap_prevention_filing', fx.filing!),
  },
  // --- Complaints, satisfaction and service evaluations (issue 15) -----------------------------------
  ...(['accept', 'verify', 'note', 'reply', 'extend'] as const).map(
    (action): Case => ({
      route: `/api/complaint/${action}`,
      who: 'another insurer acts on a complaint handled by the insurer complained about',
      as: 'insurerX',
      target: () => fx.complaint!,
      request: async (id) => ({
        url: `/api/complaint/${action}`,
        payload: { id, version: await versionOf('cp_complaint', id), ...COMPLAINT_BODIES[action] },
      }),
      snapshot: () => complaintState(fx.complaint!),
    }),
  ),
  ...(['extend/decide', 'takeOver', 'reassign', 'rehandle', 'close'] as const).map(
    (action): Case => ({
      route: `/api/complaint/${action}`,
      who: 'the 泗阳县 regulator acts on a complaint of 宿城区',
      as: 'gov_sy',
      target: () => fx.complaint!,
      request: async (id) => ({
        url: `/api/complaint/${action}`,
        payload: { id, version: await versionOf('cp_complaint', id), ...COMPLAINT_BODIES[action] },
      }),
      snapshot: () => complaintState(fx.complaint!),
    }),
  ),
  {
    route: '/api/complaint/confirm',
    who: 'another enterprise confirms the reply to a complaint it did not file',
    as: 'ent2',
    target: () => fx.complaintAnswered!,
    request: async (id) => ({
      url: '/api/complaint/confirm',
      payload: { id, version: await versionOf('cp_complaint', id), satisfied: true },
    }),
    snapshot: () => complaintState(fx.complaintAnswered!),
  },
  {
    route: '/api/evaluation/answer',
    who: 'another enterprise rates the insurance of a policy that is not its own',
    as: 'ent2',
    target: () => fx.entPolicy!,
    request: (id) => ({ url: '/api/evaluation/answer', payload: { item: 'policy', targetId: id, score: 1 } }),
    snapshot: () => count(sql`SELECT count(*) AS n FROM ev_satisfaction`),
  },
  ...(['save', 'delete'] as const).map(
    (action): Case => ({
      route: `/api/apEval/${action}`,
      who: 'a regulator of another organisation edits a service evaluation it did not record',
      as: 'govOther',
      target: () => fx.apEval!,
      request: async (id) => ({
        url: `/api/apEval/${action}`,
        payload: {
          id,
          version: await versionOf('ev_ap_eval', id),
          ...(action === 'save' ? { ...apEvalBody, insurerId: fx.insurerOrg } : {}),
        },
      }),
      snapshot: () => row('ev_ap_eval', fx.apEval!),
    }),
  ),
];

const COMPLAINT_BODIES: Record<string, Record<string, unknown>> = {
  accept: {},
  verify: { reason: '需要现场核实' },
  note: { text: '越权添加的办理记录' },
  reply: { facts: '越权答复的事实', basis: '越权依据', measures: '越权措施' },
  extend: { days: 10, reason: '越权申请延期' },
  'extend/decide': { approve: true },
  takeOver: { reason: '越权接办' },
  reassign: { handlerKind: 'admin', reason: '越权转办' },
  rehandle: { reason: '越权责令' },
  close: { result: '越权办结' },
};
/** A complaint and its timeline. */
const complaintState = async (id: number) => ({
  complaint: await row('cp_complaint', id),
  steps: await count(sql`SELECT count(*) AS n FROM cp_complaint_step WHERE complaint_id = ${id}`),
});
let apEvalBody: Record<string, unknown> = {};

/** A valid project body over `policyId` (the demo service organisation delivers it). */
function apProjectBody(policyId: number) {
  return {
    name: '越权建立的项目',
    contractNo: `SWEEP-${policyId}`,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    policyIds: [policyId],
    feeRatio: 10,
    feeAmount: 0,
    serviceOrgId: fx.serviceOrg,
    contactName: '某某某',
    contactPhone: '13905270000',
    items: [{ item: '03', frequency: 1 }],
  };
}

/**
 * Write routes with no record of another owner of the same role to aim at, and why. Each reason names
 * where the refusal that does exist is tested.
 */
const NO_OWNER: Record<string, string> = {
  '/api/hazard/self-check': 'registers a hazard of the caller’s own enterprise (id from the session)',
  '/api/risk/rules':
    'one city-wide rule table; a district regulator gets 403 (risk-alarm.test.ts), other roles 404',
  // The caller's own account or organisation: no id of another can be named.
  '/api/logout': 'ends the caller’s own session',
  '/api/sys/user/pwd/update': 'changes the caller’s own password',
  '/api/sys/user/mfa/confirm': 'confirms the caller’s own authenticator (re-enrolment of its own account)',
  // The security administrator's account operations (三权分立): platform-wide, one unit, no peer of the same
  // role with fewer rows; every other role gets 403 (test/admin-duties.test.ts, user-scope.test.ts).
  '/api/sys/user/mfa/reset':
    'the security administrator’s alone; the system administrator and regulators get 403',
  '/api/sys/user/unlock':
    'the security administrator’s alone; the system administrator and regulators get 403',
  '/api/sys/user/forceLogout':
    'the security administrator’s alone; the system administrator and regulators get 403',
  '/api/sys/user/disableIdle':
    'the security administrator’s alone (idle accounts); the system administrator gets 403 (idle-accounts.test.ts), regulators too (user-scope.test.ts)',
  '/api/sys/user/dutyRole':
    'the security administrator grants the security and audit roles platform-wide; its own account is refused (admin-duties.test.ts)',
  '/api/setting/security/save': 'the one security policy of the platform (security administrator)',
  '/api/enterprise/saveMine': 'the caller’s own enterprise (id from the session)',
  '/api/insurer/saveMine': 'the caller’s own insurer (id from the session)',
  '/api/notice/markRead': 'the caller’s own read receipt; notices it cannot see answer 404 (notices.test.ts)',
  // Creating: the new record belongs to the caller; where a target could be foreign it is checked.
  '/api/file/uploadFile': 'creates a file owned by the caller',
  '/api/policy/add': 'an enterprise applies for itself; an insurer enters for any enterprise it underwrites',
  '/api/company/insurancePost':
    'creates the caller insurer’s policies; another insurer’s policy number is 409 (insurance-post.test.ts)',
  '/api/technicist/add': 'creates a technicist of the caller’s insurer',
  '/api/insurerDoc/add': 'creates a document of the caller’s insurer',
  '/api/enterprise/add': 'a district outside the regulator’s own is 400 (enterprises.test.ts)',
  '/api/enterprise/import': 'rows outside the regulator’s districts are refused (enterprises.test.ts)',
  '/api/sys/user/add':
    'a district regulator creates accounts within its own jurisdiction (users-scope.test.ts)',
  '/api/rule/add': 'creates a rule owned by the caller',
  '/api/training/add': 'publishes a training of the caller’s organisation',
  '/api/complaint/add':
    'files a complaint of the caller’s organisation (related records are checked: complaint.test.ts)',
  '/api/complaint/timers/run': 'the deadline job over every complaint (operations admin)',
  '/api/workCalendar/save': 'platform configuration (operations admin)',
  '/api/apEval/add': 'records an evaluation of the caller’s government organisation',
  '/api/preventionFiling/add':
    'files for the caller’s insurer; `supersedes` may only name its own latest version (409 otherwise, prevention-filing.test.ts)',
  '/api/message/send': 'a district sender reaches its own districts only (messages.test.ts)',
  '/api/sys/user/delete': 'only the operations admin holds user.delete (the government role has no delete)',
  // Moderation and platform configuration: one operations administration, no owner below it.
  '/api/consult/delete': 'moderation by the operations admin (consult.delete) over every consultation',
  '/api/manage/articles/saveHelpClass': 'platform configuration (operations admin)',
  '/api/manage/articles/delHelpClass': 'platform configuration (operations admin)',
  '/api/manage/articles/saveConsultClass': 'platform configuration (operations admin)',
  '/api/manage/articles/delConsultClass': 'platform configuration (operations admin)',
  '/api/role/add': 'platform configuration (operations admin)',
  '/api/role/save': 'platform configuration (operations admin)',
  '/api/role/deleteById': 'platform configuration (operations admin)',
  '/api/role/saveRoleUser': 'platform configuration (operations admin)',
  '/api/resource/add': 'platform configuration (operations admin)',
  '/api/resource/save': 'platform configuration (operations admin)',
  '/api/resource/delete': 'platform configuration (operations admin)',
  '/api/resource/move': 'platform configuration (operations admin)',
  '/api/resource/order': 'platform configuration (operations admin)',
  '/api/setting/save': 'city-wide settings; a district regulator gets 403 (settings.test.ts)',
  '/api/dict/add': 'platform configuration (operations admin)',
  '/api/dict/update': 'platform configuration (operations admin)',
  '/api/dict/delete': 'platform configuration (operations admin)',
  '/api/dict/linkArea': 'platform configuration (operations admin)',
  '/api/industry/add': 'platform configuration (operations admin)',
  '/api/industry/update': 'platform configuration (operations admin)',
  '/api/industry/delete': 'platform configuration (operations admin)',
  '/api/subsystem/add': 'platform configuration (operations admin)',
  '/api/subsystem/update': 'platform configuration (operations admin)',
  '/api/subsystem/delete': 'platform configuration (operations admin)',
  '/api/subsystem/credentials/generate': 'platform configuration (operations admin)',
  '/api/subsystem/credentials/rotate': 'platform configuration (operations admin)',
  '/api/subsystem/credentials/revoke': 'platform configuration (operations admin)',
  '/api/subsystem/push/save': 'platform configuration (operations admin)',
  '/api/subsystem/push/run': 'platform configuration (operations admin)',
  '/api/sys/org/add': 'platform configuration (operations admin)',
  '/api/sys/org/save': 'platform configuration (operations admin)',
  '/api/sys/org/enable': 'platform configuration (operations admin)',
  '/api/sys/org/disable': 'platform configuration (operations admin)',
  '/api/safetymechanism/add': 'platform configuration (security administrator)',
  '/api/safetymechanism/update': 'platform configuration (security administrator)',
  '/api/safetymechanism/delete': 'platform configuration (security administrator)',
  '/api/safetymechanism/addSysApiInfos': 'platform configuration (security administrator)',
  '/api/safetymechanism/delSysApiInfos': 'platform configuration (security administrator)',
  // The pool of service organisations and experts (modules/pool): one platform-wide pool kept by the
  // operations admin (regulators and insurers hold no write action: 403, pool.test.ts), and own records.
  '/api/pool/org/save': 'platform-wide pool (operations admin)',
  '/api/pool/org/disable': 'platform-wide pool (operations admin)',
  '/api/pool/org/enable': 'platform-wide pool (operations admin)',
  '/api/pool/expert/add': 'platform-wide pool (operations admin)',
  '/api/pool/expert/save': 'platform-wide pool (operations admin)',
  '/api/pool/expert/disable': 'platform-wide pool (operations admin)',
  '/api/pool/expert/enable': 'platform-wide pool (operations admin)',
  '/api/pool/expert/import': 'platform-wide pool (operations admin)',
  '/api/pool/org/import': 'platform-wide pool (operations admin)',
  '/api/pool/mine/saveOrg': 'the caller’s own organisation profile (id from the session)',
  '/api/pool/mine/saveExpert': 'the caller’s own expert record (user id from the session)',
  // WeChat binding (modules/auth/wechat.*): the signed-in caller's own account, the user id from the session.
  '/api/wx/loginUserBindWx.json': 'the caller’s own account (user id from the session; state bound to it)',
  '/api/wx/unbindWx.json': 'the caller’s own account (user id from the session)',
  // Statistical reports (modules/stats): generated for the caller's own scope (its districts, or the city for
  // the operations admin); a district outside it answers 404 (stats.test.ts).
  '/api/stats/report/generate': 'reports of the caller’s own districts only (scope from the session)',
  '/api/registration/review':
    'self-registrations are reviewed by the operations admin only (registration.test.ts)',
  // new:feature routes
};

/** Writes without an audit declaration (their own kind of change) that the sweep must still see. */
const UNAUDITED_WRITES = ['/api/sys/admin/updateByStatus.json', '/api/message/read', '/api/notice/markRead'];
const READ_KINDS = new Set(['query', 'get', 'export']);

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['admin', 'gov_sy', 'ent', 'ent2', 'insurer', 'service', 'expert'])
    tok[u] = await t.login(u);
  // Second organisations and users of the same roles.
  tok.insurerX = await makeUser(t, 'insurer', 'sweep-insurer-x', {
    orgId: await makeOrg(t, 'insurer', '某某财产保险股份有限公司宿迁中心支公司'),
  });
  tok.service2 = await makeUser(t, 'service', 'sweep-service-2', {
    orgId: await makeOrg(t, 'service', '宿迁市另一家安全技术服务有限公司', '321311'),
  });
  tok.expert2 = await makeUser(t, 'expert', 'sweep-expert-2', {
    orgId: await makeOrg(t, 'expert', '宿迁市另一个安全生产专家组', '321300'),
  });
  await makeUser(t, 'gov', 'sweep-gov-sucheng', { districtCodes: '321302' });

  const db = t.database.db;
  const entOrg = await orgIdOf(t, 'ent');
  const insurerOrg = await orgIdOf(t, 'insurer');
  fx.entOrg = entOrg;
  const one = async <T>(q: Promise<T | undefined>, what: string): Promise<T> => {
    const r = await q;
    if (r === undefined) throw new Error(`no seeded ${what}`);
    return r;
  };
  // Seeded insurance records of enterprises other than ent (insurerX is no party to any of them).
  fx.entDraft = (
    await one(
      db
        .selectFrom('insPolicy')
        .select('id')
        .where('status', '=', 'draft')
        .where('enteredBy', '=', 'enterprise')
        .where('enterpriseId', '!=', entOrg)
        .executeTakeFirst(),
      'enterprise draft',
    )
  ).id;
  fx.insurerDraft = (
    await one(
      db
        .selectFrom('insPolicy')
        .select('id')
        .where('status', '=', 'draft')
        .where('enteredBy', '=', 'insurer')
        .executeTakeFirst(),
      'insurer draft',
    )
  ).id;
  fx.submitted = (
    await one(
      db.selectFrom('insPolicy').select('id').where('status', '=', 'submitted').executeTakeFirst(),
      'submitted application',
    )
  ).id;
  const claim = await one(
    db
      .selectFrom('insClaim')
      .select(['id', 'policyId'])
      .where('enterpriseId', '!=', entOrg)
      .where('phase', 'not in', ['closed', 'withdrawn'])
      .executeTakeFirst(),
    'open claim',
  );
  fx.otherClaim = claim.id;
  fx.otherPolicy = claim.policyId;
  fx.otherEndorsement = (
    await one(
      db
        .selectFrom('insEndorsement')
        .select('id')
        .where('status', '=', 'applied')
        .where('enterpriseId', '!=', entOrg)
        .executeTakeFirst(),
      'applied endorsement',
    )
  ).id;
  const tech = await one(
    db.selectFrom('insTechnicist').selectAll().where('insurerId', '=', insurerOrg).executeTakeFirst(),
    'technicist',
  );
  fx.technicist = tech.id;
  techBody = {
    staffType: tech.staffType,
    name: '别家改的',
    idType: tech.idType,
    title: tech.title,
    serviceItems: tech.serviceItems,
  };
  const docFile = await uploadPdf(t, tok.insurer!, '条款.pdf');
  const doc = await t.call({
    method: 'POST',
    url: '/api/insurerDoc/add',
    token: tok.insurer!,
    payload: { docType: 1, title: '保险条款', fileId: docFile },
  });
  fx.doc = doc.json().data.id;
  strangerFile = await uploadPdf(t, tok.insurerX!, '别家的文件.pdf');

  // Consultations: one of ent awaiting, one answered by the service organisation (seeded, published),
  // one answered by the expert panel.
  fx.consultClass = (
    await db.selectFrom('cmsClass').select('id').where('kind', '=', 'consult').executeTakeFirstOrThrow()
  ).id;
  const ask = async (title: string) =>
    (
      await t.call({
        method: 'POST',
        url: '/api/manage/articles/saveConsult',
        token: tok.ent!,
        payload: { classId: fx.consultClass, title, content: `${title}的具体内容` },
      })
    ).json().data.id as number;
  fx.entConsult = await ask('恒安化工的待答复咨询');
  fx.serviceAnswered = (
    await db
      .selectFrom('cmsConsult')
      .select('id')
      .where('title', '=', '员工人数变化后保单需要批改吗？')
      .executeTakeFirstOrThrow()
  ).id;
  fx.expertAnswered = await ask('由专家组答复的咨询');
  const answered = await t.call({
    method: 'POST',
    url: '/api/consult/answer',
    token: tok.expert!,
    payload: { id: fx.expertAnswered, version: 1, answer: '专家组的答复内容' },
  });
  expect(answered.statusCode, answered.body).toBe(200);

  // Accounts, sessions, messages, notices, rules of others.
  fx.suchengUser = (
    await db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'sweep-gov-sucheng')
      .executeTakeFirstOrThrow()
  ).id;
  const entUser = await db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', 'ent')
    .executeTakeFirstOrThrow();
  fx.entSession = (
    await db
      .selectFrom('sysSession')
      .select('id')
      .where('userId', '=', entUser.id)
      .where('revokedAt', 'is', null)
      .executeTakeFirstOrThrow()
  ).id;
  fx.entMessage = (
    await db
      .selectFrom('sysMessage')
      .select('id')
      .where('userId', '=', entUser.id)
      .where('readAt', 'is', null)
      .executeTakeFirstOrThrow()
  ).id;
  fx.cityNotice = (
    await db
      .selectFrom('cmsArticle')
      .select('id')
      .where('kind', '=', 'notice')
      .where('targetDistricts', '=', '')
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow()
  ).id;
  fx.cityRule = (
    await db
      .selectFrom('cmsRule')
      .select('id')
      .where('deletedAt', 'is', null)
      .where('revisedById', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
  entUscc = (await db.selectFrom('sysOrg').select('uscc').where('id', '=', entOrg).executeTakeFirstOrThrow())
    .uscc!;
  // Hidden dangers: ent registers a major self-check hazard and a general one it submits for acceptance;
  // an alarm of ent's district.
  const selfCheck = async (level: number) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/hazard/self-check',
      token: tok.ent!,
      payload: {
        checkDate: '2026-01-01',
        description: '扫描用的自查隐患',
        level,
        foundBy: '恒安安全员',
        deadline: '2026-03-01',
        acceptDept: '安全部',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  fx.hazard = await selfCheck(2);
  fx.hazardToReview = await selfCheck(1);
  const rect = await t.call({
    method: 'POST',
    url: '/api/hazard/rectify',
    token: tok.ent!,
    payload: {
      id: fx.hazardToReview,
      version: await versionOf('ap_hazard', fx.hazardToReview),
      rectifiedOn: '2026-01-02',
      dept: '生产部',
      person: '恒安安全员',
      description: '已整改完毕',
      photos: [await uploadPdf(t, tok.ent!, '整改.pdf')],
    },
  });
  expect(rect.statusCode, rect.body).toBe(200);
  fx.alarm = (
    await db
      .insertInto('alarm')
      .values({
        kind: 'majorHazardOpen',
        targetType: 'hazard',
        targetId: fx.hazard,
        enterpriseId: entOrg,
        districtCode: '321302',
        firstSeenAt: t.clock.now(),
        lastSeenAt: t.clock.now(),
      })
      .onConflict((oc) => oc.columns(['kind', 'targetType', 'targetId']).doUpdateSet({ state: 1 }))
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // Accident prevention (seeded by seed/prevention.ts): the demo insurer's project on ent's policy, its
  // plans in each state, a fund and an entry.
  fx.serviceOrg = await orgIdOf(t, 'service');
  fx.service2Org = await orgIdOf(t, 'sweep-service-2');
  const apPlan = (q: (b: ReturnType<typeof planQ>) => ReturnType<typeof planQ>, what: string) =>
    one(q(planQ()).select(['p.id', 'p.projectId', 'p.item']).executeTakeFirst(), what);
  const planQ = () =>
    db
      .selectFrom('apPlan as p')
      .leftJoin('apFollowUp as fu', 'fu.planId', 'p.id')
      .where('p.enterpriseId', '=', entOrg)
      .where('p.insurerId', '=', insurerOrg)
      .where('p.providerOrgId', '=', fx.serviceOrg!);
  const open = await apPlan(
    (b) => b.where('p.status', '<', 2).where('p.item', 'in', ['01', '03']),
    'open plan',
  );
  fx.apPlanOpen = open.id;
  fx.apPlanOpenItem = open.item === '01' ? 1 : 3;
  fx.apProject = open.projectId;
  fx.apPlanVisit = (
    await apPlan(
      (b) => b.where('p.visitState', '=', 'unconfirmed').where('p.status', '<', 2),
      'plan to confirm',
    )
  ).id;
  fx.apPlanSubmitted = (
    await apPlan((b) => b.where('p.recordState', '=', 'submitted'), 'submitted record')
  ).id;
  fx.apPlanFollow = (
    await apPlan(
      (b) => b.where('p.recordState', '=', 'confirmed').where('fu.id', 'is', null),
      'record to follow up',
    )
  ).id;
  const fund = await one(
    db
      .selectFrom('apFund')
      .select(['id', 'policyId'])
      .where('insurerId', '=', insurerOrg)
      .where('enterpriseId', '=', entOrg)
      .where('state', 'in', ['available', 'inUse'])
      .executeTakeFirst(),
    'fund',
  );
  fx.apFund = fund.id;
  fx.apPolicy = fund.policyId;
  fx.apEntry = (
    await one(
      db.selectFrom('apFundEntry').select('id').where('fundId', '=', fund.id).executeTakeFirst(),
      'fund entry',
    )
  ).id;

  // Accident prevention: a training of the service organisation that ent signed up for, one targeting
  // 泗阳县 only, a pending service request of ent, a pending plan filing of the insurer outside 泗阳县.
  const call = async (url: string, token: string, payload: unknown) => {
    const res = await t.call({ method: 'POST', url, token, payload: payload as Record<string, unknown> });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  fx.training = (await call('/api/training/add', tok.service!, trainingBody())).id;
  fx.entSignUp = (
    await call('/api/training/signUp', tok.ent!, {
      trainingId: fx.training,
      participants: 2,
      contactName: '钱安全',
      contactPhone: '13905275678',
    })
  ).id;
  fx.elsewhereTraining = (
    await call('/api/training/add', tok.service!, trainingBody({ targetDistricts: ['321323'] }))
  ).id;
  const policies = (await call('/api/serviceRequest/policies', tok.ent!, undefined)) as Array<{
    policyId: number;
  }>;
  fx.entRequest = (
    await call('/api/serviceRequest/add', tok.ent!, {
      policyId: policies[0]!.policyId,
      item: '02',
      description: '恒安化工的风险辨识需求',
      wishedFrom: chinaDate(new Date(t.clock.now().getTime() + 5 * 86_400_000)),
      contactName: '钱安全',
      contactPhone: '13905275678',
    })
  ).id;
  const pending = await db
    .selectFrom('apPreventionFiling')
    .select('id')
    .where('insurerId', '=', insurerOrg)
    .where('status', '=', 'pending')
    .where('latest', '=', true)
    .where(sql<boolean>`NOT ('321323' = ANY(string_to_array(districts, ',')))`)
    .executeTakeFirst();
  fx.filing =
    pending?.id ??
    (
      await call('/api/preventionFiling/add', tok.insurer!, {
        year: Number(new Date(t.clock.now().getTime() + 8 * HOURS).toISOString().slice(0, 4)) + 1,
        districts: ['321302', '321311'],
        plannedServices: { '03': 10 },
        expectedPremium: 500000,
        budgetAmount: 50000,
        attachments: [await uploadPdf(t, tok.insurer!, '计划.pdf')],
      })
    ).id;
  // Complaints of ent against the insurer: one accepted with an extension pending, one answered.
  fx.insurerOrg = insurerOrg;
  const complaint = {
    targetKind: 'insurer',
    targetOrgId: insurerOrg,
    category: '02',
    title: '扫描用的投诉',
    content: '扫描用的投诉内容，至少十个字。',
    demand: '尽快处理',
    contactName: '王经理',
    contactPhone: '13805271234',
  };
  fx.complaint = (await call('/api/complaint/add', tok.ent!, complaint)).id;
  await call('/api/complaint/accept', tok.insurer!, { id: fx.complaint, version: 1 });
  await call('/api/complaint/extend', tok.insurer!, {
    id: fx.complaint,
    version: 2,
    days: 10,
    reason: '需要调取资料',
  });
  fx.complaintAnswered = (await call('/api/complaint/add', tok.ent!, complaint)).id;
  await call('/api/complaint/accept', tok.insurer!, { id: fx.complaintAnswered, version: 1 });
  await call('/api/complaint/reply', tok.insurer!, {
    id: fx.complaintAnswered,
    version: 2,
    facts: '经核实的事实',
    basis: '合同条款',
    measures: '处理措施',
  });
  fx.entPolicy = await one(
    db
      .selectFrom('insPolicy')
      .select('id')
      .where('enterpriseId', '=', entOrg)
      .where('status', '=', 'approved')
      .where('policyNo', 'is not', null)
      .executeTakeFirst()
      .then((r) => r?.id),
    'issued policy of ent',
  );
  // A service evaluation recorded by the city regulators (gov_sy's organisation); a regulator of another
  // government organisation tries to change it.
  apEvalBody = {
    evalType: '01',
    year: 2025,
    projectName: '2025年度事故预防服务评估',
    commissioningUnit: '宿迁市应急管理局',
    implementingUnit: '江苏某安全评价有限公司',
    evalDate: '2026-03-15',
    result: 'good',
    reports: [await uploadPdf(t, tok.gov_sy!, '评估报告.pdf')],
  };
  fx.apEval = (await call('/api/apEval/add', tok.gov_sy!, { ...apEvalBody, insurerId: insurerOrg })).id;
  tok.govOther = await makeUser(t, 'gov', 'sweep-gov-other-org', {
    orgId: await makeOrg(t, 'government', '宿迁市某区应急管理局', '321302'),
    districtCodes: '321302',
  });
});
afterAll(() => t?.close());

function send(c: Case, r: Request) {
  return t.call({
    method: 'POST',
    url: r.url,
    token: tok[c.as]!,
    ...(r.payload !== undefined ? { payload: r.payload as Record<string, unknown> } : {}),
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
}

describe('ownership sweep: every edit route as a non-owner of the same role', () => {
  it('lists every write route: swept below, or named in NO_OWNER with the reason', () => {
    const routes = (
      t.app as unknown as {
        state: {
          apiRoutes: Array<{ method: string; url: string; permission?: string; audit?: { kind: string } }>;
        };
      }
    ).state.apiRoutes;
    const writes = routes
      .filter((r) => r.permission !== 'public')
      .filter((r) => (r.audit && !READ_KINDS.has(r.audit.kind)) || UNAUDITED_WRITES.includes(r.url))
      .map((r) => r.url);
    const swept = new Set(CASES.map((c) => c.route));
    const unclassified = writes.filter((u) => !swept.has(u) && !(u in NO_OWNER));
    expect(unclassified).toEqual([]);
    // Nothing listed twice, nothing stale.
    expect(Object.keys(NO_OWNER).filter((u) => swept.has(u))).toEqual([]);
    expect([...swept, ...Object.keys(NO_OWNER)].filter((u) => !routes.some((r) => r.url === u))).toEqual([]);
  });

  it.each(CASES.map((c) => [c.route, c.who, c] as const))('%s: %s', async (_route, _who, c) => {
    const before = await c.snapshot();
    const res = await send(c, await c.request(c.target()));
    expect(res.statusCode, res.body).toBe(c.status ?? 404);
    expect(await c.snapshot()).toEqual(before);
    if ((c.status ?? 404) === 404) {
      // Out of scope answers exactly like a missing record.
      const missing = await send(c, await c.request(MISSING));
      expect(missing.statusCode, missing.body).toBe(404);
      expect(res.json().result).toBe(missing.json().result);
    }
  });
});
