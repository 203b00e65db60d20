import type { EnterpriseParamView } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { ParamEditModal } from './GovEntParams.tsx';

const param = (over: Partial<EnterpriseParamView> = {}): EnterpriseParamView => ({
  key: 'majorHazards',
  label: '未整改重大隐患数',
  kind: 'count',
  system: false,
  source: 2,
  value: 3,
  systemValue: null,
  remark: '',
  updatedAt: null,
  ...over,
});

describe('企业参数: the dialog that sets one parameter', () => {
  it('a cleared manual value is refused as required, not saved as 0', async () => {
    const onSave = vi.fn();
    const p = param();
    renderWithApp(
      <ParamEditModal
        param={p}
        params={[p]}
        currentScore={54}
        saving={false}
        onCancel={vi.fn()}
        onSave={onSave}
      />,
    );
    const input = (await screen.findByRole('spinbutton')) as HTMLInputElement;
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('手动录入的参数须填写数值')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a manual value that is entered is saved as entered', async () => {
    const onSave = vi.fn();
    const p = param();
    renderWithApp(
      <ParamEditModal
        param={p}
        params={[p]}
        currentScore={54}
        saving={false}
        onCancel={vi.fn()}
        onSave={onSave}
      />,
    );
    const input = (await screen.findByRole('spinbutton')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ source: 2, value: 1 });
  });
});
