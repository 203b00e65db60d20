import type { ArticleItem } from '@aqzrx/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_WIDTH_AT_1440 } from '../../components/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AdminNotice } from './AdminNotice.tsx';

const item = (over: Partial<ArticleItem>): ArticleItem => ({
  id: 1,
  kind: 'notice',
  kindName: '通知公告',
  classId: null,
  className: '',
  title: '',
  summary: '',
  coverUrl: '',
  source: '宿迁市应急管理局',
  author: '',
  publishAt: '2026-11-23T05:32:00.000Z',
  pinned: false,
  sort: 0,
  status: 1,
  statusName: '已发布',
  viewCount: 0,
  isBanner: false,
  linkUrl: '',
  targetRoles: [],
  targetDistricts: [],
  slug: null,
  inFooter: false,
  createdAt: '2026-11-23T05:30:00.000Z',
  updatedAt: '2026-11-23T05:32:00.000Z',
  version: 1,
  ...over,
});

const NOTICE = '关于做好2026年度安全生产责任保险投保工作和事故预防服务工作的通知';
const POLICY_NEWS = '关于印发《宿迁市安全生产责任保险事故预防技术服务规范（试行）》的通知';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const kind = url.searchParams.get('kind');
      const list =
        kind === 'policy'
          ? [item({ id: 2, kind: 'policy', kindName: '政策动态', title: POLICY_NEWS })]
          : [
              item({
                id: 1,
                title: NOTICE,
                pinned: true,
                targetRoles: ['ROLE_ENT'],
                targetDistricts: ['321324'],
              }),
            ];
      return new Response(
        JSON.stringify({
          error: 0,
          apiError: 0,
          result: 'ok',
          data: { list, total: list.length, pageNum: 1, pageSize: 10 },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The title link: one line cut with … (an ellipsis class) and the whole title on hover. */
function expectCutWithTooltip(title: string) {
  const link = screen.getByText(title);
  expect(link.getAttribute('title')).toBe(title);
  expect(link.className).toContain('ant-typography-ellipsis');
  expect(Number.parseInt(link.style.minWidth, 10)).toBe(0);
}

describe('通知公告 list (back office, regulator)', () => {
  it('cuts a long title with … and shows the whole title on hover; the 置顶 tag stays whole', async () => {
    const { container } = renderWithApp(<AdminNotice />, {
      actions: ['query', 'add', 'edit', 'get', 'delete'],
    });
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expectCutWithTooltip(NOTICE);
    expect(screen.getByText('置顶').style.flexShrink).toBe('0');
    const table = container.querySelector<HTMLTableElement>(
      '.ant-table-content table, .ant-table-body table',
    );
    expect(Number.parseInt(table?.style.width ?? '', 10)).toBeLessThanOrEqual(LIST_WIDTH_AT_1440);
  });

  it('政策动态 titles likewise', async () => {
    renderWithApp(<AdminNotice />, { actions: ['query'] });
    await screen.findByText(NOTICE);
    fireEvent.click(screen.getByRole('tab', { name: '政策动态' }));
    expect(await screen.findByText(POLICY_NEWS)).toBeTruthy();
    expectCutWithTooltip(POLICY_NEWS);
  });
});
