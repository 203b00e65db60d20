import type { EnterpriseRow } from '@aqzrx/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actionsWidth, LIST_WIDTH_AT_1440 } from '../../components/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
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
  // 评分等级 中 (its own band) while the rule table grades the enterprise 重大: two figures, two names.
  scoreGrade: 3,
  riskLevel: 1,
  riskLevelLabel: '重大风险',
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

/** Width of the column headed `header` in the rendered table (its <col>). */
function columnWidth(container: HTMLElement, header: string): number {
  const table = container.querySelector<HTMLTableElement>('.ant-table-content table, .ant-table-body table');
  const th = screen.getByRole('columnheader', { name: header });
  const index = [...(th.parentElement?.children ?? [])].indexOf(th);
  const col = table?.querySelectorAll('col')[index];
  return Number.parseInt(col?.style.width ?? '', 10);
}

describe('企业列表 操作 column', () => {
  it('is wide enough for 详情 编辑 参数 评分 each on one line (not 详/情 one character a line)', async () => {
    const { container } = renderWithApp(<GovEntList />, { actions: ['query', 'edit'] });
    expect(await screen.findByText(row.name)).toBeTruthy();
    const cell = screen.getByText('参数').closest('td') as HTMLElement;
    const links = [...cell.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['详情', '编辑', '参数', '评分']);
    for (const a of links) expect(a.style.whiteSpace).toBe('nowrap');
    expect(columnWidth(container, '操作')).toBeGreaterThanOrEqual(
      actionsWidth(links.map((a) => a.textContent ?? '')),
    );
  });
});

describe('企业列表 所属区县 filter', () => {
  const districtOptions = async () => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '所属区县' }));
    await screen.findAllByRole('option');
    return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
  };

  it('offers a district-level regulator only its own districts', async () => {
    signInAs(testUser({ roleKey: 'ROLE_GOVERNMENT', districtCodes: ['321302', '321324'] }));
    renderWithApp(<GovEntList />, { actions: ['query'] });
    expect(await screen.findByText(row.name)).toBeTruthy();
    expect(await districtOptions()).toEqual(['宿城区', '泗洪县']);
  });

  it('offers a city-level regulator every district', async () => {
    signInAs(
      testUser({
        roleKey: 'ROLE_GOVERNMENT',
        districtCodes: ['321302', '321311', '321322', '321323', '321324'],
      }),
    );
    renderWithApp(<GovEntList />, { actions: ['query'] });
    expect(await screen.findByText(row.name)).toBeTruthy();
    expect(await districtOptions()).toEqual(['宿城区', '宿豫区', '沭阳县', '泗阳县', '泗洪县']);
  });
});

describe('企业列表 风险等级 and 评分等级', () => {
  const optionsOf = async (label: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    const list = (await screen.findAllByRole('listbox')).at(-1)!;
    await vi.waitFor(() => expect(list.parentElement?.querySelector('.ant-select-item-option')).toBeTruthy());
    return [...(list.parentElement?.querySelectorAll('.ant-select-item-option') ?? [])].map(
      (o) => o.textContent,
    );
  };

  it('shows the rule table’s 风险等级 in its colour and the score with its 评分等级, each with its own labels', async () => {
    renderWithApp(<GovEntList />, { actions: ['query'] });
    await screen.findByText(row.name);
    const cells = screen.getByText(row.name).closest('tr')!;
    const risk = cells.querySelector('[data-testid="risk-level"]')!;
    expect(risk.textContent).toBe('重大风险');
    expect(risk.className).toContain('ant-tag-red');
    expect(cells.querySelector('[data-testid="score-grade"]')?.textContent).toBe('中');
    // Expand the query form: the 风险等级 filter offers the four risk labels of 风险查询, 评分等级 its own.
    fireEvent.click(screen.getByText('展开'));
    expect(await optionsOf('风险等级')).toEqual(['重大风险', '较大风险', '一般风险', '低风险']);
    expect(await optionsOf('评分等级')).toEqual(['优', '良', '中', '差']);
  });
});

describe('企业列表 opened from a figure of the cockpit', () => {
  it('asks for the enterprises of the district that must insure and are insured, as the figure counted', async () => {
    signInAs(testUser({ roleKey: 'ROLE_GOVERNMENT', permissions: { enterprise: ['query'] } }));
    renderWithApp(<GovEntList />, {
      actions: ['query'],
      path: '/x?districtCode=321323&mustInsure=true&insured=true&wsIndustryCode=AQ02&bad=1',
    });
    await screen.findByText(row.name);
    const q = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').searchParams;
    expect(['districtCode', 'mustInsure', 'insured', 'wsIndustryCode', 'bad'].map((k) => q.get(k))).toEqual([
      '321323',
      'true',
      'true',
      'AQ02',
      null,
    ]);
  });
});
