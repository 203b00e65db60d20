import type { Envelope } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { AddressPicker } from './AddressPicker.tsx';
import {
  type AddressLoader,
  type AddressValue,
  addressProblem,
  addressRules,
  createAddressLoader,
  formatAddress,
  REGION_URLS,
  type RegionItem,
  SUQIAN,
} from './address.ts';
import type { RequestFn } from './fetch-request.ts';
import { RequestContext } from './request-context.ts';
import { failOnConsoleError, renderWithProviders } from './test-utils.tsx';

const PROVINCES: RegionItem[] = [
  { code: '320000', name: '江苏省' },
  { code: '110000', name: '北京市' },
];
const CITIES: Record<string, RegionItem[]> = {
  '320000': [
    { code: '321300', name: '宿迁市' },
    { code: '320100', name: '南京市' },
  ],
  '110000': [{ code: '110100', name: '北京市' }],
};
const DISTRICTS: Record<string, RegionItem[]> = {
  '321300': [
    { code: '321302', name: '宿城区' },
    { code: '321311', name: '宿豫区' },
  ],
  '320100': [{ code: '320102', name: '玄武区' }],
  '110100': [{ code: '110101', name: '东城区' }],
};

function fakeLoader() {
  return {
    provinces: vi.fn(async () => PROVINCES),
    cities: vi.fn(async (code: string) => CITIES[code] ?? []),
    districts: vi.fn(async (code: string) => DISTRICTS[code] ?? []),
  } satisfies AddressLoader;
}

failOnConsoleError();

/** Motion is off there, so closed dropdowns are hidden at once. */
const render = renderWithProviders;

const combo = (name: string) => screen.getByRole('combobox', { name });

/** Opens the select with this accessible name and clicks the option with this text. */
async function choose(name: string, optionText: string) {
  fireEvent.mouseDown(combo(name));
  const option = await waitFor(() => {
    const open = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    const el = open?.querySelector<HTMLElement>(`.ant-select-item-option[title="${optionText}"]`);
    if (!el) throw new Error(`option ${optionText} not shown`);
    return el;
  });
  fireEvent.click(option);
  await waitFor(() => {
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeNull();
  });
}

/** The text shown in a select (its chosen option). */
function shown(name: string): string {
  const root = combo(name).closest('.ant-select');
  return root?.querySelector('.ant-select-selection-item')?.textContent ?? '';
}

describe('addressProblem / addressRules', () => {
  it('names the first missing part with the spec messages', () => {
    expect(addressProblem(undefined, '企业地址')).toBe('请选择企业地址的省');
    expect(addressProblem({ provinceCode: '320000' }, '企业地址')).toBe('请选择企业地址的市');
    expect(addressProblem({ provinceCode: '320000', cityCode: '321300' }, '企业地址')).toBe(
      '请选择企业地址的区县',
    );
    expect(
      addressProblem(
        { provinceCode: '320000', cityCode: '321300', districtCode: '321302', detail: '  ' },
        '企业地址',
      ),
    ).toBe('请输入企业地址的详细地址');
    expect(
      addressProblem(
        { provinceCode: '320000', cityCode: '321300', districtCode: '321302', detail: '人民路1号' },
        '企业地址',
      ),
    ).toBeNull();
  });
  it('skips the district when hidden and province/city when the city is fixed', () => {
    expect(
      addressProblem({ provinceCode: '320000', cityCode: '321300' }, '地址', { hideDistrict: true }),
    ).toBe('请输入地址的详细地址');
    expect(addressProblem(undefined, '地址', { fixedCity: true })).toBe('请选择地址的区县');
    expect(addressProblem({ districtCode: '321302', detail: 'x' }, '地址', { fixedCity: true })).toBeNull();
  });
  it('lets an optional address be empty but not half filled', () => {
    expect(addressProblem(undefined, '地址', { required: false })).toBeNull();
    expect(addressProblem({ detail: '' }, '地址', { required: false })).toBeNull();
    expect(addressProblem({ provinceCode: '320000' }, '地址', { required: false })).toBe('请选择地址的市');
    expect(addressProblem({ detail: '人民路' }, '地址', { required: false, fixedCity: true })).toBe(
      '请选择地址的区县',
    );
  });
  it('returns an antd rule that rejects with the message', async () => {
    const [rule] = addressRules('注册地址');
    expect(rule).toMatchObject({ required: true });
    const validator = (rule as { validator: (r: unknown, v: AddressValue | undefined) => Promise<void> })
      .validator;
    await expect(validator({}, { provinceCode: '320000' })).rejects.toThrow('请选择注册地址的市');
    await expect(
      validator({}, { provinceCode: '1', cityCode: '2', districtCode: '3', detail: '4' }),
    ).resolves.toBeUndefined();
  });
  it('formats an address for display', () => {
    expect(
      formatAddress({
        provinceName: '江苏省',
        cityName: '宿迁市',
        districtName: '宿城区',
        detail: ' 人民路1号 ',
      }),
    ).toBe('江苏省宿迁市宿城区人民路1号');
    expect(formatAddress({ provinceName: '北京市', cityName: '北京市', districtName: '东城区' })).toBe(
      '北京市东城区',
    );
    expect(formatAddress(undefined)).toBe('');
  });
});

