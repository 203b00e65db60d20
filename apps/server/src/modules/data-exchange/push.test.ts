import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSettingsView } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { orgIdOf, policyBody, post, today } from '../policy/policy.testkit.ts';
import {
  type Creds,
  newEnterprise,
  serviceUser,
  signature,
  subsystem,
  usccOf,
} from './data-exchange.testkit.ts';
import { pushLeaseHeld } from './push.service.ts';
import { createPushWorker, PUSHING_ELSEWHERE, type PushWorker } from './push.worker.ts';

const GOV_DISTRICTS = ['321302', '321311', '321322', '321323', '321324'];

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { batchId: string; kind: string; subsystem: string; count: number; items: Array<{ id: number }> };
}
type Answer = { status: number; body?: string; delayMs?: number } | 'hang';

/** A real HTTP server standing in for the provincial platform. */
async function receiver() {
  const got: Received[] = [];
  let answer: (nth: number) => Answer = () => ({ status: 200 });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      got.push({ url: req.url ?? '', headers: req.headers, body, json: JSON.parse(body) });
      const a = answer(got.length);
      if (a === 'hang') return;
      setTimeout(() => {
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(a.body ?? '{"code":0}');
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/aqzrx/push?from=suqian`,
    port,
    got,
    answer(fn: (nth: number) => Answer) {
      answer = fn;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

let t: TestContext;
let admin: string;
let gov: string;
let insurer: string;
/** Bound to the demo insurer's service account: its policies (lead or co-insurer) and their claims. */
let sys: Creds;
let insurerOrg: number;
let rx: Receiver;
let worker: PushWorker;

const db = () => t.database.db;

/** The pushed requests' signatures are checked as a receiver would, with the subsystem's secret. */
function expectSigned(r: Received, creds: Creds) {
  const ts = String(r.headers['x-timestamp']);
  const nonce = String(r.headers['x-nonce']);
  expect(r.headers['x-app-key']).toBe(creds.appKey);
  expect(ts).toMatch(/^\d{13}$/);
  expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  expect(r.headers['x-signature']).toBe(signature(creds.secret, 'POST', r.url, ts, nonce, r.body));
  expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(r.headers['x-push-batch']).toBe(r.json.batchId);
  expect(r.headers['x-push-kind']).toBe(r.json.kind);
}

async function settings(subsystemId: number, token = admin) {
  return post(t, `/api/subsystem/push/findOne?subsystemId=${subsystemId}`, token);
}

async function save(subsystemId: number, patch: Record<string, unknown>, token = admin) {
  const cur = (await settings(subsystemId)).body.data as unknown as PushSettingsView;
  return post(t, '/api/subsystem/push/save', token, {
    subsystemId,
    version: cur.version,
    pushUrl: cur.pushUrl,
    enabled: cur.enabled,
    dataKinds: cur.dataKinds,
    ...patch,
  });
}

const pushLogs = (code: string) =>
  db().selectFrom('sysPushLog').selectAll().where('targetSystem', '=', code).orderBy('id').execute();

const cursorOf = (subsystemId: number, kind: string) =>
  db()
    .selectFrom('sysSubsystemPushCursor')
    .select(['cursorId', 'cursorAt'])
    .where('subsystemId', '=', subsystemId)
    .where('dataKind', '=', kind)
    .executeTakeFirst();

beforeAll(async () => {
  t = await createTestContext({
    LOGIN_RATE_MAX: '1000',
    API_RATE_MAX: '100000',
    PUSH_INTERVAL_MS: '86400000',
  });
  [admin, gov, insurer] = await Promise.all([t.login('admin'), t.login('gov'), t.login('insurer')]);
  sys = await subsystem(
    t,
    admin,
    'dxpush',
    await serviceUser(t, 'svc_push_ins', 'ROLE_INSURANCE', 'insurer'),
  );
  insurerOrg = await orgIdOf(t, 'insurer');
  rx = await receiver();
  worker = createPushWorker(t.app, { intervalMs: 86_400_000, retryBaseMs: 10, settleMs: 0, timeoutMs: 2000 });
});
afterAll(async () => {
  await worker.stop();
  await rx.close();
  await t.close();
});

describe('push settings API', () => {
  it('reads and saves a subsystem’s push settings with version; bad input 400, 401, 403, stale 409', async () => {
    const first = await settings(sys.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      subsystemCode: 'dxpush',
      pushUrl: '',
      enabled: false,
      dataKinds: [],
      version: 0,
      lastPushAt: null,
      running: false,
      problems: [],
    });

    expect((await save(sys.id, { pushUrl: 'ftp://x.example.cn/push' })).status).toBe(400);
    const noUrl = await save(sys.id, { enabled: true, dataKinds: ['policy'] });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.result).toContain('启用推送须填写推送地址');
    const noKinds = await save(sys.id, { enabled: true, pushUrl: rx.url });
    expect(noKinds.status).toBe(400);
    expect(noKinds.body.result).toContain('至少选择一种推送数据');
    expect((await save(sys.id, { pushUrl: 'https://user:pw@x.example.cn/push' })).status).toBe(400);
    expect((await save(sys.id, { dataKinds: ['policy', 'policy'] })).status).toBe(400);
    expect((await save(sys.id, { dataKinds: ['endorsement'] })).status).toBe(400);

    const anonymous = await t.call({
      method: 'POST',
      url: `/api/subsystem/push/findOne?subsystemId=${sys.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await settings(sys.id, gov)).status).toBe(403);
    expect((await save(sys.id, { pushUrl: rx.url }, insurer)).status).toBe(403);
    expect((await post(t, `/api/subsystem/push/run?subsystemId=${sys.id}`, gov)).status).toBe(403);
    expect((await settings(999999)).status).toBe(404);

    const saved = await save(sys.id, { pushUrl: rx.url, enabled: false, dataKinds: ['policy', 'claim'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ version: 1 });
    const stale = await post(t, '/api/subsystem/push/save', admin, {
      subsystemId: sys.id,
      version: 0,
      pushUrl: rx.url,
      enabled: true,
      dataKinds: ['policy'],
    });
    expect(stale.status).toBe(409);
    // Not enabled yet: "push now" is refused.
    const notEnabled = await post(t, `/api/subsystem/push/run?subsystemId=${sys.id}`, admin);
    expect(notEnabled.status).toBe(409);
    expect(notEnabled.body.result).toContain('未启用数据推送');
    const log = await db()
      .selectFrom('sysOperLog')
      .select(['module', 'kind', 'outcome'])
      .where('path', '=', '/api/subsystem/push/save')
      .where('outcome', '=', 'success')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ module: '子系统数据推送', kind: 'edit' });
  });

  it('enabling needs credentials and a service account that sees data', async () => {
    const bare = await post(t, '/api/subsystem/add', admin, { name: '无凭据系统', code: 'dxbare' });
    const bareId = bare.body.data.id as number;
    const noCreds = await save(bareId, { pushUrl: rx.url, enabled: true, dataKinds: ['policy'] });
    expect(noCreds.status).toBe(400);
    expect(noCreds.body.result).toContain('生成接入凭据');

    const adminBound = await subsystem(
      t,
      admin,
      'dxadmin',
      await serviceUser(t, 'svc_push_admin', 'ROLE_ADMIN'),
    );
    const noScope = await save(adminBound.id, { pushUrl: rx.url, enabled: true, dataKinds: ['policy'] });
    expect(noScope.status).toBe(400);
    expect(noScope.body.result).toContain('没有可推送的数据范围');
  });
});

