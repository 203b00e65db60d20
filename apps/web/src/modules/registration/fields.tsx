import { MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  DISTRICTS,
  EXPERT_TITLES,
  isValidIdCard,
  isValidUscc,
  SERVICE_ITEMS,
  WS_INDUSTRIES,
} from '../../platform/contracts.ts';
import { orgOptions, uploadScan } from './api.ts';

export type RegKindName = 'enterprise' | 'service' | 'expert' | 'manager';

const usccRules: Rule[] = [
  { required: true, whitespace: true, message: '请输入统一社会信用代码' },
  {
    validator: async (_, v) => {
      if (v && !isValidUscc(String(v).trim().toUpperCase()))
        throw new Error('统一社会信用代码格式或校验位不正确，请核对18位代码');
    },
  },
];
const personRules = (label: string): Rule[] => [
  { required: true, whitespace: true, message: `请输入${label}` },
  { min: 2, max: 20, message: `${label}为2-20个字` },
];
const orgNameRules: Rule[] = [
  { required: true, whitespace: true, message: '请输入名称' },
  { min: 4, max: 100, message: '名称为4-100个字' },
];
const districtOptions = DISTRICTS.map((d) => ({ value: d.value, label: d.label }));
const itemOptions = SERVICE_ITEMS.map((i) => ({ value: i.value, label: `${i.value} ${i.label}` }));

function OrgIdentity({ nameLabel }: { nameLabel: string }) {
  return (
    <>
      <Form.Item name="name" label={nameLabel} rules={orgNameRules}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="uscc" label="统一社会信用代码" rules={usccRules}>
        <Input maxLength={18} placeholder="18位代码" />
      </Form.Item>
      <Form.Item name="districtCode" label="所属区县" rules={[{ required: true, message: '请选择所属区县' }]}>
        <Select options={districtOptions} placeholder="宿迁市的区县" />
      </Form.Item>
      <Form.Item name="contactName" label="联系人" rules={personRules('联系人')}>
        <Input maxLength={20} />
      </Form.Item>
    </>
  );
}

export function EnterpriseFields() {
  return <OrgIdentity nameLabel="企业名称" />;
}

/** The qualification scan: uploaded once the mobile is verified (the upload needs the ticket). */
function ScanUpload({ ticket, appToken }: { ticket: string | null; appToken?: string | undefined }) {
  const form = Form.useFormInstance();
  const [name, setName] = useState<string | null>(null);
  return (
    <Form.Item
      name="certFileId"
      label="资质证书扫描件"
      valuePropName="data-file-id"
      getValueFromEvent={(e: { file?: { response?: { fileId?: string } } }) =>
        e?.file?.response?.fileId ?? form.getFieldValue('certFileId')
      }
      rules={[{ required: true, message: '请上传资质证书扫描件' }]}
      extra={ticket || appToken ? (name ?? '图片或PDF，10MB以内') : '请先完成手机号验证再上传'}
    >
      <Upload
        accept=".jpg,.jpeg,.png,.pdf"
        showUploadList={false}
        disabled={!ticket && !appToken}
        customRequest={async ({ file, onSuccess, onError }) => {
          try {
            const res = await uploadScan(
              file as File,
              appToken ? { applicationToken: appToken } : { mobileTicket: ticket ?? '' },
            );
            form.setFieldValue('certFileId', res.fileId);
            form.validateFields(['certFileId']).catch(() => undefined);
            setName(`已上传：${res.fileName}`);
            onSuccess?.(res);
          } catch (e) {
            onError?.(e as Error);
          }
        }}
      >
        <Button icon={<UploadOutlined />} disabled={!ticket && !appToken}>
          上传扫描件
        </Button>
      </Upload>
    </Form.Item>
  );
}

/** Item 07 (其他有关事故预防工作) needs what it covers, as the pool's profile does. */
function ItemOtherField() {
  const items = Form.useWatch<string[] | undefined>('serviceItems');
  if (!items?.includes('07')) return null;
  return (
    <Form.Item
      name="itemOther"
      label="其他事故预防工作内容"
      rules={[
        { required: true, whitespace: true, message: '选择“其他有关事故预防工作”时请填写具体内容' },
        { max: 100, message: '其他服务内容最多100个字' },
      ]}
    >
      <Input maxLength={100} placeholder="如：应急演练评估" />
    </Form.Item>
  );
}

