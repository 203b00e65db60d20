import type { ProColumns } from '@ant-design/pro-components';
import type { OrgRow } from '@aqzrx/contracts';
import { Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { dateTimeSecondsText, PagedTable, valueEnumOf } from '../../components/index.ts';
import { useAccess } from '../../platform/access.tsx';
import { DISTRICTS, ORG_TYPES, optionLabel } from '../../platform/contracts.ts';
import { searchOrgs } from './api.ts';
import { cleanParams, USER_SCREENS, useScreenPath } from './shared.tsx';

type Filters = Record<string, unknown>;

const TYPE_COLOR: Record<string, string> = {
  platform: 'magenta',
  government: 'red',
  enterprise: 'blue',
  insurer: 'gold',
  service: 'green',
  expert: 'cyan',
};

/** 机构管理 (AdminOrg): every organisation (regulators, enterprises, insurers, service, experts) by type. */
export function AdminOrg() {
  const navigate = useNavigate();
  const access = useAccess();
  const usersPath = useScreenPath(USER_SCREENS.list);
  const canSeeUsers = usersPath !== null && access.hasPermission('user.query');

  const columns: ProColumns<OrgRow>[] = [
    {
      title: '机构名称',
      dataIndex: 'name',
      width: 260,
      ellipsis: true,
      fieldProps: { placeholder: '机构名称（模糊匹配）' },
    },
    {
      title: '机构类型',
      dataIndex: 'orgType',
      width: 130,
      valueType: 'select',
      valueEnum: valueEnumOf(ORG_TYPES),
      render: (_, r) => <Tag color={TYPE_COLOR[r.orgType] ?? 'default'}>{r.orgTypeLabel}</Tag>,
    },
    {
      title: '统一社会信用代码',
      dataIndex: 'uscc',
      width: 200,
      search: false,
      render: (_, r) => (r.uscc ? <code>{r.uscc}</code> : '-'),
    },
    {
      title: '所在区县',
      dataIndex: 'districtCode',
      width: 110,
      valueType: 'select',
      valueEnum: valueEnumOf(DISTRICTS),
      render: (_, r) => optionLabel(DISTRICTS, r.districtCode) || r.districtCode || '-',
    },
    {
      title: '联系人',
      dataIndex: 'contactName',
      width: 100,
      search: false,
      render: (_, r) => r.contactName || '-',
    },
    {
      title: '联系电话',
      dataIndex: 'contactPhone',
      width: 140,
      search: false,
      render: (_, r) => r.contactPhone || '-',
    },
    {
      title: '用户数',
      dataIndex: 'userCount',
      width: 90,
      search: false,
      align: 'right',
      render: (_, r) =>
        canSeeUsers && r.userCount > 0 ? (
          <Typography.Link
            onClick={() =>
              navigate(
                `${usersPath}?orgId=${r.id}&orgName=${encodeURIComponent(`${r.name}（${r.orgTypeLabel}）`)}`,
              )
            }
          >
            {r.userCount}
          </Typography.Link>
        ) : (
          r.userCount
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      search: false,
      render: (_, r) => (r.status === 1 ? <Tag color="success">正常</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 160,
      search: false,
      render: (_, r) => dateTimeSecondsText(r.createdAt),
    },
  ];

  return (
    <PagedTable<OrgRow, Filters>
      headerTitle="机构列表"
      columns={columns}
      scroll={{ x: 1300 }}
      search={{ labelWidth: 'auto' }}
      request={(params) => {
        const { pageNo, pageSize, sortField: _sf, sortOrder: _so, ...rest } = params;
        return searchOrgs({ ...cleanParams(rest), pageNo, pageSize });
      }}
      locale={{ emptyText: '没有符合条件的机构' }}
    />
  );
}
