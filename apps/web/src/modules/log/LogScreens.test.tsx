import type { OpLogRow } from '@aqzrx/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_WIDTH_AT_1440 } from '../../components/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AuditLog, AuditorLog, OperationLog } from './LogScreens.tsx';

const row: OpLogRow = {
  id: 7,
  // 05:23:08 UTC: 13:23:08 in China.
  createdAt: '2026-02-23T05:23:08.000Z',
  userId: 2,
  username: 'gov',
  roleKey: 'ROLE_GOVERNMENT',
  orgName: '宿迁市应急管理局安全生产基础和执法监督科',
  module: '企业管理',
  kind: 'edit',
  operation: '保存企业参数并重新评分',
  method: 'POST',
  path: '/api/enterprise/updateEnterpriseParams',
  params: '{"id":9}',
  targetId: '9',
  ip: '127.0.0.1',
  durationMs: 42,
  outcome: 'success',
  errorMsg: '',
  requestId: 'req-7',
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            error: 0,
            apiError: 0,
            result: 'ok',
            data: { list: [row], total: 1, pageNum: 1, pageSize: 10 },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('操作日志', () => {
  it('shows the time in China time whatever the browser zone', async () => {
    renderWithApp(<OperationLog />, { actions: ['query'] });
    const tr = (await screen.findByText('保存企业参数并重新评分')).closest('tr') as HTMLElement;
    expect(within(tr).getByText('2026-02-23', { exact: false })).toBeTruthy();
    expect(within(tr).getByText('13:23:08')).toBeTruthy();
  });

  it('names the operation instead of showing its raw path; the request is in the expanded row', async () => {
    const { container } = renderWithApp(<OperationLog />, { actions: ['query'] });
    const tr = (await screen.findByText('保存企业参数并重新评分')).closest('tr') as HTMLElement;
    expect(tr.textContent).not.toContain('/api/');
    expect(tr.textContent).not.toContain('POST');
    fireEvent.click(container.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(
      await screen.findByText('POST /api/enterprise/updateEnterpriseParams', { exact: false }),
    ).toBeTruthy();
  });

  it('fits beside the menu at 1440 px with its expand column: every column in view, long texts cut with a tooltip', async () => {
    const { container } = renderWithApp(<OperationLog />, { actions: ['query', 'export'] });
    await screen.findByText('保存企业参数并重新评分');
    const table = container.querySelector<HTMLTableElement>(
      '.ant-table-content table, .ant-table-body table',
    );
    expect(Number.parseInt(table?.style.width ?? '', 10)).toBeLessThanOrEqual(LIST_WIDTH_AT_1440);
    for (const header of ['时间', '操作类型', '用户/角色', '所属机构', '模块', '操作', '结果', 'IP/耗时'])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}$`) })).toBeTruthy();
    expect(screen.getByText('政府监管中心管理员').getAttribute('title')).toBe('政府监管中心管理员');
    expect(screen.getByText('42 ms')).toBeTruthy();
    // The organisation is cut by its display width (…) with the whole name on hover.
    const org = container.querySelector(`[title="${row.orgName}"]`);
    expect(org?.textContent?.endsWith('…')).toBe(true);
  });
});

describe('三权分立: the audit and security administrators’ log screens', () => {
  it('the audit administrator verifies the chain (详情 on its route) and is told its own rows are not listed', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const body = String(input).includes('verifyChain')
        ? {
            ok: true,
            checked: 1234,
            anchorId: 0,
            lastId: 1234,
            breakId: null,
            breakAt: null,
            message: '操作日志防篡改校验通过：自第一条共 1234 条，链尾 #1234',
          }
        : { list: [row], total: 1, pageNum: 1, pageSize: 10 };
      return new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data: body }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<AuditLog />, { actions: ['query', 'get', 'export'] });
    expect(
      await screen.findByText('审计管理员本人的操作不在此列表中，由安全管理员在“审计员日志”中审查。'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /校验完整性/ }));
    expect(await screen.findByText('日志完整性校验通过')).toBeTruthy();
    expect(screen.getByText('操作日志防篡改校验通过：自第一条共 1234 条，链尾 #1234')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/log/sysLogs/verifyChain.json'))).toBe(
      true,
    );
  });

  it('a failed check names the first changed row', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const body = String(input).includes('verifyChain')
          ? {
              ok: false,
              checked: 41,
              anchorId: 0,
              lastId: 99,
              breakId: 42,
              breakAt: '2026-02-23T05:23:08.000Z',
              message: '操作日志防篡改校验失败：第一条异常记录 #42',
            }
          : { list: [row], total: 1, pageNum: 1, pageSize: 10 };
        return new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data: body }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderWithApp(<AuditLog />, { actions: ['query', 'get'] });
    fireEvent.click(await screen.findByRole('button', { name: /校验完整性/ }));
    expect(await screen.findByText('日志完整性校验失败')).toBeTruthy();
    expect(screen.getByText('操作日志防篡改校验失败：第一条异常记录 #42')).toBeTruthy();
  });

  it('without 详情 on its route (a regulator’s or insurer’s log, the security administrator’s) there is no check', async () => {
    renderWithApp(<AuditorLog />, { actions: ['query'] });
    expect(await screen.findByText('保存企业参数并重新评分')).toBeTruthy();
    expect(screen.getByText(/这里只列出审计管理员的操作/)).toBeTruthy();
    expect(screen.getByText('审计员日志')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /校验完整性/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});