export function ServiceFields({ ticket, appToken }: { ticket: string | null; appToken?: string }) {
  return (
    <>
      <OrgIdentity nameLabel="机构名称" />
      <Form.Item
        name="certNo"
        label="资质证书编号"
        rules={[{ required: true, whitespace: true, min: 4, max: 50, message: '资质证书编号为4-50个字符' }]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="certExpiry"
        label="资质有效期至"
        rules={[{ required: true, message: '请选择资质有效期' }]}
      >
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <ScanUpload ticket={ticket} appToken={appToken} />
      <Form.Item
        name="serviceItems"
        label="服务范围"
        rules={[{ required: true, message: '请至少选择一项服务项目' }]}
      >
        <Checkbox.Group options={itemOptions} style={{ display: 'grid', gap: 4 }} />
      </Form.Item>
      <ItemOtherField />
      <Form.Item
        name="staffCount"
        label="从业人员数"
        rules={[
          { required: true, message: '请输入从业人员数' },
          { type: 'integer', min: 1, max: 99_999, message: '从业人员数须为1-99999的整数' },
        ]}
      >
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="regionCodes"
        label="服务区域"
        rules={[{ required: true, message: '请至少选择一个服务区域' }]}
      >
        <Select mode="multiple" options={districtOptions} placeholder="可多选" />
      </Form.Item>
    </>
  );
}

export function ExpertFields({ resubmit = false }: { resubmit?: boolean }) {
  const orgs = useQuery({ queryKey: ['reg-orgs', 'expert'], queryFn: () => orgOptions('expert') });
  return (
    <>
      <Form.Item name="name" label="姓名" rules={personRules('姓名')}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        name="idNo"
        label="身份证号"
        extra={resubmit ? '不修改请留空' : '仅用于身份核验，加密保存'}
        rules={[
          { required: !resubmit, whitespace: true, message: '请输入身份证号' },
          {
            validator: async (_, v) => {
              if (v && !isValidIdCard(String(v).trim().toUpperCase()))
                throw new Error('身份证号码格式或校验位不正确，请核对18位号码');
            },
          },
        ]}
      >
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="title" label="职称" rules={[{ required: true, message: '请选择职称' }]}>
        <Select options={EXPERT_TITLES.map((t) => ({ value: t.value, label: t.label }))} />
      </Form.Item>
      <Form.Item
        name="industries"
        label="擅长行业"
        rules={[{ required: true, message: '请至少选择一个擅长行业' }]}
      >
        <Select mode="multiple" options={WS_INDUSTRIES.map((i) => ({ value: i.value, label: i.label }))} />
      </Form.Item>
      <Form.Item
        name="serviceItems"
        label="擅长服务项目"
        rules={[{ required: true, message: '请至少选择一项服务项目' }]}
      >
        <Checkbox.Group options={itemOptions} style={{ display: 'grid', gap: 4 }} />
      </Form.Item>
      <Form.Item
        name="employer"
        label="工作单位"
        rules={[{ required: true, whitespace: true, min: 2, max: 100, message: '工作单位为2-100个字' }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="targetOrgId" label="所属专家库" extra="不选择则加入宿迁市安全生产专家委员会">
        <Select
          allowClear
          loading={orgs.isLoading}
          options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        />
      </Form.Item>
      <Form.Item label="资格证书">
        <Form.List name="certificates">
          {(items, { add, remove }) => (
            <>
              {items.map(({ key, name }) => (
                <Space key={key} align="baseline" wrap>
                  <Form.Item
                    name={[name, 'type']}
                    rules={[{ required: true, min: 2, message: '证书名称至少2个字' }]}
                  >
                    <Input placeholder="证书名称" maxLength={50} />
                  </Form.Item>
                  <Form.Item
                    name={[name, 'no']}
                    rules={[{ required: true, min: 2, message: '证书编号至少2个字符' }]}
                  >
                    <Input placeholder="证书编号" maxLength={50} />
                  </Form.Item>
                  <Form.Item name={[name, 'validTo']}>
                    <DatePicker placeholder="有效期至" />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除证书" onClick={() => remove(name)} />
                </Space>
              ))}
              {items.length < 10 && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                  添加证书
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}

export function ManagerFields() {
  const form = Form.useFormInstance();
  const type = Form.useWatch('orgType', form) as 'government' | 'insurer' | undefined;
  const orgs = useQuery({
    queryKey: ['reg-orgs', type],
    queryFn: () => orgOptions(type ?? 'government'),
    enabled: !!type,
  });
  return (
    <>
      <Form.Item name="orgType" label="机构类型" rules={[{ required: true, message: '请选择机构类型' }]}>
        <Radio.Group
          onChange={() => form.setFieldValue('targetOrgId', undefined)}
          options={[
            { value: 'government', label: '监管部门' },
            { value: 'insurer', label: '保险机构' },
          ]}
        />
      </Form.Item>
      <Form.Item name="targetOrgId" label="所属机构" rules={[{ required: true, message: '请选择所属机构' }]}>
        <Select
          disabled={!type}
          loading={orgs.isLoading && !!type}
          placeholder={type ? '请选择' : '请先选择机构类型'}
          options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          showSearch
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="name" label="姓名" rules={personRules('姓名')}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        name="position"
        label="职务"
        rules={[{ required: true, whitespace: true, min: 2, max: 30, message: '职务为2-30个字' }]}
      >
        <Input maxLength={30} />
      </Form.Item>
    </>
  );
}

/** The form's values as the API takes them: dates as YYYY-MM-DD, codes uppercased, empty ID left out. */
export function kindBody(kind: RegKindName, v: Record<string, unknown>): Record<string, unknown> {
  const day = (d: unknown) => (d ? (d as Dayjs).format('YYYY-MM-DD') : null);
  if (kind === 'enterprise')
    return {
      kind,
      name: v.name,
      uscc: String(v.uscc).trim().toUpperCase(),
      districtCode: v.districtCode,
      contactName: v.contactName,
    };
  if (kind === 'service')
    return {
      kind,
      name: v.name,
      uscc: String(v.uscc).trim().toUpperCase(),
      districtCode: v.districtCode,
      contactName: v.contactName,
      certNo: v.certNo,
      certExpiry: day(v.certExpiry),
      certFileId: v.certFileId,
      serviceItems: v.serviceItems,
      itemOther: (v.serviceItems as string[] | undefined)?.includes('07')
        ? String(v.itemOther ?? '').trim()
        : '',
      staffCount: v.staffCount,
      regionCodes: v.regionCodes,
    };
  if (kind === 'expert')
    return {
      kind,
      name: v.name,
      ...(v.idNo ? { idNo: String(v.idNo).trim().toUpperCase() } : {}),
      title: v.title,
      industries: v.industries,
      serviceItems: v.serviceItems,
      employer: v.employer,
      targetOrgId: v.targetOrgId ?? null,
      certificates: (
        (v.certificates as { type: string; no: string; validTo?: unknown }[] | undefined) ?? []
      ).map((c) => ({
        type: c.type,
        no: c.no,
        validTo: day(c.validTo),
      })),
    };
  return { kind, targetOrgId: v.targetOrgId, name: v.name, position: v.position };
}
