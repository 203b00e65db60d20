import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { listEnterprises } from './api.ts';

export interface EnterprisePickerProps {
  value: number | null;
  /** Name of the chosen enterprise, shown before the search list has loaded. */
  currentName?: string | undefined;
  onChange: (id: number | null) => void;
}

/** Searches the enterprises of the user's districts by name or USCC and picks one. */
export function EnterprisePicker({ value, currentName, onChange }: EnterprisePickerProps) {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setKeyword(input.trim()), 300);
    return () => clearTimeout(t);
  }, [input]);
  const found = useQuery({
    queryKey: ['enterprise', 'picker', keyword],
    queryFn: () =>
      listEnterprises({
        pageNo: 1,
        pageSize: 20,
        ...(keyword ? { keyword } : {}),
        sortField: 'name',
        sortOrder: 'ascend',
      }),
    staleTime: 30_000,
  });
  const options = (found.data?.list ?? []).map((e) => ({
    value: e.id,
    label: `${e.name}（${e.districtName || '未知区县'}）`,
  }));
  if (value !== null && currentName && !options.some((o) => o.value === value))
    options.unshift({ value, label: currentName });
  return (
    <Space wrap>
      <Typography.Text>选择企业：</Typography.Text>
      <Select<number>
        aria-label="选择企业"
        style={{ width: 420, maxWidth: '80vw' }}
        showSearch
        allowClear
        filterOption={false}
        placeholder="输入企业名称或统一社会信用代码搜索"
        // Shown by name only: an id whose enterprise is unknown (missing, or outside the caller's
        // districts) would otherwise appear as a bare number.
        value={value !== null && options.some((o) => o.value === value) ? value : undefined}
        options={options}
        loading={found.isFetching}
        onSearch={setInput}
        onChange={(v) => onChange(v ?? null)}
        notFoundContent={found.isFetching ? '搜索中…' : '没有找到企业'}
      />
    </Space>
  );
}
