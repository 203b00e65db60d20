import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CloseType } from '@aqzrx/contracts';
import {
  Alert,
  App,
  Button,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import {
  afterChinaToday,
  chinaNow,
  chinaTime,
  dateTimeText,
  type FileMapItem,
  fileIdOf,
  ImageUpload,
  thousandsInput,
} from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  ACCIDENT_LEVELS,
  ACCIDENT_TYPES,
  accidentLevelName,
  accidentLevelProblem,
  CASUALTY_CATEGORIES,
  casualtyLimitProblem,
  closeShortfallText,
  FEE_CATEGORIES,
  ID_TYPES,
  INJURY_TYPES,
  isValidIdCard,
  isValidLandline,
  isValidMobile,
  LOSS_CATEGORIES,
  lossLineProblem,
  minAccidentLevel,
  PAYMENT_TYPES,
  PERSON_TYPES,
  partialPayoutText,
} from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { type ClaimDetail, type ClaimStepBody, type ClaimStepNo, claimApi } from './api.ts';
import {
  advanceRoom,
  assessmentProblem,
  fromCents,
  lastStepAt,
  offeredCloseTypes,
  payoutGapAfter,
  payoutProblem,
  payoutStateOf,
  stepActionLabel,
  stepTimeProblem,
  sumCents,
  toCents,
  twoDecimals,
  unpaidByCategory,
  yuan,
} from './model.ts';
import { TimeField, type TypedTime, typedTimeProblem } from './TimeField.tsx';

/** What the step forms hold (a union of every step's fields; each step uses its own). */
export interface StepFormValues {
  /** A time, or text typed that is not one (the field's rule refuses it). */
  at?: TypedTime;
  note?: string;
  files?: FileMapItem[];
  reason?: string;
  accidentType?: string;
  accidentLevel?: number;
  seriousInjuries?: number;
  cause?: string;
  estimatedLoss?: number;
  payType?: number;
  amount?: number;
  payee?: string;
  surveyorName?: string;
  surveyorPhone?: string;
  description?: string;
  losses?: Record<string, number | null | undefined>;
  persons?: Array<{
    personType?: number;
    name?: string;
    idType?: string;
    idNo?: string;
    injury?: string;
    amount?: number;
  }>;
  properties?: Array<{ ownerName?: string; propertyName?: string; amount?: number }>;
  fees?: Array<{ category?: string; amount?: number }>;
  closeType?: CloseType;
  deniedReason?: string;
  /** Only carries the total's error message. */
  total?: number;
}

const lossLabel = (category: string) => LOSS_CATEGORIES.find((c) => c.value === category)?.label ?? category;

/** The loss items that were filled in (a blank category is left out; 0 is kept). */
export function lossItems(losses: StepFormValues['losses']): Array<{ category: string; amount: number }> {
  return LOSS_CATEGORIES.flatMap((c) => {
    const v = losses?.[c.value];
    return v === null || v === undefined ? [] : [{ category: c.value, amount: Number(v) }];
  });
}

