import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import * as m0033 from '../src/db/migrations/0033_keyword_bigrams.ts';
import * as m0039 from '../src/db/migrations/0039_plan_project_keyword.ts';
import * as m0040 from '../src/db/migrations/0040_hazard_keyword.ts';
import { bigramMatch, bigramSearchable, containsPattern } from '../src/db/sql.ts';
import { listClaims } from '../src/modules/claim/index.ts';
import { listEnterprises } from '../src/modules/enterprise/index.ts';
import { listPolicies } from '../src/modules/policy/index.ts';
import {
  listFunds,
  listPlans,
  listProjects,
  type PrevActor,
  projectPolicies,
} from '../src/modules/prevention/index.ts';
import type { Actor } from '../src/platform/actor.ts';
import { configureCounts, countCap, DEFAULT_COUNT_CAP } from '../src/platform/count-cache.ts';
import { SETTING_DEFAULTS } from '../src/platform/settings.ts';
import { openTestDatabase } from './helpers.ts';

// Issue 18: keywords of the policy, claim and enterprise lists (and the prevention fund ledger, the project
// form's policies and the service plan and project lists, 0039) are looked up in the pair index of
// migration 0033 (search_bigrams expression GIN indexes) before LIKE/ILIKE decides. The rows must be exactly
// the plain LIKE's, for keywords of one character (no pair: LIKE alone), two and more, mixed case, Latin
// letters and digits, spaces, quotes, backslashes and LIKE's own wildcards (% and _ match literally).

const NAMES = [
  '宿迁化工有限公司',
  '泗阳建筑Ab12工程公司',
  'ABC化工厂',
  'abc 化 工贸易',
  '100%纯净水厂',
  'a_b建材商行',
  'a\\b五金店',
  "O'Neil化工",
  '化',
  '建筑化工宿迁',
  'Straße物流',
  'ΣΟΦΙΑ贸易',
  'axb建材',
  '100x纯净水',
];

const KEYWORDS = [
  '化',
  '化工',
  '宿迁',
  '建筑',
  'Ab12',
  'ab12',
  'AB',
  '12工',
  '100%',
  '%',
  '_',
  'a_b',
  'a%b',
  '%纯',
  "'N",
  "O'",
  '化 工',
  ' 化',
  'a\\b',
  '\\',
  'SS',
  'ß物',
  'σοφ',
  'ΟΦ',
  '工贸易',
  'C化工厂',
  '没有这个',
];

