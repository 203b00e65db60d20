import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../platform/auth.ts';
import { draftStorageKey, drafts } from '../../platform/drafts.ts';
import { setToken } from '../../platform/storage.ts';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { draftName } from './core-RecordForm.tsx';
import { page, planDetail, planRow, projectRow } from './core-test-fixtures.ts';
import { ServiceAp } from './ServiceAp.tsx';
import { ServiceApFollow } from './ServiceApFollow.tsx';
import { ServiceIndex } from './ServiceIndex.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The per-user draft key the server hands out (POST /api/pii/draftKey), fixed for the tests. */
const KEY_A = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i + 1)));
const KEY_B = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => 200 - i)));
const keyRoute = (key = KEY_A) => ({ 'POST /api/pii/draftKey': () => ({ key }) });

const asService = () => {
  setToken('tok-service');
  signInAs(
    testUser({
      roleKey: 'ROLE_SERVICE',
      permissions: { ap: ['query', 'get', 'edit', 'add'], dashboard: ['query'] },
    }),
  );
};

const fillable = () =>
  planDetail({
    actions: { edit: true, confirmVisit: false, saveRecord: true, confirmRecord: false, followUp: false },
  });
const PHOTO = '0f0e0d0c-0b0a-4000-8000-000000000009';

describe('ServiceAp (provider landing)', () => {
  it('lists its to-dos first, then the plans assigned to it', async () => {
    asService();
    fakeApi({
      'POST /api/prevention/plan/list': (c) =>
        c.query.get('todo') === 'true'
          ? page([planRow({ id: 35, name: '今日隐患排查', visitState: 'confirmed' })])
          : page([
              planRow(),
              planRow({ id: 36, name: '应急演练', item: '05', itemLabel: '生产安全事故应急预案编制和演练' }),
            ]),
      'POST /api/prevention/project/list': () => page([projectRow()]),
    });
    renderWithApp(<ServiceAp />, { actions: ['query', 'get', 'edit'] });
    const todos = await screen.findByTestId('provider-todos');
    await within(todos).findByText('今日隐患排查');
    expect(within(todos).getByText('待上门服务')).toBeTruthy();
    await screen.findByText('应急演练');
    expect(screen.getByText('三月隐患排查')).toBeTruthy();
    expect(todos.textContent).toContain('待办（1）');
  });

  it('shows a to-do count the server capped as "10,000+" (LIST_COUNT_CAP), not as an exact figure', async () => {
    asService();
    fakeApi({
      'POST /api/prevention/plan/list': (c) =>
        c.query.get('todo') === 'true'
          ? { ...page([planRow({ id: 35, name: '今日隐患排查' })]), total: 10_000, totalCapped: true }
          : page([planRow()]),
      'POST /api/prevention/project/list': () => page([projectRow()]),
    });
    renderWithApp(<ServiceAp />, { actions: ['query', 'get', 'edit'] });
    const todos = await screen.findByTestId('provider-todos');
    await within(todos).findByText('今日隐患排查');
    expect(todos.textContent).toContain('待办（10,000+）');
    expect(todos.textContent).not.toContain('待办（10000）');
  });
});

