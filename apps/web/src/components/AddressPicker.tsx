import { Input, Select } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type AddressLoader,
  type AddressValue,
  addressLoaderFor,
  type FixedCity,
  JIANGSU,
  type RegionItem,
} from './address.ts';
import { useRequest } from './request-context.ts';

export interface AddressPickerProps {
  /** Names the field in messages and accessible labels, e.g. 企业地址. */
  label?: string;
  value?: AddressValue;
  onChange?: (value: AddressValue) => void;
  /** Locks province and city (e.g. SUQIAN); both selects are shown disabled. */
  fixedCity?: FixedCity;
  /** Leaves out the district select (notice add and edit screens). */
  hideDistrict?: boolean;
  /** Marks the controls aria-required; validation itself comes from addressRules(). */
  required?: boolean;
  disabled?: boolean;
  /** Region source; defaults to the spec 7 calls through RequestContext. */
  loader?: AddressLoader;
  detailMaxLength?: number;
  detailPlaceholder?: string;
  /** Set by Form.Item so its label focuses the first control. */
  id?: string;
  className?: string;
  style?: CSSProperties;
}

interface ListState {
  key: string | null;
  items: RegionItem[];
  loading: boolean;
  error: boolean;
}

/** Loads one region list whenever `key` (or the loader) changes; null key means no list. */
function useRegionList(
  loader: AddressLoader,
  key: string | null,
  fetchList: (loader: AddressLoader) => Promise<RegionItem[]>,
) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ListState>({ key: null, items: [], loading: false, error: false });
  const effectiveKey = key === null ? null : `${key}#${attempt}`;
  // fetchList is derived from key, so key (not the function identity) decides when to load.
  const fetcher = useRef(fetchList);
  fetcher.current = fetchList;
  useEffect(() => {
    if (effectiveKey === null) {
      setState({ key: null, items: [], loading: false, error: false });
      return;
    }
    let live = true;
    setState({ key: effectiveKey, items: [], loading: true, error: false });
    fetcher.current(loader).then(
      (items) => {
        if (live) setState({ key: effectiveKey, items, loading: false, error: false });
      },
      () => {
        if (live) setState({ key: effectiveKey, items: [], loading: false, error: true });
      },
    );
    return () => {
      live = false;
    };
  }, [loader, effectiveKey]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/** Options for a select, keeping the current choice visible before (or without) its list loading. */
function optionsOf(items: RegionItem[], code?: string, name?: string) {
  const options = items.map((r) => ({ value: r.code, label: r.name }));
  if (code && !items.some((r) => r.code === code)) options.unshift({ value: code, label: name || code });
  return options;
}

function nameOf(items: RegionItem[], code: string | undefined): string | undefined {
  if (!code) return undefined;
  return items.find((r) => r.code === code)?.name;
}

/**
 * Province / city / district selects plus a detailed-address input (spec 2.8, 5). Works as an antd Form
 * control (value/onChange); pair it with addressRules(label, opts) for the spec's messages.
 */
export function AddressPicker(props: AddressPickerProps) {
  const {
    label = '地址',
    onChange,
    fixedCity,
    hideDistrict = false,
    required = false,
    disabled = false,
    detailMaxLength = 100,
    detailPlaceholder = '请输入详细地址',
    id,
    className,
    style,
  } = props;
  const request = useRequest();
  const loader = props.loader ?? addressLoaderFor(request);
  const controlled = Object.hasOwn(props, 'value');
  const [inner, setInner] = useState<AddressValue>({});
  const raw: AddressValue = (controlled ? props.value : inner) ?? {};

  const fixedProvince: RegionItem | null = fixedCity
    ? { code: fixedCity.provinceCode ?? JIANGSU.code, name: fixedCity.provinceName ?? JIANGSU.name }
    : null;
  const current: AddressValue = fixedCity
    ? {
        ...raw,
        provinceCode: fixedProvince?.code,
        provinceName: fixedProvince?.name,
        cityCode: fixedCity.code,
        cityName: fixedCity.name,
      }
    : raw;

  const provinces = useRegionList(loader, fixedCity ? null : 'provinces', (l) => l.provinces());
  const provinceCode = current.provinceCode;
  const cities = useRegionList(loader, fixedCity || !provinceCode ? null : `cities:${provinceCode}`, (l) =>
    l.cities(provinceCode ?? ''),
  );
  const cityCode = current.cityCode;
  const districts = useRegionList(loader, hideDistrict || !cityCode ? null : `districts:${cityCode}`, (l) =>
    l.districts(cityCode ?? ''),
  );

  const emit = (next: AddressValue) => {
    const value: AddressValue = fixedCity
      ? {
          ...next,
          provinceCode: fixedProvince?.code,
          provinceName: fixedProvince?.name,
          cityCode: fixedCity.code,
          cityName: fixedCity.name,
        }
      : next;
    if (!controlled) setInner(value);
    onChange?.(value);
  };

  const onProvince = (code: string | undefined) =>
    emit({
      provinceCode: code,
      provinceName: nameOf(provinces.items, code),
      cityCode: undefined,
      cityName: undefined,
      districtCode: undefined,
      districtName: undefined,
      detail: current.detail,
    });
  const onCity = (code: string | undefined) =>
    emit({
      ...current,
      cityCode: code,
      cityName: nameOf(cities.items, code),
      districtCode: undefined,
      districtName: undefined,
    });
  const onDistrict = (code: string | undefined) =>
    emit({ ...current, districtCode: code, districtName: nameOf(districts.items, code) });

  const failed = (retry: () => void): ReactNode => (
    <span role="alert">
      加载失败，
      <button
        type="button"
        onClick={retry}
        style={{
          border: 0,
          padding: 0,
          background: 'none',
          color: 'inherit',
          textDecoration: 'underline',
          cursor: 'pointer',
        }}
      >
        重试
      </button>
    </span>
  );
  const selectStyle: CSSProperties = { flex: '1 1 120px', minWidth: 120 };
  const firstId = fixedCity ? undefined : id;
  const districtId = fixedCity ? id : undefined;

  return (
    <div className={className} style={style}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Select<string>
          id={firstId}
          aria-label={`${label}所在省`}
          aria-required={required}
          placeholder="请选择省"
          style={selectStyle}
          virtual={false}
          showSearch
          optionFilterProp="label"
          allowClear={!fixedCity}
          disabled={disabled || Boolean(fixedCity)}
          loading={provinces.loading}
          value={current.provinceCode}
          options={
            fixedProvince
              ? [{ value: fixedProvince.code, label: fixedProvince.name }]
              : optionsOf(provinces.items, current.provinceCode, current.provinceName)
          }
          notFoundContent={provinces.error ? failed(provinces.retry) : undefined}
          onChange={onProvince}
        />
        <Select<string>
          aria-label={`${label}所在市`}
          aria-required={required}
          placeholder="请选择市"
          style={selectStyle}
          virtual={false}
          showSearch
          optionFilterProp="label"
          allowClear={!fixedCity}
          disabled={disabled || Boolean(fixedCity) || !current.provinceCode}
          loading={cities.loading}
          value={current.cityCode}
          options={
            fixedCity
              ? [{ value: fixedCity.code, label: fixedCity.name }]
              : optionsOf(cities.items, current.cityCode, current.cityName)
          }
          notFoundContent={cities.error ? failed(cities.retry) : undefined}
          onChange={onCity}
        />
        {!hideDistrict && (
          <Select<string>
            id={districtId}
            aria-label={`${label}所在区县`}
            aria-required={required}
            placeholder="请选择区县"
            style={selectStyle}
            virtual={false}
            showSearch
            optionFilterProp="label"
            allowClear
            disabled={disabled || !current.cityCode}
            loading={districts.loading}
            value={current.districtCode}
            options={optionsOf(districts.items, current.districtCode, current.districtName)}
            notFoundContent={districts.error ? failed(districts.retry) : undefined}
            onChange={onDistrict}
          />
        )}
      </div>
      <Input
        id={fixedCity && hideDistrict ? id : undefined}
        aria-label={`${label}详细地址`}
        aria-required={required}
        placeholder={detailPlaceholder}
        maxLength={detailMaxLength}
        disabled={disabled}
        value={current.detail ?? ''}
        onChange={(e) => emit({ ...current, detail: e.target.value })}
        style={{ marginTop: 8 }}
      />
    </div>
  );
}
