import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { MfaEnrolData } from '@aqzrx/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { dateTimeText } from '../../components/index.ts';
import { feedback } from '../../platform/feedback.ts';
import { isApiError } from '../../platform/request.ts';
import { EnrolQr, MFA_APPS, RecoveryCodes } from './MfaStep.tsx';
import { mfaConfirm, mfaReenrol, mfaStatus } from './mfa-api.ts';

const QUERY_KEY = ['mfa-status'];

type Step = { kind: 'password' } | { kind: 'scan'; enrol: MfaEnrolData } | { kind: 'codes'; codes: string[] };

function errorText(e: unknown, fallback: string): string {
  return isApiError(e) ? e.envelope.result || fallback : fallback;
}

/** Re-enrolment: the current password, the new QR and a code from it, then the ten new recovery codes. */
function ReenrolModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ password?: string; code?: string }>();

  const close = () => {
    setStep({ kind: 'password' });
    setError(null);
    form.resetFields();
    onClose();
  };
  const run = async (fn: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  const submit = (values: { password?: string; code?: string }) =>
    run(async () => {
      try {
        if (step.kind === 'password') {
          setStep({ kind: 'scan', enrol: await mfaReenrol(values.password ?? '') });
          form.resetFields();
        } else if (step.kind === 'scan') {
          const res = await mfaConfirm(step.enrol.ticket, (values.code ?? '').trim());
          setStep({ kind: 'codes', codes: res.recoveryCodes });
          await client.invalidateQueries({ queryKey: QUERY_KEY });
        }
      } catch (e) {
        setError(errorText(e, '操作失败，请稍后重试'));
        form.setFieldValue(step.kind === 'password' ? 'password' : 'code', '');
      }
    });

  return (
    <Modal
      open={open}
      title="重新绑定验证器"
      onCancel={close}
      footer={null}
      destroyOnHidden
      maskClosable={step.kind !== 'codes'}
      closable={step.kind !== 'codes'}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {step.kind === 'codes' ? (
        <RecoveryCodes
          codes={step.codes}
          doneText="我已保存"
          onDone={() => {
            feedback.message.success('验证器已重新绑定');
            close();
          }}
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit}>
          {step.kind === 'password' ? (
            <Form.Item
              name="password"
              label="当前密码"
              extra="为确认是本人操作，请先输入当前密码。新验证器确认前，原验证器仍可使用。"
              rules={[{ required: true, message: '请输入当前密码' }]}
            >
              <Input.Password autoComplete="current-password" maxLength={128} />
            </Form.Item>
          ) : (
            <>
              <Typography.Paragraph type="secondary">
                用验证器（{MFA_APPS}
                ）扫描二维码，再输入新验证器显示的6位动态验证码。确认后原验证器和原恢复码作废。
              </Typography.Paragraph>
              <EnrolQr enrol={step.enrol} />
              <Form.Item
                name="code"
                label="动态验证码"
                style={{ marginTop: 16 }}
                rules={[
                  { required: true, whitespace: true, message: '请输入动态验证码' },
                  { pattern: /^\d{6}$/, message: '请输入6位动态验证码' },
                ]}
              >
                <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
              </Form.Item>
            </>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {step.kind === 'password' ? '下一步' : '确认绑定'}
          </Button>
        </Form>
      )}
    </Modal>
  );
}

/**
 * /account/mfa (the user menu's 二次验证): the signed-in user's second factor: whether it is on, since when,
 * how many recovery codes are left, and re-enrolment (a new phone, or new recovery codes).
 */
export function MfaSettings() {
  const info = useQuery({ queryKey: QUERY_KEY, queryFn: mfaStatus });
  const [open, setOpen] = useState(false);
  const d = info.data;
  return (
    <Card
      title={
        <Space>
          <SafetyCertificateOutlined />
          二次验证
        </Space>
      }
      data-testid="mfa-settings"
    >
      {!d ? (
        <Skeleton active />
      ) : !d.required ? (
        <Alert type="info" showIcon message="当前账号登录无需二次验证。" />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="middle" style={{ maxWidth: 560 }}>
            <Descriptions.Item label="状态">
              {d.enrolled ? <Tag color="success">已开通</Tag> : <Tag color="warning">未开通</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="开通时间">{dateTimeText(d.enrolledAt)}</Descriptions.Item>
            <Descriptions.Item label="剩余恢复码">
              {d.enrolled ? `${d.recoveryCodesLeft} 个` : '-'}
            </Descriptions.Item>
          </Descriptions>
          {d.enrolled && d.recoveryCodesLeft <= 3 && (
            <Alert type="warning" showIcon message="恢复码即将用完，请重新绑定验证器以获取新的恢复码。" />
          )}
          <Button type="primary" onClick={() => setOpen(true)}>
            重新绑定验证器
          </Button>
          <div style={{ color: 'rgba(0,0,0,0.45)' }}>
            系统管理员、安全管理员、审计管理员和监管人员登录时，除密码外还须输入手机验证器中的6位动态验证码。更换手机或恢复码用完时请重新绑定；手机丢失且无恢复码时，请联系安全管理员重置二次验证。
          </div>
        </Space>
      )}
      <ReenrolModal open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
