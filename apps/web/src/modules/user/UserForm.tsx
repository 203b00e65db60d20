import type { UserDetail } from '@aqzrx/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { filterRoleOption, renderRoleOption, roleOptions } from '../../components/index.ts';
import { Action, useAccess } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { DISTRICTS, PASSWORD_RULE_MESSAGE } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { useRoles } from '../../platform/roles.ts';
import { USER_SCREENS, useScreenPath } from '../../platform/screen-path.ts';
import { OrgSelect } from '../org/index.ts';
import { addUser, getUser, saveUser, type UserFormBody } from './api.ts';
import { generateTempPassword, showTempPassword } from './UserDialogs.tsx';
import {
  assignableRoles,
  emailProblem,
  initialPasswordProblem,
  mobileProblem,
  needsDistricts,
  ruleOf,
  usernameProblem,
} from './user-rules.ts';

export interface UserFormValues {
  username?: string;
  password?: string;
  mustChangePassword?: boolean;
  nickname?: string;
  mobile?: string;
  email?: string;
  roleId?: number;
  orgId?: number | null;
  districtCodes?: string[];
}

const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * The user form of UserAdd and UserEdit. On edit, mobile and e-mail arrive masked (the full values
 * never reach the browser without an audited reveal): leaving them empty keeps the stored values.
 */
