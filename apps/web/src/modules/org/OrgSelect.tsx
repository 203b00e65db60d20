import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useDebounced } from '../../components/index.ts';
import { searchOrgs } from './api.ts';

type Picked = Omit<SelectProps<number>, 'options' | 'showSearch' | 'onSearch' | 'filterOption'>;

/** An organisation picked by name (getOrgList.json, needs org.query). */
export function OrgSelect({ initialLabel, ...props }: Picked & { initialLabel?: string }) {
  const [text, setText] = useState('');
  const name = useDebounced(text.trim());
  const { data, isFetching } = useQuery({
    queryKey: ['sys', 'orgs', 'pick', name],
    queryFn: () => searchOrgs({ name: name || undefined, pageNo: 1, pageSize: 20 }),
    staleTime: 30_000,
  });
  const options = (data?.list ?? []).map((o) => ({ value: o.id, label: `${o.name}（${o.orgTypeLabel}）` }));
  const current = props.value;
  if (current && initialLabel && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: initialLabel });
  return (
    <Select<number>
      allowClear
      placeholder="输入机构名称搜索"
      {...props}
      showSearch
      filterOption={false}
      onSearch={setText}
      loading={isFetching}
      notFoundContent={isFetching ? '加载中…' : '没有匹配的机构'}
      options={options}
    />
  );
}
