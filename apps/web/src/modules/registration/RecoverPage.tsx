import { Button, Card, Form, Input, Result, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PASSWORD_RULE_MESSAGE } from '../../platform/contracts.ts';
import { USER_LOGIN_PATH } from '../../platform/paths.ts';
import { resetPassword, sendRecoveryCode } from './api.ts';
import { passwordRules, useCountdown } from './parts.tsx';

interface RecoverForm {
  account: string;
  code: string;
  newPwd: string;
  confirm: string;
}

/**
 * 找回密码 (spec 2.1 recover): username or mobile → a code to the account's bound mobile → a new password
 * under the rule. The answers are the same whether or not the account exists; every session of the account
 * ends when the password changes.
 */
export function RecoverPage() {
  const [form] = Form.useForm<RecoverForm>();
  const [left, start] = useCountdown();
  const [hint, setHint] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const { account } = await form.validateFields(['account']);
    try {
      setHint(await sendRecoveryCode(account.trim()));
      start();
    } catch {
      // Too many codes: shown by the API client.
    }
  };
  const submit = async (v: RecoverForm) => {
    setBusy(true);
    try {
      setDone(await resetPassword({ account: v.account.trim(), code: v.code.trim(), newPwd: v.newPwd }));
    } catch {
      // A wrong code or a refused password: shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <Result
        status="success"
        title={done}
        subTitle="该账号在其他设备上的登录已全部退出。"
        extra={
          <Link to={USER_LOGIN_PATH}>
            <Button type="primary">去登录</Button>
          </Link>
        }
      />
    );

  return (
    <Card title="找回密码" style={{ maxWidth: 480, margin: '0 auto' }}>
      <Form form={form} layout="vertical" onFinish={submit} aria-label="找回密码">
        <Form.Item
          name="account"
          label="用户名或手机号"
          rules={[{ required: true, whitespace: true, min: 2, message: '请输入用户名或手机号' }]}
        >
          <Input maxLength={64} autoComplete="username" />
        </Form.Item>
        <Form.Item label="短信验证码" required extra={hint ?? '验证码将发送至该账号绑定的手机'}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入6位数字验证码' }]}
            >
              <Input maxLength={6} placeholder="6位验证码" aria-label="短信验证码" />
            </Form.Item>
            <Button onClick={send} disabled={left > 0}>
              {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="newPwd"
          label="新密码"
          extra={PASSWORD_RULE_MESSAGE}
          rules={passwordRules(() => ({ username: form.getFieldValue('account') }))}
        >
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['newPwd']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_, v) => {
                if (v && v !== getFieldValue('newPwd')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          重置密码
        </Button>
        <div style={{ marginTop: 12, textAlign: 'center' }}>
          <Link to={USER_LOGIN_PATH}>返回登录</Link>
        </div>
      </Form>
    </Card>
  );
}
