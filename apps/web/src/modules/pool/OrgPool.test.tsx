import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub, ok, renderScreen } from '../../test/api-stub.tsx';
import { AdminService, GovService, InsuranceServices } from './OrgPool.tsx';
import { ORG, page, SUSPENDED_ORG } from './test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

function stub(importAnswer?: () => Response) {
  const s = apiStub({
    '/api/pool/org/list': () => ok(page([ORG, SUSPENDED_ORG])),
    '/api/pool/org/detail': () => ok(ORG),
    '/api/pool/org/disable': () => ok(null, '已停用，该机构的用户不能再登录'),
    '/api/pool/org/enable': () => ok(null, '已启用'),
    '/api/pool/org/save': () => ok({ id: 11, version: 4 }, '保存成功'),
    '/api/pool/org/import': importAnswer ?? (() => ok({ added: 2, errors: [] }, '导入成功：新增服务机构2家')),
  });
  vi.stubGlobal('fetch', s.fetchMock);
  return s;
}

describe('服务机构 (AdminService)', () => {
  it('lists organisations with specialities, the expiry flag and rating; suspends after confirmation', async () => {
    const s = stub();
    renderScreen(<AdminService />, ['query', 'get', 'edit', 'enable', 'disable', 'export']);
    const name = await screen.findByText('江苏沭安安全技术服务有限公司');
    const tr = within(name.closest('tr') as HTMLElement);
    expect(tr.getByText('资质30天内到期')).toBeTruthy();
    expect(tr.getByText('2026-12-10')).toBeTruthy();
    expect(tr.getByText('安全风险辨识、评估和安全评价')).toBeTruthy();
    expect(tr.getByText('危险化学品')).toBeTruthy();
    expect(tr.getByText('4.3 分（6 条）')).toBeTruthy();
    expect(tr.getByText('沭阳县')).toBeTruthy();
    const other = within(screen.getByText('宿迁市宿豫区恒信安全工程有限公司').closest('tr') as HTMLElement);
    expect(other.getByText('暂无评价')).toBeTruthy();
    expect(other.getByRole('button', { name: /启\s*用/ })).toBeTruthy();

    fireEvent.click(tr.getByRole('button', { name: /停\s*用/ }));
    const pop = await screen.findByText('停用“江苏沭安安全技术服务有限公司”？');
    fireEvent.click(
      within(pop.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /停\s*用/ }),
    );
    await waitFor(() => expect(s.callsTo('/api/pool/org/disable')).toHaveLength(1));
    const q = s.callsTo('/api/pool/org/disable')[0]!.query;
    expect([q.get('id'), q.get('version')]).toEqual(['11', '3']);
    expect(await screen.findByText('已停用，该机构的用户不能再登录')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  });

  it('opens the detail with the service records and edits the profile', async () => {
    const s = stub();
    renderScreen(<AdminService />, ['query', 'get', 'edit', 'enable', 'disable']);
    const name = await screen.findByText('江苏沭安安全技术服务有限公司');
    fireEvent.click(within(name.closest('tr') as HTMLElement).getByRole('button', { name: /详\s*情/ }));
    expect(await screen.findByText('隐患排查（恒安化工）')).toBeTruthy();
    expect(screen.getByText('预防服务记录（已完成 5 次）')).toBeTruthy();
    expect(screen.getByText('沭阳县人民路16号')).toBeTruthy();

    fireEvent.click(within(name.closest('tr') as HTMLElement).getByRole('button', { name: /编\s*辑/ }));
    const contact = await screen.findByLabelText('联系人');
    await waitFor(() => expect((contact as HTMLInputElement).value).toBe('徐沭安'));
    fireEvent.change(contact, { target: { value: '徐新' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(s.callsTo('/api/pool/org/save')).toHaveLength(1));
    expect(s.callsTo('/api/pool/org/save')[0]!.body).toMatchObject({
      orgId: 11,
      version: 3,
      name: '江苏沭安安全技术服务有限公司',
      contactName: '徐新',
      serviceItems: ['02', '03'],
      certExpiry: '2026-12-10',
    });
  });
});

describe('服务机构 (GovService)', () => {
  it('is read-only: details, no edit, suspend or export', async () => {
    stub();
    renderScreen(<GovService />, ['query', 'get']);
    await screen.findByText('江苏沭安安全技术服务有限公司');
    expect(screen.getAllByRole('button', { name: /详\s*情/ }).length).toBe(2);
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /停\s*用/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});

describe('服务机构库 (InsuranceServices)', () => {
  it('filters by rating and starts a prevention project with an organisation', async () => {
    const s = stub();
    renderScreen(<InsuranceServices />, ['query', 'get']);
    expect(await screen.findByText('服务机构库')).toBeTruthy();
    const name = await screen.findByText('江苏沭安安全技术服务有限公司');
    expect(
      within(name.closest('tr') as HTMLElement).getByRole('button', { name: '发起预防项目' }),
    ).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('评分'));
    fireEvent.click(await screen.findByTitle('4分及以上'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(s.callsTo('/api/pool/org/list').some((c) => c.query.get('minRating') === '4')).toBe(true),
    );
  });
});

describe('导入服务机构 (AdminService)', () => {
  const upload = async () => {
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    await screen.findByText('导入服务机构');
    const input = document.body.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], '服务机构.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(input, { target: { files: [file] } });
    await screen.findByText('服务机构.xlsx');
    fireEvent.click(screen.getByRole('button', { name: /开始导入/ }));
  };

  it('imports a workbook and reloads the list', async () => {
    const s = stub();
    renderScreen(<AdminService />, ['query', 'get', 'import', 'export']);
    await screen.findByText('江苏沭安安全技术服务有限公司');
    const before = s.callsTo('/api/pool/org/list').length;
    await upload();
    expect(
      await screen.findByText('导入成功：新增服务机构2家', { selector: '.ant-alert-message' }),
    ).toBeTruthy();
    expect(s.callsTo('/api/pool/org/import')[0]!.body).toBeInstanceOf(FormData);
    await waitFor(() => expect(s.callsTo('/api/pool/org/list').length).toBeGreaterThan(before));
  });

  it('shows the row report of a refused file', async () => {
    stub(
      () =>
        new Response(
          JSON.stringify({
            error: 400,
            apiError: 400,
            result: '有1行未通过校验，未导入任何数据。第2行：已有同名的服务机构',
            data: {
              added: 0,
              errors: [{ rowNo: 2, messages: ['已有同名的服务机构', '服务区域“上海”不在可选范围内'] }],
            },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    renderScreen(<AdminService />, ['query', 'import']);
    await screen.findByText('江苏沭安安全技术服务有限公司');
    await upload();
    expect(await screen.findByText('导入失败：1行有误')).toBeTruthy();
    expect(screen.getByText('第2行')).toBeTruthy();
    expect(screen.getByText('已有同名的服务机构；服务区域“上海”不在可选范围内')).toBeTruthy();
  });

  it('has no import button without the permission, nor for the regulator', async () => {
    stub();
    renderScreen(<AdminService />, ['query', 'get']);
    await screen.findByText('江苏沭安安全技术服务有限公司');
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
  });
});