/** The request body of a step from the form values (trimmed texts, ISO time, file ids, totals). */
export function buildStepBody(step: ClaimStepNo, v: StepFormValues, partial = false): ClaimStepBody {
  const base = {
    ...(dayjs.isDayjs(v.at) ? { at: v.at.toISOString() } : {}),
    note: (v.note ?? '').trim(),
    attachments: (v.files ?? []).flatMap((f) => fileIdOf(f.fileUrl) ?? []),
  };
  switch (step) {
    case 2:
      return { ...base, step, reason: (v.reason ?? '').trim() };
    case 3:
      return {
        ...base,
        step,
        accidentType: v.accidentType ?? '',
        accidentLevel: v.accidentLevel ?? 0,
        seriousInjuries: v.seriousInjuries ?? 0,
        cause: (v.cause ?? '').trim(),
        estimatedLoss: v.estimatedLoss ?? 0,
      };
    case 4:
      return { ...base, step, payType: v.payType ?? 0, amount: v.amount ?? 0, payee: (v.payee ?? '').trim() };
    case 5:
      return {
        ...base,
        step,
        surveyorName: (v.surveyorName ?? '').trim(),
        surveyorPhone: (v.surveyorPhone ?? '').trim(),
        description: (v.description ?? '').trim(),
      };
    case 6: {
      const items = lossItems(v.losses);
      return { ...base, step, items, total: fromCents(sumCents(items)) };
    }
    case 7: {
      const persons = (v.persons ?? []).map((p) => ({
        personType: p.personType ?? 1,
        name: (p.name ?? '').trim(),
        idType: p.idType ?? '01',
        idNo: (p.idNo ?? '').trim().toUpperCase(),
        injury: p.injury ?? '',
        amount: p.amount ?? 0,
        proofs: [],
      }));
      const properties = (v.properties ?? []).map((p) => ({
        ownerName: (p.ownerName ?? '').trim(),
        propertyName: (p.propertyName ?? '').trim(),
        amount: p.amount ?? 0,
      }));
      const fees = (v.fees ?? []).map((f) => ({ category: f.category ?? '', amount: f.amount ?? 0 }));
      const total = fromCents(sumCents(persons) + sumCents(properties) + sumCents(fees));
      return { ...base, step, persons, properties, fees, total, partial };
    }
    case 8:
      return {
        ...base,
        step,
        closeType: v.closeType as CloseType,
        deniedReason: v.closeType === 'denied' ? (v.deniedReason ?? '').trim() : '',
      };
    default:
      throw new Error(`step ${step} is not recorded with this form`);
  }
}

const moneyRule = (label: string, opts: { positive?: boolean; max?: number; maxText?: string } = {}) => ({
  validator: async (_: unknown, v: number | null | undefined) => {
    if (v === null || v === undefined) return;
    if (!twoDecimals(v)) throw new Error(`${label}最多两位小数`);
    if (v < 0) throw new Error(`${label}不能小于0`);
    if (opts.positive && v <= 0) throw new Error(`${label}须大于0`);
    if (opts.max !== undefined && v > opts.max) throw new Error(opts.maxText ?? `${label}过大`);
  },
});
const personNameRules = (label: string) => [
  { required: true, whitespace: true, message: `请输入${label}` },
  { min: 2, max: 20, message: `${label}为2-20个字` },
];
const phoneRule = {
  validator: async (_: unknown, v: string | undefined) => {
    if (!v?.trim()) throw new Error('请输入联系电话');
    if (!isValidMobile(v.trim()) && !isValidLandline(v.trim()))
      throw new Error('电话格式不正确，请输入手机号或座机号（如0527-84361234）');
  },
};

/** A read-only figure under a Form.Item that carries a name only to show errors (ignores value). */
function Shown({ children }: { children: ReactNode; value?: unknown; onChange?: unknown }) {
  return <>{children}</>;
}

/**
 * A yuan amount. No `min` or `precision`: InputNumber would turn a typed -100 into 0, or 1.234 into 1.23,
 * on leaving the field; the field's rule refuses it in words instead.
 */
function MoneyInput({ placeholder, ...rest }: { placeholder?: string; [k: string]: unknown }) {
  return (
    <InputNumber<number>
      step={100}
      style={{ width: '100%' }}
      suffix="元"
      placeholder={placeholder}
      {...thousandsInput}
      {...rest}
    />
  );
}

/** Time of the step: defaults to now; not in the future, not before the previous step. */
function AtField({ claim, label }: { claim: ClaimDetail; label: string }) {
  const previous = lastStepAt(claim);
  return (
    <Form.Item
      name="at"
      label={label}
      rules={[
        { required: true, message: `请选择${label}` },
        {
          validator: async (_: unknown, v: TypedTime) => {
            const typed = typedTimeProblem(v, label);
            if (typed) throw new Error(typed);
            if (!dayjs.isDayjs(v)) return;
            const p = stepTimeProblem(v, previous);
            if (p) throw new Error(p);
          },
        },
      ]}
      extra={`须在上一环节（${dateTimeText(previous)}）之后，且不晚于当前时间`}
    >
      <TimeField
        style={{ width: '100%' }}
        disabledDate={(d) => afterChinaToday(d) || d.format('YYYY-MM-DD') < chinaTime(previous, 'date')}
      />
    </Form.Item>
  );
}

