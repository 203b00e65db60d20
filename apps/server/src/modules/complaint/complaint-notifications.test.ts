import type { MessageItem } from '@aqzrx/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ComplainantSide,
  type HandlerSide,
  NOTIFICATION_EVENTS,
  NOTIFICATIONS,
  type NotificationEvent,
  type Party,
  recordLink,
  type Side,
} from '../message/index.ts';
import { act, at, detail, file, fileBody, post, type User, useComplaintKit } from './complaint.testkit.ts';

/**
 * Walks the complaint rows of the notification catalogue (docs/NOTIFICATIONS.md) through the API: each
 * event × recipient is caused by the real call; the recipient's inbox has the message of the catalogue's
 * kind, linked to the complaint's page for their side, which they can open; to-dos close as the task
 * moves on. The last test checks that every complaint row was exercised.
 */
const kit = useComplaintKit();
const covered = new Set<string>();
const REPLY = { facts: '经核实报案资料已齐全', basis: '保险合同第十条', measures: '三个工作日内完成核定' };

async function messagesOf(user: User, event: NotificationEvent, id: number): Promise<MessageItem[]> {
  const res = await post(kit.t, '/api/message/list?pageSize=100', kit.tok[user]);
  const mine = (res.body.data as unknown as { list: MessageItem[] }).list.filter(
    (m) => m.bizType === 'complaint' && m.bizId === String(id),
  );
  if (mine.length === 0) return [];
  const rows = await kit.t.database.db
    .selectFrom('sysMessage')
    .select('id')
    .where(
      'id',
      'in',
      mine.map((m) => m.id),
    )
    .where('event', '=', event)
    .execute();
  return mine.filter((m) => rows.some((r) => Number(r.id) === m.id));
}

async function told(user: User, event: NotificationEvent, party: Party, id: number, side: Side) {
  const to = NOTIFICATIONS[event].to.find((r) => r.party === party);
  expect(to, `${event} has a ${party} row`).toBeDefined();
  const found = await messagesOf(user, event, id);
  expect(found, `${user} told of ${event}`).toHaveLength(1);
  const m = found[0]!;
  expect(m.kind).toBe(to!.kind);
  expect(m.link).toBe(recordLink('complaint', side, id));
  expect((await detail(kit, user, id)).status, `${user} opens ${m.link}`).toBe(200);
  covered.add(`${event}:${party}`);
  return m;
}
const todo = async (user: User, event: NotificationEvent, id: number) =>
  (await messagesOf(user, event, id)).map((m) => m.todoState);

const side = {
  complainant: (s: ComplainantSide) => s,
  handler: (s: HandlerSide) => s,
};

