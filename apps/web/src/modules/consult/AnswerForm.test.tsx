import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { AnswerForm } from './AnswerForm.tsx';
import { consult, fail, fakeApi, ok } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const ANSWER = '/consult/answer';

function answer(value: string) {
  fireEvent.change(screen.getByLabelText('答复内容'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: '提交答复' }));
}

describe('AnswerForm', () => {
  it('requires an answer of at least 2 characters', async () => {
    const api = fakeApi({ [ANSWER]: () => ok(null, '答复成功') });
    renderWithApp(<AnswerForm item={consult()} />);
    fireEvent.click(screen.getByRole('button', { name: '提交答复' }));
    expect(await screen.findByText('请输入答复内容')).toBeTruthy();
    answer('  是 ');
    expect(await screen.findByText('答复内容至少2个字')).toBeTruthy();
    expect(api.to(ANSWER)).toHaveLength(0);
  });

  it('posts id, version and the trimmed answer; no publish flag for service organisations', async () => {
    const api = fakeApi({ [ANSWER]: () => ok(null, '答复成功') });
    const onAnswered = vi.fn();
    renderWithApp(<AnswerForm item={consult()} onAnswered={onAnswered} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    answer('  复印件加盖公章即可，原件备查。 ');
    await waitFor(() => expect(onAnswered).toHaveBeenCalledTimes(1));
    expect(api.to(ANSWER)).toHaveLength(1);
    expect(api.to(ANSWER)[0]!.body).toEqual({ id: 7, version: 3, answer: '复印件加盖公章即可，原件备查。' });
    expect(await screen.findByText('答复成功')).toBeTruthy();
  });

  it('lets the admin publish the answer as a Q&A at the same time', async () => {
    const api = fakeApi({ [ANSWER]: () => ok(null, '答复成功') });
    renderWithApp(<AnswerForm item={consult()} allowPublish />);
    fireEvent.click(screen.getByRole('checkbox', { name: /同时公开为问答/ }));
    answer('复印件加盖公章即可。');
    await waitFor(() => expect(api.to(ANSWER)).toHaveLength(1));
    expect(api.to(ANSWER)[0]!.body).toEqual({
      id: 7,
      version: 3,
      answer: '复印件加盖公章即可。',
      isPublic: true,
    });
  });

  it('revising shows the current answer; a refused answer keeps the text and does not report success', async () => {
    const api = fakeApi({ [ANSWER]: () => fail(400, '咨询已关闭，不能再答复') });
    const onAnswered = vi.fn();
    renderWithApp(
      <AnswerForm
        item={consult({ status: 1, answer: '旧的答复内容', answeredAt: '2026-03-02T00:00:00Z' })}
        onAnswered={onAnswered}
      />,
    );
    const box = screen.getByLabelText('修改答复') as HTMLTextAreaElement;
    expect(box.value).toBe('旧的答复内容');
    fireEvent.change(box, { target: { value: '新的答复内容' } });
    fireEvent.click(screen.getByRole('button', { name: '保存答复' }));
    await waitFor(() => expect(api.to(ANSWER)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: '保存答复' })).toBeTruthy());
    expect(onAnswered).not.toHaveBeenCalled();
    expect((screen.getByLabelText('修改答复') as HTMLTextAreaElement).value).toBe('新的答复内容');
  });
});