function CommonTail({ filesLabel, noteRequired }: { filesLabel: string; noteRequired?: string }) {
  return (
    <>
      <Form.Item
        name="note"
        label="备注"
        rules={[
          ...(noteRequired ? [{ required: true, whitespace: true, message: noteRequired }] : []),
          ...(noteRequired ? [{ min: 2, message: noteRequired }] : []),
          { max: 2000, message: '备注最多2000个字' },
        ]}
      >
        <Input.TextArea rows={2} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item name="files" label={filesLabel} extra="jpg、png、gif 图片，每张不超过20M，最多10张">
        <ImageUpload size={10} />
      </Form.Item>
    </>
  );
}

/** The facts that grade the accident (domain 1.7): reported deaths, serious injuries, estimated loss. */
const gradeFacts = (
  claim: Pick<ClaimDetail, 'deaths'>,
  seriousInjuries: unknown,
  estimatedLoss: unknown,
) => ({
  deaths: claim.deaths,
  seriousInjuries: Number(seriousInjuries) || 0,
  directLoss: Number(estimatedLoss) || 0,
});

function RegisterFields({ claim }: { claim: ClaimDetail }) {
  const seriousInjuries = Form.useWatch('seriousInjuries') as number | null | undefined;
  const estimatedLoss = Form.useWatch('estimatedLoss') as number | null | undefined;
  const min = minAccidentLevel(gradeFacts(claim, seriousInjuries, estimatedLoss));
  return (
    <>
      <AtField claim={claim} label="立案时间" />
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="accidentType"
            label="事故类型"
            rules={[{ required: true, message: '请选择事故类型' }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={ACCIDENT_TYPES.map((o) => ({ value: o.value, label: o.label }))}
              placeholder="GB 6441 事故类别"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="accidentLevel"
            label="事故等级"
            dependencies={['seriousInjuries', 'estimatedLoss']}
            rules={[
              { required: true, message: '请选择事故等级' },
              ({ getFieldValue }) => ({
                validator: async (_: unknown, v: number | undefined) => {
                  if (v === undefined || v === null) return;
                  const facts = gradeFacts(
                    claim,
                    getFieldValue('seriousInjuries'),
                    getFieldValue('estimatedLoss'),
                  );
                  const problem = accidentLevelProblem(v, facts);
                  if (problem) throw new Error(problem);
                },
              }),
            ]}
            extra={
              <span data-testid="min-accident-level">
                报案：死亡{claim.deaths}人，受伤{claim.injuries}人
                {min.level > 1
                  ? `；${min.reasons.join('或')}，事故等级至少为“${accidentLevelName(min.level)}”`
                  : ''}
              </span>
            }
          >
            <Select
              options={ACCIDENT_LEVELS.map((o) => ({
                value: o.value,
                label: o.label,
                disabled: o.value < min.level,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="seriousInjuries"
        label="重伤人数"
        extra={`含急性工业中毒，不超过报案受伤人数（${claim.injuries}人）；用于核定事故等级`}
        rules={[
          {
            validator: async (_: unknown, v: number | null | undefined) => {
              if (v === null || v === undefined) return;
              if (!Number.isInteger(v) || v < 0) throw new Error('重伤人数须为0或正整数');
              if (v > claim.injuries)
                throw new Error(`重伤人数不能超过报案时的受伤人数（${claim.injuries}人）`);
            },
          },
        ]}
      >
        <InputNumber<number> style={{ width: '100%' }} suffix="人" />
      </Form.Item>
      <Form.Item
        name="cause"
        label="事故原因"
        rules={[
          { required: true, whitespace: true, message: '请填写事故原因' },
          { min: 2, max: 1000, message: '事故原因为2-1000个字' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
      <Form.Item
        name="estimatedLoss"
        label="估损金额"
        rules={[{ required: true, message: '请输入估损金额' }, moneyRule('估损金额')]}
      >
        <MoneyInput />
      </Form.Item>
      <CommonTail filesLabel="事故调查报告/现场材料" />
    </>
  );
}

function AdvanceFields({ claim }: { claim: ClaimDetail }) {
  const { room, ceiling, basis } = advanceRoom(claim);
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`预付、垫付、快付累计不超过${basis}（${yuan(ceiling)}元）；已付 ${yuan(claim.advanceTotal)} 元，本次最多 ${yuan(room)} 元`}
      />
      <AtField claim={claim} label="付款时间" />
      <Form.Item name="payType" label="付款类型" rules={[{ required: true, message: '请选择付款类型' }]}>
        <Radio.Group
          name="claim-pay-type"
          optionType="button"
          options={PAYMENT_TYPES.map((o) => ({ value: o.value, label: o.label }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label="付款金额"
        rules={[
          { required: true, message: '请输入付款金额' },
          moneyRule('付款金额', {
            positive: true,
            max: room,
            maxText: `付款金额不能超过${yuan(room)}元（累计不超过${basis}）`,
          }),
        ]}
      >
        <MoneyInput />
      </Form.Item>
      <Form.Item name="payee" label="收款人" rules={[{ max: 100, message: '收款人最多100个字' }]}>
        <Input placeholder="如被保险企业或受害人姓名" />
      </Form.Item>
      <CommonTail filesLabel="付款凭证" />
    </>
  );
}

function SurveyFields({ claim }: { claim: ClaimDetail }) {
  return (
    <>
      <AtField claim={claim} label="查勘时间" />
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="surveyorName" label="查勘人员" rules={personNameRules('查勘人员姓名')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="surveyorPhone" label="查勘人员电话" required rules={[phoneRule]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="description"
        label="查勘描述"
        rules={[
          { required: true, whitespace: true, message: '请填写查勘描述' },
          { min: 2, max: 2000, message: '查勘描述为2-2000个字' },
        ]}
      >
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
      <CommonTail filesLabel="查勘报告/现场图片" />
    </>
  );
}

/** The rule of one assessed line: blank (not involved) or above 0, two decimals (contracts lossLineProblem). */
const lossLineRule = (category: string, label: string) => ({
  validator: async (_: unknown, v: number | null | undefined) => {
    if (v === null || v === undefined) return;
    if (!twoDecimals(v)) throw new Error(`${label}最多两位小数`);
    const problem = lossLineProblem(category, v);
    if (problem) throw new Error(problem);
  },
});

function AssessFields({ claim }: { claim: ClaimDetail }) {
  const losses = Form.useWatch('losses') as StepFormValues['losses'];
  const total = fromCents(sumCents(lossItems(losses)));
  const people = claim.deaths + claim.injuries;
  return (
    <>
      <AtField claim={claim} label="定损时间" />
      <Typography.Paragraph type="secondary">
        逐项填写核定的损失金额（未涉及的留空）；定损总金额为各项之和，不能低于已预付金额（
        {yuan(claim.advanceTotal)}元），不能超过每次事故责任限额（{yuan(claim.policy.perAccidentLimit)}元）。
      </Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="casualty-ceiling"
        message={
          people > 0
            ? `人身伤亡（从业人员与第三者合计）不超过每人死亡伤残责任限额 ${yuan(claim.policy.perPersonLimit)} 元 × 伤亡 ${people} 人（死亡${claim.deaths}人、受伤${claim.injuries}人）= ${yuan(claim.policy.perPersonLimit * people)} 元`
            : '本案报案伤亡人数为0，不能定损人身伤亡金额'
        }
      />
      <Row gutter={16}>
        {LOSS_CATEGORIES.map((c) => {
          const casualty = CASUALTY_CATEGORIES.includes(c.value);
          const other = CASUALTY_CATEGORIES.filter((x) => x !== c.value).map((x) => ['losses', x]);
          return (
            <Col span={12} key={c.value}>
              <Form.Item
                name={['losses', c.value]}
                label={c.label}
                dependencies={casualty ? other : undefined}
                rules={[
                  lossLineRule(c.value, c.label),
                  ...(casualty
                    ? [
                        ({ getFieldValue }: { getFieldValue: (n: unknown) => unknown }) => ({
                          validator: async (_: unknown, v: number | null | undefined) => {
                            if (v === null || v === undefined) return;
                            const items = lossItems(getFieldValue('losses') as StepFormValues['losses']);
                            const problem = casualtyLimitProblem(items, {
                              perPersonLimit: claim.policy.perPersonLimit,
                              deaths: claim.deaths,
                              injuries: claim.injuries,
                            });
                            if (problem) throw new Error(problem);
                          },
                        }),
                      ]
                    : []),
                ]}
              >
                <MoneyInput />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Form.Item label="定损总金额" name="total">
        <Shown>
          <Typography.Text strong data-testid="assess-total">
            {yuan(total)} 元
          </Typography.Text>
        </Shown>
      </Form.Item>
      <CommonTail filesLabel="定损材料" />
    </>
  );
}

function PayoutFields({ claim }: { claim: ClaimDetail }) {
  const persons = (Form.useWatch('persons') ?? []) as NonNullable<StepFormValues['persons']>;
  const properties = (Form.useWatch('properties') ?? []) as NonNullable<StepFormValues['properties']>;
  const fees = (Form.useWatch('fees') ?? []) as NonNullable<StepFormValues['fees']>;
  const total = sumCents(persons) + sumCents(properties) + sumCents(fees);
  const before = toCents(claim.payoutTotal ?? 0);
  // The advances count toward the payouts: what is paid now is the part they do not cover yet.
  const balance = total - Math.max(0, toCents(claim.advanceTotal) - before);
  const gap = payoutGapAfter(claim, total);
  const left = unpaidByCategory(claim, { persons, properties, fees });
  return (
    <>
      <AtField claim={claim} label="赔付时间" />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={
          <Space direction="vertical" size={0}>
            <span>
              定损总金额 {yuan(claim.assessedTotal)} 元
              {claim.losses.length
                ? `（${claim.losses.map((l) => `${lossLabel(l.category)} ${yuan(l.amount)}`).join('，')}）`
                : ''}
              ，已赔付 {yuan(fromCents(before))} 元，已预付 {yuan(claim.advanceTotal)} 元；每人死亡伤残限额{' '}
              {yuan(claim.policy.perPersonLimit)} 元
            </span>
            <span>已按尚未赔付的定损金额逐项填入，请补全伤亡人员、财产信息，核对金额后提交。</span>
          </Space>
        }
      />
      <Divider orientation="left" plain>
        人身伤亡赔付
      </Divider>
      <Form.List name="persons">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Row gutter={8} key={f.key} align="top" data-testid="payout-person">
                <Col span={4}>
                  <Form.Item
                    name={[f.name, 'personType']}
                    rules={[{ required: true, message: '请选择人员类型' }]}
                  >
                    <Select
                      placeholder="人员类型"
                      options={PERSON_TYPES.map((o) => ({ value: o.value, label: o.label }))}
                    />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[f.name, 'name']} rules={personNameRules('伤亡人员姓名')}>
                    <Input placeholder="姓名" maxLength={20} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[f.name, 'idType']} initialValue="01">
                    <Select options={ID_TYPES.map((o) => ({ value: o.value, label: o.label }))} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item
                    name={[f.name, 'idNo']}
                    dependencies={[['persons', f.name, 'idType']]}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: async (_: unknown, v: string | undefined) => {
                          const no = (v ?? '').trim();
                          if (no.length < 4) throw new Error('请输入证件号码');
                          if (no.length > 30) throw new Error('证件号码最多30位');
                          if (
                            (getFieldValue(['persons', f.name, 'idType']) ?? '01') === '01' &&
                            !isValidIdCard(no.toUpperCase())
                          )
                            throw new Error('身份证号码格式或校验位不正确，请核对18位号码');
                        },
                      }),
                    ]}
                  >
                    <Input placeholder="证件号码" maxLength={30} />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item
                    name={[f.name, 'injury']}
                    rules={[{ required: true, message: '请选择伤亡情况' }]}
                  >
                    <Select
                      placeholder="伤亡"
                      options={INJURY_TYPES.map((o) => ({ value: o.value, label: o.label }))}
                    />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item
                    name={[f.name, 'amount']}
                    rules={[
                      { required: true, message: '请输入金额' },
                      moneyRule('赔付金额', {
                        positive: true,
                        max: claim.policy.perPersonLimit,
                        maxText: `超过每人限额${yuan(claim.policy.perPersonLimit)}元`,
                      }),
                    ]}
                  >
                    <InputNumber<number> placeholder="金额" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={1}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除此人"
                    onClick={() => remove(f.name)}
                  />
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ personType: 1, idType: '01' })}
            >
              添加伤亡人员
            </Button>
          </>
        )}
      </Form.List>
      <Divider orientation="left" plain>
        第三者财产损失
      </Divider>
      <Form.List name="properties">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Row gutter={8} key={f.key}>
                <Col span={8}>
                  <Form.Item
                    name={[f.name, 'ownerName']}
                    rules={[{ required: true, whitespace: true, message: '请输入第三者名称' }, { max: 100 }]}
                  >
                    <Input placeholder="第三者名称" maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name={[f.name, 'propertyName']}
                    rules={[{ required: true, whitespace: true, message: '请输入财产名称' }, { max: 100 }]}
                  >
                    <Input placeholder="财产名称" maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item
                    name={[f.name, 'amount']}
                    rules={[
                      { required: true, message: '请输入金额' },
                      moneyRule('财产损失赔付金额', { positive: true }),
                    ]}
                  >
                    <MoneyInput placeholder="损失金额" />
                  </Form.Item>
                </Col>
                <Col span={1}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除此项"
                    onClick={() => remove(f.name)}
                  />
                </Col>
              </Row>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
              添加财产损失
            </Button>
          </>
        )}
      </Form.List>
      <Divider orientation="left" plain>
        费用赔付
      </Divider>
      <Form.List name="fees">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Row gutter={8} key={f.key} data-testid="payout-fee">
                <Col span={10}>
                  <Form.Item
                    name={[f.name, 'category']}
                    rules={[
                      { required: true, message: '请选择费用类别' },
                      ({ getFieldValue }) => ({
                        validator: async (_: unknown, v: string | undefined) => {
                          const all = (getFieldValue('fees') ?? []) as Array<{ category?: string }>;
                          if (v && all.filter((x) => x?.category === v).length > 1)
                            throw new Error('费用类别不能重复');
                        },
                      }),
                    ]}
                  >
                    <Select
                      placeholder="费用类别"
                      options={FEE_CATEGORIES.map((o) => ({ value: o.value, label: o.label }))}
                    />
                  </Form.Item>
                </Col>
                <Col span={13}>
                  <Form.Item
                    name={[f.name, 'amount']}
                    rules={[
                      { required: true, message: '请输入金额' },
                      moneyRule('费用赔付金额', { positive: true }),
                    ]}
                  >
                    <MoneyInput placeholder="金额" />
                  </Form.Item>
                </Col>
                <Col span={1}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除此项"
                    onClick={() => remove(f.name)}
                  />
                </Col>
              </Row>
            ))}
            {fields.length < FEE_CATEGORIES.length ? (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                添加费用
              </Button>
            ) : null}
          </>
        )}
      </Form.List>
      <Divider />
      <Form.Item label="赔付总金额" name="total">
        <Shown>
          <Space direction="vertical" size={0}>
            <Typography.Text strong data-testid="payout-total">
              {yuan(fromCents(total))} 元
            </Typography.Text>
            <Typography.Text type="secondary">
              扣除已预付后本次支付 {yuan(fromCents(Math.max(0, balance)))} 元
            </Typography.Text>
            {gap > 0 ? (
              <Typography.Text type="warning" data-testid="payout-gap">
                本次赔付后仍有 {yuan(gap)} 元定损金额未赔付
                {left.length ? `（${left.map((l) => `${l.label} ${yuan(l.amount)} 元`).join('，')}）` : ''}
              </Typography.Text>
            ) : null}
          </Space>
        </Shown>
      </Form.Item>
      <CommonTail filesLabel="赔付凭证" />
    </>
  );
}

