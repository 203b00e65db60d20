import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { EntConsultAdd } from './EntConsultAdd.tsx';
import { CLASSES, consult, fakeApi, ok } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const ADD = '/ent/consult/EntConsultAdd/route';
const SAVE = '/manage/articles/saveConsult';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('EntConsultAdd (ask form)', () => {
  it('offers no submit button without the add action', async () => {
    fakeApi({ '/manage/articles/getConsultClassList': () => ok(CLASSES) });
    renderWithApp(<EntConsultAdd />, { path: ADD, actions: ['query'] });
    expect(await screen.findByRole('radio', { name: '理赔咨询' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交咨询' })).toBeNull();
  });

  it('offers the consult classes and refuses empty input with the server messages', async () => {
    const api = fakeApi({ '/manage/articles/getConsultClassList': () => ok(CLASSES) });
    renderWithApp(<EntConsultAdd />, { path: ADD, actions: ['add'] });
    expect(await screen.findByRole('radio', { name: '理赔咨询' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交咨询' }));
    expect(await screen.findByText('请选择咨询分类')).toBeTruthy();
    expect(screen.getByText('请输入咨询标题')).toBeTruthy();
    expect(screen.getByText('请输入咨询内容')).toBeTruthy();
    expect(api.to(SAVE)).toHaveLength(0);
  });

  it('checks the lengths after trimming (title ≥ 2, content ≥ 5)', async () => {
    const api = fakeApi({ '/manage/articles/getConsultClassList': () => ok(CLASSES) });
    renderWithApp(<EntConsultAdd />, { path: ADD, actions: ['add'] });
    fireEvent.click(await screen.findByRole('radio', { name: '投保咨询' }));
    type('咨询标题', '  保 ');
    type('问题描述', '   多少钱  ');
    fireEvent.click(screen.getByRole('button', { name: '提交咨询' }));
    expect(await screen.findByText('咨询标题至少2个字')).toBeTruthy();
    expect(screen.getByText('咨询内容至少5个字')).toBeTruthy();
    expect(api.to(SAVE)).toHaveLength(0);
  });

  it('submits the trimmed question and opens its detail page', async () => {
    const api = fakeApi({
      '/manage/articles/getConsultClassList': () => ok(CLASSES),
      [SAVE]: () => ok({ id: 42 }, '咨询已提交，请等待答复'),
    });
    const { router } = renderWithApp(<EntConsultAdd />, { path: ADD, actions: ['add'] });
    fireEvent.click(await screen.findByRole('radio', { name: '理赔咨询' }));
    type('咨询标题', '  理赔材料需要原件吗？ ');
    type('问题描述', '事故理赔时医疗票据是否必须提交原件？\n');
    fireEvent.click(screen.getByRole('button', { name: '提交咨询' }));
    await waitFor(() => expect(api.to(SAVE)).toHaveLength(1));
    const call = api.to(SAVE)[0]!;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({
      classId: 2,
      title: '理赔材料需要原件吗？',
      content: '事故理赔时医疗票据是否必须提交原件？',
    });
    expect(await screen.findByText('咨询已提交，请等待答复')).toBeTruthy();
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/ent/consult/EntConsultDetail/route?id=42',
      ),
    );
  });

  it('edits an awaiting question with its id and version', async () => {
    const api = fakeApi({
      '/manage/articles/getConsultClassList': () => ok(CLASSES),
      '/consult/detail': () => ok(consult()),
      [SAVE]: () => ok({ id: 7 }, '保存成功'),
    });
    renderWithApp(<EntConsultAdd />, { path: `${ADD}?id=7`, actions: ['add'] });
    expect(await screen.findByDisplayValue('理赔材料需要原件吗？')).toBeTruthy();
    type('咨询标题', '理赔材料必须是原件吗？');
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(api.to(SAVE)).toHaveLength(1));
    expect(api.to(SAVE)[0]!.body).toMatchObject({
      id: 7,
      version: 3,
      classId: 2,
      title: '理赔材料必须是原件吗？',
    });
  });

  it('does not offer editing once the question has been answered', async () => {
    const api = fakeApi({
      '/manage/articles/getConsultClassList': () => ok(CLASSES),
      '/consult/detail': () =>
        ok(consult({ status: 1, answer: '需要原件', answeredAt: '2026-03-02T00:00:00Z' })),
    });
    renderWithApp(<EntConsultAdd />, { path: `${ADD}?id=7`, actions: ['add'] });
    expect(await screen.findByText('该咨询已答复或已关闭，不能再修改')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存修改' })).toBeNull();
    expect(api.to(SAVE)).toHaveLength(0);
  });
});
