import { LockOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import type { UserRow } from '@aqzrx/contracts';
import { Space, Tag, Tooltip } from 'antd';
import { chinaTime, valueEnumOf } from '../../components/index.ts';
import { USER_STATUS } from '../../platform/contracts.ts';

/** Tag colours of the account states (1 正常, 2 停用, 3 待审核…). */
export const STATUS_COLOR: Record<number, string> = { 1: 'success', 2: 'error', 3: 'warning' };

/**
 * The user-list columns 用户管理 and 账号安全 share: the state with its lock tag (the hint says who lifts a lock),
 * the last sign-in flagged 长期未登录 (security.md A08), and the 长期未登录 filter.
 */
export function accountStateColumns(opts: {
  statusWidth: number;
  lastLoginWidth: number;
  lockedHint: string;
}): ProColumns<UserRow>[] {
  return [
    {
      title: '状态',
      dataIndex: 'status',
      width: opts.statusWidth,
      valueType: 'select',
      valueEnum: valueEnumOf(USER_STATUS),
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLOR[r.status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
            {r.statusLabel}
          </Tag>
          {r.locked && (
            <Tooltip title={opts.lockedHint}>
              <Tag icon={<LockOutlined />} color="orange" style={{ marginInlineEnd: 0 }}>
                已锁定
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      width: opts.lastLoginWidth,
      search: false,
      sorter: true,
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{chinaTime(r.lastLoginAt)}</span>
          {r.idle && (
            <Tooltip title="超过规定天数未登录，请核实后停用不再使用的账号">
              <Tag color="gold" style={{ marginInlineEnd: 0 }}>
                长期未登录
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '长期未登录',
      dataIndex: 'idle',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { '1': { text: '是' }, '0': { text: '否' } },
      fieldProps: { placeholder: '全部' },
    },
  ];
}
