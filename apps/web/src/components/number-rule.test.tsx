import { fireEvent, screen } from '@testing-library/react';
import { Button, Form, InputNumber } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { numberRule } from './number-rule.ts';

function Sample({ onFinish }: { onFinish: (v: unknown) => void }) {
  return (
    <Form onFinish={onFinish}>
      <Form.Item
        name="n"
        label="参保人数"
        rules={[numberRule('参保人数', { min: 1, max: 100, decimals: 0 })]}
      >
        <InputNumber />
      </Form.Item>
      <Button htmlType="submit">保存</Button>
    </Form>
  );
}

describe('numberRule', () => {
  it('refuses a value outside the range naming the range, and leaves what was typed as it is', async () => {
    const onFinish = vi.fn();
    renderWithApp(<Sample onFinish={onFinish} />);
    const input = screen.getByLabelText('参保人数') as HTMLInputElement;
    for (const typed of ['-5', '0', '1.5', '101']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(await screen.findByText('参保人数须为1至100之间的整数')).toBeTruthy();
      expect(input.value).toBe(typed);
    }
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await new Promise((r) => setTimeout(r, 300));
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ n: 100 }));
  });
});