describe('createAddressLoader', () => {
  it('calls the spec endpoints and reads the named lists, caching results', async () => {
    const request = vi.fn<RequestFn>(async (url) => {
      const data =
        url === REGION_URLS.provinces
          ? { dictList: [{ code: 320000, name: '江苏省' }, { bad: true }] }
          : url === REGION_URLS.cities
            ? { cityList: [{ code: '321300', name: '宿迁市' }] }
            : { districtList: [{ code: '321302', name: '宿城区' }] };
      return { error: 0, apiError: 0, result: 'ok', data } satisfies Envelope;
    });
    const loader = createAddressLoader(request);
    expect(await loader.provinces()).toEqual([{ code: '320000', name: '江苏省' }]);
    expect(await loader.cities('320000')).toEqual([{ code: '321300', name: '宿迁市' }]);
    expect(await loader.districts('321300')).toEqual([{ code: '321302', name: '宿城区' }]);
    await loader.provinces();
    expect(request).toHaveBeenCalledTimes(3);
    expect(request.mock.calls[0]).toEqual(['/api/manage/patient/getProvince.json']);
    expect(request.mock.calls[1]).toEqual([
      '/api/manage/patient/getChildren.json',
      { params: { provinceCode: '320000' } },
    ]);
    expect(request.mock.calls[2]).toEqual([
      '/api/manage/patient/getDistrictChildren.json',
      { params: { cityCode: '321300' } },
    ]);
  });
  it('does not cache a failure', async () => {
    const request = vi
      .fn<RequestFn>()
      .mockResolvedValueOnce({ error: 500, apiError: 500, result: '系统内部错误' })
      .mockResolvedValueOnce({ error: 0, apiError: 0, result: 'ok', data: { dictList: [] } });
    const loader = createAddressLoader(request);
    await expect(loader.provinces()).rejects.toThrow('系统内部错误');
    await expect(loader.provinces()).resolves.toEqual([]);
  });
});