const districts = ['321302', '321311', '321322', '321323', '321324'];
const base = { userId: 1, name: 't', orgName: 't' };
const gov: Actor = { kind: 'government', orgId: null, districts, ...base } as Actor;
const prevGov: PrevActor = { kind: 'government', orgId: null, districts, userId: 1, name: 't' };
/** The lead insurer of the seeded policy the keyword rows copy. */
let kwInsurerId: number;

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const db = database.db;
  const policy = await db
    .selectFrom('insPolicy')
    .select('id')
    .where('status', '=', 'approved')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const claim = await db.selectFrom('insClaim').select('id').orderBy('id').executeTakeFirstOrThrow();
  kwInsurerId = (
    await db.selectFrom('insPolicy').select('insurerId').where('id', '=', policy.id).executeTakeFirstOrThrow()
  ).insurerId;
  const plan = await db.selectFrom('apPlan').select('id').orderBy('id').executeTakeFirstOrThrow();
  const project = await db.selectFrom('apProject').select('id').orderBy('id').executeTakeFirstOrThrow();
  for (const [i, name] of NAMES.entries()) {
    const org = await db
      .insertInto('sysOrg')
      .values({
        orgType: 'enterprise',
        name,
        uscc: `91321311KW${String(i).padStart(8, '0')}`,
        districtCode: '321311',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A copy of a seeded policy and claim for the enterprise, its name as the holder's.
    const values = {
      id: sql`nextval(pg_get_serial_sequence('ins_policy', 'id'))`,
      application_no: `KWA${i}`,
      policy_no: `KWP${i}`,
      holder_name: name,
      enterprise_id: org.id,
      district_code: '321311',
    };
    const row = await sql<{ id: number }>`
      INSERT INTO ins_policy SELECT (jsonb_populate_record(p, jsonb_build_object(
        'id', ${values.id}, 'application_no', ${values.application_no}::text, 'policy_no', ${values.policy_no}::text,
        'holder_name', ${values.holder_name}::text, 'enterprise_id', ${values.enterprise_id}::int,
        'district_code', ${values.district_code}::text))).*
      FROM ins_policy p WHERE p.id = ${policy.id} RETURNING id`.execute(db);
    // Its lead insurer's share and prevention fund (the fund ledger and the project form's policies).
    await sql`
      INSERT INTO ins_policy_coinsurer (policy_id, insurer_id, role, share)
      SELECT id, insurer_id, '01', 100 FROM ins_policy WHERE id = ${row.rows[0]!.id}`.execute(db);
    await sql`
      INSERT INTO ap_fund (policy_id, insurer_id, enterprise_id, district_code, premium, updated_at)
      SELECT id, insurer_id, enterprise_id, district_code, premium, now() - make_interval(mins => ${i}::int)
      FROM ins_policy WHERE id = ${row.rows[0]!.id}`.execute(db);
    await sql`
      INSERT INTO ins_claim SELECT (jsonb_populate_record(c, jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('ins_claim', 'id')), 'report_no', ${`KWR${i}`}::text,
        'register_no', ${`KWG${i}`}::text, 'policy_id', ${row.rows[0]!.id}::int, 'enterprise_id', ${org.id}::int,
        'district_code', '321311'))).*
      FROM ins_claim c WHERE c.id = ${claim.id}`.execute(db);
    // A copy of a seeded service plan for the enterprise, named after another of the names (the plan list
    // matches the plan's name or its enterprise's), and a project covering the new policy, named after a
    // third (the project list matches its name, its contract number or a covered enterprise's name).
    await sql`
      INSERT INTO ap_plan SELECT (jsonb_populate_record(p, jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('ap_plan', 'id')), 'name', ${`服务${NAMES[(i + 3) % NAMES.length]}`}::text,
        'enterprise_id', ${org.id}::int, 'policy_id', ${row.rows[0]!.id}::int, 'district_code', '321311'))).*
      FROM ap_plan p WHERE p.id = ${plan.id}`.execute(db);
    const copy = await sql<{ id: number }>`
      INSERT INTO ap_project SELECT (jsonb_populate_record(j, jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('ap_project', 'id')), 'name', ${NAMES[(i + 5) % NAMES.length]!}::text,
        'contract_no', ${`KWC${i}`}::text))).*
      FROM ap_project j WHERE j.id = ${project.id} RETURNING id`.execute(db);
    await sql`
      INSERT INTO ap_project_policy (project_id, policy_id, enterprise_id, district_code)
      VALUES (${copy.rows[0]!.id}, ${row.rows[0]!.id}, ${org.id}, '321311')`.execute(db);
  }
});
afterAll(() => drop());

const sortIds = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);

