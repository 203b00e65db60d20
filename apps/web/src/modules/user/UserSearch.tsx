import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { UserRow } from '@aqzrx/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Dropdown, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  chinaTime,
  cleanParams,
  dateTimeSecondsText,
  filterRoleOption,
  isNarrowScreen,
  PagedTable,
  rangeParams,
  renderRoleOption,
  roleOptions,
  tableWidth,
} from '../../components/index.ts';
import { Action, useAccess } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { isValidMobile } from '../../platform/contracts.ts';
import { useRoles } from '../../platform/roles.ts';
import { USER_SCREENS, useScreenPath } from '../../platform/screen-path.ts';
import { OrgSelect } from '../org/index.ts';
import { deleteUser, searchUsers, setUserStatus } from './api.ts';
import { ExportUsersModal } from './ExportUsersModal.tsx';
import { ResetPasswordModal } from './UserDialogs.tsx';
import { accountStateColumns } from './user-columns.tsx';
import { assignableRoles, managedBySecurityAdmin } from './user-rules.ts';

type Filters = Record<string, unknown>;

/** The server matches mobiles whole (they are not searched by fragments). */
export const MOBILE_SEARCH_MESSAGE = '请输入完整的11位手机号（不支持按部分号码查询）';
const USERNAME_FIELD = { placeholder: '用户名（模糊匹配）', maxLength: 64 };
const NICKNAME_FIELD = { placeholder: '昵称', maxLength: 64 };
const OPTION_WIDTH = 150;

/**
 * 用户管理 (UserSearch for the operations admin, GovUsers for the government): paged search with
 * filters, masked mobiles, and the actions the route's resource and the user's grants allow. Unlocking,
 * second-factor resets and sessions are the security administrator's (账号安全, 三权分立), and so are the
 * accounts of the security and audit administrators: their rows offer no change here.
 */
