import { Checkbox, Col, Form, Input, InputNumber, Modal, Radio, Row, Select } from 'antd';
import { useEffect } from 'react';
import { numberRule } from '../../components/index.ts';
import {
  FIELD_RANGES,
  ID_TYPES,
  SERVICE_ITEMS,
  STAFF_TYPE,
  TECHNICIST_STATUS,
} from '../../platform/contracts.ts';
import type { TechnicistEdit, TechnicistFields, TechnicistRow } from './api.ts';
import { idNoProblem, lengthRule, MSG, maxRule, mobileRule, requiredText } from './rules.ts';

type FormValues = Omit<TechnicistFields, 'idNo' | 'mobile'> & { idNo?: string; mobile?: string };

const EMPTY: FormValues = {
  staffType: 1,
  name: '',
  idType: '01',
  idNo: '',
  mobile: '',
  title: '',
  education: '',
  major: '',
  employer: '',
  years: 0,
  serviceItems: [],
  status: 1,
};

const fromRow = (r: TechnicistRow): FormValues => ({
  staffType: r.staffType === 2 ? 2 : 1,
  name: r.name,
  idType: ID_TYPES.has(r.idType) ? r.idType : '04',
  idNo: '',
  mobile: '',
  title: r.title,
  education: r.education,
  major: r.major,
  employer: r.employer,
  years: r.years,
  serviceItems: r.serviceItems as FormValues['serviceItems'],
  status: r.status === 0 ? 0 : 1,
});

export interface TechnicistFormProps {
  open: boolean;
  /** The row being edited; undefined adds a new technicist. */
  record?: TechnicistRow;
  saving?: boolean;
  onCancel: () => void;
  onAdd: (v: TechnicistFields) => void;
  onEdit: (v: TechnicistEdit) => void;
}

/**
 * Add/edit a technicist (domain 2.4; spec 3: staff type 1 own, 2 hired externally). On edit the ID number
 * and mobile are shown masked and left blank to keep them.
 */
export function TechnicistForm({ open, record, saving, onCancel, onAdd, onEdit }: TechnicistFormProps) {
  const [form] = Form.useForm<FormValues>();
  const editing = record !== undefined;
  const idType = Form.useWatch('idType', form);
  const staffType = Form.useWatch('staffType', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(record ? fromRow(record) : EMPTY);
  }, [open, record, form]);

  const submit = (v: FormValues) => {
    const common = {
      staffType: v.staffType,
      name: v.name.trim(),
      idType: v.idType,
      title: (v.title ?? '').trim(),
      education: (v.education ?? '').trim(),
      major: (v.major ?? '').trim(),
      employer: (v.employer ?? '').trim(),
      years: v.years ?? 0,
      serviceItems: v.serviceItems ?? [],
      status: v.status,
    };
    const idNo = (v.idNo ?? '').trim().toUpperCase();
    const mobile = (v.mobile ?? '').trim();
    if (!record) {
      onAdd({ ...common, idNo, mobile });
      return;
    }
    onEdit({
      ...common,
      id: record.id,
      version: record.version,
      ...(idNo ? { idNo } : {}),
      ...(mobile ? { mobile } : {}),
    });
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑技术人员' : '新增技术人员'}
      width={760}
      okText="保存"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="technicist"
        initialValues={record ? fromRow(record) : EMPTY}
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="staffType"
              label="人员类型"
              rules={[{ required: true, message: '请选择人员类型' }]}
            >
              <Radio.Group
                name="staffType"
                options={STAFF_TYPE.map((s) => ({ value: s.value, label: s.label }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="status" label="状态">
              <Radio.Group
                name="techStatus"
                options={TECHNICIST_STATUS.map((s) => ({ value: s.value, label: s.label }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="name"
              label="姓名"
              rules={[requiredText('请输入姓名'), lengthRule('姓名', 2, 20)]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="idType" label="证件类型" rules={[{ required: true, message: '请选择证件类型' }]}>
              <Select options={ID_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="idNo"
              label="证件号码"
              normalize={(v: string) => v.toUpperCase()}
              dependencies={['idType']}
              extra={editing ? `当前：${record.idNo}，不修改请留空` : undefined}
              rules={[
                ...(editing ? [] : [requiredText('请输入证件号码')]),
                ({ getFieldValue }) => ({
                  validator: async (_r, v) => {
                    const t = getFieldValue('idType') as string;
                    const s = typeof v === 'string' ? v : '';
                    if (editing && !s.trim() && t === '01' && record.idType !== '01')
                      throw new Error(MSG.idTypeChange);
                    const problem = idNoProblem(t, s);
                    if (problem) throw new Error(problem);
                  },
                }),
              ]}
            >
              <Input
                maxLength={30}
                placeholder={idType === '01' ? '18位居民身份证号码' : '证件号码'}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="mobile"
              label="手机号"
              extra={editing ? `当前：${record.mobile}，不修改请留空` : undefined}
              rules={[...(editing ? [] : [requiredText('请输入手机号')]), mobileRule]}
            >
              <Input maxLength={20} placeholder="11位手机号" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="title" label="职务/职称" rules={[maxRule('职务/职称', 30)]}>
              <Input maxLength={30} placeholder="如：注册安全工程师" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="education" label="最高学历" rules={[maxRule('最高学历', 30)]}>
              <Input maxLength={30} placeholder="如：本科" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="major" label="专业" rules={[maxRule('专业', 50)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="employer" label="所在单位" rules={[maxRule('所在单位', 100)]}>
              <Input
                maxLength={100}
                placeholder={staffType === 2 ? '外聘人员所在的服务机构或单位' : '本机构'}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="years"
              label="从事安全生产工作年限（年）"
              rules={[numberRule('从事安全生产工作年限', FIELD_RANGES.years)]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="serviceItems" label="主要服务项目">
              <Checkbox.Group options={SERVICE_ITEMS.map((s) => ({ value: s.value, label: s.label }))} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
