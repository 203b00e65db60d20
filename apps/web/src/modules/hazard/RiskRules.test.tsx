import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { RiskRulesDrawer } from './RiskRules.tsx';
import { ruleSet } from './test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const asGov = (grants: Record<string, string[]>) =>
  signInAs(testUser({ roleKey: 'ROLE_GOVERNMENT', permissions: grants }));

describe('RiskRulesDrawer (风险分级规则)', () => {
  it('reads the table; an editor sees an out-of-range value refused as typed, then saves with the version', async () => {
    asGov({ risk: ['query', 'get', 'edit'] });
    const calls = fakeApi({
      'GET /api/risk/rules': () => ruleSet(),
      'POST /api/risk/rules': () => ({ version: 2 }),
    });
    renderWithApp(<RiskRulesDrawer open onClose={() => undefined} />);
    const drawer = await screen.findByTestId('risk-rules');
    await within(drawer).findByText('未整改重大隐患数');
    expect(drawer.textContent).toContain('≥60分为重大风险（红）');
    expect(drawer.textContent).toContain('初始规则');

    fireEvent.click(screen.getByRole('button', { name: '调整规则' }));
    const points = await screen.findByDisplayValue('30');
    fireEvent.change(points, { target: { value: '-5' } });
    fireEvent.blur(points);
    fireEvent.click(screen.getByRole('button', { name: '保存并重新评定' }));
    await screen.findByText('分值须为0至100之间的整数');
    // Refused, not rewritten: the field still holds what was typed, and nothing was sent.
    expect((points as HTMLInputElement).value).toBe('-5');
    expect(await screen.findByText('请填写调整原因')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(points, { target: { value: '35' } });
    fireEvent.change(screen.getByLabelText('调整原因'), { target: { value: '重大隐患权重上调' } });
    fireEvent.click(screen.getByRole('button', { name: '保存并重新评定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/risk/rules');
    expect(post?.body).toEqual({
      thresholds: { major: 60, larger: 40, general: 20 },
      rules: [{ factor: 'openMajorHazards', min: 1, points: 35 }],
      reason: '重大隐患权重上调',
      version: 1,
    });
  });

  it('offers no editing without risk.edit', async () => {
    asGov({ risk: ['query', 'get'] });
    fakeApi({ 'GET /api/risk/rules': () => ruleSet() });
    renderWithApp(<RiskRulesDrawer open onClose={() => undefined} />);
    const drawer = await screen.findByTestId('risk-rules');
    await within(drawer).findByText('未整改重大隐患数');
    expect(screen.queryByRole('button', { name: '调整规则' })).toBeNull();
  });
});
