import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { ArticleForm, toSaveBody } from './ArticleForm.tsx';
import { bodyProblem, districtsProblem, portalLinkProblem } from './form-rules.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A signed-in editor holding these notice actions. */
function signIn(actions: string[], districtCodes: string[] = []) {
  signInAs(
    testUser({
      uid: 2,
      username: 'gov',
      nickname: '',
      districtCodes,
      roleKey: 'ROLE_GOVERNMENT',
      roleName: '政府监管',
      permissions: { notice: actions },
    }),
  );
}

beforeEach(() => {
  signIn(['add', 'delete', 'edit', 'get', 'query']);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('getHelpClassList')) return json({ error: 0, apiError: 0, result: 'ok', data: [] });
    if (url.includes('/manage/articles/save'))
      return json({ error: 0, apiError: 0, result: '保存成功', data: { id: 9, status: 1, notified: 3 } });
    return json({ error: 0, apiError: 0, result: 'ok', data: null });
  });
});
afterEach(() => {
  authStore.set((st) => ({ ...st, user: null }));
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const saveCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/manage/articles/save'));

function renderNoticeForm() {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithApp(
    <ArticleForm group="notice" id={null} open defaultKind="notice" onClose={onClose} onSaved={onSaved} />,
  );
  return { onSaved, onClose };
}

describe('notice add form', () => {
  it('hides the district selector: target districts are a list of checkboxes, roles likewise', async () => {
    renderNoticeForm();
    const targets = await screen.findByTestId('notice-targets');
    // No select at all (the address picker's district select is not there); the city is fixed.
    expect(targets.querySelectorAll('.ant-select').length).toBe(0);
    expect((within(targets).getByDisplayValue('江苏省 / 宿迁市') as HTMLInputElement).disabled).toBe(true);
    for (const d of ['宿城区', '宿豫区', '沭阳县', '泗阳县', '泗洪县'])
      expect(within(targets).getByLabelText(d)).toBeTruthy();
    expect(within(targets).getByLabelText('投保企业')).toBeTruthy();
  });

  it('a district-level government account is offered only its own districts', async () => {
    signIn(['add', 'delete', 'edit', 'get', 'query'], ['321302', '321311']);
    renderNoticeForm();
    const targets = await screen.findByTestId('notice-targets');
    expect(within(targets).getByLabelText('宿城区')).toBeTruthy();
    expect(within(targets).getByLabelText('宿豫区')).toBeTruthy();
    for (const d of ['沭阳县', '泗阳县', '泗洪县']) expect(within(targets).queryByLabelText(d)).toBeNull();
    expect(within(targets).getByText(/不选表示本人管辖的全部区县/)).toBeTruthy();
  });

  it('保存并发布 needs the edit action of notices, as the server asks for publishing', async () => {
    signIn(['add', 'get', 'query']);
    renderNoticeForm();
    await screen.findByTestId('notice-targets');
    expect(screen.getByRole('button', { name: '保存草稿' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存并发布' })).toBeNull();
  });

  it('refuses to save without a title or a body, saying what to fix', async () => {
    renderNoticeForm();
    fireEvent.click(await screen.findByRole('button', { name: '保存并发布' }));
    expect(await screen.findByText('请输入标题', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('正文至少2个字，请填写正文', {}, { timeout: 5000 })).toBeTruthy();
    expect(saveCalls()).toHaveLength(0);
  });

  it('publishes with the chosen roles and the list of districts', async () => {
    const { onSaved, onClose } = renderNoticeForm();
    await screen.findByTestId('notice-targets');
    const title = document.getElementById('article-notice_title') as HTMLInputElement;
    fireEvent.change(title, { target: { value: '  关于续保的通知  ' } });
    const editor = screen.getByRole('textbox', { name: '正文' });
    editor.innerHTML = '<p>请按时续保。</p>';
    fireEvent.input(editor);
    const targets = screen.getByTestId('notice-targets');
    fireEvent.click(within(targets).getByLabelText('投保企业'));
    fireEvent.click(within(targets).getByLabelText('宿城区'));
    fireEvent.click(within(targets).getByLabelText('泗洪县'));
    fireEvent.click(screen.getByRole('button', { name: '保存并发布' }));
    await waitFor(() => expect(saveCalls()).toHaveLength(1), { timeout: 5000 });
    const body = JSON.parse(String(saveCalls()[0]![1]!.body));
    expect(body).toMatchObject({
      kind: 'notice',
      title: '关于续保的通知',
      body: '<p>请按时续保。</p>',
      targetRoles: ['ROLE_ENT'],
      targetDistricts: ['321302', '321324'],
      status: 1,
    });
    expect(body.classId).toBeNull();
    expect(
      await screen.findByText('发布成功，已向 3 位用户发送站内消息', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(onSaved).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});

describe('notice form in a browser whose zone is not China (UTC)', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('a 发布时间 typed as 09:30 is China time: sent as 01:30Z', async () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(0);
    renderNoticeForm();
    await screen.findByTestId('notice-targets');
    fireEvent.change(document.getElementById('article-notice_title') as HTMLInputElement, {
      target: { value: '关于续保的通知' },
    });
    const editor = screen.getByRole('textbox', { name: '正文' });
    editor.innerHTML = '<p>请按时续保。</p>';
    fireEvent.input(editor);
    const at = document.getElementById('article-notice_publishAt') as HTMLInputElement;
    fireEvent.mouseDown(at);
    fireEvent.focus(at);
    fireEvent.change(at, { target: { value: '2026-03-05 09:30' } });
    fireEvent.keyDown(at, { key: 'Enter', code: 'Enter' });
    fireEvent.blur(at);
    await waitFor(() => expect(at.value).toBe('2026-03-05 09:30'));
    fireEvent.click(screen.getByRole('button', { name: '保存并发布' }));
    await waitFor(() => expect(saveCalls()).toHaveLength(1), { timeout: 5000 });
    const body = JSON.parse(String(saveCalls()[0]![1]!.body));
    expect(body.publishAt).toBe('2026-03-05T01:30:00.000Z');
    expect(
      await screen.findByText('发布成功，已向 3 位用户发送站内消息', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});

describe('content form rules', () => {
  it('body length counts text, like the server', () => {
    expect(bodyProblem('<p> </p>')).toBe('正文至少2个字，请填写正文');
    expect(bodyProblem('<p>好</p>')).toBe('正文至少2个字，请填写正文');
    expect(bodyProblem('<p><img src="/api/public/file/x"></p>')).toBeNull();
    expect(bodyProblem('<p>通知</p>')).toBeNull();
    expect(bodyProblem(`<p>${'字'.repeat(60_001)}</p>`)).toMatch(/不能超过60000个字/);
    expect(bodyProblem('', false)).toBeNull();
  });

  it('districts must be Suqian district codes, links site paths or http(s)', () => {
    expect(districtsProblem(['321302', '321324'])).toBeNull();
    expect(districtsProblem(['320102'])).toBe('区县代码不正确：320102');
    expect(portalLinkProblem('/portal/help')).toBeNull();
    expect(portalLinkProblem('//evil.example')).not.toBeNull();
    expect(portalLinkProblem('javascript:alert(1)')).not.toBeNull();
  });

  it('only notices keep targets; help keeps its class; publishing sets status 1', () => {
    const base = { title: 'T', body: '<p>正文</p>', targetRoles: ['ROLE_ENT'], targetDistricts: ['321302'] };
    const news = toSaveBody({ ...base, kind: 'news', classId: 3 }, { publish: false });
    expect(news.targetRoles).toEqual([]);
    expect(news.targetDistricts).toEqual([]);
    expect(news.classId).toBeNull();
    expect(news.status).toBeUndefined();
    const help = toSaveBody({ ...base, kind: 'help', classId: 3 }, { id: 5, version: 2, publish: true });
    expect(help).toMatchObject({ id: 5, version: 2, classId: 3, status: 1, targetRoles: [] });
    const at = dayjs('2026-01-02T08:30:00+08:00');
    expect(toSaveBody({ ...base, kind: 'policy', publishAt: at }, { publish: false }).publishAt).toBe(
      at.toISOString(),
    );
  });
});

describe('article drawer title', () => {
  it('names the kind being added in the article group: 新增单页, not 新增文章', async () => {
    const view = renderWithApp(
      <ArticleForm group="article" id={null} open defaultKind="page" onClose={vi.fn()} onSaved={vi.fn()} />,
    );
    expect(await screen.findByText('新增单页')).toBeTruthy();
    expect(screen.queryByText('新增文章')).toBeNull();
    view.unmount();
    renderWithApp(
      <ArticleForm group="article" id={null} open defaultKind="banner" onClose={vi.fn()} onSaved={vi.fn()} />,
    );
    expect(await screen.findByText('新增首页轮播')).toBeTruthy();
  });
});
