import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useRef, useState } from 'react';
import { AttachmentIdsUpload, chinaToday, numberRule, wan, yuan } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { COINSURE_ROLES, FIELD_RANGES, moneyRange, SERVICE_ITEMS } from '../../platform/contracts.ts';
import { type EnterpriseOption, type PolicyBody, type PolicyDetail, policyApi } from './api.ts';
import { moneyInputProps, PricingByInsurer, PricingFields } from './PricingFields.tsx';
import { policyAttachmentProblem } from './parts.tsx';
import type { Side } from './paths.ts';
import {
  coinsurerProblems,
  feeCapMessage,
  headcountMessage,
  medicalLimitRule,
  oneYearEnd,
  type PolicyRules,
  perAccidentLimit,
  periodProblems,
  perPersonLimitRule,
  preventionFee,
  shareTotal,
} from './rules.ts';

type Factor = NonNullable<PolicyBody['factors']>[number];
type Coinsurer = NonNullable<PolicyBody['coinsurers']>[number];

export interface PolicyFormValues {
  enterpriseId?: number;
  insurerId?: number;
  isRenewal: boolean;
  startDate?: Dayjs;
  endDate?: Dayjs;
  signDate?: Dayjs;
  headcount?: number;
  perPersonLimit?: number;
  medicalLimit?: number;
  benchmarkRate?: number;
  factors: Array<Partial<Factor>>;
  premium?: number;
  coinsure: boolean;
  coinsurers: Array<Partial<Coinsurer>>;
  preventionFeePct?: number;
  preventionFrequency?: number;
  serviceItems: NonNullable<PolicyBody['serviceItems']>;
  serviceItemOther?: string;
  attachments: string[];
  remark?: string;
}

export interface PolicyFormProps {
  side: Side;
  rules: PolicyRules;
  insurers: Array<{ id: number; name: string }>;
  /** Insurer entry: the insurer's own organisation (the issuing, lead insurer). */
  ownInsurerId?: number | undefined;
  /** Enterprise application: its employee count (full cover) and name. */
  enterprise?: { name: string; employees: number | null | undefined } | undefined;
  /** Editing a draft or rejected policy. */
  initial?: PolicyDetail | undefined;
  onSave: (body: PolicyBody, submit: boolean) => Promise<void>;
  onCancel?: () => void;
  /**
   * Enterprise application: what to show about the chosen insurer (its published policy wording and
   * rate tables), below the application data once an insurer is chosen.
   */
  insurerDocs?: (insurerId: number) => ReactNode;
}

const D = 'YYYY-MM-DD';
/** The server's refusal of an insurer entry for an enterprise of status 3 (information incomplete). */
export const ENT_INCOMPLETE_FOR_INSURER = '该企业尚未完善企业信息，须由企业先完善企业信息后才能录入保单';

function toValues(
  p: PolicyDetail | undefined,
  rules: PolicyRules,
  side: Side,
  employees?: number | null,
): PolicyFormValues {
  if (!p) {
    const start = rules.nextStartDate ?? (rules.today || chinaToday());
    return {
      isRenewal: side === 'enterprise' && rules.nextStartDate !== null && rules.nextStartDate !== rules.today,
      startDate: dayjs(start),
      endDate: dayjs(oneYearEnd(start)),
      ...(employees ? { headcount: employees } : {}),
      perPersonLimit: rules.minPerPersonLimit,
      factors: [],
      coinsure: false,
      coinsurers: [],
      preventionFrequency: 4,
      serviceItems: [],
      attachments: [],
    };
  }
  const shared = p.coinsurers.length > 1 || p.coinsurers.some((c) => c.role !== '03');
  // A draft saved without some values stores 0 for them: they come back empty, to be filled in.
  const given = <T,>(key: string, v: T): T | undefined => (p.missing?.includes(key) ? undefined : v);
  return {
    enterpriseId: p.enterpriseId,
    insurerId: p.insurerId,
    isRenewal: p.isRenewal,
    startDate: dayjs(p.startDate),
    endDate: dayjs(p.endDate),
    ...(p.signDate ? { signDate: dayjs(p.signDate) } : {}),
    headcount: given('headcount', p.headcount),
    perPersonLimit: given('perPersonLimit', p.perPersonLimit),
    medicalLimit: p.medicalLimit,
    benchmarkRate: given('benchmarkRate', p.benchmarkRate),
    // A stored policy's codes are the contract's (the server checked them when they were saved).
    factors: p.factors.map((f) => ({ ...f, code: f.code as Factor['code'] })),
    premium: given('premium', p.premium),
    coinsure: shared,
    coinsurers: shared
      ? p.coinsurers.map((c) => ({
          insurerId: c.insurerId,
          role: c.role as Coinsurer['role'],
          share: c.share,
        }))
      : [],
    preventionFeePct: given('preventionFeePct', p.preventionFeePct),
    preventionFrequency: given('preventionFrequency', p.preventionFrequency),
    serviceItems: p.serviceItems as PolicyFormValues['serviceItems'],
    serviceItemOther: p.serviceItemOther,
    attachments: p.attachments,
    remark: p.remark,
  };
}

