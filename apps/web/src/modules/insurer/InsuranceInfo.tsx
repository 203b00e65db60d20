import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
} from 'antd';
import { useEffect, useState } from 'react';
import { Action, useAccess } from '../../platform/access.tsx';
import { DISTRICTS, INSURER_TYPES, optionLabel } from '../../platform/contracts.ts';
import { districtName } from '../../platform/districts.ts';
import { MaskedPhone } from '../../platform/masked-phone.tsx';
import { getMine, type InsurerProfile, type InsurerProfileSave, saveMine } from './api.ts';
import {
  editMobileRule,
  lengthRule,
  MASKED_MOBILE,
  MSG,
  maxRule,
  orgCodeRule,
  requiredText,
  usccRule,
} from './rules.ts';

export const MINE_KEY = ['insurer', 'mine'] as const;

type FormValues = Omit<InsurerProfileSave, 'version'>;

const CITY = '宿迁市';

/**
 * The street part of a stored address. The form keeps the district apart (所在区县 + 经营地址), but older
 * records and the first demo seed hold the whole address: a leading 江苏省/宿迁市 and the record's own
 * district are dropped, so neither the page nor the next save doubles them.
 */
export function addressDetail(address: string, districtName: string): string {
  let a = address.trim();
  if (a.startsWith('江苏省')) a = a.slice(3);
  if (a.startsWith(CITY)) a = a.slice(CITY.length);
  if (districtName && a.startsWith(districtName)) a = a.slice(districtName.length);
  return a.trim() || address.trim();
}

/** 宿迁市 + district + street, each once (a street part naming another district keeps that one). */
export function fullAddress(address: string, districtName: string): string {
  const detail = addressDetail(address, districtName);
  const namesDistrict = DISTRICTS.some((d) => detail.startsWith(d.label));
  return `${CITY}${namesDistrict ? '' : districtName}${detail}`;
}

const toValues = (p: InsurerProfile): FormValues => ({
  insurerType: p.insurerType,
  name: p.name,
  orgCode: p.orgCode,
  uscc: p.uscc,
  parentName: p.parentName,
  parentCode: p.parentCode,
  districtCode: p.districtCode,
  address: addressDetail(p.address, p.districtName || districtName(p.districtCode)),
  headName: p.headName,
  headMobile: p.headMobile,
});

const trimAll = (v: FormValues): FormValues => ({
  insurerType: v.insurerType,
  name: v.name.trim(),
  orgCode: v.orgCode.trim(),
  uscc: v.uscc.trim().toUpperCase(),
  // A head office has no parent: send empty strings rather than stale values.
  parentName: v.insurerType === 1 ? '' : (v.parentName ?? '').trim(),
  parentCode: v.insurerType === 1 ? '' : (v.parentCode ?? '').trim(),
  districtCode: v.districtCode,
  address: addressDetail(v.address, districtName(v.districtCode)),
  headName: v.headName.trim(),
  headMobile: v.headMobile.trim(),
});

export interface InsurerProfileFormProps {
  profile: InsurerProfile;
  saving?: boolean;
  onSubmit: (values: InsurerProfileSave) => void;
  onCancel?: () => void;
}

/**
 * The institution profile form (domain 2.2), validated like insurerProfileInput on the server. The head's
 * mobile arrives masked (security P04): left as it is, the server keeps the stored number.
 */
