import type { ActionType, ProColumns, ProFormInstance } from '@ant-design/pro-components';
import type { RoleRow, UserRow } from '@aqzrx/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Dropdown, Form, Modal, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cleanParams, PagedTable, roleOptions, tableWidth } from '../../components/index.ts';
import { useAccess } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { ADMIN_DUTY_NAMES, MFA_ROLES, RoleKey, roleDisplayName } from '../../platform/contracts.ts';
import { useRoles } from '../../platform/roles.ts';
import { disableIdleAccount, resetMfa, searchUsers, setDutyRole, unlockUser } from './api.ts';
import { SessionsDrawer } from './UserDialogs.tsx';
import { accountStateColumns } from './user-columns.tsx';
import { isReservedRole, managedBySecurityAdmin } from './user-rules.ts';

type Filters = Record<string, unknown>;

/**
 * The roles the security administrator may give an account (三权分立, security.md Z04): the security and the
 * audit administrator's, and — to revoke one of those — 普通用户. Never a role of the system administrator's
 * duty, and nothing for an account that holds one (the server refuses both, 403).
 */
export function dutyRoleChoices(
  roles: readonly RoleRow[],
  user: Pick<UserRow, 'duty' | 'roleId'>,
): RoleRow[] {
  if (user.duty === 'system') return [];
  return roles.filter(
    (r) =>
      r.id !== user.roleId &&
      (isReservedRole(r) || (managedBySecurityAdmin(user) && r.roleKey === RoleKey.USER)),
  );
}

