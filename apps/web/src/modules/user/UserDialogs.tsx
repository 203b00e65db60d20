import type { SessionRow, UserRow } from '@aqzrx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { dateTimeSecondsText } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { PASSWORD_RULE_MESSAGE, passwordProblem } from '../../platform/contracts.ts';
import { forceLogout, resetPassword, userSessions } from './api.ts';

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '@#%&*!?';

function pick(chars: string, rnd: number): string {
  return chars[rnd % chars.length]!;
}

/** A 12-character temporary password of all four classes (meets the password rule). */
export function generateTempPassword(username = ''): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  for (;;) {
    const r = new Uint32Array(12);
    crypto.getRandomValues(r);
    const chars = [pick(LOWER, r[0]!), pick(UPPER, r[1]!), pick(DIGITS, r[2]!), pick(SYMBOLS, r[3]!)];
    for (let i = 4; i < 12; i++) chars.push(pick(all, r[i]!));
    // Shuffle so the classes are not always in the same positions.
    for (let i = chars.length - 1; i > 0; i--) {
      const j = r[i]! % (i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const pwd = chars.join('');
    if (!passwordProblem(pwd, { username })) return pwd;
  }
}

/** Shows a temporary password once, with a copy button. */
export function showTempPassword(
  modal: ReturnType<typeof App.useApp>['modal'],
  username: string,
  pwd: string,
) {
  modal.success({
    title: '临时密码已设置',
    width: 460,
    content: (
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>
          用户 <b>{username}</b>{' '}
          的临时密码如下，仅显示这一次，请通过安全渠道告知本人。该用户下次登录时须修改密码。
        </span>
        <Typography.Paragraph
          copyable={{ text: pwd, tooltips: ['复制', '已复制'] }}
          code
          data-testid="temp-password"
          style={{ fontSize: 18, marginBottom: 0 }}
        >
          {pwd}
        </Typography.Paragraph>
      </Space>
    ),
    okText: '我已记下',
  });
}

/** Admin sets a temporary password (user.edit); the user's sessions end and a change is forced. */
export function ResetPasswordModal({
  user,
  onClose,
}: {
  user: Pick<UserRow, 'id' | 'username'> | null;
  onClose: () => void;
}) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ newPwd: string }>();
  const reset = useMutation({
    mutationFn: (pwd: string) => resetPassword(user!.id, pwd),
    onSuccess: (env, pwd) => {
      message.success(env.result || '密码已重置');
      onClose();
      showTempPassword(modal, user!.username, pwd);
    },
  });
  return (
    <Modal
      open={user !== null}
      title={`重置密码：${user?.username ?? ''}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="重置"
      confirmLoading={reset.isPending}
      destroyOnHidden
      maskClosable={false}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="重置后该用户的所有登录立即失效，下次登录须先修改密码。"
      />
      <Form
        form={form}
        layout="vertical"
        name="reset-password"
        initialValues={{ newPwd: user ? generateTempPassword(user.username) : '' }}
        onFinish={(v) => reset.mutate(v.newPwd)}
      >
        <Form.Item
          label="临时密码"
          name="newPwd"
          extra={PASSWORD_RULE_MESSAGE}
          rules={[
            { required: true, message: '请输入临时密码' },
            {
              validator: (_, v: string | undefined) => {
                const p = v ? passwordProblem(v, { username: user?.username }) : null;
                return p ? Promise.reject(new Error(p)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input
            maxLength={128}
            autoComplete="new-password"
            addonAfter={
              <Button
                type="link"
                size="small"
                onClick={() => form.setFieldValue('newPwd', generateTempPassword(user?.username))}
              >
                重新生成
              </Button>
            }
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Live sessions of a user, with force logout of one or all (user.edit). */
export function SessionsDrawer({
  user,
  onClose,
}: {
  user: Pick<UserRow, 'id' | 'username'> | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const key = ['sys', 'sessions', user?.id];
  const { data, isFetching } = useQuery({
    queryKey: key,
    queryFn: () => userSessions(user!.id),
    enabled: user !== null,
  });
  const end = useMutation({
    mutationFn: (sessionId?: number) => forceLogout(user!.id, sessionId),
    onSuccess: (env) => {
      message.success(env.result || '已下线');
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const [ending, setEnding] = useState<number | 'all' | null>(null);
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      width={720}
      title={`登录会话：${user?.username ?? ''}`}
      destroyOnHidden
      extra={
        <Action permission="userSecurity.edit">
          <Popconfirm
            title="结束该用户的全部会话？"
            description="该用户将在所有设备上退出登录。"
            onConfirm={() => {
              setEnding('all');
              end.mutate(undefined, { onSettled: () => setEnding(null) });
            }}
            disabled={!data?.length}
          >
            <Button danger disabled={!data?.length} loading={ending === 'all'}>
              全部强制下线
            </Button>
          </Popconfirm>
        </Action>
      }
    >
      <Table<SessionRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: '该用户当前没有登录会话' }}
        columns={[
          {
            title: '登录时间',
            dataIndex: 'createdAt',
            render: (v: string) => dateTimeSecondsText(v),
            width: 160,
          },
          {
            title: '最近活动',
            dataIndex: 'lastSeenAt',
            render: (v: string) => dateTimeSecondsText(v),
            width: 160,
          },
          { title: 'IP', dataIndex: 'ip', width: 120 },
          {
            title: '浏览器',
            dataIndex: 'userAgent',
            ellipsis: true,
            render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v || '-'}</Typography.Text>,
          },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_, s) => (
              <Action permission="userSecurity.edit">
                <Popconfirm
                  title="强制该会话下线？"
                  onConfirm={() => {
                    setEnding(s.id);
                    end.mutate(s.id, { onSettled: () => setEnding(null) });
                  }}
                >
                  <Button type="link" size="small" danger loading={ending === s.id}>
                    下线
                  </Button>
                </Popconfirm>
              </Action>
            ),
          },
        ]}
      />
      {data && data.length > 0 && (
        <Tag style={{ marginTop: 12 }}>共 {data.length} 个会话（空闲超时或过期的会话不显示）</Tag>
      )}
    </Drawer>
  );
}
