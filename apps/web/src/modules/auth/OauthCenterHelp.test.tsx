import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { OauthCenterHelp } from './OauthCenterHelp.tsx';

afterEach(() => vi.unstubAllGlobals());

function stubInfo(answer: (code: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/subsystem/getSubsystemInfo') throw new Error(`unexpected ${url.pathname}`);
    return answer(url.searchParams.get('code') ?? '');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const show = (code: string) =>
  renderWithApp(
    <Routes>
      <Route path="/oauth-center-help/:code" element={<OauthCenterHelp />} />
    </Routes>,
    { path: `/oauth-center-help/${code}` },
  );

describe('OauthCenterHelp', () => {
  it("shows the subsystem's name, status, address and sanitised help", async () => {
    const fetchMock = stubInfo(() =>
      json(200, {
        error: 0,
        apiError: 0,
        result: '操作成功',
        data: {
          subsystem: {
            name: '双重预防机制信息系统',
            code: 'sqfx',
            url: 'https://sqfx.example.gov.cn/',
            status: 1,
            helpContent:
              '<h3>系统简介</h3><p onclick="steal()">请使用平台账号登录。</p><script>steal()</script>',
          },
        },
      }),
    );
    const { container } = show('sqfx');
    expect(await screen.findByRole('heading', { name: '双重预防机制信息系统' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toContain('code=sqfx');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
    expect(screen.getByText('运行中')).toBeTruthy();
    expect(screen.getByText('https://sqfx.example.gov.cn/').closest('a')?.getAttribute('href')).toBe(
      'https://sqfx.example.gov.cn/',
    );
    expect(screen.getByText('系统简介').tagName).toBe('H3');
    const help = container.ownerDocument.querySelector('.subsystem-help');
    expect(help?.innerHTML).toBe('<h3>系统简介</h3><p>请使用平台账号登录。</p>');
    expect(screen.getByRole('link', { name: /前往双重预防机制信息系统/ })).toBeTruthy();
    expect(screen.queryByText('功能尚未开放')).toBeNull();
  });

  it('a disabled subsystem says so and offers no link to go there', async () => {
    stubInfo(() =>
      json(200, {
        error: 0,
        apiError: 0,
        result: '操作成功',
        data: {
          subsystem: {
            name: '执法系统',
            code: 'aqzf',
            url: 'https://x.example/',
            status: 0,
            helpContent: '',
          },
        },
      }),
    );
    show('aqzf');
    expect(await screen.findByText('该子系统目前已停用，暂时无法访问。')).toBeTruthy();
    expect(screen.getByText('暂无帮助内容，如有疑问请联系平台管理员。')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /前往/ })).toBeNull();
  });

  it('an unknown code says the subsystem does not exist', async () => {
    stubInfo((code) =>
      json(404, { error: 404, apiError: 404, result: `子系统 ${code} 不存在`, code: 'NOT_FOUND' }),
    );
    show('abc');
    expect(await screen.findByText('子系统不存在')).toBeTruthy();
    expect(
      screen.getByText('未找到编码为“abc”的子系统，请检查链接是否正确，或联系平台管理员。'),
    ).toBeTruthy();
  });
});
