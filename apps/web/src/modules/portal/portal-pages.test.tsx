import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PortalAP, PortalClaim } from './PortalInfo.tsx';
import { PortalNoticeDetail } from './PortalNoticeDetail.tsx';
import { PortalSinglePage } from './PortalSinglePage.tsx';
import { idProblem } from './portal-api.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ error: 404, apiError: 404, result: '记录不存在' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  authStore.set({ ...authStore.get(), token: null, user: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('PortalAP (事故预防)', () => {
  it('shows the prevention figures of the records', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/public/apStats')
        ? new Response(
            JSON.stringify({
              error: 0,
              apiError: 0,
              result: 'ok',
              data: {
                items: [
                  { name: 'apServices', label: '预防服务', value: 1234, unit: '次' },
                  { name: 'apSpend', label: '事故预防费用支出', value: 56000.5, unit: '元' },
                ],
              },
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          )
        : new Response(JSON.stringify({ error: 404, apiError: 404, result: '记录不存在' }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          }),
    );
    renderWithApp(<PortalAP />, { path: '/portal/ap' });
    const stats = await screen.findByTestId('portal-ap-stats');
    expect(await within(stats).findByText('1,234')).toBeTruthy();
    expect(within(stats).getByText('预防服务')).toBeTruthy();
    expect(within(stats).getByText('56,000.50')).toBeTruthy();
  });
});

describe('portal wording', () => {
  it('tells a missing id from one that is no id', async () => {
    expect(idProblem(null, '公告')).toBe('缺少公告编号');
    expect(idProblem('', '公告')).toBe('缺少公告编号');
    expect(idProblem('abc', '公告')).toBe('公告编号无效');

    renderWithApp(<PortalNoticeDetail />, { path: '/portal/notice/detail?id=abc' });
    expect(await screen.findByText('公告编号无效')).toBeTruthy();
    expect(screen.queryByText(/缺少/)).toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/public/notice/detail'))).toBe(false),
    );
  });

  it('a single page without aid says it is missing', async () => {
    renderWithApp(<PortalSinglePage />, { path: '/portal/singlePage' });
    expect(await screen.findByText('缺少页面编号')).toBeTruthy();
  });

  it('the entry buttons read 登录后进入… for a visitor', async () => {
    const view = renderWithApp(<PortalAP />, { path: '/portal/ap' });
    expect(await screen.findByRole('button', { name: /登录后进入事故预防/ })).toBeTruthy();
    view.unmount();
    renderWithApp(<PortalClaim />, { path: '/portal/claim' });
    expect(await screen.findByRole('button', { name: /登录后进入事故理赔/ })).toBeTruthy();
  });
});