const num = (n: number | null | undefined) => (n === null || n === undefined ? undefined : n);

/**
 * The request body from the form values. A value not filled in is left out (a draft keeps it empty; the
 * form checks that nothing is missing before submitting), and so are the rows of a draft's factor and
 * co-insurer tables that are not filled in yet.
 */
export function toBody(v: PolicyFormValues, side: Side): PolicyBody {
  const body: PolicyBody = {
    ...(side === 'insurer' && v.enterpriseId ? { enterpriseId: v.enterpriseId } : {}),
    ...(side === 'enterprise' && v.insurerId ? { insurerId: v.insurerId } : {}),
    isRenewal: v.isRenewal,
    startDate: v.startDate!.format(D),
    endDate: v.endDate!.format(D),
    ...(v.signDate ? { signDate: v.signDate.format(D) } : {}),
    medicalLimit: v.medicalLimit ?? 0,
    // The pricing is the insurer's: an enterprise's application sends none (PricingByInsurer).
    ...(side === 'insurer'
      ? {
          factors: (v.factors ?? [])
            .filter((f) => f?.code && f.pct !== undefined && f.pct !== null && (f.reason ?? '').trim())
            .map((f) => ({ code: f.code!, pct: f.pct!, reason: (f.reason ?? '').trim() })),
        }
      : {}),
    coinsurers: v.coinsure
      ? (v.coinsurers ?? [])
          .filter((c) => c?.insurerId && c.role && c.share)
          .map((c) => ({ insurerId: c.insurerId!, role: c.role!, share: c.share! }))
      : [],
    serviceItems: v.serviceItems ?? [],
    serviceItemOther: (v.serviceItemOther ?? '').trim(),
    attachments: v.attachments ?? [],
    remark: (v.remark ?? '').trim(),
  };
  const optional = {
    headcount: num(v.headcount),
    perPersonLimit: num(v.perPersonLimit),
    benchmarkRate: side === 'insurer' ? num(v.benchmarkRate) : undefined,
    premium: side === 'insurer' ? num(v.premium) : undefined,
    preventionFeePct: num(v.preventionFeePct),
    preventionFrequency: num(v.preventionFrequency),
  };
  for (const [k, n] of Object.entries(optional)) if (n !== undefined) Object.assign(body, { [k]: n });
  return body;
}

/**
 * What identifies a draft, the fields 保存草稿 checks: the period and the other party (the insurer an
 * enterprise applies to; the enterprise an insurer enters a policy for, fixed once saved).
 */
export function draftFields(side: Side, editing: boolean): Array<keyof PolicyFormValues> {
  if (side === 'enterprise') return ['insurerId', 'startDate', 'endDate'];
  return editing ? ['startDate', 'endDate'] : ['enterpriseId', 'startDate', 'endDate'];
}

