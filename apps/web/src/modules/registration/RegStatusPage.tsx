import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Divider, Form, Result, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { REG_STATUS, RegStatus } from '../../platform/contracts.ts';
import { districtName } from '../../platform/districts.ts';
import { USER_LOGIN_PATH } from '../../platform/paths.ts';
import { applicationToken, myApplication, type RegDetail, type RegResubmitBody, resubmit } from './api.ts';
import {
  EnterpriseFields,
  ExpertFields,
  kindBody,
  ManagerFields,
  type RegKindName,
  ServiceFields,
} from './fields.tsx';
import { wrap } from './RegisterPage.tsx';

/** The form's starting values from the stored application (dates as pickers want them). */
function initialValues(d: RegDetail): Record<string, unknown> {
  const f = d.form as Record<string, unknown>;
  const certs = (f.certificates as { type: string; no: string; validTo: string | null }[] | undefined) ?? [];
  return {
    ...f,
    name: d.name,
    uscc: d.uscc ?? undefined,
    districtCode: d.districtCode ?? undefined,
    targetOrgId: d.targetOrgId ?? undefined,
    certExpiry: f.certExpiry ? dayjs(String(f.certExpiry)) : undefined,
    certificates: certs.map((c) => ({ ...c, validTo: c.validTo ? dayjs(c.validTo) : undefined })),
  };
}

/**
 * 注册申请状态: what a pending applicant sees after signing in (the login answers REGISTRATION_PENDING
 * with a token for this page): 待审核, or 已退回 with the reason and the form to correct and resubmit.
 */
export function RegStatusPage() {
  const token = applicationToken();
  const app = useQuery({
    queryKey: ['my-registration', token],
    queryFn: () => myApplication(token ?? ''),
    enabled: !!token,
    retry: false,
  });
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const d = app.data;
  const initial = useMemo(() => (d ? initialValues(d) : undefined), [d]);

  if (!token || app.isError)
    return (
      <Card style={wrap}>
        <Result
          status="info"
          title="请登录查看注册申请"
          subTitle="使用注册时填写的用户名和密码登录，即可查看审核进度。"
          extra={
            <Link to={USER_LOGIN_PATH}>
              <Button type="primary">去登录</Button>
            </Link>
          }
        />
      </Card>
    );
  if (!d || !initial) return <Spin style={{ display: 'block', margin: 48 }} />;
  const kind = d.kind as RegKindName;
  const status = REG_STATUS.find((s) => s.value === d.status);

  const submit = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      setSent(await resubmit(token, kindBody(kind, v) as RegResubmitBody));
      await app.refetch();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card style={wrap} title="注册申请">
      {sent && <Alert type="success" showIcon message={sent} style={{ marginBottom: 16 }} />}
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="审核状态">
          <Tag color={status?.color === 'processing' ? 'blue' : 'orange'}>{d.statusLabel}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="申请类型">{d.kindLabel}</Descriptions.Item>
        <Descriptions.Item label="名称">{d.name}</Descriptions.Item>
        {d.uscc && <Descriptions.Item label="统一社会信用代码">{d.uscc}</Descriptions.Item>}
        {d.districtCode && (
          <Descriptions.Item label="所属区县">{districtName(d.districtCode)}</Descriptions.Item>
        )}
        {d.targetOrgName && <Descriptions.Item label="所属机构">{d.targetOrgName}</Descriptions.Item>}
        <Descriptions.Item label="用户名">{d.username}</Descriptions.Item>
        <Descriptions.Item label="手机号">{d.mobile}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{d.submittedAt}</Descriptions.Item>
      </Descriptions>
      {d.status === RegStatus.PENDING && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 16 }}
          message="申请正在审核中"
          description="运营中心审核通过后，使用本账号登录即可进入平台。"
        />
      )}
      {d.status === RegStatus.RETURNED && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 16 }}
            message="申请已退回"
            description={`退回原因：${d.reason}`}
            data-testid="reg-return-reason"
          />
          <Divider orientation="left">修改后重新提交</Divider>
          <Form
            form={form}
            labelCol={{ flex: '140px' }}
            initialValues={initial}
            onFinish={submit}
            aria-label="修改注册申请"
          >
            {kind === 'enterprise' && <EnterpriseFields />}
            {kind === 'service' && <ServiceFields ticket={null} appToken={token} />}
            {kind === 'expert' && <ExpertFields resubmit />}
            {kind === 'manager' && <ManagerFields />}
            <Button type="primary" htmlType="submit" block loading={busy}>
              重新提交
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}
