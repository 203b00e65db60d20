import type { MechanismApiInfo, MechanismRow } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Drawer, Select, Space, Spin, Tag, Transfer, Typography } from 'antd';
import type { TransferDirection } from 'antd/es/transfer';
import { useEffect, useMemo, useState } from 'react';
import { apiKey, apiModule, byApiUrl, transferEntries } from '../../components/tree.ts';
import { useAccess } from '../../platform/access.tsx';
import { addMechanismApis, attachedApis, delMechanismApis, mechanismKeys, unattachedApis } from './api.ts';

const METHOD_COLORS: Record<string, string> = {
  GET: 'green',
  POST: 'blue',
  PUT: 'orange',
  PATCH: 'gold',
  DELETE: 'red',
};

export function permissionLabel(permission: string): string {
  if (permission === 'public') return '公开';
  if (permission === 'authenticated') return '登录即可';
  return permission;
}

interface Item extends MechanismApiInfo {
  key: string;
}

/**
 * The API entries one safety mechanism covers: a two-sided selection between the platform's registered
 * routes not yet covered (left) and those covered (right). Each move is saved at once.
 */
export function MechanismApis({
  mechanism,
  onClose,
  onChanged,
}: {
  mechanism: MechanismRow | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { message } = App.useApp();
  const canEdit = useAccess().canOnRoute('edit');
  const id = mechanism?.id ?? 0;
  const lists = useQuery({
    queryKey: mechanismKeys.mechanismApis(id),
    queryFn: async () => {
      const [left, right] = await Promise.all([unattachedApis(id), attachedApis(id)]);
      return { left, right };
    },
    enabled: mechanism !== null,
    staleTime: 0,
  });
  const [left, setLeft] = useState<MechanismApiInfo[]>([]);
  const [right, setRight] = useState<MechanismApiInfo[]>([]);
  const [module, setModule] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (lists.data) {
      setLeft(lists.data.left);
      setRight(lists.data.right);
    }
  }, [lists.data]);
  useEffect(() => {
    if (mechanism === null) setModule(undefined);
  }, [mechanism]);

  const modules = useMemo(
    () => [...new Set([...left, ...right].map((a) => apiModule(a.url)).filter(Boolean))].sort(),
    [left, right],
  );
  const dataSource: Item[] = useMemo(
    () =>
      [...left, ...right]
        .filter((a) => module === undefined || apiModule(a.url) === module)
        .map((a) => ({ ...a, key: apiKey(a) })),
    [left, right, module],
  );
  const targetKeys = right.map(apiKey);

  const onChange = async (_next: React.Key[], direction: TransferDirection, moveKeys: React.Key[]) => {
    const keys = moveKeys.map(String);
    const toRight = direction === 'right';
    const r = toRight
      ? transferEntries(left, right, keys, apiKey, byApiUrl)
      : transferEntries(right, left, keys, apiKey, byApiUrl);
    if (r.moved.length === 0 || !mechanism) return;
    const apis = r.moved.map(({ method, url }) => ({ method: method as 'GET', url }));
    setSaving(true);
    try {
      if (toRight) {
        const res = await addMechanismApis(mechanism.id, apis);
        message.success(`已关联 ${res.added} 个接口`);
        setLeft(r.from);
        setRight(r.to);
      } else {
        const res = await delMechanismApis(mechanism.id, apis);
        message.success(`已取消关联 ${res.removed} 个接口`);
        setRight(r.from);
        setLeft(r.to.filter((a) => a.registered));
      }
      onChanged();
    } catch {
      await lists.refetch();
    } finally {
      setSaving(false);
    }
  };

  const stale = right.filter((a) => !a.registered).length;

  return (
    <Drawer
      open={mechanism !== null}
      onClose={onClose}
      width={1100}
      title={mechanism ? `关联接口：${mechanism.name}（${mechanism.orderNo}）` : ''}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          左侧为平台已注册、尚未纳入本机制的接口，右侧为本机制允许外部系统调用的接口。勾选后点击箭头即保存。
        </Typography.Paragraph>
        {stale > 0 && (
          <Alert
            type="warning"
            showIcon
            message={`有 ${stale} 个已关联接口在平台中已不存在（接口改名或下线），建议移除。`}
          />
        )}
        <Space>
          <span>按模块筛选：</span>
          <Select
            allowClear
            style={{ width: 220 }}
            placeholder="全部模块"
            value={module}
            onChange={setModule}
            options={modules.map((m) => ({ value: m, label: m }))}
            aria-label="按模块筛选"
          />
        </Space>
        <Spin spinning={lists.isFetching || saving}>
          <Transfer<Item>
            dataSource={dataSource}
            targetKeys={targetKeys}
            onChange={onChange}
            disabled={!canEdit}
            showSearch
            filterOption={(input, item) =>
              `${item.method} ${item.url} ${item.permission}`
                .toLowerCase()
                .includes(input.trim().toLowerCase())
            }
            titles={['未关联接口', '已关联接口']}
            operations={['关联', '取消关联']}
            locale={{
              itemUnit: '项',
              itemsUnit: '项',
              searchPlaceholder: '按地址、方法或权限搜索',
              // Blank under the spinner until the lists have come: not "none" before they arrive.
              notFoundContent: lists.isPending ? '' : '暂无接口',
            }}
            listStyle={{ width: 480, height: 560 }}
            pagination={{ pageSize: 50 }}
            render={(item) => ({
              label: (
                <span title={`${item.method} ${item.url}`}>
                  <Tag
                    color={METHOD_COLORS[item.method] ?? 'default'}
                    style={{ minWidth: 52, textAlign: 'center' }}
                  >
                    {item.method}
                  </Tag>
                  <Typography.Text delete={!item.registered}>{item.url}</Typography.Text>{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {permissionLabel(item.permission)}
                  </Typography.Text>
                  {!item.registered && <Tag color="red">已失效</Tag>}
                </span>
              ),
              value: item.key,
            })}
          />
        </Spin>
      </Space>
    </Drawer>
  );
}