export function UserFormFields({
  mode,
  current,
  onSubmit,
  submitting,
  onCancel,
}: {
  mode: 'add' | 'edit';
  current?: UserDetail;
  onSubmit: (v: UserFormValues) => void;
  submitting: boolean;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<UserFormValues>();
  const { user: me } = useAuth();
  const access = useAccess();
  const roles = useRoles();
  const options = useMemo(
    () => assignableRoles(roles.data ?? [], me?.userRole.roleKey),
    [roles.data, me?.userRole.roleKey],
  );
  // A caller limited to one role (the government) gets it filled in once the roles have loaded.
  useEffect(() => {
    if (mode === 'add' && options.length === 1 && form.getFieldValue('roleId') === undefined)
      form.setFieldValue('roleId', options[0]!.id);
  }, [mode, options, form]);
  const roleId = Form.useWatch('roleId', form);
  const roleKey = (roles.data ?? []).find((r) => r.id === roleId)?.roleKey;
  const isSelf = mode === 'edit' && current?.id === me?.uid;
  const canPickOrg = access.hasPermission('org.query');

  const initialValues: UserFormValues =
    mode === 'add'
      ? {
          mustChangePassword: true,
          districtCodes: [],
        }
      : {
          nickname: current?.nickname ?? '',
          roleId: current?.roleId,
          orgId: current?.orgId ?? null,
          districtCodes: current?.districtCodes ?? [],
        };

  return (
    <Form<UserFormValues>
      form={form}
      name={`user-${mode}`}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onSubmit}
      autoComplete="off"
      scrollToFirstError
      style={{ maxWidth: 880 }}
    >
      <Row gutter={24}>
        {mode === 'add' ? (
          <>
            <Col xs={24} md={12}>
              <Form.Item label="用户名" name="username" required rules={[ruleOf(usernameProblem)]}>
                <Input maxLength={64} placeholder="3-64位字母、数字或 _ . @ -" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="初始密码"
                name="password"
                required
                extra={PASSWORD_RULE_MESSAGE}
                dependencies={['username', 'mobile']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v: string | undefined) => {
                      const p = initialPasswordProblem(v, {
                        username: getFieldValue('username'),
                        mobile: getFieldValue('mobile'),
                      });
                      return p ? Promise.reject(new Error(p)) : Promise.resolve();
                    },
                  }),
                ]}
              >
                <Input
                  maxLength={128}
                  autoComplete="new-password"
                  placeholder="请输入或生成初始密码"
                  addonAfter={
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        form.setFieldValue('password', generateTempPassword(form.getFieldValue('username')));
                        void form.validateFields(['password']);
                      }}
                    >
                      生成
                    </Button>
                  }
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="mustChangePassword" valuePropName="checked">
                <Checkbox>首次登录须修改密码（推荐）</Checkbox>
              </Form.Item>
            </Col>
          </>
        ) : (
          <Col span={24}>
            <Form.Item label="用户名">
              <Typography.Text strong>{current?.username}</Typography.Text>
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item label="昵称" name="nickname" rules={[{ max: 64, message: '昵称不能超过64个字符' }]}>
            <Input maxLength={64} placeholder="显示名称，如姓名" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="角色"
            name="roleId"
            rules={[{ required: true, message: '请选择角色' }]}
            extra={isSelf ? '不能修改自己的角色' : mode === 'edit' ? '修改角色后该用户需重新登录' : undefined}
          >
            <Select
              placeholder="请选择角色"
              loading={roles.isLoading}
              disabled={isSelf}
              showSearch
              filterOption={filterRoleOption}
              options={roleOptions(options)}
              optionRender={renderRoleOption}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="手机号"
            name="mobile"
            rules={[ruleOf(mobileProblem)]}
            extra={mode === 'edit' && current?.mobile ? `当前：${current.mobile}，留空则不修改` : undefined}
          >
            <Input
              maxLength={14}
              placeholder={mode === 'edit' && current?.mobile ? '留空不修改' : '11位手机号'}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="邮箱"
            name="email"
            rules={[ruleOf(emailProblem)]}
            extra={mode === 'edit' && current?.email ? `当前：${current.email}，留空则不修改` : undefined}
          >
            <Input
              maxLength={100}
              placeholder={mode === 'edit' && current?.email ? '留空不修改' : 'name@example.com'}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {canPickOrg ? (
            <Form.Item label="所属机构" name="orgId" extra="一个用户最多属于一个机构">
              <OrgSelect initialLabel={current?.orgName || undefined} />
            </Form.Item>
          ) : (
            <Form.Item label="所属机构">
              <Typography.Text>{current?.orgName || '—'}</Typography.Text>
            </Form.Item>
          )}
        </Col>
        {needsDistricts(roleKey) && (
          <Col xs={24} md={12}>
            <Form.Item label="管辖区县" name="districtCodes" extra="监管数据范围；不选则为全市">
              <Select
                mode="multiple"
                allowClear
                placeholder="全市"
                options={DISTRICTS.map((d) => ({ value: d.value, label: d.label }))}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Space>
        <Action name={mode === 'add' ? 'add' : 'edit'}>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {mode === 'add' ? '创建用户' : '保存'}
          </Button>
        </Action>
        <Button onClick={onCancel}>取消</Button>
      </Space>
    </Form>
  );
}

function useBackToList() {
  const navigate = useNavigate();
  const listPath = useScreenPath(USER_SCREENS.list);
  return () => (listPath ? navigate(listPath) : navigate(-1));
}

/** 新增用户 (UserAdd, GovUserAdd). */
export function UserAdd() {
  const { message, modal } = App.useApp();
  const back = useBackToList();
  const add = useMutation({
    mutationFn: (v: UserFormValues) =>
      addUser({
        username: v.username!.trim(),
        password: v.password!,
        mustChangePassword: v.mustChangePassword ?? true,
        nickname: v.nickname?.trim() ?? '',
        mobile: blankToNull(v.mobile),
        email: blankToNull(v.email),
        roleId: v.roleId!,
        orgId: v.orgId ?? null,
        districtCodes: v.districtCodes ?? [],
      }),
    onSuccess: (res, v) => {
      message.success(res.message || '新增成功');
      if (v.mustChangePassword !== false) showTempPassword(modal, v.username!.trim(), v.password!);
      back();
    },
  });
  return (
    <Card title="新增用户">
      <UserFormFields mode="add" onSubmit={(v) => add.mutate(v)} submitting={add.isPending} onCancel={back} />
    </Card>
  );
}

/** 编辑用户 (UserEdit, GovUserEdit): saves with the version read; a concurrent change answers 409. */
export function UserEdit() {
  const { message, modal } = App.useApp();
  const back = useBackToList();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const q = useQuery({
    queryKey: ['sys', 'user', id],
    queryFn: () => getUser(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  const save = useMutation({
    mutationFn: (v: UserFormValues) => {
      const cur = q.data!;
      const body: Partial<UserFormBody> & { id: number; version: number } = {
        id: cur.id,
        version: cur.version,
        nickname: v.nickname?.trim() ?? '',
        ...(v.roleId !== cur.roleId ? { roleId: v.roleId } : {}),
        ...(v.mobile?.trim() ? { mobile: v.mobile.trim() } : {}),
        ...(v.email?.trim() ? { email: v.email.trim() } : {}),
        ...(v.orgId !== undefined && v.orgId !== cur.orgId ? { orgId: v.orgId ?? null } : {}),
        ...(v.districtCodes ? { districtCodes: v.districtCodes } : {}),
      };
      return saveUser(body);
    },
    onSuccess: (text) => {
      message.success(text || '保存成功');
      back();
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 409 && e.code === 'STALE_VERSION') {
        modal.confirm({
          title: '该用户已被他人修改',
          content: `${e.envelope.result}。重新加载后将显示最新内容，您的修改需要重新填写。`,
          okText: '重新加载',
          cancelText: '留在本页',
          onOk: () => q.refetch(),
        });
      } else {
        message.error(isApiError(e) ? e.envelope.result : '保存失败，请稍后重试');
      }
    },
  });

  if (!Number.isInteger(id) || id <= 0)
    return <Result status="warning" title="缺少用户编号" extra={<Button onClick={back}>返回列表</Button>} />;
  if (q.isError)
    return (
      <Result status="404" title="用户不存在或已删除" extra={<Button onClick={back}>返回列表</Button>} />
    );
  return (
    <Card title="编辑用户">
      {!q.data ? (
        <Skeleton active />
      ) : (
        <>
          {q.data.status === 2 && (
            <Alert type="warning" showIcon message="该用户已停用" style={{ marginBottom: 16 }} />
          )}
          <UserFormFields
            key={`${q.data.id}-${q.data.version}`}
            mode="edit"
            current={q.data}
            onSubmit={(v) => save.mutate(v)}
            submitting={save.isPending}
            onCancel={back}
          />
        </>
      )}
    </Card>
  );
}
