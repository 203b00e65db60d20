/**
 * Test factories for the insurance modules (used by their API tests only): accounts of other
 * organisations, bodies that pass the rules, and policies issued through the real API.
 */
import { randomUUID } from 'node:crypto';
import { addDays, chinaDate, oneYearEnd } from '@aqzrx/contracts';
import type { TestContext } from '../../../test/helpers.ts';

export interface Json {
  [k: string]: unknown;
}

export async function post(
  t: TestContext,
  url: string,
  token: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.call({
    method: 'POST',
    url,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload: payload as Json } : {}),
    headers,
  });
  return {
    status: res.statusCode,
    body: res.json() as Json & { data: Json & { page: { list: Json[]; total: number } } },
    headers: res.headers,
    raw: res,
  };
}

export const idem = () => ({ 'idempotency-key': randomUUID() });

export function today(t: TestContext): string {
  return chinaDate(t.clock.now());
}

/**
 * A user of an existing organisation with the demo password (copies the hash of a demo account of the
 * same role), e.g. a second insurer's account or a government user of one district.
 */
export async function makeUser(
  t: TestContext,
  like: string,
  username: string,
  opts: { orgId?: number; districtCodes?: string; status?: number } = {},
): Promise<string> {
  const db = t.database.db;
  const base = await db
    .selectFrom('sysUser')
    .selectAll()
    .where('username', '=', like)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sysUser')
    .values({
      username,
      nickname: username,
      mobileEnc: null,
      passwordHash: base.passwordHash,
      passwordChangedAt: t.clock.now(),
      roleId: base.roleId,
      orgId: opts.orgId ?? base.orgId,
      districtCodes: opts.districtCodes ?? base.districtCodes,
      status: opts.status ?? 1,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
      createdBy: null,
      updatedBy: null,
    })
    .execute();
  return t.login(username);
}

export async function orgIdOf(t: TestContext, username: string): Promise<number> {
  const u = await t.database.db
    .selectFrom('sysUser')
    .select('orgId')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return u.orgId!;
}

/** Another insurer than the demo one (seeded by the insurance demo). */
export async function secondInsurerId(t: TestContext): Promise<number> {
  const demo = await orgIdOf(t, 'insurer');
  const r = await t.database.db
    .selectFrom('sysOrg')
    .select('id')
    .where('orgType', '=', 'insurer')
    .where('id', '!=', demo)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A complete enterprise profile (ent2 is seeded with status 3 and no profile). */
export function profileBody(overrides: Json = {}): Json {
  return {
    name: '泗洪县顺达建筑工程有限公司',
    uscc: '91321324MA2YB7N4RP',
    districtCode: '321324',
    address: '泗洪县青阳镇人民路88号',
    wsIndustryCode: 'AQ0501',
    gbIndustryCode: 'E47',
    employees: 25,
    operatingStatus: 1,
    legalName: '赵顺达',
    legalMobile: '13905271234',
    safetyName: '钱安全',
    safetyMobile: '13905275678',
    stdGrade: 3,
    ...overrides,
  };
}

/** A policy body that passes every rule for an enterprise of `employees`, starting on `start`. */
export function policyBody(start: string, employees: number, overrides: Json = {}): Json {
  return {
    startDate: start,
    endDate: oneYearEnd(start),
    headcount: employees,
    perPersonLimit: 400000,
    medicalLimit: 40000,
    benchmarkRate: 1.2,
    factors: [{ code: 'stdGrade', pct: -5, reason: '安全生产标准化三级' }],
    premium: Math.round(400000 * employees * 0.0012 * 0.95),
    preventionFeePct: 15,
    preventionFrequency: 4,
    serviceItems: ['01', '03'],
    ...overrides,
  };
}

/** What the insurer prices a policy at when it issues it (rate, factors, premium of `policyBody`). */
export function pricingOf(body: Json): Json {
  return { benchmarkRate: body.benchmarkRate, factors: body.factors, premium: body.premium };
}

/** An enterprise's application: `policyBody` without the pricing, which the insurer sets when issuing. */
export function applicationBody(start: string, employees: number, overrides: Json = {}): Json {
  const { benchmarkRate: _r, factors: _f, premium: _p, ...rest } = policyBody(start, employees, overrides);
  return rest;
}

/**
 * ent2 completes its profile, applies for a policy with the demo insurer starting `offsetDays` from
 * today (without pricing), and the insurer prices and issues it. Returns the policy id.
 */
export async function issueEnt2Policy(
  t: TestContext,
  tokens: { ent2: string; insurer: string },
  offsetDays = 0,
  policyNo = `PT${Date.now()}${Math.floor(Math.random() * 1000)}`,
): Promise<number> {
  const mine = await post(t, '/api/enterprise/mine', tokens.ent2);
  if (!mine.body.data.infoComplete) {
    const saved = await post(t, '/api/enterprise/saveMine', tokens.ent2, {
      ...profileBody(),
      version: mine.body.data.version,
    });
    if (saved.status !== 200) throw new Error(`saveMine ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  const insurerId = await orgIdOf(t, 'insurer');
  const start = addDays(today(t), offsetDays);
  const add = await post(
    t,
    '/api/policy/add',
    tokens.ent2,
    { ...applicationBody(start, 25), insurerId, submit: true },
    idem(),
  );
  if (add.status !== 200) throw new Error(`policy add ${add.status} ${JSON.stringify(add.body)}`);
  const id = add.body.data.id as number;
  const detail = await post(t, `/api/policy/detail?id=${id}`, tokens.insurer);
  const review = await post(t, '/api/policy/review', tokens.insurer, {
    id,
    version: detail.body.data.version,
    approve: true,
    policyNo,
    ...pricingOf(policyBody(start, 25)),
  });
  if (review.status !== 200) throw new Error(`review ${review.status} ${JSON.stringify(review.body)}`);
  return id;
}

/** A small valid PDF: its first bytes are what a download must give back. */
export const TEST_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Uploads `TEST_PDF` as `token` (POST /api/file/uploadFile) and returns the new file id. */
export async function uploadPdf(t: TestContext, token: string, name = '附件.pdf'): Promise<string> {
  const boundary = '----aqzrxTestkit';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    TEST_PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.call({
    method: 'POST',
    url: '/api/file/uploadFile',
    token,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode} ${res.body}`);
  return res.json().data.fileMap.fileId as string;
}

/** GET a download as `token`: status, the bytes, and the envelope's message when refused. */
export async function download(t: TestContext, url: string, token: string) {
  const res = await t.call({ method: 'GET', url, token });
  return {
    status: res.statusCode,
    bytes: res.rawPayload,
    result: res.statusCode === 200 ? '' : ((res.json() as { result?: string }).result ?? ''),
  };
}

/** Operation-log rows of reads and failures are written after the response: poll briefly for one. */
export async function waitForLog(t: TestContext, path: string, since = new Date(0)) {
  for (let i = 0; i < 50; i++) {
    const row = await t.database.db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('path', '=', path)
      .where('createdAt', '>=', since)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (row) return row;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error(`no operation-log row for ${path}`);
}
