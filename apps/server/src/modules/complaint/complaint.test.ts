import { describe, expect, it } from 'vitest';
import { act, at, detail, file, fileBody, post, useComplaintKit } from './complaint.testkit.ts';

const kit = useComplaintKit();

describe('complaint flow', () => {
  it('ent files against insurer; insurer accepts, replies; ent not satisfied escalates; gov takes over and closes', async () => {
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    const d0 = await detail(kit, 'ent', id);
    expect(d0.status).toBe(200);
    expect(d0.body.data).toMatchObject({ state: 1, handlerKind: 'insurer', handlerOrgId: kit.org.insurer });
    const acc = await act(kit, 'insurer', 'accept', id);
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    expect((await detail(kit, 'ent', id)).body.data).toMatchObject({ state: 2, deadline: '2026-10-16' });
    const rep = await act(kit, 'insurer', 'reply', id, {
      facts: '经核实报案资料齐全',
      basis: '保险合同第十条',
      measures: '三日内完成核定',
    });
    expect(rep.status, JSON.stringify(rep.body)).toBe(200);
    const conf = await act(kit, 'ent', 'confirm', id, {
      satisfied: false,
      choice: 'escalate',
      opinion: '答复没有解决问题',
    });
    expect(conf.status, JSON.stringify(conf.body)).toBe(200);
    const list = await post(kit.t, '/api/complaint/list', kit.tok.gov);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const take = await act(kit, 'gov', 'takeOver', id, { reason: '投诉人提请监管部门处理' });
    expect(take.status, JSON.stringify(take.body)).toBe(200);
    const close = await act(kit, 'gov', 'close', id, { result: '责令保险机构限期赔付' });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    const d = await detail(kit, 'ent', id);
    expect((d.body.data.timeline as Array<{ step: string }>).map((s) => s.step)).toEqual([
      'submit',
      'accept',
      'reply',
      'escalate',
      'takeOver',
      'close',
    ]);
    void at;
  });
});
