import { Alert, Col, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import {
  ACCIDENT_LEVELS,
  ACCIDENT_TYPES,
  accidentLevelName,
  accidentLevelProblem,
  CASUALTY_CATEGORIES,
  casualtyLimitProblem,
  LOSS_CATEGORIES,
  lossLineProblem,
  minAccidentLevel,
  PAYMENT_TYPES,
} from '../../platform/contracts.ts';
import type { ClaimDetail } from './api.ts';
import { advanceRoom, fromCents, sumCents, twoDecimals, yuan } from './model.ts';
import {
  AtField,
  CommonTail,
  MoneyInput,
  moneyRule,
  personNameRules,
  phoneRule,
  Shown,
} from './step-fields.tsx';
import { gradeFacts, lossItems, type StepFormValues } from './step-values.ts';

/** The fields of steps 3 (register) to 6 (assess). */

export function RegisterFields({ claim }: { claim: ClaimDetail }) {
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

export function AdvanceFields({ claim }: { claim: ClaimDetail }) {
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

export function SurveyFields({ claim }: { claim: ClaimDetail }) {
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
export const lossLineRule = (category: string, label: string) => ({
  validator: async (_: unknown, v: number | null | undefined) => {
    if (v === null || v === undefined) return;
    if (!twoDecimals(v)) throw new Error(`${label}最多两位小数`);
    const problem = lossLineProblem(category, v);
    if (problem) throw new Error(problem);
  },
});

export function AssessFields({ claim }: { claim: ClaimDetail }) {
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
