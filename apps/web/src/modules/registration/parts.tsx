import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import {
  isValidMobile,
  PASSWORD_RULE_MESSAGE,
  passwordProblem,
  USERNAME_PATTERN,
  USERNAME_RULE_MESSAGE,
} from '../../platform/contracts.ts';
import { sendSignupCode, validUserName, verifyMobile } from './api.ts';

export const mobileRules: Rule[] = [
  { required: true, message: '请输入手机号' },
  {
    validator: async (_, v) =>
      !v || isValidMobile(String(v).trim())
        ? undefined
        : Promise.reject(new Error('手机号格式不正确，请输入11位手机号')),
  },
];

/** The password rule of the contracts (≥ 8 characters, 3 of 4 classes, no username or mobile). */
export function passwordRules(ctx: () => { username?: string; mobile?: string }): Rule[] {
  return [
    { required: true, message: '请输入密码' },
    {
      validator: async (_, v) => {
        if (!v) return;
        const problem = passwordProblem(String(v), ctx());
        if (problem) throw new Error(problem);
      },
    },
  ];
}

/** Seconds until another code may be asked for (the server allows one a minute). */
const RESEND_SECONDS = 60;

export function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return [left, () => setLeft(RESEND_SECONDS)];
}

/**
 * 手机号验证: the mobile, 获取验证码 (one a minute), the code and 验证. Once verified the mobile is fixed and
 * `onVerified` has the ticket the registration sends; the form's 提交 stays disabled until then.
 */
export function MobileVerify({
  ticket,
  onVerified,
}: {
  ticket: string | null;
  onVerified: (mobile: string, ticket: string) => void;
}) {
  const form = Form.useFormInstance();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  const send = async () => {
    const mobile = await form.validateFields(['mobile']).then((v) => String(v.mobile).trim());
    setSending(true);
    try {
      setHint(await sendSignupCode(mobile));
      start();
    } catch {
      // The refusal (too many codes) was shown by the API client.
    } finally {
      setSending(false);
    }
  };
  const check = async () => {
    const v = await form.validateFields(['mobile', 'smsCode']);
    setChecking(true);
    try {
      const mobile = String(v.mobile).trim();
      const res = await verifyMobile(mobile, String(v.smsCode).trim());
      onVerified(mobile, res.mobileTicket);
    } catch {
      // A wrong or expired code: the API client showed the message; the form stays closed.
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Form.Item label="手机号" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="mobile" noStyle rules={mobileRules}>
            <Input placeholder="11位手机号" maxLength={11} disabled={!!ticket} aria-label="手机号" />
          </Form.Item>
          <Button onClick={send} loading={sending} disabled={left > 0 || !!ticket}>
            {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      {ticket ? (
        <Form.Item label="短信验证码">
          <Typography.Text type="success">
            <CheckCircleFilled /> 手机号已验证
          </Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item label="短信验证码" required extra={hint ?? '验证码5分钟内有效'}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="smsCode"
              noStyle
              rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入6位数字验证码' }]}
            >
              <Input placeholder="6位验证码" maxLength={6} aria-label="短信验证码" />
            </Form.Item>
            <Button onClick={check} loading={checking}>
              验证手机号
            </Button>
          </Space.Compact>
        </Form.Item>
      )}
    </>
  );
}

/** 用户名, 密码, 确认密码: the username is checked with validUserName when it leaves the field. */
export function AccountFields() {
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item
        name="username"
        label="用户名"
        validateTrigger="onBlur"
        rules={[
          { required: true, whitespace: true, message: '请输入用户名' },
          { min: 3, max: 64, message: '用户名为3-64个字符' },
          { pattern: USERNAME_PATTERN, message: USERNAME_RULE_MESSAGE },
          {
            validator: async (_, v) => {
              if (!v || !USERNAME_PATTERN.test(v)) return;
              const res = await validUserName(String(v).trim());
              if (!res.available) throw new Error('该用户名已被使用，请换一个');
            },
          },
        ]}
      >
        <Input placeholder="登录用的用户名" maxLength={64} autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="password"
        label="密码"
        extra={PASSWORD_RULE_MESSAGE}
        rules={passwordRules(() => ({
          username: form.getFieldValue('username'),
          mobile: form.getFieldValue('mobile'),
        }))}
      >
        <Input.Password maxLength={128} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认密码"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: async (_, v) => {
              if (v && v !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password maxLength={128} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
