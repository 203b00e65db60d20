import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { QADetail } from './QADetail.tsx';
import { fail, fakeApi, ok } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const qa = (id: number, title: string) => ({
  id,
  classId: 1,
  className: '投保咨询',
  title,
  content: '<img src=x onerror=alert(1)> 新招员工后保单要批改吗？',
  answer: '需要。应及时申请批改增加被保险人员。',
  answeredAt: '2026-03-02T00:00:00.000Z',
  viewCount: 5,
});

describe('QADetail (/QA/detail?id, public)', () => {
  it('shows the published question and answer as plain text, with related questions of the class', async () => {
    const api = fakeApi({
      '/public/qa/detail': () => ok(qa(3, '员工人数变化后保单需要批改吗？')),
      '/public/qa/list': () =>
        ok({
          list: [qa(3, '员工人数变化后保单需要批改吗？'), qa(4, '保费怎么计算？')],
          total: 2,
          pageNum: 1,
          pageSize: 6,
        }),
    });
    renderWithApp(<QADetail />, { path: '/QA/detail?id=3' });
    expect(await screen.findByRole('heading', { name: '员工人数变化后保单需要批改吗？' })).toBeTruthy();
    expect(screen.getByTestId('qa-question').textContent).toContain('<img src=x onerror=alert(1)>');
    expect(document.querySelector('[data-testid="qa-question"] img')).toBeNull();
    expect(screen.getByTestId('qa-answer').textContent).toContain('需要。应及时申请批改增加被保险人员。');
    expect(await screen.findByRole('link', { name: '保费怎么计算？' })).toBeTruthy();
    // the current question is not listed as related to itself
    expect(screen.queryByRole('link', { name: '员工人数变化后保单需要批改吗？' })).toBeNull();
    expect(api.to('/public/qa/detail')[0]!.query.get('id')).toBe('3');
    expect(api.to('/public/qa/detail')[0]!.method).toBe('GET');
  });

  it('explains an unknown or withdrawn id and offers ways back', async () => {
    fakeApi({ '/public/qa/detail': () => fail(404, '问答不存在或未公开') });
    renderWithApp(<QADetail />, { path: '/QA/detail?id=999' });
    expect(await screen.findByText('问答不存在或未公开')).toBeTruthy();
    expect(screen.getByRole('button', { name: '进入帮助中心' })).toBeTruthy();
  });

  it('does not call the server for a malformed id', async () => {
    const api = fakeApi({});
    renderWithApp(<QADetail />, { path: '/QA/detail?id=abc' });
    // An id was given, it is just no id: not 缺少.
    expect(await screen.findByText('问答编号无效')).toBeTruthy();
    await waitFor(() => expect(api.calls).toHaveLength(0));
  });

  it('says the id is missing when none was given', async () => {
    fakeApi({});
    renderWithApp(<QADetail />, { path: '/QA/detail' });
    expect(await screen.findByText('缺少问答编号')).toBeTruthy();
  });
});
