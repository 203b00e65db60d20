import { TRAINING_PHASES, trainingPhase } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, makeOrg, type TestContext } from '../../../test/helpers.ts';
import { idem, makeUser, orgIdOf, post, uploadPdf } from '../policy/policy.testkit.ts';
import { trainingServiceCounts } from './index.ts';

/**
 * Training sessions through the API: publishing, sign-up rules (eligibility, capacity, no double sign-up,
 * cancel before the start), attendance, scope (404 for others of the same role), versions and idempotency.
 */

let t: TestContext;
const tok: Record<string, string> = {};
let entOrg: number;
let entDistrict: string;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['ent', 'ent2', 'insurer', 'service', 'expert', 'gov', 'gov_sy', 'admin'])
    tok[u] = await t.login(u);
  tok.service2 = await makeUser(t, 'service', 'train-service-2', {
    orgId: await makeOrg(t, 'service', '宿迁市培训测试第二服务机构', '321311'),
  });
  entOrg = await orgIdOf(t, 'ent');
  const o = await t.database.db
    .selectFrom('sysOrg')
    .select('districtCode')
    .where('id', '=', entOrg)
    .executeTakeFirstOrThrow();
  entDistrict = o.districtCode!;
  // A second enterprise of ent's district, to fill seats.
  const other = await makeOrg(t, 'enterprise', '宿迁市培训测试第二企业', entDistrict);
  tok.entB = await makeUser(t, 'ent', 'train-ent-b', { orgId: other });
});
afterAll(() => t.close());

const iso = (msFromNow: number) => new Date(t.clock.now().getTime() + msFromNow).toISOString();

function session(over: Record<string, unknown> = {}) {
  return {
    topic: '危险化学品企业安全管理培训',
    mode: 'offline',
    startsAt: iso(48 * HOUR),
    endsAt: iso(51 * HOUR),
    place: '宿迁市应急管理局三楼会议室',
    capacity: 10,
    targetDistricts: [entDistrict],
    description: '重点讲解重大危险源管控',
    ...over,
  };
}

async function publish(token: string, over: Record<string, unknown> = {}) {
  const res = await post(t, '/api/training/add', token, session(over), idem());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
const detail = async (id: number, token: string) => post(t, `/api/training/detail?id=${id}`, token);
const versionOf = async (id: number, token = tok.service!) =>
  (await detail(id, token)).body.data.version as number;
const signUpBody = (trainingId: number, participants = 3) => ({
  trainingId,
  participants,
  contactName: '王安全',
  contactPhone: '13905271111',
});
/** Moves a session's times so that it has started (and ended) `hoursAgo` hours ago. */
async function startedAgo(id: number, hoursAgo: number) {
  const now = t.clock.now().getTime();
  await t.database.db
    .updateTable('apTraining')
    .set({ startsAt: new Date(now - hoursAgo * HOUR), endsAt: new Date(now - (hoursAgo - 2) * HOUR) })
    .where('id', '=', id)
    .execute();
}

describe('phases', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  const at = (h: number) => new Date(now.getTime() + h * HOUR);
  it.each([
    ['published', 2, 4, 0, 'open'],
    ['published', 2, 4, 10, 'full'],
    ['published', -1, 4, 3, 'ongoing'],
    ['published', -4, -2, 3, 'toRecord'],
    ['completed', -4, -2, 3, 'completed'],
    ['cancelled', 2, 4, 0, 'cancelled'],
  ] as const)('%s, start %ih, end %ih, %i signed → %s', (status, s, e, signed, phase) => {
    expect(
      trainingPhase(
        { status, startsAt: at(s), endsAt: at(e), capacity: 10, signedParticipants: signed },
        now,
      ),
    ).toBe(phase);
    expect(TRAINING_PHASES.has(phase)).toBe(true);
  });
});

describe('publishing', () => {
  it('a service organisation publishes; bad input is refused with the field named', async () => {
    const id = await publish(tok.service!);
    const d = await detail(id, tok.service!);
    expect(d.body.data).toMatchObject({ topic: '危险化学品企业安全管理培训', phase: 'open', seatsLeft: 10 });
    expect(d.body.data.publisherTypeLabel).toBe('服务机构');
    const noPlace = await post(t, '/api/training/add', tok.service, session({ place: '' }));
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.result).toContain('线下培训请填写培训地点');
    const backwards = await post(t, '/api/training/add', tok.service, session({ endsAt: iso(47 * HOUR) }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.result).toContain('结束时间须晚于开始时间');
    const past = await post(
      t,
      '/api/training/add',
      tok.service,
      session({ startsAt: iso(-HOUR), endsAt: iso(HOUR) }),
    );
    expect(past.status).toBe(400);
    expect(past.body.result).toContain('开始时间须晚于当前时间');
  });

  it('insurers and experts publish; an enterprise may not; the operations admin has no access', async () => {
    await publish(tok.insurer!, { mode: 'online', place: '', onlineLink: 'https://meeting.example.cn/abc' });
    await publish(tok.expert!);
    expect((await post(t, '/api/training/add', tok.ent, session())).status).toBe(403);
    expect((await post(t, '/api/training/list', tok.admin)).status).toBe(403);
  });

  it('the same Idempotency-Key publishes once', async () => {
    const key = idem();
    const body = session({ topic: '幂等测试培训' });
    const a = await post(t, '/api/training/add', tok.service, body, key);
    const b = await post(t, '/api/training/add', tok.service, body, key);
    expect(b.status).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body.data.id).toBe(a.body.data.id);
    const n = await t.database.db
      .selectFrom('apTraining')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('topic', '=', '幂等测试培训')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });
});

