import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../platform/storage.ts';
import { apiStub, ok, renderScreen } from '../../test/api-stub.tsx';
import { InsurerDocsPanel, PublishedDocsTable } from './PublishedDocs.tsx';

const DOCS = [
  {
    id: 11,
    insurerId: 1,
    insurerName: '中国人民财产保险股份有限公司宿迁市分公司',
    docType: 1,
    title: '安全生产责任保险条款（2026版）',
    fileId: 'f-11',
    remark: '',
    version: 1,
    updatedAt: '2026-02-03T08:00:00.000Z',
    fileUrl: '/api/insurerDoc/file?id=11',
  },
  {
    id: 12,
    insurerId: 1,
    insurerName: '中国人民财产保险股份有限公司宿迁市分公司',
    docType: 2,
    title: '安责险费率表',
    fileId: 'f-12',
    remark: '按行业分档',
    version: 2,
    updatedAt: '2026-02-10T08:00:00.000Z',
    fileUrl: '/api/insurerDoc/file?id=12',
  },
];
const page = (list: unknown[]) => ok({ page: { list, total: list.length, pageNum: 1 } });
const pdf = () =>
  new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('安责险费率表.pdf')}`,
    },
  });

const saved: Array<{ download: string }> = [];
beforeEach(() => {
  saved.length = 0;
  setToken('tok-ent');
  URL.createObjectURL = vi.fn(() => 'blob:doc/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToken();
});

describe('InsurerDocsPanel (投保申请)', () => {
  it("lists the chosen insurer's published documents and downloads one with the session token", async () => {
    const api = apiStub({
      '/api/insurerDoc/published': () => page(DOCS),
      '/api/insurerDoc/file': () => pdf(),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderScreen(<InsurerDocsPanel insurerId={1} insurerName="人保财险" />, []);
    const panel = await screen.findByTestId('insurer-docs-panel');
    await within(panel).findByText('安全生产责任保险条款（2026版）');
    expect(within(panel).getByText('人保财险 · 保险条款与费率')).toBeTruthy();
    expect(within(panel).getByText('费率表')).toBeTruthy();
    expect(within(panel).getByText('2026-02-10')).toBeTruthy();
    expect(api.callsTo('/api/insurerDoc/published')[0]!.query.get('insurerId')).toBe('1');

    fireEvent.click(within(panel).getByRole('button', { name: '下载 安责险费率表' }));
    await waitFor(() => expect(saved).toEqual([{ download: '安责险费率表.pdf' }]));
    const call = api.callsTo('/api/insurerDoc/file')[0]!;
    expect(call.query.get('id')).toBe('12');
    const init = api.fetchMock.mock.calls.find((c) => String(c[0]).startsWith('/api/insurerDoc/file'))![1];
    expect(new Headers(init?.headers).get('X-TOKEN')).toBe('tok-ent');
  });

  it('says when the insurer has published nothing', async () => {
    vi.stubGlobal('fetch', apiStub({ '/api/insurerDoc/published': () => page([]) }).fetchMock);
    renderScreen(<InsurerDocsPanel insurerId={2} />, []);
    expect(await screen.findByText(/该机构尚未在平台公布保险条款或费率表/)).toBeTruthy();
    expect(screen.getByText('所选保险机构 · 保险条款与费率')).toBeTruthy();
  });
});

describe('PublishedDocsTable (投保管理 → 保险条款与费率)', () => {
  it("lists every insurer's documents with the institution, the remark and a download", async () => {
    const api = apiStub({
      '/api/insurerDoc/published': () =>
        page([...DOCS, { ...DOCS[0], id: 21, insurerId: 2, insurerName: '平安财险' }]),
      '/api/insurer/options': () =>
        ok([
          { id: 1, name: '中国人民财产保险股份有限公司宿迁市分公司' },
          { id: 2, name: '平安财险' },
        ]),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderScreen(<PublishedDocsTable />, []);
    const row = (await screen.findByText('安责险费率表')).closest('tr')!;
    expect(within(row as HTMLElement).getByText('中国人民财产保险股份有限公司宿迁市分公司')).toBeTruthy();
    expect(within(row as HTMLElement).getByText('按行业分档')).toBeTruthy();
    expect(within(row as HTMLElement).getByRole('button', { name: '下载 安责险费率表' })).toBeTruthy();
    expect(screen.getAllByText('平安财险').length).toBeGreaterThan(0);
    expect(api.callsTo('/api/insurerDoc/published')[0]!.query.get('insurerId')).toBeNull();
  });
});
