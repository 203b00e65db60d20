import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { Action } from '../../platform/access.tsx';
import { ID_TYPES, optionLabel } from '../../platform/contracts.ts';
import { type PoolExpertDetail, type PoolOrgDetail, poolApi } from './api.ts';
import { ExpertDetailFields, type ExpertValues, expertDetailBody, expertValuesOf } from './ExpertForm.tsx';
import { OrgProfileFields, type OrgValues, orgValuesOf, profileBody } from './OrgForm.tsx';
import { ExpiryCell, RatingCell, RecordsTable } from './parts.tsx';

const MINE = ['pool', 'mine'];

function OrgProfileForm({ org }: { org: PoolOrgDetail }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<OrgValues>();
  useEffect(() => form.setFieldsValue(orgValuesOf(org)), [org, form]);
  const save = useMutation({
    mutationFn: (v: OrgValues) => poolApi.saveMineOrg({ version: org.version, ...profileBody(v) }),
    onSuccess: () => {
      message.success('保存成功');
      client.invalidateQueries({ queryKey: MINE });
    },
  });
  return (
    <>
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }} aria-label="机构概况">
        <Descriptions.Item label="机构名称">{org.name}</Descriptions.Item>
        <Descriptions.Item label="资质有效期">
          <ExpiryCell flag={org.expiryFlag} date={org.certExpiry} />
        </Descriptions.Item>
        <Descriptions.Item label="服务评分">
          <RatingCell rating={org.rating} count={org.ratingCount} />
        </Descriptions.Item>
      </Descriptions>
      {org.expiryFlag && (
        <Alert
          type={org.expiryFlag === 'expired' ? 'error' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          message={
            org.expiryFlag === 'expired'
              ? '资质证书已过期，请尽快更新资质信息'
              : '资质证书将在30天内到期，请及时更新'
          }
        />
      )}
      {!org.hasProfile && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="请完善机构资料，保险机构将据此选择服务机构"
        />
      )}
      <Form<OrgValues> form={form} layout="vertical" name="mineOrg" onFinish={(v) => save.mutate(v)}>
        <OrgProfileFields withIdentity={false} />
        <Action name="edit">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Action>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        本机构预防服务记录
      </Typography.Title>
      <RecordsTable records={org.records} />
    </>
  );
}

function ExpertProfileForm({ expert }: { expert: PoolExpertDetail }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<ExpertValues>();
  useEffect(() => form.setFieldsValue(expertValuesOf(expert)), [expert, form]);
  const save = useMutation({
    mutationFn: (v: ExpertValues) =>
      poolApi.saveMineExpert({ version: expert.version, ...expertDetailBody(v) }),
    onSuccess: () => {
      message.success('保存成功');
      client.invalidateQueries({ queryKey: MINE });
    },
  });
  return (
    <>
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }} aria-label="专家概况">
        <Descriptions.Item label="姓名">{expert.name}</Descriptions.Item>
        <Descriptions.Item label="证件">
          {optionLabel(ID_TYPES, expert.idType)} {expert.idNo}
        </Descriptions.Item>
        <Descriptions.Item label="所属机构">{expert.orgName || '-'}</Descriptions.Item>
        <Descriptions.Item label="资质到期">
          <ExpiryCell flag={expert.expiryFlag} date={expert.certExpiry} />
        </Descriptions.Item>
        <Descriptions.Item label="服务评分">
          <RatingCell rating={expert.rating} count={expert.ratingCount} />
        </Descriptions.Item>
      </Descriptions>
      {expert.expiryFlag && (
        <Alert
          type={expert.expiryFlag === 'expired' ? 'error' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          message={
            expert.expiryFlag === 'expired'
              ? '有资格证书已过期，请更新证书信息'
              : '有资格证书将在30天内到期，请及时更新'
          }
        />
      )}
      <Form<ExpertValues> form={form} layout="vertical" name="mineExpert" onFinish={(v) => save.mutate(v)}>
        <ExpertDetailFields />
        <Typography.Paragraph type="secondary">
          姓名、证件号码和所属机构如需变更，请联系运营中心。
        </Typography.Paragraph>
        <Action name="edit">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Action>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        参与的预防服务
      </Typography.Title>
      <RecordsTable records={expert.records} />
    </>
  );
}

/** 机构资料 (service organisation) / 专家资料 (expert): keep one's own pool record current. */
export function PoolProfile() {
  const q = useQuery({ queryKey: MINE, queryFn: poolApi.mine });
  if (q.isLoading) return <Spin />;
  const d = q.data;
  if (!d) return null;
  return (
    <Card variant="borderless" title={d.kind === 'service' ? '机构资料' : '专家资料'}>
      {d.kind === 'service' && <OrgProfileForm org={d.org} />}
      {d.kind === 'expert' &&
        (d.expert ? (
          <ExpertProfileForm expert={d.expert} />
        ) : (
          <Result
            status="info"
            title="您的专家资料尚未建立"
            subTitle="请联系运营中心将您的账号加入专家库。"
          />
        ))}
    </Card>
  );
}