describe('sign-up', () => {
  it('capacity is enforced with the seats named; no double sign-up; cancel frees the seats', async () => {
    const id = await publish(tok.service!, { capacity: 5 });
    const open = await post(t, '/api/training/list?view=open&pageSize=100', tok.ent);
    expect((open.body.data.list as Array<{ id: number }>).map((r) => r.id)).toContain(id);

    const a = await post(t, '/api/training/signUp', tok.ent, signUpBody(id, 3), idem());
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const twice = await post(t, '/api/training/signUp', tok.ent, signUpBody(id, 1), idem());
    expect(twice.status).toBe(409);
    expect(twice.body.result).toContain('请勿重复报名');
    const tooMany = await post(t, '/api/training/signUp', tok.entB, signUpBody(id, 3), idem());
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.result).toBe(
      '名额不足：本场培训共5个名额，已报名3人，剩余2个，本次报名3人，请减少报名人数',
    );
    expect((await post(t, '/api/training/signUp', tok.entB, signUpBody(id, 2), idem())).status).toBe(200);
    const full = await post(t, '/api/training/signUp', tok.entB, signUpBody(id, 1), idem());
    expect(full.status).toBe(409);

    const mine = await detail(id, tok.ent!);
    expect(mine.body.data.phase).toBe('full');
    expect(mine.body.data.signUps).toHaveLength(1); // its own only
    const s = mine.body.data.mySignUp as { id: number; version: number };
    const stale = await post(t, '/api/training/cancelSignUp', tok.ent, { id: s.id, version: s.version + 1 });
    expect(stale.status).toBe(409);
    // Another enterprise cannot cancel it: 404 like a missing one.
    const foreign = await post(t, '/api/training/cancelSignUp', tok.entB, { id: s.id, version: s.version });
    expect(foreign.status).toBe(404);
    expect(foreign.body.result).toBe(
      (await post(t, '/api/training/cancelSignUp', tok.entB, { id: 987654, version: 1 })).body.result,
    );
    expect(
      (await post(t, '/api/training/cancelSignUp', tok.ent, { id: s.id, version: s.version })).status,
    ).toBe(200);
    expect((await detail(id, tok.service!)).body.data.seatsLeft).toBe(3);
    // Signing up again after cancelling is allowed.
    expect((await post(t, '/api/training/signUp', tok.ent, signUpBody(id, 1), idem())).status).toBe(200);
  });

  it('after the start sign-ups and cancellations are refused; a session of other districts is 404', async () => {
    const id = await publish(tok.service!);
    const a = await post(t, '/api/training/signUp', tok.ent, signUpBody(id), idem());
    await startedAgo(id, 1);
    const late = await post(t, '/api/training/signUp', tok.entB, signUpBody(id), idem());
    expect(late.status).toBe(409);
    expect(late.body.result).toContain('报名已截止');
    const s = (await detail(id, tok.ent!)).body.data.mySignUp as { version: number };
    const cancel = await post(t, '/api/training/cancelSignUp', tok.ent, {
      id: a.body.data.id,
      version: s.version,
    });
    expect(cancel.status).toBe(409);
    expect(cancel.body.result).toContain('培训已开始');

    const elsewhere = await publish(tok.service!, {
      targetDistricts: ['321323']
        .filter((d) => d !== entDistrict)
        .concat(entDistrict === '321323' ? ['321324'] : []),
    });
    expect((await detail(elsewhere, tok.ent!)).status).toBe(404);
    expect((await post(t, '/api/training/signUp', tok.ent, signUpBody(elsewhere), idem())).status).toBe(404);
  });
});

