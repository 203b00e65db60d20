import {
  industryMustInsure,
  moneyRange,
  OPERATING_STATUS,
  STD_GRADES,
  wsIndustryTop,
} from '@aqzrx/contracts/constants';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import {
  AddressPicker,
  type AddressValue,
  addressRules,
  type FileMapItem,
  fileIdOf,
  fileUrlOf,
  ImageUpload,
  numberRule,
  SUQIAN,
  thousandsInput,
} from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { MaskedPhone } from '../../platform/masked-phone.tsx';
import type { EnterpriseDetail, EnterpriseProfileBody } from './api.ts';
import { useIndustryOptions, withCurrent } from './industries.ts';
import {
  cleanMobile,
  emailProblem,
  employeesProblem,
  gbIndustryProblem,
  lengthProblem,
  mobileProblem,
  phoneProblem,
  ruleOf,
  usccProblem,
  wsIndustryProblem,
} from './rules.ts';

export interface ProfileFormValues {
  name: string;
  uscc: string;
  address: AddressValue;
  wsIndustryCode?: string;
  gbIndustryCode?: string;
  employees?: number | null;
  annualTurnover?: number | null;
  operatingStatus: EnterpriseProfileBody['operatingStatus'];
  businessScope?: string;
  legalName?: string;
  legalMobile?: string;
  legalDutyPhone?: string;
  legalEmail?: string;
  safetyName?: string;
  safetyMobile?: string;
  businessLicence?: FileMapItem[];
  licenceNo?: string;
  licenceFile?: FileMapItem[];
  licencePeriod?: [Dayjs | null, Dayjs | null] | null;
  stdGrade: EnterpriseProfileBody['stdGrade'];
}

const fileItem = (id: string | null, name: string): FileMapItem[] =>
  id ? [{ fileName: name, fileUrl: fileUrlOf(id), fileSize: 0 }] : [];

/**
 * Form values from a stored profile. The numbers come masked (security P04) and stand in the form as they came:
 * sent back unchanged, the server keeps the stored numbers they mask.
 */
export function initialValuesOf(d: EnterpriseDetail | undefined): ProfileFormValues {
  if (!d) return { name: '', uscc: '', address: {}, operatingStatus: 1, stdGrade: 0 };
  const districtName = d.districtName || undefined;
  return {
    name: d.name,
    uscc: d.uscc,
    address: {
      ...(d.districtCode ? { districtCode: d.districtCode } : {}),
      ...(districtName ? { districtName } : {}),
      detail: d.address,
    },
    wsIndustryCode: d.wsIndustryCode || undefined,
    gbIndustryCode: d.gbIndustryCode || undefined,
    employees: d.employees || undefined,
    annualTurnover: d.annualTurnover,
    operatingStatus: (d.operatingStatus || 1) as ProfileFormValues['operatingStatus'],
    businessScope: d.businessScope,
    legalName: d.legalName,
    legalMobile: d.legalMobile,
    legalDutyPhone: d.legalDutyPhone,
    legalEmail: d.legalEmail,
    safetyName: d.safetyName,
    safetyMobile: d.safetyMobile,
    businessLicence: fileItem(d.businessLicenceFileId, '营业执照'),
    licenceNo: d.licenceNo,
    licenceFile: fileItem(d.licenceFileId, '安全生产许可证'),
    licencePeriod:
      d.licenceStart || d.licenceEnd
        ? [d.licenceStart ? dayjs(d.licenceStart) : null, d.licenceEnd ? dayjs(d.licenceEnd) : null]
        : null,
    stdGrade: (d.stdGrade ?? 0) as ProfileFormValues['stdGrade'],
  };
}

const optional = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t ? t : undefined;
};

/** The request body of add / edit / saveMine; empty optional fields are left out. */
export function toProfileBody(v: ProfileFormValues): EnterpriseProfileBody {
  const body: EnterpriseProfileBody = {
    name: v.name.trim(),
    uscc: v.uscc.trim().toUpperCase(),
    // Required by the address rule; the server refuses a code outside the city all the same.
    districtCode: (v.address.districtCode ?? '') as EnterpriseProfileBody['districtCode'],
    address: (v.address.detail ?? '').trim(),
    wsIndustryCode: v.wsIndustryCode ?? '',
    gbIndustryCode: v.gbIndustryCode ?? '',
    employees: v.employees ?? 0,
    operatingStatus: v.operatingStatus,
    businessScope: (v.businessScope ?? '').trim(),
    legalName: (v.legalName ?? '').trim(),
    safetyName: (v.safetyName ?? '').trim(),
    stdGrade: v.stdGrade,
  };
  if (v.annualTurnover !== null && v.annualTurnover !== undefined) body.annualTurnover = v.annualTurnover;
  const legalMobile = cleanMobile(v.legalMobile);
  if (legalMobile) body.legalMobile = legalMobile;
  const safetyMobile = cleanMobile(v.safetyMobile);
  if (safetyMobile) body.safetyMobile = safetyMobile;
  const duty = optional(v.legalDutyPhone);
  if (duty) body.legalDutyPhone = duty;
  const email = optional(v.legalEmail);
  if (email) body.legalEmail = email;
  const licenceImg = fileIdOf(v.businessLicence?.[0]?.fileUrl);
  if (licenceImg) body.businessLicenceFileId = licenceImg;
  const licenceNo = optional(v.licenceNo);
  if (licenceNo) body.licenceNo = licenceNo;
  const licenceFile = fileIdOf(v.licenceFile?.[0]?.fileUrl);
  if (licenceFile) body.licenceFileId = licenceFile;
  const [start, end] = v.licencePeriod ?? [null, null];
  if (start) body.licenceStart = start.format('YYYY-MM-DD');
  if (end) body.licenceEnd = end.format('YYYY-MM-DD');
  return body;
}

