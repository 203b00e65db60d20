import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { policyDetailFixture } from '../policy/test-fixtures.ts';
import { withUser } from '../policy/test-user.ts';
import type { EndorsementDetail, EndorsementRow } from './api.ts';
import { endorsementTimeline } from './EndorsementContent.tsx';
import { EndorsementTable } from './EndorsementTable.tsx';
import { EntEndorsementDetail } from './EntEndorsementDetail.tsx';
import { EntInsuranceDetail, PolicyDetail } from './PolicyDetailScreens.tsx';

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

describe('lists at 1440 px', () => {
  it('批改管理: 批单号 and 保单号 each whole on their own line, the list fits beside the menu', async () => {
    const en: EndorsementRow = {
      id: 477,
      endorsementNo: 'PG2026102200000477',
      policyId: 463,
      policyNo: 'PICC2025321323000031',
      holderName: '泗阳县安盛建筑工程有限公司',
      enterpriseId: 3,
      insurerId: 3,
      type: '05',
      typeLabel: '保额/限额变更',
      reason: '提高限额',
      effectiveDate: '2026-10-22',
      premiumDelta: 5916,
      status: 'awaiting',
      statusLabel: '审核通过待生效',
      appliedAt: '2026-10-22T02:45:00.000Z',
      reviewedAt: null,
      reviewRemark: '',
      version: 1,
    };
    stub({ '/api/endorsement/list': { page: { list: [en], total: 1, pageNum: 1 } } });
    const { container } = renderWithApp(<EndorsementTable side="insurer" />, {
      path: '/insurance/azx/EndorsementManage/route',
      actions: ['edit', 'query', 'get'],
    });
    const no = await screen.findByText(en.endorsementNo, undefined, SLOW);
    expect(tableWidthOf(container)).toBeLessThanOrEqual(ROOM_AT_1440);
    const cell = no.closest('.aq-nowrap');
    expect(cell?.textContent).toBe(`${en.endorsementNo}${en.policyNo}`);
    expect(screen.getByText(en.holderName).closest('[title]')?.getAttribute('title')).toBe(en.holderName);
    expect(screen.getByText('+5,916.00').className).toContain('aq-num');
  });
});

describe('withdrawing an endorsement application', () => {
  const pending: EndorsementDetail = {
    id: 8,
    endorsementNo: 'PG2026112600000008',
    policyId: 463,
    policyNo: 'PICC2026321302000002',
    holderName: '宿迁市恒安化工有限公司',
    enterpriseId: 3,
    insurerId: 1,
    type: '06',
    typeLabel: '期间变更',
    reason: '调整保险期间',
    effectiveDate: '2026-11-26',
    premiumDelta: 0,
    status: 'applied',
    statusLabel: '待审核',
    appliedAt: '2026-11-26T02:00:00.000Z',
    reviewedAt: null,
    reviewRemark: '',
    version: 3,
    change: { endDate: '2027-01-31' },
    roster: [],
    before: { endDate: '2027-03-25' },
    after: { endDate: '2027-01-31' },
    attachments: [],
    attachmentFiles: [],
    policyVersion: 2,
    withdrawnAt: null,
    actions: { review: false, withdraw: true },
  };

  it('the timeline of a withdrawn application ends with the withdrawal', () => {
    expect(
      endorsementTimeline({ ...pending, status: 'withdrawn', withdrawnAt: '2026-11-26T03:00:00.000Z' }).map(
        (i) => i.children,
      ),
    ).toEqual(['企业申请批改', '企业撤回申请（未经审核，保单未变更）']);
  });

  it('the enterprise withdraws its pending application from the detail', async () => {
    const sent = stub({
      '/api/endorsement/detail': pending,
      '/api/endorsement/withdraw': { id: 8, version: 4, status: 'withdrawn' },
    });
    renderWithApp(<EntEndorsementDetail />, {
      path: '/ent/Entazx/EntEndorsementDetail/route?id=8',
    });
    fireEvent.click(await screen.findByRole('button', { name: '撤回申请' }, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, SLOW));
    await waitFor(() => expect(sent.some((s) => s.path === '/api/endorsement/withdraw')).toBe(true), SLOW);
    expect(sent.find((s) => s.path === '/api/endorsement/withdraw')!.body).toEqual({ id: 8, version: 3 });
  });
});

describe('the policy detail screens', () => {
  const en: EndorsementRow = {
    id: 478,
    endorsementNo: 'PG2026102200000478',
    policyId: 463,
    policyNo: 'PICC2025321323000031',
    holderName: '泗阳县安盛建筑工程有限公司',
    enterpriseId: 3,
    insurerId: 3,
    type: '01',
    typeLabel: '增加被保险人',
    reason: '新员工入职',
    effectiveDate: '2026-10-22',
    premiumDelta: 456,
    status: 'approved',
    statusLabel: '已生效',
    appliedAt: '2026-10-22T02:45:00.000Z',
    reviewedAt: '2026-10-22T03:45:00.000Z',
    reviewRemark: '',
    version: 2,
  };

  for (const [side, Screen, path] of [
    ['insurer', PolicyDetail, '/insurance/azx/PolicyDetail/route?id=463'],
    ['enterprise', EntInsuranceDetail, '/ent/Entazx/EntInsuranceDetail/route?id=463'],
  ] as const) {
    it(`${side}: the 批改记录 tab lists the policy's endorsements`, async () => {
      const sent = stub({
        '/api/policy/detail': policyDetailFixture({ id: 463, endorsementCount: 1 }),
        '/api/policy/rules': { today: '2026-11-26' },
        '/api/endorsement/list': { page: { list: [en], total: 1, pageNum: 1 } },
      });
      renderWithApp(<Screen />, { path });
      fireEvent.click(await screen.findByRole('tab', { name: '批改记录（1）' }, SLOW));
      expect(await screen.findByText(en.endorsementNo, undefined, SLOW)).toBeTruthy();
      expect(sent.some((s) => s.path === '/api/endorsement/list')).toBe(true);
    });
  }
});