describe('the record form (ServiceAp ?planId=)', () => {
  it('refuses to submit without summary, photo and expert, saying what is missing, and sends nothing', async () => {
    asService();
    const calls = fakeApi({
      ...keyRoute(),
      'POST /api/prevention/plan/detail': () => ({ ...fillable(), experts: [] }),
    });
    renderWithApp(<ServiceAp />, { path: '/service/serviceAp?planId=31', actions: ['query', 'get', 'edit'] });
    await screen.findByTestId('record-form');
    expect(screen.getByTestId('summary-section').textContent).toContain('符合项数');
    fireEvent.click(screen.getByRole('button', { name: /提交记录/ }));
    const problems = await screen.findByTestId('submit-problems');
    expect(problems.textContent).toContain('请填写服务情况说明后再提交');
    expect(problems.textContent).toContain('请至少上传一张照片或一个文件后再提交');
    expect(problems.textContent).toContain('该服务项目须至少选择一名服务专家后再提交');
    expect(calls.filter((c) => c.path.startsWith('/api/prevention/record'))).toEqual([]);
  });

  it('restores the device draft with a notice, submits it with the hazards and clears the draft', async () => {
    asService();
    const draft = {
      savedAt: '2026-03-05T03:00:00.000Z',
      version: 1,
      values: {
        actualStart: '2026-03-05T01:00:00.000Z',
        actualEnd: '2026-03-05T04:00:00.000Z',
        summaryText: '检查了车间和仓库',
        spend: 800,
        experts: [{ name: '王工', title: '注册安全工程师', phone: '' }],
        photos: [],
        attachments: [],
        summary: { compliant: 40, nonCompliant: 2, notApplicable: 5, photos: [] },
        hazards: [
          {
            checkDate: '2026-03-05',
            description: '配电箱未接地',
            level: 2,
            basis: 'GB 50054',
            recommendation: '立即接地',
            deadline: '2026-03-20',
            photos: [{ fileId: PHOTO, url: `/api/file/${PHOTO}`, name: 'a.png' }],
          },
        ],
      },
    };
    const calls = fakeApi({
      ...keyRoute(),
      'POST /api/prevention/plan/detail': fillable,
      'POST /api/prevention/record/submit': () => ({ id: 31, version: 2 }),
      [`GET /api/file/${PHOTO}`]: () => new Response(new Blob(['x'], { type: 'image/png' })),
    });
    expect(await drafts.write(draftName(31), draft)).toBe(true);
    // Stored sealed: nothing of the draft can be read from the device's storage.
    const stored = localStorage.getItem(draftStorageKey(draftName(31))) ?? '';
    expect(stored).toMatch(/"ct"/);
    expect(stored).not.toContain('检查了车间和仓库');
    expect(stored).not.toContain('配电箱未接地');
    renderWithApp(<ServiceAp />, { path: '/service/serviceAp?planId=31', actions: ['query', 'get', 'edit'] });
    const notice = await screen.findByTestId('draft-restored');
    expect(notice.textContent).toContain('已恢复本机保存的草稿（2026-03-05 11:00）');
    expect(screen.getByTestId('hazard-row-1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /提交记录/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/prevention/record/submit')).toBe(true));
    const body = calls.find((c) => c.path === '/api/prevention/record/submit')?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      planId: 31,
      version: 1,
      actualStart: '2026-03-05T01:00:00.000Z',
      summaryText: '检查了车间和仓库',
      experts: [{ name: '王工', orgId: null, title: '注册安全工程师', phone: '' }],
      summary: { type: '03', compliant: 40, nonCompliant: 2, notApplicable: 5, photos: [] },
      hazards: [
        {
          checkDate: '2026-03-05',
          description: '配电箱未接地',
          level: 2,
          basis: 'GB 50054',
          recommendation: '立即接地',
          deadline: '2026-03-20',
          photos: [PHOTO],
        },
      ],
    });
    await waitFor(() => expect(localStorage.getItem(draftStorageKey(draftName(31)))).toBeNull());
  });

  it('keeps what is typed as a draft on the device, encrypted under the user key, and logout removes it', async () => {
    asService();
    fakeApi({ ...keyRoute(), 'POST /api/prevention/plan/detail': fillable });
    renderWithApp(<ServiceAp />, { path: '/service/serviceAp?planId=31', actions: ['query', 'get', 'edit'] });
    const summary = await screen.findByLabelText('服务情况说明');
    fireEvent.change(summary, { target: { value: '断网前写下的内容' } });
    const key = draftStorageKey(draftName(31));
    await waitFor(async () =>
      expect(
        (await drafts.read<{ values: { summaryText: string } }>(draftName(31)))?.values.summaryText,
      ).toBe('断网前写下的内容'),
    );
    expect(localStorage.getItem(key)).not.toContain('断网前写下的内容');
    expect(Object.keys(localStorage).filter((k) => localStorage.getItem(k)?.includes('断网前'))).toEqual([]);
    clearSession();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it("another user's key cannot open the draft; a plain-text draft of an older version is sealed on restore", async () => {
    asService();
    fakeApi({ ...keyRoute(KEY_A), 'POST /api/prevention/plan/detail': fillable });
    expect(
      await drafts.write(draftName(31), { savedAt: '2026-03-05T03:00:00.000Z', version: 1, values: {} }),
    ).toBe(true);
    setToken('tok-other-user');
    fakeApi({ ...keyRoute(KEY_B) });
    expect(await drafts.read(draftName(31))).toBeNull();

    setToken('tok-service-2');
    fakeApi({ ...keyRoute(KEY_A), 'POST /api/prevention/plan/detail': fillable });
    localStorage.removeItem(draftStorageKey(draftName(31)));
    const legacy = 'aqzrx-ap-record-draft-31';
    localStorage.setItem(
      legacy,
      JSON.stringify({
        savedAt: '2026-03-05T03:00:00.000Z',
        version: 1,
        values: { summaryText: '旧版草稿内容' },
      }),
    );
    renderWithApp(<ServiceAp />, { path: '/service/serviceAp?planId=31', actions: ['query', 'get', 'edit'] });
    await screen.findByTestId('draft-restored');
    expect((screen.getByLabelText('服务情况说明') as HTMLTextAreaElement).value).toBe('旧版草稿内容');
    expect(localStorage.getItem(legacy)).toBeNull();
    expect(localStorage.getItem(draftStorageKey(draftName(31))) ?? '').not.toContain('旧版草稿内容');
  });

  it('without the edit grant the form offers no save or submit', async () => {
    signInAs(testUser({ roleKey: 'ROLE_SERVICE', permissions: { ap: ['query', 'get'] } }));
    fakeApi({ ...keyRoute(), 'POST /api/prevention/plan/detail': fillable });
    renderWithApp(<ServiceAp />, { path: '/service/serviceAp?planId=31', actions: ['query', 'get'] });
    await screen.findByText('当前账号没有填写服务记录的权限');
    expect(screen.queryByRole('button', { name: /提交记录/ })).toBeNull();
  });

  it('opens the camera on a phone: the photo inputs ask for the back camera', async () => {
    asService();
    fakeApi({ ...keyRoute(), 'POST /api/prevention/plan/detail': fillable });
    renderWithApp(<ServiceAp />, { path: '/service/serviceAp?planId=31', actions: ['query', 'get', 'edit'] });
    await screen.findByTestId('record-form');
    const inputs = [...document.querySelectorAll('input[type=file][capture]')];
    expect(inputs.length).toBeGreaterThan(0);
    expect(
      inputs.every(
        (i) => i.getAttribute('capture') === 'environment' && i.getAttribute('accept') === 'image/*',
      ),
    ).toBe(true);
  });
});