/** The unpaid difference a close as paid leaves (null when the payouts reach the assessment). */
const closeShortfall = (claim: ClaimDetail, closeType: CloseType | undefined) =>
  closeType === 'paid' && claim.phase === 'paid' ? closeShortfallText(payoutStateOf(claim)) : null;

function CloseFields({ claim }: { claim: ClaimDetail }) {
  const closeType = Form.useWatch('closeType') as CloseType | undefined;
  const types = offeredCloseTypes(claim);
  const shortfall = closeShortfall(claim, closeType);
  return (
    <>
      {shortfall ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="close-shortfall"
          message={`${shortfall}。`}
          description="可先“继续赔付”差额；如按此金额结案，请在备注中说明未赔付差额的原因（如协商一致、票据不足）。"
        />
      ) : null}
      <AtField claim={claim} label="结案时间" />
      <Form.Item
        name="closeType"
        label="结案类型"
        rules={[{ required: true, message: '请选择结案类型' }]}
        extra={
          claim.advanceTotal > 0 || claim.phase === 'paid'
            ? '已有付款的案件只能以“赔付结案”结案'
            : '未赔付的案件可拒赔、零结、销案或无效结案'
        }
      >
        <Radio.Group
          name="claim-close-type"
          options={types.map((o) => ({ value: o.value, label: o.label }))}
        />
      </Form.Item>
      {closeType === 'denied' ? (
        <Form.Item
          name="deniedReason"
          label="拒赔原因"
          rules={[
            { required: true, whitespace: true, message: '拒赔须填写拒赔原因' },
            { max: 1000, message: '拒赔原因最多1000个字' },
          ]}
          extra="拒赔通知应在作出决定后3日内送达被保险人（保险法第24条）"
        >
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      ) : null}
      <CommonTail
        filesLabel="结案材料"
        {...(shortfall ? { noteRequired: '尚有定损金额未赔付，请在备注中说明未赔付差额的原因' } : {})}
      />
    </>
  );
}

