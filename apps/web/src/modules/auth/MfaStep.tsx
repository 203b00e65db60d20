import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { LoginData, MfaEnrolData, MfaPendingData } from '@aqzrx/contracts';
import { Alert, Button, Form, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { loginEnrolment, loginWithCode } from '../../platform/auth.ts';
import { MFA_CODE_PATTERN } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';

export const MFA_APPS = 'Microsoft Authenticator、Google Authenticator、阿里云、腾讯身份验证器等';

function errorText(e: unknown, fallback: string): string {
  return isApiError(e) ? e.envelope.result || fallback : fallback;
}

/** The secret in groups of four, for typing into an authenticator by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** The enrolment QR with the secret to type when scanning is not possible. */
export function EnrolQr({ enrol }: { enrol: MfaEnrolData }) {
  return (
    <Space direction="vertical" align="center" style={{ width: '100%' }}>
      <img
        src={enrol.qrDataUrl}
        alt="验证器二维码"
        width={180}
        height={180}
        data-testid="mfa-qr"
        style={{ imageRendering: 'pixelated' }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        无法扫码时，在验证器中手动添加：账号 {enrol.account}，密钥
      </Typography.Text>
      <Typography.Text code copyable={{ text: enrol.secret }} data-testid="mfa-secret">
        {groupedSecret(enrol.secret)}
      </Typography.Text>
    </Space>
  );
}

/** The ten recovery codes, shown once (after enrolling or re-enrolling). */
export function RecoveryCodes({
  codes,
  onDone,
  doneText,
}: {
  codes: string[];
  onDone: () => void;
  doneText: string;
}) {
  return (
    <div data-testid="mfa-recovery-codes">
      <Alert
        type="warning"
        showIcon
        message="请立即保存以下10个恢复码"
        description="手机丢失或验证器无法使用时，可用恢复码代替动态验证码登录，每个只能用一次。恢复码只显示这一次，请抄写或保存在安全的地方。"
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph
        copyable={{ text: codes.join('\n') }}
        style={{ fontFamily: 'monospace', fontSize: 15, columnCount: 2, textAlign: 'center' }}
      >
        {codes.map((c) => (
          <span key={c} style={{ display: 'block' }}>
            {c}
          </span>
        ))}
      </Typography.Paragraph>
      <Button type="primary" block onClick={onDone}>
        {doneText}
      </Button>
    </div>
  );
}

export interface MfaStepProps {
  pending: MfaPendingData;
  /** Signed in (the session is kept already). */
  onDone: (data: LoginData) => void;
  /** Back to the password (the ticket is gone). */
  onCancel: () => void;
}

/**
 * The second step of a sign-in of the operations admin or a regulator: the dynamic code from the
 * authenticator (or a recovery code); without an authenticator yet, enrolment first (scan the QR, type a
 * code), then the ten recovery codes, shown once.
 */
export function MfaStep({ pending, onDone, onCancel }: MfaStepProps) {
  const [enrol, setEnrol] = useState<MfaEnrolData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ data: LoginData; codes: string[] } | null>(null);
  const [form] = Form.useForm<{ code: string }>();

  useEffect(() => {
    if (pending.enrolled) return;
    let live = true;
    loginEnrolment(pending.ticket)
      .then((e) => live && setEnrol(e))
      .catch((e) => {
        if (!live) return;
        setError(errorText(e, '无法获取验证器二维码，请重新登录'));
        setExpired(true);
      });
    return () => {
      live = false;
    };
  }, [pending]);

  const submit = async ({ code }: { code: string }) => {
    setError(null);
    setSubmitting(true);
    try {
      const data = await loginWithCode(pending.ticket, code.trim());
      if (data.recoveryCodes?.length) setDone({ data, codes: data.recoveryCodes });
      else onDone(data);
    } catch (e) {
      setError(errorText(e, '验证失败，请稍后重试'));
      if (isApiError(e) && (e.code === 'MFA_TICKET_INVALID' || e.code === 'ACCOUNT_LOCKED')) setExpired(true);
      form.setFieldValue('code', '');
    } finally {
      setSubmitting(false);
    }
  };

  if (done)
    return (
      <RecoveryCodes codes={done.codes} onDone={() => onDone(done.data)} doneText="我已保存，进入系统" />
    );

  return (
    <section aria-label="二次验证" data-testid="mfa-step">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        <SafetyCertificateOutlined /> {pending.enrolled ? '二次验证' : '开通二次验证'}
      </Typography.Title>
      {error && (
        <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="mfa-error" />
      )}
      {pending.enrolled ? (
        <Typography.Paragraph type="secondary">
          请打开手机上的验证器，输入本账号当前显示的6位动态验证码；手机不在身边时可输入恢复码。
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            管理员和监管人员登录须使用动态验证码。请在手机上安装验证器（{MFA_APPS}
            ），扫描下方二维码，再输入验证器显示的6位动态验证码完成开通。
          </Typography.Paragraph>
          {enrol ? <EnrolQr enrol={enrol} /> : !expired && <Spin style={{ display: 'block', margin: 24 }} />}
        </>
      )}
      {!expired && (pending.enrolled || enrol) && (
        <Form form={form} onFinish={submit} size="large" style={{ marginTop: 16 }}>
          <Form.Item
            name="code"
            rules={[
              { required: true, whitespace: true, message: '请输入动态验证码' },
              { pattern: MFA_CODE_PATTERN, message: '请输入6位动态验证码或恢复码' },
            ]}
          >
            <Input
              placeholder={pending.enrolled ? '6位动态验证码或恢复码' : '6位动态验证码'}
              autoComplete="one-time-code"
              inputMode={pending.enrolled ? 'text' : 'numeric'}
              maxLength={11}
              aria-label="动态验证码"
              autoFocus
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {pending.enrolled ? '验证并登录' : '完成开通并登录'}
          </Button>
        </Form>
      )}
      <Button type="link" block onClick={onCancel} style={{ marginTop: 8 }}>
        返回重新登录
      </Button>
    </section>
  );
}
