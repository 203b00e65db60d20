import type { RuleItem } from '@aqzrx/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_WIDTH_AT_1440 } from '../../components/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AdminRules } from './AdminRules.tsx';

const rule = (over: Partial<RuleItem>): RuleItem => ({
  id: 1,
  name: '安全生产责任保险实施办法（2025年修订版）',
  docNo: '应急〔2025〕27号',
  issuer: '应急管理部、财政部、国家金融监督管理总局',
  level: 'normative',
  levelName: '规范性文件',
  publishDate: '2025-03-29',
  effectiveDate: '2025-03-29',
  status: 'current',
  statusName: '现行有效',
  revisedById: null,
  revisedByName: '',
  repealedDate: null,
  summary: '',
  sourceUrl: '',
  viewCount: 3,
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});
const rows = [
  rule({}),
  rule({
    id: 2,
    name: '安全生产责任保险实施办法',
    publishDate: '2017-12-12',
    effectiveDate: '2018-01-01',
    status: 'repealed',
    statusName: '已废止',
    repealedDate: '2025-03-29',
    revisedById: 1,
    revisedByName: '安全生产责任保险实施办法（2025年修订版）',
  }),
];

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async () =>
      new Response(
        JSON.stringify({ error: 0, apiError: 0, result: 'ok', data: { list: rows, total: 2, pageNum: 1 } }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('法规库 (admin)', () => {
  it('fits at 1440 px: names cut with a tooltip at a sensible width, the repeal tag whole with its date below', async () => {
    const { container } = renderWithApp(<AdminRules />, { actions: ['query', 'edit', 'delete'] });
    const name = await screen.findByText('安全生产责任保险实施办法（2025年修订版）');
    expect(name.closest('[title]')?.getAttribute('title')).toBe('安全生产责任保险实施办法（2025年修订版）');
    const table = container.querySelector<HTMLTableElement>(
      '.ant-table-content table, .ant-table-body table',
    );
    expect(Number.parseInt(table?.style.width ?? '', 10)).toBeLessThanOrEqual(LIST_WIDTH_AT_1440);
    const nameHeader = screen.getByRole('columnheader', { name: '法规名称' });
    const cols = [...(table?.querySelectorAll('col') ?? [])].map((c) => Number.parseInt(c.style.width, 10));
    expect(cols[[...(nameHeader.parentElement?.children ?? [])].indexOf(nameHeader)]).toBeGreaterThanOrEqual(
      240,
    );
    expect(screen.getByText('已废止').textContent).toBe('已废止');
    expect(screen.getByText('2025-03-29 废止')).toBeTruthy();
    expect(screen.getByText('2018-01-01 实施')).toBeTruthy();
  });
});