describe('the publisher', () => {
  it('edits before the start (capacity ≥ seats taken), not another publisher’s (404); stale version 409', async () => {
    const id = await publish(tok.service!, { capacity: 8 });
    await post(t, '/api/training/signUp', tok.ent, signUpBody(id, 4), idem());
    const v = await versionOf(id);
    const small = await post(t, '/api/training/edit', tok.service, {
      ...session({ capacity: 3 }),
      id,
      version: v,
    });
    expect(small.status).toBe(409);
    expect(small.body.result).toContain('已报名4人');
    const other = await post(t, '/api/training/edit', tok.service2, { ...session(), id, version: v });
    expect(other.status).toBe(404);
    const okEdit = await post(t, '/api/training/edit', tok.service, {
      ...session({ capacity: 20 }),
      id,
      version: v,
    });
    expect(okEdit.status, JSON.stringify(okEdit.body)).toBe(200);
    const stale = await post(t, '/api/training/edit', tok.service, { ...session(), id, version: v });
    expect(stale.status).toBe(409);
    expect((await detail(id, tok.service2!)).status).toBe(404);
  });

  it('records attendance after the start; the session counts as a type-01 service for each attending enterprise', async () => {
    const id = await publish(tok.service!);
    const mine = await post(t, '/api/training/signUp', tok.ent, signUpBody(id, 3), idem());
    const theirs = await post(t, '/api/training/signUp', tok.entB, signUpBody(id, 2), idem());
    const early = await post(t, '/api/training/attendance', tok.service, {
      id,
      version: await versionOf(id),
      summary: '培训情况良好',
      photos: [await uploadPdf(t, tok.service!, '现场.pdf')],
      attendance: [],
    });
    expect(early.status).toBe(409);
    expect(early.body.result).toContain('培训尚未开始');
    await startedAgo(id, 3);
    const photo = await uploadPdf(t, tok.service!, '现场.pdf');
    const partial = await post(t, '/api/training/attendance', tok.service, {
      id,
      version: await versionOf(id),
      summary: '培训情况良好',
      photos: [photo],
      attendance: [{ signUpId: mine.body.data.id, attended: true, attendeeCount: 3 }],
    });
    expect(partial.status).toBe(409);
    expect(partial.body.result).toContain('宿迁市培训测试第二企业');
    const noPhoto = await post(t, '/api/training/attendance', tok.service, {
      id,
      version: await versionOf(id),
      summary: '培训情况良好',
      photos: [],
      attendance: [],
    });
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body.result).toContain('请至少上传一张培训现场照片');
    const before = await trainingServiceCounts(t.database.db, { enterpriseIds: [entOrg] });
    const rec = await post(t, '/api/training/attendance', tok.service, {
      id,
      version: await versionOf(id),
      summary: '培训情况良好',
      photos: [photo],
      attendance: [
        { signUpId: mine.body.data.id, attended: true, attendeeCount: 4 },
        { signUpId: theirs.body.data.id, attended: false, attendeeCount: 0 },
      ],
    });
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    expect(rec.body.data).toEqual({ attendedEnterprises: 1, attendees: 4 });
    const d = await detail(id, tok.service!);
    expect(d.body.data).toMatchObject({ phase: 'completed', attendedEnterprises: 1, attendees: 4 });
    expect(d.body.data.photos).toHaveLength(1);
    const after = await trainingServiceCounts(t.database.db, { enterpriseIds: [entOrg] });
    expect(after[0]!.sessions).toBe((before[0]?.sessions ?? 0) + 1);
    expect(after[0]!.attendees).toBe((before[0]?.attendees ?? 0) + 4);
    // The photo downloads for whoever sees the session; not for another publisher.
    const dl = await t.call({
      method: 'GET',
      url: `/api/training/file?id=${id}&fileId=${photo}`,
      token: tok.ent,
    });
    expect(dl.statusCode).toBe(200);
    const no = await t.call({
      method: 'GET',
      url: `/api/training/file?id=${id}&fileId=${photo}`,
      token: tok.service2,
    });
    expect(no.statusCode).toBe(404);
  });

  it('cancels before the end; cancelled sessions take no sign-up', async () => {
    const id = await publish(tok.service!);
    const res = await post(t, '/api/training/cancel', tok.service, {
      id,
      version: await versionOf(id),
      reason: '讲师临时有事',
    });
    expect(res.status).toBe(200);
    const again = await post(t, '/api/training/signUp', tok.ent, signUpBody(id), idem());
    expect(again.status).toBe(409);
    expect(again.body.result).toContain('已取消');
  });
});

describe('regulators', () => {
  it('see the sessions targeting their districts and export them; a district regulator not others', async () => {
    const id = await publish(tok.service!, { topic: '监管可见的培训' });
    const list = await post(t, '/api/training/list?pageSize=100&keyword=监管可见', tok.gov);
    expect((list.body.data.list as Array<{ id: number }>).map((r) => r.id)).toEqual([id]);
    if (entDistrict !== '321323') {
      expect((await detail(id, tok.gov_sy!)).status).toBe(404);
      const sy = await post(t, '/api/training/list?pageSize=100&keyword=监管可见', tok.gov_sy);
      expect(sy.body.data.list).toEqual([]);
    }
    const x = await t.call({ method: 'GET', url: '/api/training/export?keyword=监管可见', token: tok.gov });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect(x.headers['x-export-rows']).toBe('1');
  });
});
