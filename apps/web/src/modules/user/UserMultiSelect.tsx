import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useDebounced } from '../../components/index.ts';
import { searchUsers } from './api.ts';

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
