import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { ReviewPolicyModal, type ReviewTarget } from './ReviewPolicyModal.tsx';
import { withUser } from './test-user.ts';

const ok = (data: unknown, result = 'ok') =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** An enterprise's application as /api/policy/detail answers it: no pricing yet (stored as 0). */
const application = {
  id: 12,
  version: 2,
  applicationNo: 'TB2026030100000012',
  policyNo: null,
  holderName: '宿迁市恒安化工有限公司',
  enteredBy: 'enterprise',
  status: 'submitted',
  startDate: '2026-04-10',
  endDate: '2027-04-09',
  headcount: 25,
  perPersonLimit: 400000,
  sumInsured: 10_000_000,
  perAccidentLimit: 10_000_000,
  benchmarkRate: 0,
  floatPct: 0,
  factors: [],
  premium: 0,
  preventionFeePct: 15,
};
const target: ReviewTarget = { ...application, premium: 0 };

let reviews: Array<Record<string, unknown>> = [];
beforeEach(() => {
  reviews = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/policy/detail') return ok(application);
      if (url.pathname === '/api/policy/review') {
        reviews.push(JSON.parse(String(init?.body)));
        return ok({ id: 12, version: 3 }, '审核通过，保单已出单');
      }
      return ok(null);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());
withUser({ policy: ['query', 'get', 'edit'] });

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('ReviewPolicyModal: the insurer prices the policy it issues', () => {
  it('issuing asks for the rate and premium, fills the premium at the rate, and sends them', async () => {
    const onDone = vi.fn();
    renderWithApp(<ReviewPolicyModal target={target} onClose={() => undefined} onDone={onDone} />);
    expect(await screen.findByLabelText('行业基准费率（‰）')).toBeTruthy();
    type('保单号', 'PSQA2026001');
    fireEvent.click(screen.getByRole('button', { name: '审核通过并出单' }));
    expect(await screen.findByText('请输入行业基准费率')).toBeTruthy();
    expect(await screen.findByText('请输入实收保费')).toBeTruthy();
    expect(reviews).toHaveLength(0);
    type('行业基准费率（‰）', '1.2');
    // 10,000,000 × 1.2‰
    await waitFor(() => expect(screen.getByTestId('premium-calc').textContent).toBe('12,000.00 元'));
    fireEvent.click(screen.getByText('按计算保费填入'));
    // The earlier "please enter" goes once the premium is filled in.
    await waitFor(() => expect(screen.queryByText('请输入实收保费')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '审核通过并出单' }));
    await waitFor(() => expect(reviews).toHaveLength(1));
    expect(reviews[0]).toEqual({
      id: 12,
      version: 2,
      approve: true,
      policyNo: 'PSQA2026001',
      remark: '',
      benchmarkRate: 1.2,
      factors: [],
      premium: 12000,
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('sending an application back needs no pricing', async () => {
    renderWithApp(<ReviewPolicyModal target={target} onClose={() => undefined} onDone={() => undefined} />);
    await screen.findByLabelText('行业基准费率（‰）');
    fireEvent.click(screen.getByLabelText('不通过（退回）'));
    await waitFor(() => expect(screen.queryByLabelText('行业基准费率（‰）')).toBeNull());
    type('不通过原因', '请补充人员清单');
    fireEvent.click(screen.getByRole('button', { name: '审核不通过' }));
    await waitFor(() => expect(reviews).toHaveLength(1));
    expect(reviews[0]).toEqual({ id: 12, version: 2, approve: false, remark: '请补充人员清单' });
  });
});
