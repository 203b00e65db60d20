import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub, ok, renderScreen } from '../../test/api-stub.tsx';
import { addressDetail, fullAddress, InsuranceInfo } from './InsuranceInfo.tsx';

// A real USCC with a valid check digit (GB 32100-2015).
const USCC = '91321300MA1MBUXL10';

const profile = {
  id: 5,
  name: '中国人民财产保险股份有限公司宿迁市分公司',
  uscc: USCC,
  districtCode: '321302',
  districtName: '宿城区',
  insurerType: 2,
  orgCode: 'PICC-SQ-000001',
  parentName: '中国人民财产保险股份有限公司',
  parentCode: '000001',
  address: '宿迁市宿城区洪泽湖路8号',
  headName: '张建国',
  // Masked by the server (security P04).
  headMobile: '139****5678',
  version: 3,
};

function stub() {
  const s = apiStub({
    '/api/insurer/mine': () => ok(profile),
    '/api/insurer/saveMine': () => ok({ version: 4 }, '保存成功'),
    '/api/pii/reveal': () => ok({ value: '13912345678' }),
  });
  vi.stubGlobal('fetch', s.fetchMock);
  return s;
}

afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('addresses of the institution', () => {
  it('names city and district once, whatever the stored address holds', () => {
    expect(fullAddress('人民路126号', '宿城区')).toBe('宿迁市宿城区人民路126号');
    expect(fullAddress('宿迁市宿城区人民路126号', '宿城区')).toBe('宿迁市宿城区人民路126号');
    expect(fullAddress('江苏省宿迁市宿城区人民路126号', '宿城区')).toBe('宿迁市宿城区人民路126号');
    expect(fullAddress('宿豫区洪泽湖路8号', '宿城区')).toBe('宿迁市宿豫区洪泽湖路8号');
    expect(addressDetail('宿迁市宿城区人民路126号', '宿城区')).toBe('人民路126号');
    expect(addressDetail('宿迁市', '宿城区')).toBe('宿迁市');
  });
});

describe('机构信息 (InsuranceInfo)', () => {
  it('shows the profile and hides 编辑 without the edit action', async () => {
    stub();
    renderScreen(<InsuranceInfo />, ['query', 'get']);
    expect(await screen.findByText('PICC-SQ-000001')).toBeTruthy();
    expect(screen.getByText('分公司')).toBeTruthy();
    // The stored address already names city and district (older records, first demo seed): shown once.
    expect(screen.getByText('宿迁市宿城区洪泽湖路8号')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });

  it('shows the head mobile masked; 查看 asks the server for the full number of its own record', async () => {
    const s = stub();
    renderScreen(<InsuranceInfo />, ['query', 'get']);
    expect(await screen.findByText('139****5678')).toBeTruthy();
    expect(screen.queryByText('13912345678')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    expect(await screen.findByText('13912345678')).toBeTruthy();
    expect(s.callsTo('/api/pii/reveal')[0]!.body).toEqual({ kind: 'insurer', id: 5, field: 'headMobile' });
  });

  it('saves with the masked number left as it is; another masked number is refused', async () => {
    const s = stub();
    renderScreen(<InsuranceInfo />, ['query', 'get', 'edit']);
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    expect((await screen.findByLabelText('负责人手机号')).getAttribute('value')).toBe('139****5678');
    expect(screen.getByText('已脱敏显示，不修改则保留原号码')).toBeTruthy();
    type('负责人手机号', '139****0000');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('手机号格式不正确，请输入11位手机号')).toBeTruthy();
    expect(s.callsTo('/api/insurer/saveMine')).toHaveLength(0);
    type('负责人手机号', '139****5678');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(s.callsTo('/api/insurer/saveMine')).toHaveLength(1));
    expect(s.callsTo('/api/insurer/saveMine')[0]!.body).toMatchObject({ headMobile: '139****5678' });
  });

  it('refuses a bad USCC and a branch without its head office, then saves with the version', async () => {
    const s = stub();
    renderScreen(<InsuranceInfo />, ['query', 'get', 'edit']);
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    await screen.findByLabelText('统一社会信用代码');

    type('统一社会信用代码', '91321300MA1MBUXL1A');
    type('总部名称', '');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('统一社会信用代码格式或校验位不正确，请核对18位代码')).toBeTruthy();
    expect(await screen.findByText('分支机构须填写总部名称和总部编码')).toBeTruthy();
    expect(s.callsTo('/api/insurer/saveMine')).toHaveLength(0);

    type('统一社会信用代码', USCC.toLowerCase());
    type('总部名称', '  中国人民财产保险股份有限公司 ');
    type('负责人手机号', '1391234567');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('手机号格式不正确，请输入11位手机号')).toBeTruthy();
    expect(s.callsTo('/api/insurer/saveMine')).toHaveLength(0);

    type('负责人手机号', '13912345679');
    // The form keeps the district apart: its address field holds the street only.
    expect(field('经营地址').value).toBe('洪泽湖路8号');
    type('经营地址', '宿迁市宿城区发展大道100号');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(s.callsTo('/api/insurer/saveMine')).toHaveLength(1));
    expect(s.callsTo('/api/insurer/saveMine')[0]!.body).toEqual({
      version: 3,
      insurerType: 2,
      name: profile.name,
      orgCode: 'PICC-SQ-000001',
      uscc: USCC,
      parentName: '中国人民财产保险股份有限公司',
      parentCode: '000001',
      districtCode: '321302',
      address: '发展大道100号',
      headName: '张建国',
      headMobile: '13912345679',
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('a head office needs no parent and sends none', async () => {
    const s = stub();
    renderScreen(<InsuranceInfo />, ['query', 'get', 'edit']);
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    fireEvent.click(await screen.findByText('总部'));
    await waitFor(() => expect(screen.queryByLabelText('总部名称')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(s.callsTo('/api/insurer/saveMine')).toHaveLength(1));
    expect(s.callsTo('/api/insurer/saveMine')[0]!.body).toMatchObject({
      insurerType: 1,
      parentName: '',
      parentCode: '',
    });
  });
});