describe('push worker', () => {
  it('pushes every issued policy and claim the service account sees, signed, in batches of ≤ 100; the cursor moves; a second run is idle', async () => {
    const enabled = await save(sys.id, { enabled: true, pushUrl: rx.url, dataKinds: ['policy', 'claim'] });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const now = t.clock.now();
    const underwritten = db()
      .selectFrom('insPolicyCoinsurer')
      .select('policyId')
      .where('insurerId', '=', insurerOrg);
    const policies = await db()
      .selectFrom('insPolicy')
      .select(['id'])
      .where('status', 'in', ['approved', 'cancelled'])
      .where('id', 'in', underwritten)
      .where('updatedAt', '<=', now)
      .execute();
    const claims = await db()
      .selectFrom('insClaim')
      .select(['id'])
      .where('policyId', 'in', underwritten)
      .where('updatedAt', '<=', now)
      .execute();
    expect(policies.length).toBeGreaterThan(0);
    expect(claims.length).toBeGreaterThan(0);

    const result = await worker.runSubsystem(sys.id);
    expect(result.status, result.message).toBe('success');
    expect(result.delivered).toBe(policies.length + claims.length);
    const byKind = (k: string) => rx.got.filter((r) => r.json.kind === k);
    for (const r of rx.got) {
      expectSigned(r, sys);
      expect(r.url).toBe('/aqzrx/push?from=suqian');
      expect(r.json.subsystem).toBe('dxpush');
      expect(r.json.items.length).toBeLessThanOrEqual(100);
      expect(r.json.count).toBe(r.json.items.length);
    }
    expect(byKind('policy').length).toBe(Math.ceil(policies.length / 100));
    const sentPolicies = byKind('policy').flatMap((r) => r.json.items.map((i) => i.id));
    expect(sentPolicies.sort((a, b) => a - b)).toEqual(policies.map((p) => p.id).sort((a, b) => a - b));
    const sentClaims = byKind('claim').flatMap((r) => r.json.items.map((i) => i.id));
    expect(sentClaims.sort((a, b) => a - b)).toEqual(claims.map((c) => c.id).sort((a, b) => a - b));
    // What a policy carries: the inbound fields and the parties by USCC; a claim leaves out the reporter.
    const aPolicy = byKind('policy')[0]!.json.items[0] as unknown as Record<string, unknown>;
    expect(Object.keys(aPolicy)).toEqual(
      expect.arrayContaining([
        'policyNo',
        'enterprise',
        'insurer',
        'coinsurers',
        'premium',
        'version',
        'updatedAt',
      ]),
    );
    const aClaim = byKind('claim')[0]!.json.items[0] as unknown as Record<string, unknown>;
    expect(aClaim).not.toHaveProperty('reporterPhone');
    expect(aClaim).not.toHaveProperty('reporterName');

    // One push-log row per request, successful at the first attempt, named by the batch id.
    const logs = await pushLogs('dxpush');
    expect(logs.length).toBe(rx.got.length);
    expect(logs.every((l) => l.status === 'success' && l.attempts === 1 && l.responseCode === 200)).toBe(
      true,
    );
    expect(logs.map((l) => l.recordId)).toEqual(rx.got.map((r) => r.json.batchId));
    expect(logs[0]!.payloadSummary).toMatch(
      /^保单\d+条（id \d+–\d+），推送至 127\.0\.0\.1:\d+\/aqzrx\/push$/,
    );
    // The read-only push log list shows them (to the audit administrator, 三权分立).
    const auditor = await t.login('auditor');
    const list = await post(t, '/api/requestpushlog/findAll?targetSystem=dxpush&pageSize=100', auditor);
    expect(list.status).toBe(200);
    expect((list.body.data as unknown as { total: number }).total).toBe(logs.length);

    const last = byKind('policy').at(-1)!.json.items.at(-1)!;
    expect((await cursorOf(sys.id, 'policy'))?.cursorId).toBe(last.id);
    const view = (await settings(sys.id)).body.data as unknown as PushSettingsView;
    expect(view.lastPushStatus).toBe('success');
    expect(view.lastPushMessage).toBe(`已推送保单${policies.length}条、理赔${claims.length}条`);
    expect(view.cursors.find((c) => c.kind === 'policy')).toMatchObject({ cursorId: last.id });
    expect(view.cursors.find((c) => c.kind === 'policy')!.cursorAt).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
    );

    const before = rx.got.length;
    const again = await worker.runSubsystem(sys.id);
    expect(again).toMatchObject({ status: 'idle', delivered: 0 });
    expect(rx.got.length).toBe(before);
  });

  it('a changed policy is pushed once at the next run', async () => {
    t.clock.advance(1000);
    const uscc = usccOf(5_000_001);
    await newEnterprise(t, gov, uscc, '宿豫区推送测试有限公司');
    const item = { ...policyBody(today(t), 10), policyNo: `PUSH${Date.now()}`, enterpriseUscc: uscc };
    const created = await post(t, '/api/company/insurancePost', insurer, { policy: item });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.data as unknown as { items: Array<{ id: number }> }).items[0]!.id;
    const before = rx.got.length;
    const res = await worker.runSubsystem(sys.id);
    expect(res).toMatchObject({ status: 'success', delivered: 1 });
    expect(rx.got.length).toBe(before + 1);
    const pushed = rx.got.at(-1)!.json;
    expect(pushed.kind).toBe('policy');
    expect(pushed.items).toEqual([
      expect.objectContaining({ id, policyNo: item.policyNo, status: 'approved' }),
    ]);
    expect((await cursorOf(sys.id, 'policy'))?.cursorId).toBe(id);
  });

  it('two instances’ workers on one database: a changed policy is delivered once, by the one holding the lease', async () => {
    t.clock.advance(1000);
    const uscc = usccOf(5_000_003);
    await newEnterprise(t, gov, uscc, '宿豫区双实例推送有限公司');
    const item = { ...policyBody(today(t), 10), policyNo: `TWIN${Date.now()}`, enterpriseUscc: uscc };
    expect((await post(t, '/api/company/insurancePost', insurer, { policy: item })).status).toBe(200);
    // A second worker stands for another instance; a slow receiver keeps the first run going while it tries.
    const other = createPushWorker(t.app, {
      intervalMs: 86_400_000,
      retryBaseMs: 10,
      settleMs: 0,
      timeoutMs: 2000,
    });
    rx.answer(() => ({ status: 200, delayMs: 400 }));
    try {
      const before = rx.got.length;
      const first = worker.runSubsystem(sys.id);
      // The first run has taken the lease before the other starts.
      for (let i = 0; i < 100 && !(await pushLeaseHeld(db(), sys.id, t.clock.now())); i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(await pushLeaseHeld(db(), sys.id, t.clock.now())).toBe(true);
      expect(((await settings(sys.id)).body.data as unknown as PushSettingsView).running).toBe(true);
      const second = await other.runSubsystem(sys.id);
      expect(second).toEqual({ status: 'skipped', message: PUSHING_ELSEWHERE, delivered: 0 });
      expect(await first).toMatchObject({ status: 'success', delivered: 1 });
      expect(rx.got.length).toBe(before + 1);
      expect(rx.got.at(-1)!.json.items).toEqual([expect.objectContaining({ policyNo: item.policyNo })]);
      // The lease is given back: the other instance's next run finds nothing new to send.
      expect(await pushLeaseHeld(db(), sys.id, t.clock.now())).toBe(false);
      expect(await other.runSubsystem(sys.id)).toMatchObject({ status: 'idle', delivered: 0 });
      expect(rx.got.length).toBe(before + 1);
    } finally {
      rx.answer(() => ({ status: 200 }));
      await other.stop();
    }
  });

  it('failures are retried with backoff on one push-log row; after 6 failures the cursor stays and the next run resends the same records', async () => {
    t.clock.advance(1000);
    const uscc = usccOf(5_000_002);
    await newEnterprise(t, gov, uscc, '宿豫区重试测试有限公司');
    const item = { ...policyBody(today(t), 10), policyNo: `RETRY${Date.now()}`, enterpriseUscc: uscc };
    expect((await post(t, '/api/company/insurancePost', insurer, { policy: item })).status).toBe(200);
    const cursorBefore = await cursorOf(sys.id, 'policy');

    // Down: every attempt answers 503.
    const start = rx.got.length;
    rx.answer(() => ({ status: 503, body: '{"msg":"维护中"}' }));
    const down = await worker.runSubsystem(sys.id);
    expect(down.status).toBe('fail');
    expect(down.message).toContain('HTTP 503');
    const attempts = rx.got.slice(start);
    expect(attempts.length).toBe(6);
    // The same batch on every attempt, with a fresh nonce and signature each time.
    expect(new Set(attempts.map((a) => a.json.batchId)).size).toBe(1);
    expect(new Set(attempts.map((a) => a.headers['x-nonce'])).size).toBe(6);
    for (const a of attempts) expectSigned(a, sys);
    const failed = (await pushLogs('dxpush')).at(-1)!;
    expect(failed).toMatchObject({
      status: 'fail',
      attempts: 6,
      responseCode: 503,
      recordId: attempts[0]!.json.batchId,
    });
    expect(failed.errorMsg).toContain('第6次尝试：HTTP 503');
    expect(await cursorOf(sys.id, 'policy')).toEqual(cursorBefore);
    const view = (await settings(sys.id)).body.data as unknown as PushSettingsView;
    expect(view.lastPushStatus).toBe('fail');
    expect(view.lastPushMessage).toContain('保单推送失败');

    // Flaky: two failures, then accepted — one row, three attempts, the same records as before.
    const flakyStart = rx.got.length;
    rx.answer((nth) => (nth - flakyStart <= 2 ? { status: 500 } : { status: 200 }));
    const flaky = await worker.runSubsystem(sys.id);
    expect(flaky).toMatchObject({ status: 'success', delivered: 1 });
    const resent = rx.got.slice(flakyStart);
    expect(resent.length).toBe(3);
    expect(resent.at(-1)!.json.items.map((i) => i.id)).toEqual(attempts[0]!.json.items.map((i) => i.id));
    const ok = (await pushLogs('dxpush')).at(-1)!;
    expect(ok).toMatchObject({ status: 'success', attempts: 3, responseCode: 200, errorMsg: '' });
    expect((await cursorOf(sys.id, 'policy'))?.cursorId).toBe(resent.at(-1)!.json.items[0]!.id);
    rx.answer(() => ({ status: 200 }));
  });

  it('timeouts, refused connections and redirects are failures; reset re-sends from the beginning', async () => {
    const hangWorker = createPushWorker(t.app, {
      intervalMs: 86_400_000,
      retryBaseMs: 10,
      settleMs: 0,
      timeoutMs: 300,
      maxAttempts: 2,
    });
    rx.answer(() => 'hang');
    // Re-send everything: the reset makes the next run start from the beginning.
    expect((await save(sys.id, { resetCursor: true })).status).toBe(200);
    expect(await cursorOf(sys.id, 'policy')).toBeUndefined();
    const hung = await hangWorker.runSubsystem(sys.id);
    expect(hung.status).toBe('fail');
    expect(hung.message).toContain('请求超时');
    expect((await pushLogs('dxpush')).at(-1)).toMatchObject({
      status: 'fail',
      attempts: 2,
      responseCode: null,
    });

    rx.answer(() => ({ status: 302 }));
    const redirected = await hangWorker.runSubsystem(sys.id);
    expect(redirected.message).toContain('HTTP 302（平台不跟随重定向');

    const closed = await receiver();
    await closed.close();
    expect((await save(sys.id, { pushUrl: closed.url })).status).toBe(200);
    const refused = await hangWorker.runSubsystem(sys.id);
    expect(refused.message).toContain('连接失败：ECONNREFUSED');
    expect(await cursorOf(sys.id, 'policy')).toBeUndefined();
    await hangWorker.stop();

    rx.answer(() => ({ status: 200 }));
    expect((await save(sys.id, { pushUrl: rx.url })).status).toBe(200);
  });

  it('“push now” runs the app’s worker in the background and reports through the settings', async () => {
    // The app's worker waits 10 s before pushing a change (late commits): move past that.
    t.clock.advance(11_000);
    const before = rx.got.length;
    const run = await post(t, `/api/subsystem/push/run?subsystemId=${sys.id}`, admin);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data).toEqual({ started: true });
    let view: PushSettingsView | undefined;
    for (let i = 0; i < 100; i++) {
      view = (await settings(sys.id)).body.data as unknown as PushSettingsView;
      if (!view.running && view.lastPushAt && rx.got.length > before) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(view!.running).toBe(false);
    expect(view!.lastPushStatus).toBe('success');
    expect(rx.got.length).toBeGreaterThan(before);
    for (const r of rx.got.slice(before)) expectSigned(r, sys);
    const log = await db()
      .selectFrom('sysOperLog')
      .select(['module', 'outcome', 'targetId'])
      .where('path', 'like', '/api/subsystem/push/run%')
      .where('outcome', '=', 'success')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ module: '子系统数据推送', targetId: String(sys.id) });
  });
});

