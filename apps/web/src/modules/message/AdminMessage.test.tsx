import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { GovMessage } from './AdminMessage.tsx';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            error: 0,
            apiError: 0,
            result: 'ok',
            data: { list: [], total: 0, pageNum: 1, pageSize: 10 },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const regulator = (districtCodes: string[]) =>
  signInAs(testUser({ username: 'gov', roleKey: 'ROLE_GOVERNMENT', roleName: '政府监管', districtCodes }));

/** The 接收区县 checkboxes of the send form. */
async function districtBoxes(): Promise<string[]> {
  const item = (await screen.findByText('接收区县')).closest('.ant-form-item') as HTMLElement;
  return within(item)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent ?? '');
}

describe('消息中心 接收区县', () => {
  it('offers a district-level regulator only its own districts', async () => {
    regulator(['321322']);
    renderWithApp(<GovMessage />, { actions: ['add', 'query'] });
    expect(await districtBoxes()).toEqual(['沭阳县']);
    expect(screen.getByText(/不选表示本人管辖的全部区县/)).toBeTruthy();
  });

  it('offers a city-level regulator every district', async () => {
    regulator(['321302', '321311', '321322', '321323', '321324']);
    renderWithApp(<GovMessage />, { actions: ['add', 'query'] });
    expect(await districtBoxes()).toEqual(['宿城区', '宿豫区', '沭阳县', '泗阳县', '泗洪县']);
  });
});