function WithdrawFields({ claim }: { claim: ClaimDetail }) {
  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="撤案后案件终止，不能再办理任何环节。"
      />
      <AtField claim={claim} label="撤案时间" />
      <Form.Item
        name="reason"
        label="撤案原因"
        rules={[
          { required: true, whitespace: true, message: '请填写撤案原因' },
          { min: 2, max: 500, message: '撤案原因为2-500个字' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="note" label="备注" rules={[{ max: 2000 }]}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
    </>
  );
}

/**
 * The payout lines proposed from the assessment: every assessed category not yet paid, casualties as
 * person rows of the right type (split at the per-person limit; names and IDs left to fill in), property
 * loss as a property row, fees as fee lines.
 */
export function payoutFromAssessment(
  claim: Pick<ClaimDetail, 'losses' | 'timeline' | 'policy'>,
): Pick<StepFormValues, 'persons' | 'properties' | 'fees'> {
  const persons: NonNullable<StepFormValues['persons']> = [];
  const properties: NonNullable<StepFormValues['properties']> = [];
  const fees: NonNullable<StepFormValues['fees']> = [];
  const limit = toCents(claim.policy.perPersonLimit);
  for (const l of unpaidByCategory(claim)) {
    if (l.category === '01' || l.category === '02') {
      let left = toCents(l.amount);
      while (left > 0) {
        const part = limit > 0 ? Math.min(left, limit) : left;
        persons.push({ personType: l.category === '01' ? 1 : 2, idType: '01', amount: fromCents(part) });
        left -= part;
      }
    } else if (l.category === '03') properties.push({ amount: l.amount });
    else fees.push({ category: l.category, amount: l.amount });
  }
  return { persons, properties, fees };
}

/** Initial values of a step form: now, and what the claim already knows. */
export function initialValues(step: ClaimStepNo, claim: ClaimDetail): StepFormValues {
  const now = chinaNow();
  const at = now.second(0).millisecond(0);
  const base: StepFormValues = { at: at.isBefore(dayjs(lastStepAt(claim))) ? now : at, files: [] };
  switch (step) {
    case 3:
      return {
        ...base,
        seriousInjuries: 0,
        accidentLevel: Math.max(minAccidentLevel(gradeFacts(claim, 0, 0)).level, claim.injuries > 0 ? 2 : 1),
      };
    case 4:
      return { ...base, payType: 1 };
    case 6:
      return {
        ...base,
        losses: Object.fromEntries(claim.losses.map((l) => [l.category, l.amount])),
      };
    case 7:
      return { ...base, ...payoutFromAssessment(claim) };
    case 8: {
      const types = claim.actions.closeTypes;
      return { ...base, ...(types.length === 1 ? { closeType: types[0] } : {}) };
    }
    default:
      return base;
  }
}

export interface StepFormProps {
  claim: ClaimDetail;
  step: ClaimStepNo;
  onDone: (message: string) => void;
  onCancel: () => void;
  /** The claim changed meanwhile (409): reload it before handling again. */
  onStale?: () => void;
}

/**
 * The form of one claim step (2 withdraw … 8 close) with the step's fields and the server's checks;
 * sends /api/claim/step with the claim's version. Withdrawing and closing ask for confirmation.
 */
export function StepForm({ claim, step, onDone, onCancel, onStale }: StepFormProps) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<StepFormValues>();
  const [sending, setSending] = useState(false);

  const send = async (values: StepFormValues, partial = false) => {
    const body = buildStepBody(step, values, partial);
    setSending(true);
    try {
      const res = await claimApi.step({ ...body, id: claim.id, version: claim.version });
      onDone(res.message || '办理成功');
    } catch (e) {
      // The API client has shown the server's message; a stale version means someone else handled it.
      if (isApiError(e) && e.code === 'STALE_VERSION') onStale?.();
    } finally {
      setSending(false);
    }
  };

  const onFinish = (values: StepFormValues) => {
    if (step === 6) {
      const problem = assessmentProblem(lossItems(values.losses), claim);
      if (problem) {
        form.setFields([{ name: 'total', errors: [problem] }]);
        return;
      }
    }
    if (step === 7) {
      const problem = payoutProblem(
        { persons: values.persons ?? [], properties: values.properties ?? [], fees: values.fees ?? [] },
        claim,
      );
      if (problem) {
        form.setFields([{ name: 'total', errors: [problem] }]);
        return;
      }
      // Paying less than what is assessed and unpaid is a decision, not a forgotten line: confirm it.
      const parts = { persons: values.persons, properties: values.properties, fees: values.fees };
      const total =
        sumCents(values.persons ?? []) + sumCents(values.properties ?? []) + sumCents(values.fees ?? []);
      if (payoutGapAfter(claim, total) > 0) {
        const left = unpaidByCategory(claim, parts);
        modal.confirm({
          title: '确认部分赔付？',
          content: (
            <div data-testid="partial-payout-confirm">
              <p>{partialPayoutText(payoutStateOf(claim), fromCents(total))}。</p>
              {left.length ? (
                <p>未赔付：{left.map((l) => `${l.label} ${yuan(l.amount)} 元`).join('，')}。</p>
              ) : null}
              <p>确认后差额可在结案前“继续赔付”；如是漏填，请取消并补全赔付明细。</p>
            </div>
          ),
          okText: '确认部分赔付',
          cancelText: '返回修改',
          onOk: () => send(values, true),
        });
        return;
      }
    }
    if (step === 2 || step === 8) {
      const shortfall = step === 8 ? closeShortfall(claim, values.closeType) : null;
      modal.confirm({
        title: step === 2 ? '确定撤案吗？' : '确定结案吗？',
        content:
          step === 2 ? (
            '撤案后案件终止，不能恢复。'
          ) : (
            <div data-testid="close-confirm">
              {shortfall ? <p>{shortfall}，结案后不能再赔付。</p> : null}
              <p>结案后案件不能再办理任何环节。</p>
            </div>
          ),
        okText: step === 2 ? '确定撤案' : '确定结案',
        cancelText: '取消',
        onOk: () => send(values),
      });
      return;
    }
    void send(values);
  };

  return (
    <Form<StepFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues(step, claim)}
      onFinish={onFinish}
      onValuesChange={() => form.setFields([{ name: 'total', errors: [] }])}
      data-testid={`step-form-${step}`}
      scrollToFirstError
    >
      {step === 2 ? <WithdrawFields claim={claim} /> : null}
      {step === 3 ? <RegisterFields claim={claim} /> : null}
      {step === 4 ? <AdvanceFields claim={claim} /> : null}
      {step === 5 ? <SurveyFields claim={claim} /> : null}
      {step === 6 ? <AssessFields claim={claim} /> : null}
      {step === 7 ? <PayoutFields claim={claim} /> : null}
      {step === 8 ? <CloseFields claim={claim} /> : null}
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>取消</Button>
        <Action permission="claim.edit">
          <Button type="primary" htmlType="submit" loading={sending} danger={step === 2}>
            提交{stepActionLabel(step, claim)}
          </Button>
        </Action>
      </Space>
    </Form>
  );
}
