import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CloseType } from '@aqzrx/contracts';
import {
  Alert,
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
import {
  FEE_CATEGORIES,
  ID_TYPES,
  INJURY_TYPES,
  isValidIdCard,
  PERSON_TYPES,
} from '../../platform/contracts.ts';
import type { ClaimDetail } from './api.ts';
import {
  fromCents,
  offeredCloseTypes,
  payoutGapAfter,
  sumCents,
  toCents,
  unpaidByCategory,
  yuan,
} from './model.ts';
import { AtField, CommonTail, LineAmount, moneyRule, personNameRules, Shown } from './step-fields.tsx';
import { closeShortfall, lossLabel, type StepFormValues } from './step-values.ts';

/** The fields of step 7 (payout), 8 (close) and 2 (withdraw). */

export function PayoutFields({ claim }: { claim: ClaimDetail }) {
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
                <LineAmount
                  span={7}
                  name={f.name}
                  label="财产损失赔付金额"
                  placeholder="损失金额"
                  onRemove={() => remove(f.name)}
                />
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
                <LineAmount
                  span={13}
                  name={f.name}
                  label="费用赔付金额"
                  placeholder="金额"
                  onRemove={() => remove(f.name)}
                />
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

export function CloseFields({ claim }: { claim: ClaimDetail }) {
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

export function WithdrawFields({ claim }: { claim: ClaimDetail }) {
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