describe('AddressPicker', () => {
  it('cascades province → city → district and clears children on change', async () => {
    const loader = fakeLoader();
    const onChange = vi.fn();
    render(<AddressPicker label="企业地址" loader={loader} onChange={onChange} />);
    await waitFor(() => expect(loader.provinces).toHaveBeenCalled());
    expect((combo('企业地址所在市') as HTMLInputElement).disabled).toBe(true);

    await choose('企业地址所在省', '江苏省');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ provinceCode: '320000', provinceName: '江苏省', cityCode: undefined }),
    );
    await waitFor(() => expect(loader.cities).toHaveBeenCalledWith('320000'));
    await choose('企业地址所在市', '宿迁市');
    await waitFor(() => expect(loader.districts).toHaveBeenCalledWith('321300'));
    await choose('企业地址所在区县', '宿城区');
    fireEvent.change(screen.getByRole('textbox', { name: '企业地址详细地址' }), {
      target: { value: '人民路1号' },
    });
    expect(onChange).toHaveBeenLastCalledWith({
      provinceCode: '320000',
      provinceName: '江苏省',
      cityCode: '321300',
      cityName: '宿迁市',
      districtCode: '321302',
      districtName: '宿城区',
      detail: '人民路1号',
    });

    // Changing the city clears the district.
    await choose('企业地址所在市', '南京市');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ cityCode: '320100', districtCode: undefined, districtName: undefined }),
    );
    expect(shown('企业地址所在区县')).toBe('');
    await waitFor(() => expect(loader.districts).toHaveBeenCalledWith('320100'));

    // Changing the province clears city and district and reloads the city list.
    await choose('企业地址所在省', '北京市');
    expect(onChange).toHaveBeenLastCalledWith({
      provinceCode: '110000',
      provinceName: '北京市',
      cityCode: undefined,
      cityName: undefined,
      districtCode: undefined,
      districtName: undefined,
      detail: '人民路1号',
    });
    expect(shown('企业地址所在市')).toBe('');
    await waitFor(() => expect(loader.cities).toHaveBeenCalledWith('110000'));
    await choose('企业地址所在市', '北京市');
    expect(shown('企业地址所在市')).toBe('北京市');
  });

  it('works in an antd Form with addressRules and shows the spec messages in order', async () => {
    const loader = fakeLoader();
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="addr" label="企业地址" rules={addressRules('企业地址')}>
          <AddressPicker label="企业地址" loader={loader} required />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    const submit = () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    submit();
    expect(await screen.findByText('请选择企业地址的省')).toBeTruthy();
    await choose('企业地址所在省', '江苏省');
    expect(await screen.findByText('请选择企业地址的市')).toBeTruthy();
    await choose('企业地址所在市', '宿迁市');
    expect(await screen.findByText('请选择企业地址的区县')).toBeTruthy();
    await choose('企业地址所在区县', '宿豫区');
    expect(await screen.findByText('请输入企业地址的详细地址')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '企业地址详细地址' }), {
      target: { value: '洪泽湖路' },
    });
    await waitFor(() => expect(screen.queryByText('请输入企业地址的详细地址')).toBeNull());
    submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish.mock.calls[0]![0].addr).toMatchObject({
      provinceCode: '320000',
      cityCode: '321300',
      districtCode: '321311',
      districtName: '宿豫区',
      detail: '洪泽湖路',
    });
    // The Form.Item label points at the first select.
    const label = screen.getByText('企业地址', { selector: 'label' });
    expect(label.getAttribute('for')).toBe(combo('企业地址所在省').id);
  });

  it('with fixedCity: province and city are fixed and disabled, districts of that city load', async () => {
    const loader = fakeLoader();
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="addr" label="注册地址" rules={addressRules('注册地址', { fixedCity: true })}>
          <AddressPicker label="注册地址" loader={loader} fixedCity={SUQIAN} />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    expect(shown('注册地址所在省')).toBe('江苏省');
    expect(shown('注册地址所在市')).toBe('宿迁市');
    expect((combo('注册地址所在省') as HTMLInputElement).disabled).toBe(true);
    expect((combo('注册地址所在市') as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect(loader.districts).toHaveBeenCalledWith('321300'));
    expect(loader.provinces).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请选择注册地址的区县')).toBeTruthy();
    await choose('注册地址所在区县', '宿城区');
    fireEvent.change(screen.getByRole('textbox', { name: '注册地址详细地址' }), {
      target: { value: '幸福路' },
    });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish.mock.calls[0]![0].addr).toEqual({
      provinceCode: '320000',
      provinceName: '江苏省',
      cityCode: '321300',
      cityName: '宿迁市',
      districtCode: '321302',
      districtName: '宿城区',
      detail: '幸福路',
    });
  });

  it('hideDistrict leaves out the district select', async () => {
    const loader = fakeLoader();
    render(<AddressPicker label="地址" loader={loader} hideDistrict fixedCity={SUQIAN} />);
    expect(screen.queryByRole('combobox', { name: '地址所在区县' })).toBeNull();
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 10));
    expect(loader.districts).not.toHaveBeenCalled();
  });

  it('shows names from the value before the lists load (edit screens)', () => {
    const loader: AddressLoader = {
      provinces: () => new Promise(() => {}),
      cities: () => new Promise(() => {}),
      districts: () => new Promise(() => {}),
    };
    render(
      <AddressPicker
        label="地址"
        loader={loader}
        value={{
          provinceCode: '320000',
          provinceName: '江苏省',
          cityCode: '321300',
          cityName: '宿迁市',
          districtCode: '321324',
          districtName: '泗洪县',
          detail: '青阳镇',
        }}
      />,
    );
    expect(shown('地址所在省')).toBe('江苏省');
    expect(shown('地址所在市')).toBe('宿迁市');
    expect(shown('地址所在区县')).toBe('泗洪县');
    expect((screen.getByRole('textbox', { name: '地址详细地址' }) as HTMLInputElement).value).toBe('青阳镇');
  });

  it('loads through RequestContext by default and offers a retry after a failure', async () => {
    let fail = true;
    const request = vi.fn<RequestFn>(async () => {
      if (fail) return { error: 500, apiError: 500, result: '服务暂时不可用' };
      return { error: 0, apiError: 0, result: 'ok', data: { dictList: PROVINCES } };
    });
    render(
      <RequestContext.Provider value={{ request, getToken: () => 't' }}>
        <AddressPicker label="地址" />
      </RequestContext.Provider>,
    );
    await waitFor(() => expect(request).toHaveBeenCalledWith('/api/manage/patient/getProvince.json'));
    fireEvent.mouseDown(combo('地址所在省'));
    // (Scoped by text: a notice another test file left under <body> is an alert too.)
    const alert = (await screen.findAllByRole('alert')).find((a) => a.textContent?.includes('加载失败'));
    if (!alert) throw new Error('no 加载失败 alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    await choose('地址所在省', '北京市');
    expect(shown('地址所在省')).toBe('北京市');
  });
});
