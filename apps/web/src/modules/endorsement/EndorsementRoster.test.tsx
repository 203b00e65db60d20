import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { type PolicyDetail, PolicyPersons } from '../policy/index.ts';
import { withUser } from '../policy/test-user.ts';
import type { EndorsementDetail } from './api.ts';
import { EndorsementManage } from './EndorsementManage.tsx';
import { EndorsementReviewDrawer } from './EndorsementTable.tsx';
import { EntEndorsementDetail } from './EntEndorsementDetail.tsx';

const SLOW = { timeout: 8000 };

const en: EndorsementDetail = {
  id: 5,
  endorsementNo: 'PG2026070100000005',
  policyId: 9,
  policyNo: 'PSQ001',
  holderName: '宿迁市恒安化工有限公司',
  enterpriseId: 3,
  insurerId: 1,
  type: '03',
  typeLabel: '换人',
  reason: '岗位调整',
  effectiveDate: '2026-07-01',
  premiumDelta: 0,
  status: 'applied',
  statusLabel: '待审核',
  appliedAt: '2026-07-01T02:00:00.000Z',
  reviewedAt: null,
  reviewRemark: '',
  version: 1,
  change: { personsIn: ['郑换入'], personsOut: ['周离职'] },
  roster: [
    {
      direction: 'out',
      name: '周离职',
      idType: '01',
      idTypeLabel: '居民身份证',
      idNo: '110105********002X',
      position: '操作工',
    },
    {
      direction: 'in',
      name: '郑换入',
      idType: '01',
      idTypeLabel: '居民身份证',
      idNo: '321322********0030',
      position: '',
    },
  ],
  before: {},
  after: {},
  attachments: [],
  attachmentFiles: [],
  policyVersion: 3,
  actions: { review: true },
};

const ok = (data: unknown, result = 'ok') =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function stub(routes: Record<string, (url: URL, body: unknown) => Response>) {
  const sent: Array<{ path: string; query: URLSearchParams; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ path: url.pathname, query: url.searchParams, body });
      const h = routes[url.pathname];
      return h ? h(url, body) : new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('endorsement roster in detail and review', () => {
  withUser({ endorsement: ['query', 'get', 'edit'] });

  it('the enterprise detail lists who leaves and who joins, ID numbers masked', async () => {
    stub({ '/api/endorsement/detail': () => ok(en) });
    renderWithApp(<EntEndorsementDetail />, { path: '/ent/Entazx/EntEndorsementDetail/route?id=5' });
    const table = await screen.findByTestId('endorsement-roster', undefined, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', '换出', '周离职', '居民身份证', '110105********002X', '操作工'],
      ['2', '换入', '郑换入', '居民身份证', '321322********0030', '-'],
    ]);
    expect(within(table).getByText('换出 1 人，换入 1 人')).toBeTruthy();
  });

  it('an endorsement applied with names only still shows the names', async () => {
    stub({
      '/api/endorsement/detail': () =>
        ok({
          ...en,
          type: '01',
          typeLabel: '加人',
          roster: [],
          change: { headcount: 11, personsIn: ['孙临时'] },
        }),
    });
    renderWithApp(<EntEndorsementDetail />, { path: '/ent/Entazx/EntEndorsementDetail/route?id=5' });
    await screen.findByText('孙临时', undefined, SLOW);
    expect(screen.queryByTestId('endorsement-roster')).toBeNull();
  });

  it("the insurer's review drawer shows the masked roster and approves after confirming", async () => {
    const sent = stub({
      '/api/endorsement/detail': () => ok(en),
      '/api/endorsement/review': () => ok({ id: 5, version: 2, policyVersion: 4 }, '批改已生效'),
    });
    const done = vi.fn();
    renderWithApp(<EndorsementReviewDrawer id={5} onClose={() => undefined} onDone={done} />, {
      path: '/insurance/azx/EndorsementManage/route',
    });
    const table = await screen.findByTestId('endorsement-roster', undefined, SLOW);
    expect(within(table).getByText('110105********002X')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '审核通过' }));
    fireEvent.click(await screen.findByRole('button', { name: /^通\s*过$/ }, SLOW));
    await waitFor(() => expect(done).toHaveBeenCalled(), SLOW);
    expect(sent.find((s) => s.path === '/api/endorsement/review')?.body).toEqual({
      id: 5,
      version: 1,
      approve: true,
      remark: '',
    });
  });
});