export function InsurerProfileForm({ profile, saving, onSubmit, onCancel }: InsurerProfileFormProps) {
  const [form] = Form.useForm<FormValues>();
  const insurerType = Form.useWatch('insurerType', form) ?? profile.insurerType;
  const isBranch = insurerType !== 1;
  const parentRule = {
    validator: async (_r: unknown, v: unknown) => {
      if (isBranch && !(typeof v === 'string' && v.trim())) throw new Error(MSG.parent);
    },
  };

  useEffect(() => {
    form.setFieldsValue(toValues(profile));
  }, [form, profile]);

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      name="insurerProfile"
      initialValues={toValues(profile)}
      onFinish={(v) => onSubmit({ ...trimAll(v), version: profile.version })}
      scrollToFirstError
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="insurerType"
            label="机构类型"
            rules={[{ required: true, message: '请选择机构类型' }]}
          >
            <Radio.Group
              name="insurerType"
              optionType="button"
              options={INSURER_TYPES.map((t) => ({ value: t.value, label: t.label }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label="机构名称"
            rules={[requiredText('请输入机构名称'), lengthRule('机构名称', 4, 100)]}
          >
            <Input placeholder="如：中国人民财产保险股份有限公司宿迁市分公司" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="orgCode"
            label="机构代码"
            extra={
              isBranch ? '分支机构填写总公司内部编码' : '总部按《保险行业机构代码编码规范》JR/T 0035-2007'
            }
            rules={[requiredText('请输入机构代码'), orgCodeRule]}
          >
            <Input placeholder="4-40位字母、数字或-" maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="uscc"
            label="统一社会信用代码"
            normalize={(v: string) => v.toUpperCase()}
            rules={[requiredText('请输入统一社会信用代码'), usccRule]}
          >
            <Input placeholder="18位统一社会信用代码" maxLength={18} />
          </Form.Item>
        </Col>
        {isBranch && (
          <>
            <Col xs={24} md={12}>
              <Form.Item name="parentName" label="总部名称" rules={[parentRule, maxRule('总部名称', 100)]}>
                <Input placeholder="如：中国人民财产保险股份有限公司" maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="parentCode" label="总部编码" rules={[parentRule, maxRule('总部编码', 40)]}>
                <Input placeholder="总部机构代码" maxLength={40} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} md={8}>
          <Form.Item
            name="districtCode"
            label="所在区县（宿迁市）"
            rules={[{ required: true, message: '请选择所在区县' }]}
          >
            <Select
              placeholder="请选择区县"
              options={DISTRICTS.map((d) => ({ value: d.value, label: d.label }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="address"
            label="经营地址"
            rules={[requiredText('请输入详细地址'), lengthRule('详细地址', 2, 300)]}
          >
            <Input placeholder="街道、门牌号" maxLength={300} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="headName"
            label="负责人姓名"
            rules={[requiredText('请输入负责人姓名'), lengthRule('负责人姓名', 2, 20)]}
          >
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="headMobile"
            label="负责人手机号"
            rules={[requiredText('请输入负责人手机号'), editMobileRule(profile.headMobile)]}
            extra={MASKED_MOBILE.test(profile.headMobile) ? '已脱敏显示，不修改则保留原号码' : undefined}
          >
            <Input maxLength={20} placeholder="11位手机号" />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
      </Space>
    </Form>
  );
}

function ProfileView({ p }: { p: InsurerProfile }) {
  return (
    <Descriptions
      bordered
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
      size="middle"
      styles={{ label: { width: 160 } }}
      data-testid="insurer-profile"
    >
      <Descriptions.Item label="机构类型">
        {optionLabel(INSURER_TYPES, p.insurerType) || '-'}
      </Descriptions.Item>
      <Descriptions.Item label="机构名称">{p.name || '-'}</Descriptions.Item>
      <Descriptions.Item label="机构代码">{p.orgCode || '-'}</Descriptions.Item>
      <Descriptions.Item label="统一社会信用代码">{p.uscc || '-'}</Descriptions.Item>
      {p.insurerType !== 1 && (
        <>
          <Descriptions.Item label="总部名称">{p.parentName || '-'}</Descriptions.Item>
          <Descriptions.Item label="总部编码">{p.parentCode || '-'}</Descriptions.Item>
        </>
      )}
      <Descriptions.Item label="经营地址" span={2}>
        {p.address ? fullAddress(p.address, p.districtName || districtName(p.districtCode)) : '-'}
      </Descriptions.Item>
      <Descriptions.Item label="负责人">{p.headName || '-'}</Descriptions.Item>
      <Descriptions.Item label="负责人手机号">
        <MaskedPhone value={p.headMobile} reveal={{ kind: 'insurer', id: p.id, field: 'headMobile' }} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** /insurance/org/InsuranceInfo/route: the institution's own profile, viewed and edited. */
export function InsuranceInfo() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canEdit = useAccess().canOnRoute('edit');
  const { data, isLoading, isError, refetch } = useQuery({ queryKey: MINE_KEY, queryFn: getMine });
  const [editing, setEditing] = useState(false);
  const save = useMutation({
    mutationFn: saveMine,
    onSuccess: async () => {
      message.success('保存成功');
      setEditing(false);
      await client.invalidateQueries({ queryKey: MINE_KEY });
    },
    // A stale version (409) means someone else saved: reload so the next try starts from their values.
    onError: () => void refetch(),
  });

  if (isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (isError || !data)
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title="机构信息加载失败"
          extra={<Button onClick={() => void refetch()}>重新加载</Button>}
        />
      </Card>
    );

  const incomplete = data.version === 0 || !data.orgCode || !data.headName;
  const showForm = editing || (incomplete && canEdit);
  return (
    <Card
      variant="borderless"
      title="机构信息"
      extra={
        showForm ? null : (
          <Action name="edit">
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              编辑
            </Button>
          </Action>
        )
      }
    >
      {incomplete && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="机构信息尚未完善"
          description="请补充机构类型、机构代码、总部信息、经营地址和负责人，保存后用于保单出单和监管统计。"
        />
      )}
      {showForm ? (
        <InsurerProfileForm
          profile={data}
          saving={save.isPending}
          onSubmit={(v) => save.mutate(v)}
          onCancel={incomplete ? undefined : () => setEditing(false)}
        />
      ) : (
        <ProfileView p={data} />
      )}
    </Card>
  );
}