describe('the app’s push worker', () => {
  it('starts with the app, runs every PUSH_INTERVAL_MS and stops on close (aborting a hanging request)', async () => {
    const t2 = await createTestContext({ PUSH_INTERVAL_MS: '1000', LOGIN_RATE_MAX: '1000' });
    const rx2 = await receiver();
    try {
      const admin2 = await t2.login('admin');
      const creds = await subsystem(
        t2,
        admin2,
        'dxauto',
        await serviceUser(t2, 'svc_push_auto', 'ROLE_GOVERNMENT', 'gov', GOV_DISTRICTS.join(',')),
      );
      const saved = await post(t2, '/api/subsystem/push/save', admin2, {
        subsystemId: creds.id,
        version: 0,
        pushUrl: rx2.url,
        enabled: true,
        dataKinds: ['policy'],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      t2.clock.advance(11_000);
      for (let i = 0; i < 100 && rx2.got.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(rx2.got.length).toBeGreaterThan(0);
      expectSigned(rx2.got[0]!, creds);

      // A hanging receiver does not hold the shutdown for the 10 s timeout.
      rx2.answer(() => 'hang');
      await t2.database.db.deleteFrom('sysSubsystemPushCursor').execute();
      const hangingFrom = rx2.got.length;
      for (let i = 0; i < 100 && rx2.got.length === hangingFrom; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(t2.app.pushWorker.isRunning(creds.id)).toBe(true);
    } finally {
      const started = Date.now();
      await t2.close();
      expect(Date.now() - started).toBeLessThan(5000);
      await rx2.close();
    }
  });
});
