import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub, ok, renderScreen } from '../../test/api-stub.tsx';
import { PoolProfile } from './Profile.tsx';
import { EXPERT, ORG } from './test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

describe('机构资料 / 专家资料 (ServiceProfile, ExpertProfile)', () => {
  it('the service organisation sees its flag and saves its profile', async () => {
    const s = apiStub({
      '/api/pool/mine': () => ok({ kind: 'service', org: ORG }),
      '/api/pool/mine/saveOrg': () => ok({ id: 11, version: 4 }, '保存成功'),
    });
    vi.stubGlobal('fetch', s.fetchMock);
    renderScreen(<PoolProfile />, ['query', 'edit']);
    expect(await screen.findByText('资质证书将在30天内到期，请及时更新')).toBeTruthy();
    expect(screen.getByText('机构资料')).toBeTruthy();
    expect(screen.getByText('隐患排查（恒安化工）')).toBeTruthy();
    const staff = screen.getByLabelText('从业人员数') as HTMLInputElement;
    await waitFor(() => expect(staff.value).toBe('18'));
    fireEvent.change(staff, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(s.callsTo('/api/pool/mine/saveOrg')).toHaveLength(1));
    expect(s.callsTo('/api/pool/mine/saveOrg')[0]!.body).toMatchObject({
      version: 3,
      staffCount: 20,
      regionCodes: ['321322'],
      certExpiry: '2026-12-10',
    });
  });

  it('the expert edits its own record; one without a record is told whom to ask', async () => {
    const s = apiStub({
      '/api/pool/mine': () => ok({ kind: 'expert', expert: EXPERT }),
      '/api/pool/mine/saveExpert': () => ok({ id: 5, version: 2 }, '保存成功'),
    });
    vi.stubGlobal('fetch', s.fetchMock);
    renderScreen(<PoolProfile />, ['query', 'edit']);
    expect(await screen.findByText('专家资料')).toBeTruthy();
    expect(screen.getByText('321302********0012', { exact: false })).toBeTruthy();
    const title = screen.getByLabelText('职称') as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('注册安全工程师'));
    fireEvent.change(title, { target: { value: '高级工程师' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(s.callsTo('/api/pool/mine/saveExpert')).toHaveLength(1));
    expect(s.callsTo('/api/pool/mine/saveExpert')[0]!.body).toMatchObject({
      version: 1,
      title: '高级工程师',
      certificates: [{ type: '注册安全工程师', no: 'ZS-2021-1037', validTo: '2026-11-30', fileId: null }],
    });
  });

  it('an expert account without a pool record', async () => {
    vi.stubGlobal(
      'fetch',
      apiStub({ '/api/pool/mine': () => ok({ kind: 'expert', expert: null }) }).fetchMock,
    );
    renderScreen(<PoolProfile />, ['query', 'edit']);
    expect(await screen.findByText('您的专家资料尚未建立')).toBeTruthy();
  });
});
