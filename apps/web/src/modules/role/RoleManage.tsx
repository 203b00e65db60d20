import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { RoleRow } from '@aqzrx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Modal, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { dateTimeSecondsText, PagedTable } from '../../components/index.ts';
import { Action, useAccess } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { ADMIN_DUTY_NAMES, roleAdminLabel } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { UserMultiSelect } from '../user/index.ts';
import { assignRole, deleteRole, searchRoles } from './api.ts';
import { RoleEditor } from './RoleEditor.tsx';

/** Assign users to a role (saveRoleUser): their sessions end and they log in again with the role. */
function AssignUsersModal({
  role,
  onClose,
  onDone,
}: {
  role: RoleRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userIds: number[] }>();
  const assign = useMutation({
    mutationFn: (ids: number[]) => assignRole(role!.id, ids),
    onSuccess: (env) => {
      message.success(env.result);
      onDone();
    },
  });
  return (
    <Modal
      open={role !== null}
      title={`分配用户：${role ? roleAdminLabel(role) : ''}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="分配"
      confirmLoading={assign.isPending}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="选中的用户将改为该角色，其当前登录立即失效，需要重新登录。"
      />
      <Form form={form} layout="vertical" name="assign-role" onFinish={(v) => assign.mutate(v.userIds)}>
        <Form.Item
          label="用户"
          name="userIds"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个用户' }]}
        >
          <UserMultiSelect maxCount={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A role of the security or audit administrator (三权分立): fixed by the seed, assigned by the security admin. */
const reservedRole = (r: RoleRow) => r.duty === 'security' || r.duty === 'audit';

/**
 * 角色权限 (RoleManage): roles, their grants over the whole resource tree, and who holds them. The security
 * and audit roles, and the caller's own role, are not changed here (三权分立, security.md Z04).
 */
export function RoleManage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const access = useAccess();
  const { user: me } = useAuth();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<{ open: boolean; role: RoleRow | null }>({
    open: false,
    role: null,
  });
  const [assigning, setAssigning] = useState<RoleRow | null>(null);
  const reload = () => {
    actionRef.current?.reload();
    void qc.invalidateQueries({ queryKey: ['sys', 'roles'] });
  };

  const remove = useMutation({
    mutationFn: (r: RoleRow) => deleteRole(r.id),
    onSuccess: (env) => {
      message.success(env.result || '删除成功');
      reload();
    },
    onError: (e) =>
      modal.error({
        title: '不能删除该角色',
        content: isApiError(e) ? e.envelope.result : '删除失败，请稍后重试',
      }),
  });

  const columns: ProColumns<RoleRow>[] = [
    { title: '角色名称', dataIndex: 'roleName', width: 180, fieldProps: { placeholder: '角色名称' } },
    {
      title: '角色标识',
      dataIndex: 'roleKey',
      width: 200,
      fieldProps: { placeholder: '如 ROLE_ADMIN' },
      render: (_, r) => <code>{r.roleKey}</code>,
    },
    {
      title: '显示为',
      dataIndex: 'displayName',
      width: 170,
      search: false,
      render: (_, r) =>
        r.isSystem && r.displayName === r.roleName ? (
          r.displayName
        ) : (
          <Tag color="purple">{r.displayName}</Tag>
        ),
    },
    {
      title: '类型',
      dataIndex: 'isSystem',
      width: 100,
      search: false,
      render: (_, r) => (r.isSystem ? <Tag color="blue">系统内置</Tag> : <Tag>自定义</Tag>),
    },
    {
      title: '管理职责',
      dataIndex: 'duty',
      width: 110,
      search: false,
      render: (_, r) => (r.duty ? <Tag color="geekblue">{ADMIN_DUTY_NAMES[r.duty]}</Tag> : '-'),
    },
    { title: '用户数', dataIndex: 'userCount', width: 90, search: false, align: 'right' },
    { title: '描述', dataIndex: 'description', ellipsis: true, search: false },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 160,
      search: false,
      render: (_, r) => dateTimeSecondsText(r.createdAt),
    },
    {
      title: '操作',
      key: 'option',
      valueType: 'option',
      width: 220,
      render: (_, r) => {
        if (reservedRole(r))
          return (
            <Tooltip title="安全管理员、审计管理员角色的权限由系统预置，由安全管理员在“账号安全”中授予或撤销">
              <Tag>系统预置</Tag>
            </Tooltip>
          );
        const own = r.roleKey === me?.userRole.roleKey;
        return (
          <Space size={0}>
            {access.canOnRoute('get') && !own && (
              <Action name="edit">
                <Button type="link" size="small" onClick={() => setEditing({ open: true, role: r })}>
                  编辑权限
                </Button>
              </Action>
            )}
            {own && (
              <Tooltip title="不能修改自己所在角色的权限，须由其他管理员修改">
                <Tag>本人所在角色</Tag>
              </Tooltip>
            )}
            {access.hasPermission('user.query') && (
              <Action name="edit">
                <Button type="link" size="small" onClick={() => setAssigning(r)}>
                  分配用户
                </Button>
              </Action>
            )}
            {!r.isSystem && (
              <Action name="delete">
                <Tooltip title={r.userCount ? `仍有 ${r.userCount} 个用户使用该角色` : undefined}>
                  <Popconfirm
                    title={`删除角色 ${r.roleName}？`}
                    description="删除后不可恢复。"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(r).catch(() => undefined)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Tooltip>
              </Action>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PagedTable<RoleRow>
        headerTitle="角色列表"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1210 }}
        request={(p) => searchRoles(p as Record<string, string | number>)}
        locale={{ emptyText: '没有符合条件的角色' }}
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true, role: null })}
            >
              新增角色
            </Button>
          </Action>,
        ]}
      />
      <RoleEditor
        open={editing.open}
        role={editing.role}
        onClose={() => setEditing({ open: false, role: null })}
        onSaved={() => {
          setEditing({ open: false, role: null });
          reload();
        }}
      />
      <AssignUsersModal
        role={assigning}
        onClose={() => setAssigning(null)}
        onDone={() => {
          setAssigning(null);
          reload();
        }}
      />
    </>
  );
}
