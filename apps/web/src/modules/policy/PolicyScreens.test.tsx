import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { PolicyDetailView, policyTimeline } from './PolicyDetailView.tsx';
import { PolicyList } from './PolicyList.tsx';
import { policyDetailFixture, policyRowFixture } from './test-fixtures.ts';
import { withUser } from './test-user.ts';
import { UnderCoveredTag } from './UnderCoveredTag.tsx';

const SLOW = { timeout: 8000 };

const ok = (data: unknown, result = 'ok') =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** Answers by path; records what was sent. */
function stub(answers: Record<string, unknown>) {
  const sent: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      sent.push({
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const a = answers[url.pathname];
      return a === undefined ? new Response('{}', { status: 404 }) : ok(a);
    }),
  );
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

withUser(
  { policy: ['query', 'get', 'add', 'edit', 'export'], endorsement: ['add', 'query', 'get', 'edit'] },
  3,
);

const row = policyRowFixture({
  status: 'submitted',
  state: 'submitted',
  stateLabel: '待审核',
  enteredBy: 'enterprise',
  isRenewal: true,
  premium: 1_081_070,
});

const detail = policyDetailFixture({
  ...row,
  status: 'approved',
  state: 'active',
  stateLabel: '保障中',
  actions: { edit: false, submit: false, review: false, endorse: true, reportClaim: true },
});

/**
 * The room a list has beside the menu at 1440 px, as the browser test measures it (the page card and the
 * table's own card both pad it): less than the shared LIST_WIDTH_AT_1440 estimate.
 */
const ROOM_AT_1440 = 1010;

const tableWidthOf = (container: HTMLElement) =>
  Number.parseInt(
    container.querySelector<HTMLTableElement>('.ant-table-content table, .ant-table-body table')?.style
      .width ?? '',
    10,
  );

describe('cover flags (domain 3.2)', () => {
  it('fewer insured is 未全员投保; more insured than employed says so instead', () => {
    renderWithApp(
      <>
        <UnderCoveredTag
          row={{ underCovered: true, overCovered: false, headcount: 85, enterpriseEmployees: 86 }}
        />
        <UnderCoveredTag
          row={{ underCovered: false, overCovered: true, headcount: 87, enterpriseEmployees: 86 }}
        />
        <UnderCoveredTag
          row={{ underCovered: false, overCovered: false, headcount: 86, enterpriseEmployees: 86 }}
        />
        {/* A row flagged by the older rule (any difference) still reads by its numbers. */}
        <UnderCoveredTag row={{ underCovered: true, headcount: 90, enterpriseEmployees: 86 }} compact />
      </>,
    );
    expect(screen.getAllByTestId('under-covered').map((t) => t.textContent)).toEqual(['未全员投保']);
    expect(screen.getAllByTestId('over-covered').map((t) => t.textContent)).toEqual([
      '参保人数多于从业人员',
      '多于从业人员',
    ]);
  });
});

describe('status record and versions', () => {
  it('marks dates still to come as 预计 / 未到', () => {
    const items = policyTimeline(detail, '2026-11-26');
    expect(items.slice(-2)).toEqual([
      { color: 'green', label: '2026-03-26', children: '保险责任开始' },
      { color: 'gray', label: '2027-03-25（预计）', children: '保险期间届满（未到）' },
    ]);
    const pending = policyTimeline(
      { ...detail, startDate: '2026-12-01', endDate: '2027-11-30' },
      '2026-11-26',
    );
    expect(pending.slice(-2).map((i) => `${i.label} ${i.children}`)).toEqual([
      '2026-12-01（预计） 保险责任开始（未到，待生效）',
      '2027-11-30（预计） 保险期间届满（未到）',
    ]);
    expect(policyTimeline(detail, '2027-04-01').at(-1)).toMatchObject({
      label: '2027-03-25',
      children: '保险期间届满（已过期）',
    });
  });

  it('the detail shows 第 N 版 of an issued policy (no data version), and what a draft lacks', async () => {
    stub({ '/api/policy/detail': detail, '/api/policy/rules': { today: '2026-11-26' } });
    const { unmount } = renderWithApp(<PolicyDetailView side="enterprise" />, {
      path: '/ent/Entazx/EntInsuranceDetail/route?id=463',
    });
    expect((await screen.findByTestId('detail-revision', undefined, SLOW)).textContent).toBe('第 2 版');
    expect(screen.queryByText('数据版本')).toBeNull();
    expect(screen.getByText('参保人数多于从业人员')).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    stub({
      '/api/policy/detail': {
        ...detail,
        status: 'draft',
        state: 'draft',
        revision: null,
        missing: ['premium', 'serviceItems'],
        actions: { ...detail.actions, edit: true, endorse: false },
      },
      '/api/policy/rules': { today: '2026-11-26' },
    });
    renderWithApp(<PolicyDetailView side="enterprise" />, {
      path: '/ent/Entazx/EntInsuranceDetail/route?id=463',
    });
    expect((await screen.findByTestId('draft-missing', undefined, SLOW)).textContent).toContain(
      '草稿尚未填写完整，提交审核前请补充：实收保费、主要服务项目',
    );
    expect(screen.queryByTestId('detail-revision')).toBeNull();
  });
});

describe('lists at 1440 px', () => {
  it('保单管理: every column and the 审核 link fit beside the menu; numbers stay whole', async () => {
    stub({
      '/api/policy/list': {
        page: {
          list: [
            row,
            {
              ...row,
              id: 5,
              status: 'draft',
              state: 'draft',
              premium: 0,
              sumInsured: 0,
              headcount: 0,
              policyNo: null,
            },
          ],
          total: 2,
          pageNum: 1,
        },
      },
    });
    const { container } = renderWithApp(<PolicyList variant="insurer" />, {
      path: '/insurance/azx/PolicyManage/route',
      actions: ['add', 'edit', 'query', 'get', 'export'],
    });
    const link = await screen.findByText('PICC2026321302000002', undefined, SLOW);
    expect(tableWidthOf(container)).toBeLessThanOrEqual(ROOM_AT_1440);
    expect(link.closest('.aq-nowrap')).toBeTruthy();
    expect(screen.getByText('审核')).toBeTruthy();
    expect(screen.getByText('1,081,070.00')).toBeTruthy();
    expect(screen.getByText('多于从业人员')).toBeTruthy();
    // The company name is cut with its whole text on hover.
    expect(screen.getAllByText(row.holderName)[0]!.closest('[title]')?.getAttribute('title')).toBe(
      row.holderName,
    );
    // A draft saved without figures shows them as not filled in, not as 0.
    expect(screen.queryByText('0 人')).toBeNull();
    expect(container.querySelector('.ant-table-cell-fix-right')).toBeTruthy();
  });
});