describe('keyword search by the pair index (0033) gives exactly the LIKE rows', () => {
  it('on the indexed columns: pairs AND LIKE/ILIKE = LIKE/ILIKE alone, every keyword', async () => {
    const db = database.db;
    let narrowed = 0;
    for (const k of KEYWORDS) {
      const pat = containsPattern(k);
      const pairs = bigramSearchable(k);
      const plainPolicies = await db
        .selectFrom('insPolicy as p')
        .select('p.id')
        .where('p.holderName', 'like', pat)
        .execute();
      const indexedPolicies = await db
        .selectFrom('insPolicy as p')
        .select('p.id')
        .$if(pairs, (qb) => qb.where(bigramMatch(['p.holderName'], k)))
        .where('p.holderName', 'like', pat)
        .execute();
      expect(sortIds(indexedPolicies), `policy holder LIKE ${k}`).toEqual(sortIds(plainPolicies));
      const plainOrgs = await db
        .selectFrom('sysOrg as o')
        .select('o.id')
        .where((eb) => eb.or([eb('o.name', 'ilike', pat), eb('o.uscc', 'ilike', pat)]))
        .execute();
      const indexedOrgs = await db
        .selectFrom('sysOrg as o')
        .select('o.id')
        .$if(pairs, (qb) => qb.where(bigramMatch(['o.name', 'o.uscc'], k, true)))
        .where((eb) => eb.or([eb('o.name', 'ilike', pat), eb('o.uscc', 'ilike', pat)]))
        .execute();
      expect(sortIds(indexedOrgs), `org name/USCC ILIKE ${k}`).toEqual(sortIds(plainOrgs));
      const plainNames = await db
        .selectFrom('sysOrg as o')
        .select('o.id')
        .where('o.name', 'like', pat)
        .execute();
      const indexedNames = await db
        .selectFrom('sysOrg as o')
        .select('o.id')
        .$if(pairs, (qb) => qb.where(bigramMatch(['o.name', 'o.uscc'], k)))
        .where('o.name', 'like', pat)
        .execute();
      expect(sortIds(indexedNames), `org name LIKE ${k}`).toEqual(sortIds(plainNames));
      if (plainPolicies.length > 0 && plainOrgs.length > 0) narrowed++;
    }
    // The keywords do find rows (the comparison is not of empty sets only).
    expect(narrowed).toBeGreaterThan(15);
    // The pairs alone do narrow: a keyword whose characters are all there but not adjacent is not a match.
    const spread = await db
      .selectFrom('insPolicy as p')
      .select('p.holderName')
      .where(bigramMatch(['p.holderName'], '化工'))
      .execute();
    expect(spread.map((r) => r.holderName)).not.toContain('abc 化 工贸易');
  });

  it('migration 0033: down drops the functions and indexes, up brings them back over existing rows', async () => {
    const db = database.db;
    const indexes = async () =>
      (
        await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
          WHERE indexname IN ('ins_policy_holder_bigrams', 'ins_policy_holder_uscc_idx', 'sys_org_name_bigrams')
          ORDER BY 1`.execute(db)
      ).rows.map((r) => r.name);
    // 0039's and 0040's indexes use its function: undone first, as migrate:down would.
    await m0040.down(db as never);
    await m0039.down(db as never);
    await m0033.down(db as never);
    expect(await indexes()).toEqual([]);
    await expect(sql`SELECT search_bigrams('宿迁')`.execute(db)).rejects.toThrow();
    await m0033.up(db as never);
    await m0039.up(db as never);
    await m0040.up(db as never);
    expect(await indexes()).toEqual([
      'ins_policy_holder_bigrams',
      'ins_policy_holder_uscc_idx',
      'sys_org_name_bigrams',
    ]);
    const found = await db
      .selectFrom('insPolicy as p')
      .select('p.holderName')
      .where(bigramMatch(['p.holderName'], '宿迁化工'))
      .execute();
    expect(found.map((r) => r.holderName)).toContain('宿迁化工有限公司');
  });

  it('the policy, enterprise and claim lists, the fund ledger, the project form policies and the plan and project lists answer the plain LIKE rows', async () => {
    await compareLists(KEYWORDS, 1000, 1);
  });

  it('the first pages of a keyword matching more than the count cap (read in list order) are the same rows', async () => {
    // With a cap of 2, every keyword matching 3 rows or more is "frequent" (platform/count-cache.ts
    // denseFirstRows): its first pages skip the pair lookup; later pages and rarer keywords use it.
    configureCounts(database.db, { cap: 2 });
    try {
      for (const pageNo of [1, 2, 3])
        await compareLists(['化工', '宿迁', '建筑', '有限', 'a_b', 'ab', '化'], 2, pageNo);
    } finally {
      configureCounts(database.db, { cap: DEFAULT_COUNT_CAP });
    }
  });
});

/** Each list's page `pageNo` of `pageSize` rows for each keyword against the same page of the plain LIKE query. */
async function compareLists(keywords: string[], pageSize: number, pageNo: number) {
  const db = database.db;
  const now = new Date();
  const s = SETTING_DEFAULTS.insurance;
  const slice = <T>(rows: T[]) => rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  for (const k of keywords) {
    const pat = containsPattern(k);
    const policies = await listPolicies(db, gov, { keyword: k, pageNo, pageSize }, now);
    const expectedPolicies = await db
      .selectFrom('insPolicy as p')
      .select('p.id')
      .where('p.status', 'in', ['approved', 'cancelled'])
      .where('p.districtCode', 'in', districts)
      .where((eb) =>
        eb.or([
          eb('p.policyNo', '=', k.trim()),
          eb('p.applicationNo', '=', k.trim()),
          eb('p.holderUscc', '=', k.trim().toUpperCase()),
          eb('p.holderName', 'like', containsPattern(k.trim())),
        ]),
      )
      .orderBy('p.id', 'desc')
      .execute();
    expect(
      policies.list.map((r) => r.id),
      `policy list ${k}`,
    ).toEqual(slice(expectedPolicies.map((r) => r.id)));
    expect(policies.total).toBe(Math.min(expectedPolicies.length, countCap(db)));
    expect(policies.totalCapped).toBe(expectedPolicies.length > countCap(db));

    const enterprises = await listEnterprises(db, gov, { keyword: k, pageNo, pageSize }, now);
    const expectedEnterprises = await db
      .selectFrom('sysOrg as o')
      .select('o.id')
      .where('o.orgType', '=', 'enterprise')
      .where('o.deletedAt', 'is', null)
      .where('o.districtCode', 'in', districts)
      .where((eb) => eb.or([eb('o.name', 'ilike', pat), eb('o.uscc', 'ilike', pat)]))
      .orderBy('o.id', 'desc')
      .execute();
    expect(
      enterprises.list.map((r) => r.id),
      `enterprise list ${k}`,
    ).toEqual(slice(expectedEnterprises.map((r) => r.id)));
    expect(enterprises.total).toBe(Math.min(expectedEnterprises.length, countCap(db)));

    const claims = await listClaims(db, gov, { keyword: k, pageNo, pageSize }, s, now);
    const expectedClaims = await db
      .selectFrom('insClaim as c')
      .select('c.id')
      .where('c.districtCode', 'in', districts)
      .where((eb) =>
        eb.or([
          eb('c.reportNo', '=', k.trim()),
          eb('c.registerNo', '=', k.trim()),
          eb(
            'c.policyId',
            'in',
            eb.selectFrom('insPolicy as kp').select('kp.id').where('kp.policyNo', '=', k.trim()),
          ),
          eb(
            'c.enterpriseId',
            'in',
            eb
              .selectFrom('sysOrg as ko')
              .select('ko.id')
              .where('ko.orgType', '=', 'enterprise')
              .where('ko.name', 'like', containsPattern(k.trim())),
          ),
        ]),
      )
      .orderBy('c.id', 'desc')
      .execute();
    expect(
      claims.list.map((r) => r.id),
      `claim list ${k}`,
    ).toEqual(slice(expectedClaims.map((r) => r.id)));
    expect(claims.total).toBe(Math.min(expectedClaims.length, countCap(db)));

    // The fund ledger and the project form's policies (prevention common.ts keywordMatch): the enterprise's
    // name contains the keyword in any case, or the policy number is the keyword.
    const named = db
      .selectFrom('sysOrg as ko')
      .select('ko.id')
      .where('ko.orgType', '=', 'enterprise')
      .where('ko.name', 'ilike', containsPattern(k.trim()));
    const byNumber = db.selectFrom('insPolicy as kp').select('kp.id').where('kp.policyNo', '=', k.trim());
    const funds = await listFunds(db, prevGov, { keyword: k, pageNo, pageSize });
    const expectedFunds = await db
      .selectFrom('apFund as f')
      .select('f.id')
      .where('f.districtCode', 'in', districts)
      .where((eb) => eb.or([eb('f.enterpriseId', 'in', named), eb('f.policyId', 'in', byNumber)]))
      .orderBy('f.updatedAt', 'desc')
      .orderBy('f.id', 'desc')
      .execute();
    expect(
      funds.list.map((r) => r.id),
      `fund list ${k}`,
    ).toEqual(slice(expectedFunds.map((r) => r.id)));
    expect(funds.total).toBe(Math.min(expectedFunds.length, countCap(db)));
    expect(funds.totalCapped).toBe(expectedFunds.length > countCap(db));

    const insurer = { kind: 'insurer', orgId: kwInsurerId, userId: 1, name: 't' } as const;
    const picked = await projectPolicies(db, insurer, { keyword: k, pageNo, pageSize });
    const expectedPicked = await db
      .selectFrom('insPolicy as ip')
      .innerJoin('insPolicyCoinsurer as c', 'c.policyId', 'ip.id')
      .select('ip.id')
      .where('c.insurerId', '=', kwInsurerId)
      .where('ip.status', '=', 'approved')
      .where((eb) => eb.or([eb('ip.enterpriseId', 'in', named), eb('ip.id', 'in', byNumber)]))
      .orderBy('ip.endDate', 'desc')
      .orderBy('ip.id', 'desc')
      .execute();
    expect(
      picked.list.map((r) => r.policyId),
      `project form policies ${k}`,
    ).toEqual(slice(expectedPicked.map((r) => r.id)));
    expect(picked.total).toBe(Math.min(expectedPicked.length, countCap(db)));

    // The service plan list: the plan's name or its enterprise's name contains the keyword (any case), in
    // the list's own order (the unfiltered list's, which has every row in scope on one page here).
    const plans = await listPlans(db, prevGov, { keyword: k, pageNo, pageSize });
    const allPlans = (await listPlans(db, prevGov, { pageNo: 1, pageSize: 1000 })).list.map((r) => r.id);
    const planMatches = new Set(
      (
        await db
          .selectFrom('apPlan as p')
          .innerJoin('sysOrg as e', 'e.id', 'p.enterpriseId')
          .select('p.id')
          .where((eb) => eb.or([eb('p.name', 'ilike', pat), eb('e.name', 'ilike', pat)]))
          .execute()
      ).map((r) => r.id),
    );
    const expectedPlans = allPlans.filter((id) => planMatches.has(id));
    expect(
      plans.list.map((r) => r.id),
      `plan list ${k}`,
    ).toEqual(slice(expectedPlans));
    expect(plans.total).toBe(Math.min(expectedPlans.length, countCap(db)));

    // The project list: its name, its contract number or the name of an enterprise it covers.
    const projects = await listProjects(db, prevGov, { keyword: k, pageNo, pageSize }, now);
    const allProjects = (await listProjects(db, prevGov, { pageNo: 1, pageSize: 1000 }, now)).list.map(
      (r) => r.id,
    );
    const projectMatches = new Set(
      (
        await db
          .selectFrom('apProject as j')
          .select('j.id')
          .where((eb) =>
            eb.or([
              eb('j.name', 'ilike', pat),
              eb('j.contractNo', 'ilike', pat),
              eb.exists(
                eb
                  .selectFrom('apProjectPolicy as kp')
                  .innerJoin('sysOrg as e', 'e.id', 'kp.enterpriseId')
                  .select('kp.projectId')
                  .whereRef('kp.projectId', '=', 'j.id')
                  .where('e.name', 'ilike', pat),
              ),
            ]),
          )
          .execute()
      ).map((r) => r.id),
    );
    const expectedProjects = allProjects.filter((id) => projectMatches.has(id));
    expect(
      projects.list.map((r) => r.id),
      `project list ${k}`,
    ).toEqual(slice(expectedProjects));
    expect(projects.total).toBe(Math.min(expectedProjects.length, countCap(db)));
  }
}
