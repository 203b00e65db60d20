import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { allRoles, searchOrgs, searchUsers } from './api.ts';

/** Roles for the selects (getAllRole needs only a login). */
export function useRoles() {
  return useQuery({ queryKey: ['sys', 'roles', 'all'], queryFn: allRoles, staleTime: 30_000 });
}

function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

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

/** Users picked by username (searchUserList.json, needs user.query). */
export function UserMultiSelect(props: Omit<SelectProps<number[]>, 'options' | 'mode'>) {
  const [text, setText] = useState('');
  const username = useDebounced(text.trim());
  const { data, isFetching } = useQuery({
    queryKey: ['sys', 'users', 'pick', username],
    queryFn: () => searchUsers({ username: username || undefined, pageNo: 1, pageSize: 20 }),
    staleTime: 10_000,
  });
  const options = (data?.list ?? []).map((u) => ({
    value: u.id,
    label: `${u.username}${u.nickname ? `（${u.nickname}）` : ''} · ${u.roleDisplay}`,
  }));
  return (
    <Select<number[]>
      mode="multiple"
      placeholder="输入用户名搜索"
      {...props}
      showSearch
      filterOption={false}
      onSearch={setText}
      loading={isFetching}
      notFoundContent={isFetching ? '加载中…' : '没有匹配的用户'}
      options={options}
    />
  );
}