/** 调整管理员角色: grant, move or revoke the security or audit administrator role of one account. */
function DutyRoleModal({
  user,
  roles,
  onClose,
  onDone,
}: {
  user: UserRow | null;
  roles: readonly RoleRow[];
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const [form] = Form.useForm<{ roleId: number }>();
  const save = useMutation({
    mutationFn: (roleId: number) => setDutyRole({ id: user!.id, version: user!.version, roleId }),
    onSuccess: (env) => {
      onDone(env.result);
      onClose();
    },
  });
  const choices = user ? dutyRoleChoices(roles, user) : [];
  return (
    <Modal
      open={user !== null}
      title={`调整管理员角色：${user?.username ?? ''}`}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (v) save.mutate(v.roleId);
      }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="安全管理员、审计管理员角色只在这里授予或撤销；撤销后账号成为普通用户。保存后该用户立即退出登录，下次登录须完成二次验证。"
      />
      <Typography.Paragraph>当前角色：{user ? roleDisplayName(user.roleKey) : ''}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="roleId" label="调整为" rules={[{ required: true, message: '请选择角色' }]}>
          <Select
            placeholder="选择角色"
            options={choices.map((r) => ({
              value: r.id,
              label: isReservedRole(r) ? r.displayName : `${r.roleName}（撤销管理员角色）`,
            }))}
            aria-label="调整为"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 账号安全 (AccountSecurity, the security administrator, 三权分立): every account with its lock state; unlocks
 * it, resets its second factor, lists and ends its sessions, grants or revokes the security and audit
 * administrator roles, and disables accounts 长期未登录 (the daily job's report links here with `?idle=1`, which
 * presets the filter). Changing accounts otherwise is the system administrator's (用户管理).
 */
export function AccountSecurity() {
  const { message, modal } = App.useApp();
  const access = useAccess();
  const { user: me } = useAuth();
  const roles = useRoles();
  const [search] = useSearchParams();
  const initialIdle = search.get('idle') === '1' ? '1' : undefined;
  const actionRef = useRef<ActionType | undefined>(undefined);
  const formRef = useRef<ProFormInstance | undefined>(undefined);
  // The report's link opened while the page is already open (same route, a new query): filter there too.
  useEffect(() => {
    if (!initialIdle || !formRef.current) return;
    formRef.current.setFieldsValue({ idle: initialIdle });
    formRef.current.submit();
  }, [initialIdle]);
  const [sessionsFor, setSessionsFor] = useState<UserRow | null>(null);
  const [dutyFor, setDutyFor] = useState<UserRow | null>(null);
  const done = (text: string) => {
    message.success(text);
    actionRef.current?.reload();
  };
  const unlock = useMutation({ mutationFn: unlockUser, onSuccess: (env) => done(env.result) });
  const mfaReset = useMutation({ mutationFn: resetMfa, onSuccess: (env) => done(env.result) });
  const idleDisable = useMutation({ mutationFn: disableIdleAccount, onSuccess: (env) => done(env.result) });
  const confirmIdleDisable = (r: UserRow) =>
    modal.confirm({
      title: `停用长期未登录账号 ${r.username}？`,
      content: '停用后该账号不能登录，其登录立即失效。如需继续使用，由系统管理员在“用户管理”中启用。',
      okText: '停用',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => idleDisable.mutateAsync(r.id),
    });
  const canEdit = access.canOnRoute('edit');
  const canGet = access.canOnRoute('get');
  const roleChoices = roleOptions(roles.data ?? []);
  const confirmMfaReset = (r: UserRow) =>
    modal.confirm({
      title: `重置 ${r.username} 的二次验证？`,
      content: '重置后该用户立即退出登录，下次登录须重新用验证器扫码绑定。请先核实是本人申请（如手机丢失）。',
      okText: '重置二次验证',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => mfaReset.mutateAsync(r.id),
    });

  const columns: ProColumns<UserRow>[] = [
    {
      title: '用户名',
      dataIndex: 'username',
      hideInTable: true,
      fieldProps: { placeholder: '用户名（模糊匹配）' },
    },
    {
      title: '用户名/昵称',
      dataIndex: 'user',
      search: false,
      width: 150,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.username}</span>
          {r.nickname && r.nickname !== r.username && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.nickname}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '角色',
      dataIndex: 'roleId',
      width: 150,
      valueType: 'select',
      valueEnum: Object.fromEntries(roleChoices.map((o) => [String(o.value), { text: o.label }])),
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{r.roleDisplay}</span>
          {r.duty && <Tag color={r.duty === 'system' ? 'blue' : 'purple'}>{ADMIN_DUTY_NAMES[r.duty]}</Tag>}
        </Space>
      ),
    },
    { title: '所属机构', dataIndex: 'orgName', width: 150, search: false, ellipsis: true },
    ...accountStateColumns({ statusWidth: 130, lastLoginWidth: 140, lockedHint: '连续登录失败已被锁定' }),
    {
      title: '操作',
      key: 'option',
      valueType: 'option',
      width: 200,
      fixed: 'right',
      render: (_, r) => {
        const self = r.id === me?.uid;
        const more = [
          canEdit && !self && r.idle && r.status !== 2
            ? { key: 'idle', label: '停用（长期未登录）', danger: true, onClick: () => confirmIdleDisable(r) }
            : null,
          canEdit && !self && MFA_ROLES.includes(r.roleKey)
            ? { key: 'mfa', label: '重置二次验证', onClick: () => confirmMfaReset(r) }
            : null,
          canEdit && !self && dutyRoleChoices(roles.data ?? [], r).length > 0
            ? { key: 'duty', label: '调整管理员角色', onClick: () => setDutyFor(r) }
            : null,
        ].filter((x) => x !== null);
        return (
          <Space size={0} wrap>
            {r.locked && canEdit && (
              <Button type="link" size="small" onClick={() => unlock.mutate(r.id)}>
                解除锁定
              </Button>
            )}
            {canGet && (
              <Button type="link" size="small" onClick={() => setSessionsFor(r)}>
                登录会话
              </Button>
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
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="解除登录锁定、重置二次验证、查看与结束登录会话、停用长期未登录账号，以及授予或撤销安全管理员、审计管理员角色。账号的新增、修改、启用及其他停用由系统管理员在“用户管理”中办理。"
      />
      <PagedTable<UserRow, Filters>
        headerTitle="账号安全"
        actionRef={actionRef}
        formRef={formRef}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto' }}
        form={{ initialValues: initialIdle ? { idle: initialIdle } : undefined }}
        request={async (params) => {
          const { pageNo, pageSize, sortField, sortOrder, ...rest } = params;
          return searchUsers({ ...cleanParams(rest), pageNo, pageSize, sortField, sortOrder });
        }}
        locale={{ emptyText: '没有符合条件的账号' }}
      />
      <SessionsDrawer user={sessionsFor} onClose={() => setSessionsFor(null)} />
      <DutyRoleModal user={dutyFor} roles={roles.data ?? []} onClose={() => setDutyFor(null)} onDone={done} />
    </>
  );
}