export interface EnterpriseFormProps {
  initial?: EnterpriseDetail | undefined;
  /** 'mine': the enterprise's own information; 'add'/'edit': the regulator. */
  mode: 'mine' | 'add' | 'edit';
  submitting: boolean;
  submitText?: string;
  onSubmit: (body: EnterpriseProfileBody) => void;
  onCancel?: () => void;
  extra?: ReactNode;
  /** Who may save: an action of the current route's resource, or an explicit permission. */
  saveAccess: { name: string } | { permission: string };
}

const grid = { xs: 24, md: 12, xl: 8 } as const;
const wide = { xs: 24, xl: 16 } as const;

/**
 * The enterprise profile of domain 2.1, shared by the enterprise's information page and the regulator's
 * add and edit screens. Checks every field the way the server does and says what to fix.
 */
export function EnterpriseForm({
  initial,
  mode,
  submitting,
  submitText = '保存',
  onSubmit,
  onCancel,
  extra,
  saveAccess,
}: EnterpriseFormProps) {
  const [form] = Form.useForm<ProfileFormValues>();
  const industries = useIndustryOptions();
  const ws = Form.useWatch('wsIndustryCode', form);
  const gb = Form.useWatch('gbIndustryCode', form);
  // The server sends the contact numbers masked, to the enterprise itself too (security P04): a masked number
  // left as it is keeps the stored one; 查看 beside it asks for the full number (scoped, audited).
  const masked = mode !== 'add' && Boolean(initial?.mobilesMasked);
  const stored = (field: 'legalMobile' | 'legalDutyPhone' | 'safetyMobile') =>
    masked && initial?.[field].includes('*') ? initial[field] : '';
  const keptOr =
    (field: 'legalMobile' | 'legalDutyPhone' | 'safetyMobile', check: (v: string) => string | null) =>
    (v: string) =>
      stored(field) && (v ?? '').trim() === stored(field) ? null : check(v);
  const revealHint = (field: 'legalMobile' | 'legalDutyPhone' | 'safetyMobile') =>
    stored(field) && initial ? (
      <span>
        原号码 <MaskedPhone value={stored(field)} reveal={{ kind: 'enterprise', id: initial.id, field }} />
      </span>
    ) : undefined;

  // 经营状态 decides whether a policy may be cancelled: while the enterprise holds an issued policy, only the
  // regulator changes it (the server refuses the enterprise's own change).
  const statusLocked = mode === 'mine' && Boolean(initial?.operatingStatusLocked);

  const wsTop = wsIndustryTop(ws);
  return (
    <Form<ProfileFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValuesOf(initial)}
      onFinish={(v) => onSubmit(toProfileBody(v))}
      scrollToFirstError
      disabled={submitting}
      name={`enterprise-${mode}`}
    >
      {extra}
      <Card title="基本信息" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...grid}>
            <Form.Item
              name="name"
              label="企业名称"
              rules={[ruleOf((v: string) => lengthProblem(v, '企业名称', 4, 100))]}
            >
              <Input maxLength={100} placeholder="与营业执照一致" />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="uscc"
              label="统一社会信用代码"
              validateTrigger="onBlur"
              normalize={(v: string) => v?.toUpperCase()}
              rules={[ruleOf(usccProblem)]}
              extra="18位，末位为校验码"
            >
              <Input maxLength={18} placeholder="如 91321302MA1XK2P3QE" />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="operatingStatus"
              label="经营状态"
              rules={[{ required: true }]}
              extra={statusLocked ? '本企业有未到期的保单，经营状态须由属地监管部门核实后变更' : undefined}
            >
              <Select options={OPERATING_STATUS} disabled={statusLocked} />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="employees"
              label="从业人员总数"
              rules={[ruleOf(employeesProblem)]}
              extra="投保全员时参保人数须等于此数"
            >
              <InputNumber style={{ width: '100%' }} addonAfter="人" />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="annualTurnover"
              label="年营业额/工程造价"
              rules={[numberRule('年营业额/工程造价', moneyRange())]}
            >
              <InputNumber<number> style={{ width: '100%' }} addonAfter="元" {...thousandsInput} />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item name="stdGrade" label="安全生产标准化等级" rules={[{ required: true }]}>
              <Select options={STD_GRADES} />
            </Form.Item>
          </Col>
          <Col {...wide}>
            <Form.Item
              name="businessScope"
              label="经营范围"
              rules={[ruleOf((v: string) => lengthProblem(v, '经营范围', 2, 300, false), false)]}
            >
              <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="businessLicence"
              label="营业执照"
              rules={
                mode === 'mine'
                  ? [
                      {
                        required: true,
                        validator: async (_r, v: FileMapItem[] | undefined) => {
                          if (!v?.length) throw new Error('请上传营业执照图片');
                        },
                      },
                    ]
                  : []
              }
            >
              <ImageUpload size={1} buttonText="上传营业执照" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="经营地址与行业" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} xl={16}>
            <Form.Item
              name="address"
              label="经营地址"
              rules={[
                ...addressRules('经营地址', { fixedCity: true }),
                {
                  validator: async (_r, v: AddressValue | undefined) => {
                    const d = (v?.detail ?? '').trim();
                    if (d && Array.from(d).length < 2) throw new Error('详细地址至少2个字');
                  },
                },
              ]}
            >
              <AddressPicker label="经营地址" fixedCity={SUQIAN} required detailMaxLength={300} />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="wsIndustryCode"
              label="安责险行业（安全生产行业领域）"
              rules={[ruleOf(wsIndustryProblem)]}
              extra={
                wsTop ? (
                  industryMustInsure(ws) ? (
                    <Typography.Text type="warning">
                      {wsTop.label}属于高危行业领域，依法应当投保安全生产责任保险
                    </Typography.Text>
                  ) : (
                    `${wsTop.label}：国家鼓励投保`
                  )
                ) : undefined
              }
            >
              <TreeSelect
                treeData={withCurrent(industries.ws, ws)}
                showSearch
                treeNodeFilterProp="title"
                placeholder="请选择行业领域"
                loading={industries.loading}
                allowClear
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="gbIndustryCode"
              label="国民经济行业（GB/T 4754-2017）"
              rules={[ruleOf(gbIndustryProblem)]}
            >
              <TreeSelect
                treeData={withCurrent(industries.gb, gb)}
                showSearch
                treeNodeFilterProp="title"
                placeholder="请选择门类或大类"
                loading={industries.loading}
                allowClear
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="法定代表人与安全负责人" size="small" style={{ marginBottom: 16 }}>
        {masked && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="联系电话已脱敏显示：不修改则保留原号码；更换号码请填写完整的新号码。"
          />
        )}
        <Row gutter={16}>
          <Col {...grid}>
            <Form.Item
              name="legalName"
              label="法定代表人/主要负责人"
              rules={[ruleOf((v: string) => lengthProblem(v, '法定代表人姓名', 2, 20))]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="legalMobile"
              label="法定代表人手机"
              validateTrigger="onBlur"
              rules={[ruleOf(keptOr('legalMobile', (v) => mobileProblem(v, '法定代表人手机号', true)))]}
              extra={revealHint('legalMobile')}
            >
              <Input maxLength={14} placeholder="11位手机号" />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="legalDutyPhone"
              label="应急值班电话"
              validateTrigger="onBlur"
              rules={[ruleOf(keptOr('legalDutyPhone', phoneProblem), false)]}
              extra={revealHint('legalDutyPhone')}
            >
              <Input maxLength={30} placeholder="手机号或座机号" />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="legalEmail"
              label="电子邮箱"
              validateTrigger="onBlur"
              rules={[ruleOf(emailProblem, false)]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="safetyName"
              label="安全负责人"
              rules={[ruleOf((v: string) => lengthProblem(v, '安全负责人姓名', 2, 20))]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="safetyMobile"
              label="安全负责人手机"
              validateTrigger="onBlur"
              rules={[ruleOf(keptOr('safetyMobile', (v) => mobileProblem(v, '安全负责人手机号', true)))]}
              extra={revealHint('safetyMobile')}
            >
              <Input maxLength={14} placeholder="11位手机号" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="安全生产许可证" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col {...grid}>
            <Form.Item
              name="licenceNo"
              label="许可证编号"
              rules={[ruleOf((v: string) => lengthProblem(v, '许可证编号', 4, 30, false), false)]}
              extra="无需取得许可证的行业可不填"
            >
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item
              name="licencePeriod"
              label="有效期"
              rules={[
                {
                  validator: async (_r, v: [Dayjs | null, Dayjs | null] | null | undefined) => {
                    if (v?.[0] && v[1]?.isBefore(v[0], 'day')) throw new Error('许可证有效期止不能早于起');
                  },
                },
              ]}
            >
              <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...grid}>
            <Form.Item name="licenceFile" label="许可证附件">
              <ImageUpload size={1} buttonText="上传许可证" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Space>
        <Action {...saveAccess}>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {submitText}
          </Button>
        </Action>
        {onCancel && (
          <Button onClick={onCancel} disabled={false}>
            取消
          </Button>
        )}
      </Space>
    </Form>
  );
}