describe('批改管理 opened from a message (?id=)', () => {
  it('opens the review drawer of that endorsement; closing it takes the id off the URL', async () => {
    const sent = stub({
      '/api/endorsement/detail': () => ok(en),
      '/api/endorsement/list': () => ok({ page: { list: [], total: 0, pageNum: 1 } }),
    });
    const { router } = renderWithApp(<EndorsementManage />, {
      path: '/insurance/azx/EndorsementManage/route?id=5',
    });
    const drawer = await screen.findByRole('dialog', undefined, SLOW);
    expect(await within(drawer).findByText(`批改 ${en.endorsementNo}`, undefined, SLOW)).toBeTruthy();
    expect(sent.find((x) => x.path === '/api/endorsement/detail')?.query.get('id')).toBe('5');
    fireEvent.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(router.state.location.search).toBe(''), SLOW);
  });
});

describe('参保人员 of a policy', () => {
  withUser({ policy: ['query', 'get'] });

  const policy = { id: 9, headcount: 27, personCount: 2, version: 4 } as PolicyDetail;
  const rows = [
    {
      id: 1,
      name: '郑换入',
      idType: '01',
      idTypeLabel: '居民身份证',
      idNo: '321322********0030',
      position: '电工',
      joinedOn: '2026-07-01',
      leftOn: null,
      joinedEndorsementNo: 'PG2026070100000005',
      leftEndorsementNo: null,
    },
    {
      id: 2,
      name: '周离职',
      idType: '01',
      idTypeLabel: '居民身份证',
      idNo: '110105********002X',
      position: '',
      joinedOn: '2026-03-01',
      leftOn: '2026-07-01',
      joinedEndorsementNo: 'PG2026030100000002',
      leftEndorsementNo: 'PG2026070100000005',
    },
  ];

  it('lists persons masked, searches by a full ID number and can include those removed', async () => {
    const sent = stub({
      '/api/policy/persons': (url) => {
        const all = url.searchParams.get('all') === 'true';
        const list = all ? rows : rows.filter((r) => !r.leftOn);
        return ok({ page: { list, total: list.length, pageNum: 1 } });
      },
    });
    renderWithApp(<PolicyPersons policy={policy} />, { path: '/ent/Entazx/EntInsuranceDetail/route?id=9' });
    await screen.findByText('321322********0030', undefined, SLOW);
    expect(screen.queryByText('周离职')).toBeNull();
    expect(screen.getByText(/已登记姓名和证件的 2/)).toBeTruthy();
    const first = sent.find((s) => s.path === '/api/policy/persons')!;
    expect(first.query.get('id')).toBe('9');
    expect(first.query.get('all')).toBeNull();

    fireEvent.change(screen.getByPlaceholderText('姓名或完整证件号码'), {
      target: { value: '321322199003150030' },
    });
    fireEvent.mouseDown(screen.getAllByRole('combobox').find((c) => c.id === 'all')!);
    const opt = await screen.findAllByText('含已减少人员', undefined, SLOW);
    fireEvent.click(opt[opt.length - 1]!);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByText('周离职', undefined, SLOW);
    const last = sent.filter((s) => s.path === '/api/policy/persons').at(-1)!;
    expect(last.query.get('keyword')).toBe('321322199003150030');
    expect(last.query.get('all')).toBe('true');
    expect(screen.getByText('已减少')).toBeTruthy();
  });
});
