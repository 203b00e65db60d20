import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Checkbox, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { numberRule } from '../../components/index.ts';
import { DISTRICTS, FIELD_RANGES, SERVICE_ITEMS, WS_INDUSTRIES } from '../../platform/contracts.ts';
import { type OrgAdminBody, type PoolOrgDetail, poolApi } from './api.ts';

/** Form values of an organisation's profile (dates as dayjs). */
export interface OrgValues {
  name?: string;
  districtCode?: string;
  contactName?: string;
  contactPhone?: string;
  address?: string;
  serviceItems: string[];
  itemOther?: string;
  industries?: string[];
  regionCodes: string[];
  legalName?: string;
  legalPhone?: string;
  safetyName?: string;
  safetyPhone?: string;
  certType?: string;
  certNo?: string;
  certValidFrom?: Dayjs | null;
  certExpiry?: Dayjs | null;
  staffCount?: number;
  intro?: string;
}

const day = (s: string | null) => (s ? dayjs(s) : null);
export function orgValuesOf(d: PoolOrgDetail): OrgValues {
  return {
    name: d.name,
    districtCode: d.districtCode,
    contactName: d.contactName,
    contactPhone: d.contactPhone,
    address: d.address,
    serviceItems: d.serviceItems,
    itemOther: d.itemOther,
    industries: d.industries,
    regionCodes: d.regionCodes,
    legalName: d.legalName,
    legalPhone: d.legalPhone,
    safetyName: d.safetyName,
    safetyPhone: d.safetyPhone,
    certType: d.certType,
    certNo: d.certNo,
    certValidFrom: day(d.certValidFrom),
    certExpiry: day(d.certExpiry),
    staffCount: d.staffCount,
    intro: d.intro,
  };
}

/** The body fields common to the admin edit and the organisation's own save. */
export function profileBody(v: OrgValues) {
  const t = (s: string | undefined) => (s ?? '').trim();
  return {
    contactName: t(v.contactName),
    contactPhone: t(v.contactPhone),
    address: t(v.address),
    serviceItems: v.serviceItems as OrgAdminBody['serviceItems'],
    itemOther: t(v.itemOther),
    industries: (v.industries ?? []) as OrgAdminBody['industries'],
    regionCodes: v.regionCodes as OrgAdminBody['regionCodes'],
    legalName: t(v.legalName),
    legalPhone: t(v.legalPhone),
    safetyName: t(v.safetyName),
    safetyPhone: t(v.safetyPhone),
    certType: t(v.certType),
    certNo: t(v.certNo),
    certValidFrom: v.certValidFrom ? v.certValidFrom.format('YYYY-MM-DD') : null,
    certExpiry: v.certExpiry ? v.certExpiry.format('YYYY-MM-DD') : null,
    staffCount: v.staffCount ?? 0,
    intro: t(v.intro),
  };
}

// The form shows stored mobiles masked (security P04): a masked one left as it is keeps the stored number.
const PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|1\d{2}\*{4}\d{4})$/;
const phoneRule = { pattern: PHONE, message: '电话格式不正确，请输入手机号或座机号（如0527-84361234）' };

/** The profile fields (domain 2.3): admin edit (with name and district) and the own 机构资料 page. */
export function OrgProfileFields({ withIdentity }: { withIdentity: boolean }) {
  const items = Form.useWatch<string[] | undefined>('serviceItems');
  return (
    <Row gutter={16}>
      {withIdentity && (
        <>
          <Col span={12}>
            <Form.Item
              name="name"
              label="机构名称"
              rules={[{ required: true, min: 4, max: 100, message: '机构名称为4-100个字' }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="districtCode"
              label="所在区县"
              rules={[{ required: true, message: '请选择所在区县' }]}
            >
              <Select options={DISTRICTS.map((d) => ({ value: d.value, label: d.label }))} />
            </Form.Item>
          </Col>
        </>
      )}
      <Col span={12}>
        <Form.Item name="contactName" label="联系人" rules={[{ max: 50, message: '联系人最多50个字' }]}>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="contactPhone" label="联系电话" rules={[phoneRule]}>
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="address" label="办公地址" rules={[{ max: 200, message: '地址最多200个字' }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="serviceItems"
          label="服务项目"
          rules={[{ required: true, message: '请至少选择一项服务项目' }]}
        >
          <Checkbox.Group options={SERVICE_ITEMS.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>
      </Col>
      {items?.includes('07') && (
        <Col span={24}>
          <Form.Item
            name="itemOther"
            label="其他事故预防工作内容"
            rules={[
              { required: true, whitespace: true, message: '选择“其他有关事故预防工作”时请填写具体内容' },
            ]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item name="industries" label="擅长行业领域">
          <Select mode="multiple" options={WS_INDUSTRIES.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="regionCodes"
          label="服务区域"
          rules={[{ required: true, message: '请至少选择一个服务区域' }]}
        >
          <Select mode="multiple" options={DISTRICTS.map((d) => ({ value: d.value, label: d.label }))} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="legalName" label="法定代表人" rules={[{ max: 20 }]}>
          <Input maxLength={20} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="legalPhone" label="法定代表人电话" rules={[phoneRule]}>
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="safetyName" label="安全负责人" rules={[{ max: 20 }]}>
          <Input maxLength={20} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="safetyPhone" label="安全负责人电话" rules={[phoneRule]}>
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="certType" label="资质证书类型">
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="certNo" label="资质证书编号">
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="certValidFrom" label="资质有效期起">
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="certExpiry"
          label="资质有效期至"
          dependencies={['certNo', 'certValidFrom']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: Dayjs | null) => {
                const no = String(getFieldValue('certNo') ?? '').trim();
                if (no && !v) throw new Error('填写资质证书编号时请填写有效期至');
                const from = getFieldValue('certValidFrom') as Dayjs | null;
                if (v && from && v.isBefore(from, 'day')) throw new Error('资质证书有效期至不能早于有效期起');
              },
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="staffCount"
          label="从业人员数"
          rules={[numberRule('从业人员数', FIELD_RANGES.staffCount)]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="intro" label="机构简介">
          <Input.TextArea maxLength={2000} rows={3} showCount />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The operations admin's edit of an organisation (name, district, contact and profile). */
export function OrgEditModal({
  orgId,
  onClose,
  onSaved,
}: {
  orgId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<OrgValues>();
  const q = useQuery({
    queryKey: ['pool', 'org', orgId],
    queryFn: () => poolApi.org(orgId!),
    enabled: orgId !== null,
  });
  useEffect(() => {
    if (q.data) form.setFieldsValue(orgValuesOf(q.data));
  }, [q.data, form]);
  const save = useMutation({
    mutationFn: (v: OrgValues) =>
      poolApi.saveOrg({
        orgId: orgId!,
        version: q.data!.version,
        name: (v.name ?? '').trim(),
        districtCode: v.districtCode as OrgAdminBody['districtCode'],
        ...profileBody(v),
      }),
    onSuccess: () => {
      message.success('保存成功');
      q.refetch();
      onSaved();
    },
  });
  return (
    <Modal
      open={orgId !== null}
      title="编辑服务机构"
      width={900}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<OrgValues> form={form} layout="vertical" name="poolOrg" onFinish={(v) => save.mutate(v)}>
        <OrgProfileFields withIdentity />
      </Form>
    </Modal>
  );
}