describe('complaint notifications', () => {
  it('ent against the insurer: every step tells the other side; the regulator approves, is escalated to, takes over, closes', async () => {
    await at(kit, '2026-09-28 10:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    await told('insurer', 'complaint.submitted', 'handler', id, side.handler('insurer'));
    await act(kit, 'insurer', 'accept', id);
    expect((await told('ent', 'complaint.accepted', 'complainant', id, 'enterprise')).content).toContain(
      '2026-10-16',
    );
    await act(kit, 'insurer', 'verify', id, { reason: '需调取监控' });
    await told('ent', 'complaint.verify', 'complainant', id, 'enterprise');
    await act(kit, 'insurer', 'extend', id, { days: 10, reason: '需委托鉴定' });
    await told('gov', 'complaint.extendRequested', 'regulators', id, 'government');
    expect(await messagesOf('gov_other', 'complaint.extendRequested', id)).toHaveLength(0);
    await act(kit, 'gov', 'extend/decide', id, { approve: true });
    await told('insurer', 'complaint.extendDecided', 'handler', id, 'insurer');
    expect((await told('ent', 'complaint.extendDecided', 'complainant', id, 'enterprise')).content).toContain(
      '需委托鉴定',
    );
    expect(await todo('gov', 'complaint.extendRequested', id)).toEqual(['done']);
    await act(kit, 'insurer', 'reply', id, REPLY);
    await told('ent', 'complaint.replied', 'complainant', id, 'enterprise');
    expect(await todo('insurer', 'complaint.submitted', id)).toEqual(['done']);
    await act(kit, 'ent', 'confirm', id, { satisfied: false, choice: 'reopen', opinion: '没有说明赔付时间' });
    await told('insurer', 'complaint.reopened', 'handler', id, 'insurer');
    expect(await todo('ent', 'complaint.replied', id)).toEqual(['done']);
    await act(kit, 'insurer', 'reply', id, REPLY);
    expect(await todo('insurer', 'complaint.reopened', id)).toEqual(['done']);
    await act(kit, 'ent', 'confirm', id, { satisfied: false, choice: 'escalate', opinion: '仍未解决' });
    await told('gov', 'complaint.escalated', 'regulators', id, 'government');
    await told('insurer', 'complaint.escalated', 'handler', id, 'insurer');
    await act(kit, 'gov', 'takeOver', id, { reason: '投诉人提请' });
    await told('ent', 'complaint.takenOver', 'complainant', id, 'enterprise');
    await told('insurer', 'complaint.takenOver', 'handler', id, 'insurer');
    expect(await todo('gov', 'complaint.escalated', id)).toEqual(['done']);
    await act(kit, 'gov', 'close', id, { result: '责令限期赔付' });
    await told('ent', 'complaint.closed', 'complainant', id, 'enterprise');
    expect(await messagesOf('gov_other', 'complaint.closed', id)).toHaveLength(0);
  });

  it('the regulators of the district hear of a close as the handling unit; reassignment and re-handling tell both', async () => {
    await at(kit, '2026-09-28 10:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    await act(kit, 'gov', 'takeOver', id, { reason: '监管部门直接办理' });
    // A second regulator of ent's district closes it: gov, the handling regulator, hears it.
    const sucheng = await import('../policy/policy.testkit.ts').then((m) =>
      m.makeUser(kit.t, 'gov_sy', 'gov_sucheng', { districtCodes: kit.entDistrict }),
    );
    const d = await detail(kit, 'gov', id);
    const res = await post(kit.t, '/api/complaint/close', sucheng, {
      id,
      version: d.body.data.version,
      result: '已办结',
    });
    expect(res.status).toBe(200);
    await told('gov', 'complaint.closed', 'handler', id, 'government');

    const moved = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    await act(kit, 'gov', 'reassign', moved, {
      handlerKind: 'insurer',
      handlerOrgId: kit.org.insurer2,
      reason: '共保机构办理',
    });
    await told('insurer2', 'complaint.reassigned', 'handler', moved, 'insurer');
    await told('ent', 'complaint.reassigned', 'complainant', moved, 'enterprise');
    expect(await todo('insurer', 'complaint.submitted', moved)).toEqual(['done']);
    await act(kit, 'insurer2', 'accept', moved);
    await act(kit, 'insurer2', 'reply', moved, REPLY);
    await act(kit, 'gov', 'rehandle', moved, { reason: '答复缺少依据' });
    await told('insurer2', 'complaint.rehandle', 'handler', moved, 'insurer');
    await told('ent', 'complaint.rehandle', 'complainant', moved, 'enterprise');
  });

  it('a platform complaint: the operations centre handles it and hears the satisfaction', async () => {
    const id = await file(kit, 'service', fileBody({ targetKind: 'platform', category: '06' }));
    await told('admin', 'complaint.submitted', 'handler', id, 'admin');
    await act(kit, 'admin', 'accept', id);
    await told('service', 'complaint.accepted', 'complainant', id, 'service');
    await act(kit, 'admin', 'reply', id, REPLY);
    await act(kit, 'service', 'confirm', id, { satisfied: true, score: 5 });
    await told('admin', 'complaint.satisfied', 'handler', id, 'admin');
    expect(await todo('service', 'complaint.replied', id)).toEqual(['done']);
  });

  it('the timer job warns the handler 2 working days before the deadline and flags an overdue one to the regulators, once each', async () => {
    await at(kit, '2026-09-28 10:00');
    const id = await file(kit, 'expert', fileBody({ targetOrgId: kit.org.insurer }));
    await act(kit, 'insurer', 'accept', id);
    const run = async () =>
      (await post(kit.t, '/api/complaint/timers/run', kit.tok.admin)).body.data as unknown as {
        warned: number;
        overdue: number;
      };
    await at(kit, '2026-10-13 09:00');
    expect((await run()).warned).toBe(0);
    await at(kit, '2026-10-14 09:00');
    await run();
    await told('insurer', 'complaint.nearDeadline', 'handler', id, 'insurer');
    await run();
    expect(await messagesOf('insurer', 'complaint.nearDeadline', id)).toHaveLength(1);
    await at(kit, '2026-10-17 09:00');
    await run();
    await told('insurer', 'complaint.overdue', 'handler', id, 'insurer');
    await told('gov', 'complaint.overdue', 'regulators', id, 'government');
    await run();
    expect(await messagesOf('gov', 'complaint.overdue', id)).toHaveLength(1);
    // Flagged in the list and counted against the insurer in the statistics.
    const stats = await post(kit.t, '/api/complaint/stats?from=2026-09-28&to=2026-09-28', kit.tok.gov);
    const unit = (stats.body.data.byUnit as unknown as Array<{ handlerOrgId: number; overdue: number }>).find(
      (u) => u.handlerOrgId === kit.org.insurer,
    );
    expect(unit?.overdue).toBeGreaterThanOrEqual(1);
    expect((await post(kit.t, '/api/complaint/timers/run', kit.tok.gov)).status).toBe(403);
  });

  it('every complaint event × recipient row was sent through the API above', () => {
    const rows = NOTIFICATION_EVENTS.filter((e) => NOTIFICATIONS[e].record === 'complaint').flatMap((e) =>
      NOTIFICATIONS[e].to.map((r) => `${e}:${r.party}`),
    );
    expect([...covered].sort()).toEqual([...rows].sort());
  });
});
