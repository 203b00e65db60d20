import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { numberRule } from '../../components/index.ts';
import {
  DISTRICTS,
  FIELD_RANGES,
  ID_TYPES,
  isValidIdCard,
  isValidMobile,
  SERVICE_ITEMS,
  STAFF_TYPE,
  WS_INDUSTRIES,
} from '../../platform/contracts.ts';
import type { ExpertAddBody, ExpertEditBody, PoolExpertRow } from './api.ts';

export interface CertValues {
  type?: string;
  no?: string;
  validTo?: Dayjs | null;
}
export interface ExpertValues {
  staffType?: number;
  name?: string;
  idType?: string;
  idNo?: string;
  mobile?: string;
  title?: string;
  education?: string;
  major?: string;
  employer?: string;
  years?: number;
  districtCode?: string | null;
  serviceItems?: string[];
  industries?: string[];
  certificates?: CertValues[];
}

export function expertValuesOf(r: PoolExpertRow): ExpertValues {
  return {
    staffType: r.staffType,
    name: r.name,
    idType: r.idType,
    idNo: '',
    mobile: '',
    title: r.title,
    education: r.education,
    major: r.major,
    employer: r.employer,
    years: r.years,
    districtCode: r.districtCode,
    serviceItems: r.serviceItems,
    industries: r.industries,
    certificates: r.certificates.map((c) => ({
      type: c.type,
      no: c.no,
      validTo: c.validTo ? dayjs(c.validTo) : null,
    })),
  };
}

/** The speciality and certificate fields an expert keeps current (admin form and the own 专家资料 page). */
export function expertDetailBody(v: ExpertValues) {
  const t = (s: string | undefined) => (s ?? '').trim();
  return {
    title: t(v.title),
    education: t(v.education),
    major: t(v.major),
    employer: t(v.employer),
    years: v.years ?? 0,
    districtCode: (v.districtCode ?? null) as ExpertAddBody['districtCode'],
    serviceItems: (v.serviceItems ?? []) as ExpertAddBody['serviceItems'],
    industries: (v.industries ?? []) as ExpertAddBody['industries'],
    certificates: (v.certificates ?? [])
      .filter((c) => t(c.type))
      .map((c) => ({
        type: t(c.type),
        no: t(c.no),
        validTo: c.validTo ? c.validTo.format('YYYY-MM-DD') : null,
        fileId: null,
      })),
  };
}

/** Title, specialities, district and certificates (shared by the admin form and the own profile page). */
export function ExpertDetailFields() {
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item name="title" label="职称" rules={[{ max: 30, message: '职称最多30个字' }]}>
          <Input maxLength={30} placeholder="如：注册安全工程师" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="education" label="学历">
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="major" label="专业">
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="employer" label="工作单位">
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="years" label="从业年限（年）" rules={[numberRule('从业年限', FIELD_RANGES.years)]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="districtCode" label="所在区县">
          <Select allowClear options={DISTRICTS.map((d) => ({ value: d.value, label: d.label }))} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="serviceItems" label="擅长服务项目">
          <Checkbox.Group options={SERVICE_ITEMS.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="industries" label="擅长行业领域">
          <Select mode="multiple" options={WS_INDUSTRIES.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.List name="certificates">
          {(fields, { add, remove }) => (
            <Form.Item label="资格证书">
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[f.name, 'type']}
                    rules={[{ required: true, whitespace: true, message: '请填写证书名称' }]}
                  >
                    <Input placeholder="证书名称" maxLength={50} aria-label="证书名称" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'no']}>
                    <Input placeholder="证书编号" maxLength={50} aria-label="证书编号" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'validTo']}>
                    <DatePicker placeholder="有效期至" aria-label="证书有效期至" />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除证书" onClick={() => remove(f.name)} />
                </Space>
              ))}
              {fields.length < 10 && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ type: '', no: '', validTo: null })}
                >
                  添加证书
                </Button>
              )}
            </Form.Item>
          )}
        </Form.List>
      </Col>
    </Row>
  );
}

/** The admin's add/edit of an expert: on edit the ID number and mobile are masked and left blank to keep. */
export function ExpertFormModal({
  open,
  record,
  saving,
  onCancel,
  onAdd,
  onEdit,
}: {
  open: boolean;
  record?: PoolExpertRow | undefined;
  saving?: boolean;
  onCancel: () => void;
  onAdd: (v: ExpertAddBody) => void;
  onEdit: (v: ExpertEditBody) => void;
}) {
  const [form] = Form.useForm<ExpertValues>();
  const editing = record !== undefined;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(record ? expertValuesOf(record) : { staffType: 2, idType: '01', certificates: [] });
  }, [open, record, form]);
  const submit = (v: ExpertValues) => {
    const idNo = (v.idNo ?? '').trim().toUpperCase();
    const mobile = (v.mobile ?? '').trim();
    const common = {
      staffType: (v.staffType ?? 2) as 1 | 2,
      name: (v.name ?? '').trim(),
      idType: (v.idType ?? '01') as ExpertAddBody['idType'] & string,
      ...expertDetailBody(v),
    };
    if (!record) onAdd({ ...common, idNo, mobile, orgId: null });
    else
      onEdit({
        ...common,
        id: record.id,
        version: record.version,
        orgId: record.orgId,
        ...(idNo ? { idNo } : {}),
        ...(mobile ? { mobile } : {}),
      });
  };
  return (
    <Modal
      open={open}
      title={editing ? '编辑专家' : '新增专家'}
      width={900}
      okText="保存"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
    >
      <Form<ExpertValues> form={form} layout="vertical" name="poolExpert" onFinish={submit}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="name"
              label="姓名"
              rules={[{ required: true, whitespace: true, min: 2, max: 20, message: '姓名为2-20个字' }]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="idType" label="证件类型" rules={[{ required: true }]}>
              <Select options={ID_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="staffType" label="人员类型">
              <Radio.Group options={STAFF_TYPE.map((s) => ({ value: s.value, label: s.label }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="idNo"
              label="证件号码"
              dependencies={['idType']}
              extra={editing ? `当前：${record.idNo}，不修改请留空` : undefined}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_r, v: string | undefined) => {
                    const s = (v ?? '').trim();
                    if (!s) {
                      if (!editing) throw new Error('请输入证件号码');
                      if (getFieldValue('idType') === '01' && record.idType !== '01')
                        throw new Error('证件类型改为居民身份证时须重新填写证件号码');
                      return;
                    }
                    if (getFieldValue('idType') === '01' && !isValidIdCard(s))
                      throw new Error('身份证号码格式或校验位不正确，请核对18位号码');
                    if (s.length < 4) throw new Error('请输入证件号码');
                  },
                }),
              ]}
            >
              <Input maxLength={30} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="mobile"
              label="手机号"
              extra={editing ? `当前：${record.mobile}，不修改请留空` : undefined}
              rules={[
                {
                  validator: async (_r, v: string | undefined) => {
                    const s = (v ?? '').trim();
                    if (!s && !editing) throw new Error('请输入手机号');
                    if (s && !isValidMobile(s)) throw new Error('手机号格式不正确，请输入11位手机号');
                  },
                },
              ]}
            >
              <Input maxLength={20} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <ExpertDetailFields />
      </Form>
    </Modal>
  );
}