export function UserSearch() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  // Small screens open with the search form folded (seven filters fill a phone's first screen).
  const [narrow] = useState(() => isNarrowScreen());
  const [search] = useSearchParams();
  const access = useAccess();
  const { user: me } = useAuth();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const lastFilters = useRef<Record<string, string | number>>({});
  const [resetFor, setResetFor] = useState<UserRow | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const roles = useRoles();
  const addPath = useScreenPath(USER_SCREENS.add);
  const editPath = useScreenPath(USER_SCREENS.edit);
  const detailPath = useScreenPath(USER_SCREENS.detail);
  const canPickOrg = access.hasPermission('org.query');
  const initialOrgId = Number(search.get('orgId')) || undefined;
  const initialOrgName = search.get('orgName') ?? undefined;

  const reload = () => actionRef.current?.reload();
  const done = (text: string) => {
    message.success(text);
    reload();
  };

  const status = useMutation({
    mutationFn: ({ id, to }: { id: number; to: 1 | 2 }) => setUserStatus(id, to),
    onSuccess: (env) => done(env.result),
  });
  const remove = useMutation({ mutationFn: deleteUser, onSuccess: (env) => done(env.result || '删除成功') });

  // A government administrator only ever sees its department's accounts: offer its own role only.
  const roleChoices = roleOptions(assignableRoles(roles.data ?? [], me?.userRole.roleKey));
  const roleEnum = Object.fromEntries(roleChoices.map((o) => [String(o.value), { text: o.label }]));
  const roleNames = new Map(roleChoices.map((o) => [String(o.value), o.roleName]));

  const openDetail = detailPath && access.canOnRoute('get');
  const confirmDelete = (r: UserRow) =>
    modal.confirm({
      title: `删除用户 ${r.username}？`,
      content: '删除后该用户立即退出登录，不能再登录。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync(r.id),
    });

  // Widths fit the list beside the menu at 1440 px (about 1,070 px): every column visible, none
  // under the fixed 操作 column; narrower screens scroll.
  const columns: ProColumns<UserRow>[] = [
    { title: '用户名', dataIndex: 'username', hideInTable: true, fieldProps: USERNAME_FIELD },
    { title: '昵称', dataIndex: 'nickname', hideInTable: true, fieldProps: NICKNAME_FIELD },
    {
      title: '用户名/昵称',
      dataIndex: 'user',
      key: 'user',
      search: false,
      width: 140,
      fixed: 'left',
      render: (_, r) => (
        <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
          {openDetail ? (
            <Typography.Link onClick={() => navigate(`${detailPath}?id=${r.id}`)}>
              {r.username}
            </Typography.Link>
          ) : (
            r.username
          )}
          {r.nickname && r.nickname !== r.username && (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12, maxWidth: 130 }}
              ellipsis={{ tooltip: r.nickname }}
            >
              {r.nickname}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '角色',
      dataIndex: 'roleId',
      width: 128,
      ellipsis: { showTitle: false },
      valueType: 'select',
      valueEnum: roleEnum,
      fieldProps: {
        showSearch: true,
        placeholder: '全部角色',
        optionRender: (o: { label?: ReactNode; value?: string | number }) =>
          renderRoleOption({ label: o.label, data: { roleName: roleNames.get(String(o.value)) } }),
        filterOption: (input: string, o?: { label?: ReactNode; value?: string | number }) =>
          filterRoleOption(input, { label: o?.label, roleName: roleNames.get(String(o?.value)) }),
      },
      render: (_, r) =>
        r.roleDisplay === r.roleName ? (
          <Tooltip title={r.roleDisplay}>{r.roleDisplay}</Tooltip>
        ) : (
          <Tooltip title={`${r.roleName}（${r.roleKey}）`}>
            <Tag color="purple">{r.roleDisplay}</Tag>
          </Tooltip>
        ),
    },
    {
      title: '所属机构',
      dataIndex: 'orgId',
      width: 124,
      ellipsis: true,
      hideInSearch: !canPickOrg,
      renderFormItem: () => <OrgSelect initialLabel={initialOrgName} />,
      render: (_, r) => r.orgName || '-',
    },
    {
      title: '手机号',
      dataIndex: 'mobile',
      width: 116,
      fieldProps: { placeholder: '完整11位手机号', maxLength: 14 },
      formItemProps: {
        rules: [
          {
            validator: (_: unknown, v: string | undefined) =>
              !v?.trim() || isValidMobile(v)
                ? Promise.resolve()
                : Promise.reject(new Error(MOBILE_SEARCH_MESSAGE)),
          },
        ],
      },
      render: (_, r) => r.mobile || '-',
    },
    ...accountStateColumns({
      statusWidth: 120,
      lastLoginWidth: 126,
      lockedHint: '连续登录失败已被锁定，由安全管理员在“账号安全”中解除',
    }),
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 104,
      search: false,
      sorter: true,
      render: (_, r) => (
        <span title={dateTimeSecondsText(r.createdAt)}>{chinaTime(r.createdAt, 'date')}</span>
      ),
    },
    {
      title: '创建时间',
      dataIndex: 'createdRange',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: (v) => rangeParams(v, 'createdStart', 'createdEnd') },
    },
    {
      title: '操作',
      key: 'option',
      valueType: 'option',
      width: OPTION_WIDTH,
      fixed: 'right',
      render: (_, r) => {
        const self = r.id === me?.uid;
        const disabled = r.status === 2;
        // The security and audit administrators' accounts are the security administrator's (三权分立).
        if (managedBySecurityAdmin(r))
          return (
            <Space size={0} wrap>
              {detailPath && access.canOnRoute('get') && !openDetail && (
                <Button type="link" size="small" onClick={() => navigate(`${detailPath}?id=${r.id}`)}>
                  详情
                </Button>
              )}
              <Tooltip title="安全管理员、审计管理员的账号由安全管理员管理（三权分立）">
                <Tag style={{ marginInlineEnd: 0 }}>安全管理员管理</Tag>
              </Tooltip>
            </Space>
          );
        const more = [
          detailPath && !openDetail && access.canOnRoute('get')
            ? { key: 'detail', label: '详情', onClick: () => navigate(`${detailPath}?id=${r.id}`) }
            : null,
          access.canOnRoute('edit') && !self
            ? { key: 'reset', label: '重置密码', onClick: () => setResetFor(r) }
            : null,
          access.canOnRoute('delete') && !self
            ? { key: 'delete', label: '删除', danger: true, onClick: () => confirmDelete(r) }
            : null,
        ].filter((x) => x !== null);
        return (
          <Space size={0} wrap>
            {editPath && (
              <Action name="edit">
                <Button type="link" size="small" onClick={() => navigate(`${editPath}?id=${r.id}`)}>
                  编辑
                </Button>
              </Action>
            )}
            {disabled ? (
              <Action name="enable">
                <Popconfirm
                  title={`启用用户 ${r.username}？`}
                  onConfirm={() => status.mutateAsync({ id: r.id, to: 1 })}
                >
                  <Button type="link" size="small">
                    启用
                  </Button>
                </Popconfirm>
              </Action>
            ) : (
              !self && (
                <Action name="disable">
                  <Popconfirm
                    title={`停用用户 ${r.username}？`}
                    description="停用后该用户立即退出登录且不能再登录。"
                    onConfirm={() => status.mutateAsync({ id: r.id, to: 2 })}
                  >
                    <Button type="link" size="small" danger>
                      停用
                    </Button>
                  </Popconfirm>
                </Action>
              )
            )}
            {more.length > 0 && (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small">
                  更多
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PagedTable<UserRow, Filters>
        headerTitle="用户列表"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto', defaultCollapsed: narrow }}
        // ProTable skips the search fields' rules unless told: a partial mobile is stopped here, with
        // the reason under the field, instead of reaching the server.
        form={{ ignoreRules: false, initialValues: initialOrgId ? { orgId: initialOrgId } : undefined }}
        request={async (params) => {
          const { pageNo, pageSize, sortField, sortOrder, ...rest } = params;
          const filters = cleanParams(rest);
          lastFilters.current = filters;
          return searchUsers({ ...filters, pageNo, pageSize, sortField, sortOrder });
        }}
        locale={{ emptyText: '没有符合条件的用户' }}
        toolBarRender={() => [
          <Action name="export" key="export">
            <Button icon={<DownloadOutlined />} onClick={() => setExportOpen(true)}>
              导出
            </Button>
          </Action>,
          addPath ? (
            <Action name="add" key="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(addPath)}>
                新增用户
              </Button>
            </Action>
          ) : null,
        ]}
      />
      <ExportUsersModal
        open={exportOpen}
        filters={lastFilters.current}
        onClose={() => setExportOpen(false)}
      />
      <ResetPasswordModal user={resetFor} onClose={() => setResetFor(null)} />
    </>
  );
}
