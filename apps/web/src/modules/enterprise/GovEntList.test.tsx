import type { EnterpriseRow } from '@aqzrx/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_WIDTH_AT_1440 } from '../../components/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { GovEntList } from './GovEntList.tsx';

const row: EnterpriseRow = {
  id: 9,
  name: '宿城区远广建设集团有限公司第二工程分公司',
  uscc: '913213020XEJ2C9JLK',
  districtCode: '321302',
  districtName: '宿城区',
  address: '',
  wsIndustryCode: 'other',
  wsIndustryName: '其他行业领域',
  gbIndustryCode: '',
  employees: 1408,
  operatingStatus: 1,
  legalName: '',
  legalMobile: '',
  safetyName: '',
  safetyMobile: '',
  stdGrade: 0,
  mustInsure: true,
  onRegister: true,
  insuredNow: false,
  blacklist: true,
  score: 60,
  riskLevel: 3,
  infoComplete: false,
  version: 1,
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async () =>
      new Response(
        JSON.stringify({
          error: 0,
          apiError: 0,
          result: 'ok',
          data: { page: { list: [row], total: 1, pageNum: 1 } },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('企业列表 (government)', () => {
  it('shows every column beside the menu at 1440 px: risk, blacklist and information state whole', async () => {
    const { container } = renderWithApp(<GovEntList />, { actions: ['query', 'edit'] });
    expect(await screen.findByText(row.name)).toBeTruthy();
    const table = container.querySelector<HTMLTableElement>(
      '.ant-table-content table, .ant-table-body table',
    );
    expect(Number.parseInt(table?.style.width ?? '', 10)).toBeLessThanOrEqual(LIST_WIDTH_AT_1440);
    for (const header of ['企业名称', '应保/在保', '评分', '风险等级', '黑名单', '信息状态', '操作'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    for (const tag of ['应保', '未在保', '黑名单', '未完善'])
      expect(screen.getAllByText(tag).length).toBeGreaterThan(0);
    // A long name is cut with its whole text on hover.
    expect(screen.getByText(row.name).closest('[title]')?.getAttribute('title')).toBe(row.name);
  });
});
