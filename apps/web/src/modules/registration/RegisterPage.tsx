import { Alert, Button, Card, Divider, Form, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { USER_LOGIN_PATH } from '../../platform/paths.ts';
import { createUser, createUserManager, type RegCreateBody, type RegManagerBody } from './api.ts';
import {
  EnterpriseFields,
  ExpertFields,
  kindBody,
  ManagerFields,
  type RegKindName,
  ServiceFields,
} from './fields.tsx';
import { AccountFields, MobileVerify } from './parts.tsx';

const TITLES: Record<RegKindName, string> = {
  enterprise: '企业注册',
  service: '服务机构注册',
  expert: '专家注册',
  manager: '监管/保险机构人员注册',
};
const INTRO: Record<RegKindName, string> = {
  enterprise: '已由监管部门导入的企业，注册后账号将关联到已有的企业信息。',
  service: '安全生产技术服务机构注册，须提供有效期内的资质证书。',
  expert: '安全生产专家注册，审核通过后进入专家库。',
  manager: '为已在平台的监管部门或保险机构的工作人员申请账号。',
};

export const wrap = { maxWidth: 760, margin: '24px auto' } as const;

/**
 * A registration form (spec 2.1 portalReg, serviceReg, expertReg, regManager): the kind's fields, the
 * account and the mobile verified by SMS code. 提交注册 stays disabled until the mobile is verified; the
 * application then waits 待审核 for the operations centre.
 */
export function RegisterPage({ kind }: { kind: RegKindName }) {
  const [form] = Form.useForm();
  const [ticket, setTicket] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (v: Record<string, unknown>) => {
    if (!ticket) return;
    setSubmitting(true);
    try {
      const account = {
        username: String(v.username).trim(),
        password: String(v.password),
        mobile: String(v.mobile).trim(),
        mobileTicket: ticket,
      };
      const body = { ...kindBody(kind, v), ...account };
      setDone(
        kind === 'manager'
          ? await createUserManager(body as RegManagerBody)
          : await createUser(body as RegCreateBody),
      );
    } catch {
      // The refusal (taken username, duplicate code) was shown by the API client; the form stays.
    } finally {
      setSubmitting(false);
    }
  };

  if (done)
    return (
      <Card style={wrap}>
        <Result
          status="success"
          title={done}
          subTitle="审核结果可使用注册的用户名和密码登录查看；审核通过后即可使用平台。"
          extra={
            <Link to={USER_LOGIN_PATH}>
              <Button type="primary">返回登录</Button>
            </Link>
          }
        />
      </Card>
    );

  return (
    <Card style={wrap} title={TITLES[kind]}>
      <Alert type="info" showIcon message={INTRO[kind]} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '140px' }}
        onFinish={submit}
        aria-label={TITLES[kind]}
      >
        {kind === 'enterprise' && <EnterpriseFields />}
        {kind === 'service' && <ServiceFields ticket={ticket} />}
        {kind === 'expert' && <ExpertFields />}
        {kind === 'manager' && <ManagerFields />}
        <Divider orientation="left">账号信息</Divider>
        <MobileVerify ticket={ticket} onVerified={(_m, t) => setTicket(t)} />
        <AccountFields />
        <Form.Item wrapperCol={{ offset: 0 }}>
          <Button type="primary" htmlType="submit" block loading={submitting} disabled={!ticket}>
            提交注册
          </Button>
          {!ticket && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
              请先完成手机号验证
            </Typography.Text>
          )}
        </Form.Item>
        <div style={{ textAlign: 'center' }}>
          已有账号？<Link to={USER_LOGIN_PATH}>去登录</Link>
        </div>
      </Form>
    </Card>
  );
}

export const PortalRegPage = () => <RegisterPage kind="enterprise" />;
export const ServiceRegPage = () => <RegisterPage kind="service" />;
export const ExpertRegPage = () => <RegisterPage kind="expert" />;
export const RegManagerPage = () => <RegisterPage kind="manager" />;