describe('ServiceApFollow and ServiceIndex', () => {
  it('records a follow-up with both satisfaction items', async () => {
    asService();
    const calls = fakeApi({
      'POST /api/prevention/plan/detail': () =>
        planDetail({
          status: 2,
          actions: {
            edit: false,
            confirmVisit: false,
            saveRecord: false,
            confirmRecord: false,
            followUp: true,
          },
        }),
      'POST /api/prevention/record/followUp': () => ({ id: 31, version: 3 }),
    });
    renderWithApp(<ServiceApFollow />, { path: '/f?planId=31', actions: ['query', 'get', 'edit'] });
    const form = await screen.findByTestId('follow-up-form');
    expect(form.textContent).toContain('被服务单位配合度');
    expect(form.textContent).toContain('企业对服务的满意度');
    const stars = form.querySelectorAll('.ant-rate');
    fireEvent.click(stars[0]?.querySelectorAll('.ant-rate-star > div')[3] as Element);
    fireEvent.click(stars[1]?.querySelectorAll('.ant-rate-star > div')[4] as Element);
    fireEvent.click(within(form).getByRole('button', { name: /保存回访/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/prevention/record/followUp')).toBe(true));
    expect(calls.find((c) => c.path === '/api/prevention/record/followUp')?.body).toMatchObject({
      planId: 31,
      cooperation: 4,
      rating: 5,
    });
  });

  it('the workbench shows the counts, today’s visits and overdue plans', async () => {
    asService();
    fakeApi({
      'POST /api/prevention/workbench': () => ({
        today: [planRow({ name: '今日上门' })],
        overdue: [planRow({ id: 40, name: '上月演练' })],
        counts: {
          pending: 3,
          inProgress: 1,
          done: 9,
          awaitingVisitConfirm: 2,
          awaitingRecordConfirm: 1,
          followUpsDue: 4,
        },
      }),
    });
    renderWithApp(<ServiceIndex />, { actions: ['query'] });
    await screen.findByText('今日上门');
    expect(screen.getByTestId('wb-overdue').textContent).toContain('上月演练');
    expect(screen.getByTestId('wb-done').textContent).toContain('9');
    expect(screen.getByTestId('wb-followUpsDue').textContent).toContain('4');
  });
});