/**
 * The policy form (投保申请 for an enterprise, 新增/编辑保单 for an insurer). It checks every rule the
 * server checks, with the same messages, and shows the derived figures as they change: per-accident
 * limit = per-person limit × headcount, the premium at benchmark rate and floating factors, the
 * prevention fee, and the co-insurance share total.
 */
export function PolicyForm({
  side,
  rules,
  insurers,
  ownInsurerId,
  enterprise,
  initial,
  onSave,
  onCancel,
  insurerDocs,
}: PolicyFormProps) {
  const [form] = Form.useForm<PolicyFormValues>();
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const [picked, setPicked] = useState<EnterpriseOption | null>(null);
  // Read by the enterprise field's validator, which runs before the state above re-renders.
  const pickedRef = useRef<EnterpriseOption | null>(null);
  // The screen renders the form once its data is loaded: the initial values are fixed for its life.
  const [initialValues] = useState(() => toValues(initial, rules, side, enterprise?.employees));

  const values = Form.useWatch([], form) as Partial<PolicyFormValues> | undefined;
  const v = values ?? initialValues;
  const employees =
    side === 'enterprise' ? enterprise?.employees : (picked?.employees ?? (initial ? undefined : undefined));
  const leadId = side === 'insurer' ? (initial?.insurerId ?? ownInsurerId) : v.insurerId;
  const sumInsured = perAccidentLimit(v.perPersonLimit, v.headcount);
  const fee = preventionFee(v.premium, v.preventionFeePct);
  const shares = shareTotal(v.coinsurers);
  const coProblems = v.coinsure ? coinsurerProblems(leadId, v.coinsurers) : [];

  // Keep the end date one year after the start unless the person set a shorter period.
  const lastStart = useRef<string | undefined>(initialValues.startDate?.format(D));
  const onValuesChange = (changed: Partial<PolicyFormValues>) => {
    if (changed.startDate !== undefined) {
      const s = changed.startDate?.format(D);
      if (s && s !== lastStart.current) form.setFieldValue('endDate', dayjs(oneYearEnd(s)));
      lastStart.current = s;
    }
    if (changed.coinsure === true && !(form.getFieldValue('coinsurers') as unknown[] | undefined)?.length) {
      form.setFieldValue('coinsurers', [
        { insurerId: leadId, role: '01', share: 70 },
        { role: '02', share: 30 },
      ]);
    }
    if (changed.insurerId !== undefined && form.getFieldValue('coinsure')) {
      const list = (form.getFieldValue('coinsurers') as PolicyFormValues['coinsurers']) ?? [];
      form.setFieldValue(
        'coinsurers',
        list.map((c) => (c.role === '01' ? { ...c, insurerId: changed.insurerId } : c)),
      );
    }
  };

  const save = async (submit: boolean) => {
    let vals: PolicyFormValues;
    try {
      if (submit) vals = await form.validateFields();
      else {
        // A draft needs only what identifies it; the rest is checked when it is submitted.
        await form.validateFields(draftFields(side, initial !== undefined));
        vals = form.getFieldsValue(true) as PolicyFormValues;
      }
    } catch {
      return;
    }
    setSaving(submit ? 'submit' : 'draft');
    try {
      await onSave(toBody({ ...initialValues, ...vals }, side), submit);
    } catch {
      // The client already showed the server's message.
    } finally {
      setSaving(null);
    }
  };

  const notBefore = side === 'enterprise' ? rules.today || undefined : undefined;
  const startText = v.startDate?.format?.(D);
  const endText = v.endDate?.format?.(D);

  return (
    <Form<PolicyFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      scrollToFirstError
      requiredMark
    >
      <Divider orientation="left" orientationMargin={0}>
        投保信息
      </Divider>
      <Row gutter={16}>
        {side === 'insurer' ? (
          <Col xs={24} md={12}>
            {initial ? (
              <Form.Item label="投保企业">
                <Input value={`${initial.holderName}（${initial.holderUscc}）`} disabled />
              </Form.Item>
            ) : (
              <Form.Item
                name="enterpriseId"
                label="投保企业"
                rules={[
                  { required: true, message: '请选择投保企业' },
                  {
                    // Status 3: the server refuses an entry for an enterprise that has not completed its information.
                    validator: async () => {
                      const e = pickedRef.current;
                      if (e && !e.infoComplete) throw new Error(ENT_INCOMPLETE_FOR_INSURER);
                    },
                  },
                ]}
                extra={
                  picked
                    ? `从业人员 ${picked.employees ?? '未填'} 人${picked.infoComplete ? '' : '（企业信息未完善）'}`
                    : '输入企业名称或统一社会信用代码查找（至少2个字）'
                }
              >
                <EnterprisePicker
                  onPick={(e) => {
                    pickedRef.current = e;
                    setPicked(e);
                    if (e?.employees) form.setFieldValue('headcount', e.employees);
                  }}
                />
              </Form.Item>
            )}
          </Col>
        ) : (
          <Col xs={24} md={12}>
            <Form.Item label="投保企业">
              <Input value={enterprise?.name ?? ''} disabled />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          {side === 'enterprise' ? (
            <Form.Item
              name="insurerId"
              label="出单保险机构（主承）"
              rules={[{ required: true, message: '请选择出单保险机构' }]}
            >
              <Select
                placeholder="请选择保险机构"
                options={insurers.map((i) => ({ value: i.id, label: i.name }))}
                showSearch
                optionFilterProp="label"
              />
            </Form.Item>
          ) : (
            <Form.Item label="出单保险机构（主承）">
              <Input value={insurers.find((i) => i.id === leadId)?.name ?? '本机构'} disabled />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="isRenewal" label="新保/续保">
            <Radio.Group
              name="isRenewal"
              options={[
                { value: false, label: '新保' },
                { value: true, label: '续保' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="startDate"
            label="保险起期"
            rules={[
              { required: true, message: '请选择保险起期' },
              {
                validator: async (_, d?: Dayjs) => {
                  if (d && notBefore && d.format(D) < notBefore) throw new Error('保险起期不能早于今天');
                },
              },
            ]}
            extra={
              side === 'enterprise' && rules.nextStartDate && rules.nextStartDate !== rules.today
                ? `现有保单到期后次日起保：${rules.nextStartDate}`
                : undefined
            }
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="endDate"
            label="保险止期"
            dependencies={['startDate']}
            rules={[
              { required: true, message: '请选择保险止期' },
              {
                validator: async (_, d?: Dayjs) => {
                  const s = form.getFieldValue('startDate') as Dayjs | undefined;
                  const p = periodProblems(s?.format(D), d?.format(D));
                  if (p.length) throw new Error(p[0]);
                },
              },
            ]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {side === 'insurer' ? (
          <Col xs={12} md={6}>
            <Form.Item name="signDate" label="签单日期">
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      {startText && endText && startText <= endText ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          保险期间：{startText} 零时起至 {endText} 二十四时止（最长一年）
        </Typography.Paragraph>
      ) : null}
      {side === 'enterprise' && insurerDocs && v.insurerId ? insurerDocs(v.insurerId) : null}

      <Divider orientation="left" orientationMargin={0}>
        保障内容
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item
            name="headcount"
            label="参保人数（人）"
            rules={[
              { required: true, message: '请输入参保人数' },
              numberRule('参保人数', FIELD_RANGES.persons),
              {
                validator: async (_, n?: number) => {
                  if (n && n > 0 && employees && n !== employees)
                    throw new Error(headcountMessage(n, employees));
                },
              },
            ]}
            extra={employees ? `企业从业人员总数 ${employees} 人，须全员投保` : undefined}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="perPersonLimit"
            label="每人死亡伤残责任限额（元）"
            rules={[
              { required: true, message: '请输入每人死亡伤残责任限额' },
              numberRule('每人死亡伤残责任限额', moneyRange({ positive: true })),
              perPersonLimitRule(rules.minPerPersonLimit),
            ]}
            extra={`不得低于 ${yuan(rules.minPerPersonLimit)}`}
          >
            <InputNumber {...moneyInputProps} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="medicalLimit"
            label="每人医疗费用限额（元）"
            dependencies={['perPersonLimit']}
            rules={[numberRule('每人医疗费用限额', moneyRange()), medicalLimitRule]}
          >
            <InputNumber {...moneyInputProps} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label="每次事故责任限额（保额）">
            <div data-testid="per-accident">
              <Typography.Text strong>{sumInsured ? yuan(sumInsured) : '-'}</Typography.Text>
              {sumInsured ? <Typography.Text type="secondary">（{wan(sumInsured)}）</Typography.Text> : null}
            </div>
            <Typography.Text type="secondary">= 每人死亡伤残责任限额 × 参保人数；累计限额同</Typography.Text>
          </Form.Item>
        </Col>
      </Row>

      <Divider orientation="left" orientationMargin={0}>
        费率与保费
      </Divider>
      {side === 'insurer' ? <PricingFields form={form} sumInsured={sumInsured} /> : <PricingByInsurer />}

      <Divider orientation="left" orientationMargin={0}>
        共保
      </Divider>
      <Form.Item name="coinsure" label="是否共保" valuePropName="checked">
        <Switch checkedChildren="共保" unCheckedChildren="独立承保" />
      </Form.Item>
      {v.coinsure ? (
        <Form.List
          name="coinsurers"
          rules={[
            {
              validator: async () => {
                const list = form.getFieldValue('coinsurers') as PolicyFormValues['coinsurers'];
                const p = coinsurerProblems(leadId, list);
                if (p.length) throw new Error(p.join('；'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((f, i) => {
                const row = v.coinsurers?.[i];
                return (
                  <Space key={f.key} align="start" wrap>
                    <Form.Item name={[f.name, 'insurerId']} style={{ marginBottom: 0, width: 340 }}>
                      <Select
                        placeholder="保险机构"
                        disabled={row?.role === '01'}
                        options={insurers.map((x) => ({ value: x.id, label: x.name }))}
                        showSearch
                        optionFilterProp="label"
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'role']} style={{ marginBottom: 0, width: 110 }}>
                      <Select options={COINSURE_ROLES.filter((r) => r.value !== '03')} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'share']}
                      rules={[numberRule('承保比例（%）', FIELD_RANGES.coinsurerShare)]}
                      style={{ marginBottom: 0, width: 140 }}
                    >
                      <InputNumber addonAfter="%" aria-label={`承保比例${i + 1}`} />
                    </Form.Item>
                    {row?.role !== '01' ? (
                      <Button
                        icon={<DeleteOutlined />}
                        onClick={() => remove(f.name)}
                        aria-label="删除共保机构"
                      />
                    ) : null}
                  </Space>
                );
              })}
              <Space>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ role: '02' })}>
                  添加跟单机构
                </Button>
                <Typography.Text
                  type={Math.round(shares * 100) === 10000 ? 'success' : 'danger'}
                  data-testid="share-total"
                >
                  承保比例合计 {shares}%
                </Typography.Text>
              </Space>
              {coProblems.length ? <Alert type="warning" showIcon message={coProblems.join('；')} /> : null}
              <Form.ErrorList errors={errors} />
            </Space>
          )}
        </Form.List>
      ) : (
        <Typography.Paragraph type="secondary">由出单保险机构独立承保，承保比例100%。</Typography.Paragraph>
      )}

      <Divider orientation="left" orientationMargin={0}>
        事故预防服务约定
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="preventionFeePct"
            label="事故预防服务费用比例（%）"
            rules={[
              { required: true, message: '请输入事故预防服务费用比例' },
              numberRule('事故预防服务费用比例（%）', FIELD_RANGES.preventionFeePct),
              {
                validator: async (_, n?: number) => {
                  if (n !== undefined && n !== null && n > rules.preventionFeeCapPct)
                    throw new Error(feeCapMessage(rules.preventionFeeCapPct));
                },
              },
            ]}
            extra={
              side === 'insurer'
                ? `不得高于实收保费的 ${rules.preventionFeeCapPct}%；费用 ${fee ? yuan(fee) : '-'}`
                : `不得高于实收保费的 ${rules.preventionFeeCapPct}%；费用按出单时核定的实收保费计算`
            }
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="preventionFrequency"
            label="服务频次（次/保险期间）"
            rules={[
              { required: true, message: '请输入服务频次' },
              numberRule('服务频次', FIELD_RANGES.preventionFrequency),
            ]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="serviceItems"
        label="主要服务项目"
        rules={[{ type: 'array', min: 1, required: true, message: '请至少选择一项事故预防服务项目' }]}
      >
        <Checkbox.Group
          options={SERVICE_ITEMS.map((s) => ({ value: s.value, label: `${s.value} ${s.label}` }))}
        />
      </Form.Item>
      {v.serviceItems?.includes('07') ? (
        <Form.Item
          name="serviceItemOther"
          label="其他有关事故预防工作"
          rules={[
            {
              required: true,
              whitespace: true,
              message: '选择了“其他有关事故预防工作”（07），请填写具体内容',
            },
          ]}
        >
          <Input maxLength={200} showCount />
        </Form.Item>
      ) : null}

      <Divider orientation="left" orientationMargin={0}>
        附件与备注
      </Divider>
      <Form.Item name="attachments" label="附件" extra="投保单、保单影印件、人员清单等，PDF 或图片，最多10个">
        <AttachmentIdsUpload
          initialFiles={initial?.attachmentFiles ?? []}
          max={10}
          check={policyAttachmentProblem}
          label="上传附件（PDF/图片）"
        />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      {initial?.status === 'rejected' && initial.reviewRemark ? (
        <Alert
          type="error"
          showIcon
          message={`审核不通过：${initial.reviewRemark}`}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Flex gap={12} wrap data-testid="policy-form-actions">
        <Action permission={initial ? 'policy.edit' : 'policy.add'}>
          <Button
            type="primary"
            loading={saving === 'submit'}
            disabled={saving !== null}
            onClick={() => save(true)}
          >
            提交审核
          </Button>
          <Button loading={saving === 'draft'} disabled={saving !== null} onClick={() => save(false)}>
            保存草稿
          </Button>
        </Action>
        {onCancel ? <Button onClick={onCancel}>取消</Button> : null}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        保存草稿只需选择{side === 'enterprise' ? '出单保险机构' : '投保企业'}
        和保险期间，其余内容可稍后补充；提交审核时须填写完整。
      </Typography.Paragraph>
    </Form>
  );
}

/** Remote search of enterprises by name or USCC (insurer entry). */
function EnterprisePicker({
  id,
  value,
  onChange,
  onPick,
}: {
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  onPick: (e: EnterpriseOption | null) => void;
}) {
  const [options, setOptions] = useState<EnterpriseOption[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const search = (kw: string) => {
    const k = kw.trim();
    if (k.length < 2) return;
    const n = ++seq.current;
    setLoading(true);
    policyApi
      .enterpriseOptions(k)
      .then((list) => {
        if (n === seq.current) setOptions(list);
      })
      .catch(() => undefined)
      .finally(() => {
        if (n === seq.current) setLoading(false);
      });
  };
  return (
    <Select<number>
      {...(id ? { id } : {})}
      showSearch
      value={value}
      placeholder="企业名称或统一社会信用代码"
      filterOption={false}
      onSearch={search}
      loading={loading}
      notFoundContent={loading ? '查找中…' : '无匹配企业'}
      options={options.map((e) => ({ value: e.id, label: `${e.name}（${e.uscc ?? '无信用代码'}）` }))}
      onChange={(id) => {
        // The pick first: the field's validation on change reads it.
        onPick(options.find((o) => o.id === id) ?? null);
        onChange?.(id);
      }}
    />
  );
}
