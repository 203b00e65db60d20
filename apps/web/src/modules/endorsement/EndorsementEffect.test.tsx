import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { withUser } from '../policy/test-user.ts';
import type { EndorsementDetail } from './api.ts';
import { endorsementTimeline } from './EndorsementContent.tsx';
import { approvalText, EndorsementReviewDrawer } from './EndorsementTable.tsx';
import { EntEndorsementDetail } from './EntEndorsementDetail.tsx';

/** Domain 3.3: an endorsement takes effect on its effective date; the screens say when. */

const SLOW = { timeout: 8000 };

const base: EndorsementDetail = {
  id: 8,
  endorsementNo: 'PG2026070100000008',
  policyId: 9,
  policyNo: 'PSQ001',
  holderName: '宿迁市恒安化工有限公司',
  enterpriseId: 3,
  insurerId: 1,
  type: '01',
  typeLabel: '加人',
  reason: '新招录员工',
  effectiveDate: '2026-07-15',
  premiumDelta: 500,
  status: 'applied',
  statusLabel: '待审核',
  appliedAt: '2026-07-01T02:00:00.000Z',
  reviewedAt: null,
  reviewRemark: '',
  version: 1,
  change: { headcount: 11 },
  roster: [],
  before: { headcount: 10 },
  after: { headcount: 11 },
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

function stub(detail: EndorsementDetail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      return url.pathname === '/api/endorsement/detail' ? ok(detail) : new Response('{}', { status: 404 });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('effective date of an endorsement', () => {
  withUser({ endorsement: ['query', 'get', 'edit'] });

  it('the approval text says whether the change applies now or on its date', () => {
    expect(approvalText('2026-07-15', '2026-07-15')).toContain('立即生效');
    expect(approvalText('2026-07-14', '2026-07-15')).toContain('立即生效');
    expect(approvalText('2026-07-16', '2026-07-15')).toBe(
      '批改生效日期为 2026-07-16：审核通过后保单暂不变更，到该日期由系统自动生效并生成保单新版本（原版本保留可查）。',
    );
  });

  it('the timeline: waiting, applied later by the daily job, applied at approval, lapsed, returned', () => {
    const reviewed = { ...base, reviewedAt: '2026-07-02T02:00:00.000Z' };
    const texts = (e: Parameters<typeof endorsementTimeline>[0]) =>
      endorsementTimeline(e).map((i) => i.children);
    expect(texts(base)).toEqual(['企业申请批改', '等待出单保险机构审核']);
    expect(texts({ ...reviewed, status: 'awaiting' })).toEqual([
      '企业申请批改',
      '保险机构审核通过',
      '待生效：将于批改生效日期由系统自动生效，保单届时生成新版本',
    ]);
    expect(endorsementTimeline({ ...reviewed, status: 'awaiting' })[2]?.label).toBe('2026-07-15');
    expect(texts({ ...reviewed, status: 'approved' })).toEqual([
      '企业申请批改',
      '保险机构审核通过',
      '批改生效，保单生成新版本',
    ]);
    expect(texts({ ...reviewed, status: 'approved', effectiveDate: '2026-07-01' })).toEqual([
      '企业申请批改',
      '保险机构审核通过，批改生效，保单生成新版本',
    ]);
    expect(
      texts({
        ...reviewed,
        status: 'returned',
        reviewRemark: '同意；到期未能生效：企业正常经营期间不能退保',
      }),
    ).toEqual(['企业申请批改', '保险机构审核通过：同意', '到期未能生效：企业正常经营期间不能退保']);
    expect(texts({ ...reviewed, status: 'returned', reviewRemark: '请补充名单' })).toEqual([
      '企业申请批改',
      '保险机构退回：请补充名单',
    ]);
  });

  it('the detail of a waiting endorsement shows 审核通过待生效 and its date', async () => {
    stub({
      ...base,
      status: 'awaiting',
      statusLabel: '审核通过待生效',
      reviewedAt: '2026-07-02T02:00:00.000Z',
      actions: { review: false },
    });
    renderWithApp(<EntEndorsementDetail />, { path: '/ent/Entazx/EntEndorsementDetail/route?id=8' });
    expect(await screen.findByText('审核通过待生效', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('待生效：将于批改生效日期由系统自动生效，保单届时生成新版本')).toBeTruthy();
  });

  it('the review drawer asks to confirm an approval dated in the future with its date', async () => {
    stub({ ...base, effectiveDate: '2999-01-01' });
    renderWithApp(<EndorsementReviewDrawer id={8} onClose={() => undefined} onDone={() => undefined} />, {
      path: '/insurance/azx/EndorsementManage/route',
    });
    fireEvent.click(await screen.findByRole('button', { name: '审核通过' }, SLOW));
    expect(await screen.findByText(/批改生效日期为 2999-01-01/, undefined, SLOW)).toBeTruthy();
  });
});
