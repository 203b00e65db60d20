import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../platform/storage.ts';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { ClaimFiles, ClaimSummary, StepFields } from './parts.tsx';
import { claimFixture } from './test-fixtures.ts';

const fetchMock = vi.fn<typeof fetch>();
const created: Blob[] = [];
const clicked: Array<{ href: string; download: string }> = [];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  created.length = 0;
  clicked.length = 0;
  URL.createObjectURL = vi.fn((b: Blob) => {
    created.push(b);
    return `blob:claim/${created.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

const file = (type: string, name?: string) =>
  new Response(new Blob(['%PDF-1.4'], { type }), {
    status: 200,
    headers: {
      'Content-Type': type,
      ...(name ? { 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` } : {}),
    },
  });

describe('ClaimFiles', () => {
  it('reads each attachment through /api/claim/file and saves a document from the blob it already has', async () => {
    fetchMock.mockResolvedValue(file('application/pdf', '事故报告.pdf'));
    renderWithApp(<ClaimFiles claimId={7} ids={['f-1']} />);
    const link = await screen.findByText('事故报告.pdf');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/claim/file?id=7&fileId=f-1');
    fireEvent.click(link);
    await waitFor(() => expect(clicked).toHaveLength(1));
    // No second request: the download is the fetched blob under the server's name.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(clicked[0]?.download).toBe('事故报告.pdf');
    expect(created.at(-1)).toBe(created[0]);
  });

  it('shows images as thumbnails, names unnamed files by position, and says when one cannot be read', async () => {
    fetchMock.mockImplementation(async (url) => {
      const id = new URL(String(url), 'http://x').searchParams.get('fileId');
      if (id === 'img') return file('image/png');
      if (id === 'doc') return file('application/pdf');
      return new Response(JSON.stringify({ error: 404, apiError: 404, result: '附件不存在' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderWithApp(<ClaimFiles claimId={7} ids={['img', 'doc', 'gone']} />);
    expect(((await screen.findByAltText('附件1')) as HTMLImageElement).src).toBe('blob:claim/1');
    expect(await screen.findByText('附件2')).toBeTruthy();
    expect(await screen.findByText('附件3无法读取')).toBeTruthy();
  });
});

describe('payouts in the timeline and the summary', () => {
  it('a payout made in part shows what stays unpaid; the close names the difference', () => {
    renderWithApp(
      <>
        <StepFields
          entry={{
            step: 7,
            data: {
              persons: [],
              properties: [],
              fees: [],
              total: 5000,
              balance: 5000,
              payoutTotal: 5000,
              unpaid: 80000,
            },
          }}
        />
        <StepFields entry={{ step: 8, data: { closeType: 'paid', deniedReason: '', unpaid: 1000 } }} />
        <ClaimSummary claim={claimFixture({ phase: 'paid', assessedTotal: 85000, payoutTotal: 5000 })} />
      </>,
    );
    expect(screen.getByText('80,000.00 元（部分赔付，经确认）')).toBeTruthy();
    expect(screen.getByText('1,000.00 元（原因见备注）')).toBeTruthy();
    expect(screen.getByTestId('claim-unpaid').textContent).toBe('80,000.00 元');
  });
});

describe('the surveyor phone in the timeline', () => {
  it('is masked, and 查看 reveals the step surveyor number', async () => {
    setToken('tok');
    const calls = fakeApi({ 'POST /api/pii/reveal': () => ({ value: '13805271111' }) });
    renderWithApp(
      <StepFields
        entry={{
          id: 55,
          step: 5,
          data: { surveyorName: '周查勘', surveyorPhone: '138****1111', description: '' },
        }}
      />,
    );
    expect(screen.getByText('138****1111')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    expect((await screen.findByTestId('phone-full')).getAttribute('href')).toBe('tel:13805271111');
    expect(calls[0]?.body).toEqual({ kind: 'claimStep', id: 55, field: 'surveyorPhone' });
    vi.unstubAllGlobals();
  });
});
