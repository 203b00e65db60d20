/**
 * Test factories of the data-exchange tests: service accounts, subsystems with credentials and a safety
 * mechanism, signed calls written from the README (not the server's signing helper), new enterprises.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { usccCheckChar } from '@aqzrx/contracts';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import { post, profileBody } from '../policy/policy.testkit.ts';

/** A valid USCC built from a number (unique per test database). */
export function usccOf(n: number): string {
  const first17 = `91321311MA${String(n).padStart(7, '0')}`;
  return first17 + usccCheckChar(first17);
}

/** A platform user that only signs calls as a subsystem (copies the role, organisation and districts). */
export async function serviceUser(
  t: TestContext,
  username: string,
  roleKey: string,
  orgOf?: string,
  districtCodes = '',
): Promise<number> {
  const db = t.database.db;
  const role = await db
    .selectFrom('sysRole')
    .select('id')
    .where('roleKey', '=', roleKey)
    .executeTakeFirstOrThrow();
  const orgId = orgOf
    ? (await db.selectFrom('sysUser').select('orgId').where('username', '=', orgOf).executeTakeFirstOrThrow())
        .orgId
    : null;
  const now = t.clock.now();
  const row = await db
    .insertInto('sysUser')
    .values({
      username,
      nickname: `${username}服务账号`,
      passwordHash: 'not-a-login-account',
      passwordChangedAt: now,
      roleId: role.id,
      orgId,
      districtCodes,
      mobileEnc: null,
      email: null,
      lastLoginIp: null,
      createdAt: now,
      updatedAt: now,
      createdBy: null,
      updatedBy: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Creds {
  id: number;
  code: string;
  appKey: string;
  secret: string;
}

/** The security administrator's token per test context: safety mechanisms are its (三权分立, security.md Z04). */
const securityTokens = new WeakMap<TestContext, Promise<string>>();
function securityAdmin(t: TestContext): Promise<string> {
  let token = securityTokens.get(t);
  if (!token) {
    token = t.login('secadmin');
    securityTokens.set(t, token);
  }
  return token;
}

/**
 * A subsystem bound to `serviceUserId` with fresh credentials (by the system administrator `admin`) and, when
 * `apis` are given, an enabled safety mechanism listing them (by the security administrator).
 */
export async function subsystem(
  t: TestContext,
  admin: string,
  code: string,
  serviceUserId: number,
  apis: Array<{ method: string; url: string }> = [],
): Promise<Creds> {
  const add = await post(t, '/api/subsystem/add', admin, {
    name: `${code}测试系统`,
    code,
    url: `https://${code}.example.gov.cn/`,
    serviceUserId,
  });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const id = add.body.data.id as number;
  const creds = await post(t, `/api/subsystem/credentials/generate?id=${id}`, admin);
  expect(creds.status, JSON.stringify(creds.body)).toBe(200);
  if (apis.length) {
    const secadmin = await securityAdmin(t);
    const mech = await post(t, '/api/safetymechanism/add', secadmin, {
      name: `${code}接入`,
      orderNo: `DX-${code}`.slice(0, 32),
      subsystemId: id,
      ratePerMinute: 10000,
    });
    expect(mech.status, JSON.stringify(mech.body)).toBe(200);
    const linked = await post(t, '/api/safetymechanism/addSysApiInfos', secadmin, {
      mechanismId: mech.body.data.id,
      apis,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  }
  return { id, code, appKey: creds.body.data.appKey as string, secret: creds.body.data.secret as string };
}

/** hex HMAC-SHA256 of METHOD\npath?query\ntimestamp\nnonce\nhex sha256(body), as the README says. */
export function signature(
  secret: string,
  method: string,
  pathWithQuery: string,
  ts: string,
  nonce: string,
  body = '',
) {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return createHmac('sha256', secret)
    .update([method, pathWithQuery, ts, nonce, bodyHash].join('\n'))
    .digest('hex');
}

/** A signed POST with a JSON body; `tamper` signs something else than what is sent. */
export async function signedPost(
  t: TestContext,
  creds: Pick<Creds, 'appKey' | 'secret'>,
  url: string,
  payload: unknown,
  tamper = false,
) {
  const body = JSON.stringify(payload);
  const ts = String(t.clock.now().getTime());
  const nonce = randomBytes(16).toString('hex');
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-app-key': creds.appKey,
      'x-timestamp': ts,
      'x-nonce': nonce,
      'x-signature': signature(creds.secret, 'POST', url, ts, nonce, tamper ? `${body} ` : body),
    },
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { data: never; result: string },
  };
}

/** A new enterprise with a complete profile, added by the city regulator. */
export async function newEnterprise(
  t: TestContext,
  gov: string,
  uscc: string,
  name: string,
  employees = 10,
): Promise<number> {
  const add = await post(
    t,
    '/api/enterprise/add',
    gov,
    profileBody({ uscc, name, employees, districtCode: '321311' }),
  );
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  return add.body.data.id as number;
}
