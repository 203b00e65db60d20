import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { numberRule, thousandsInput, yuan } from '../../components/index.ts';
import { FIELD_RANGES, moneyRange, RATE_FACTORS } from '../../platform/contracts.ts';
import { PATHS } from './paths.ts';
import { calculatedPremium, floatPctOf } from './rules.ts';

/** The pricing of a policy in a form: what the insurer sets (domain 1.4, 2.6). */
export interface PricingValues {
  benchmarkRate?: number;
  factors?: Array<{ code?: string; pct?: number; reason?: string }>;
  premium?: number;
}

/** No min/precision: InputNumber would turn a typed −100 into 0; the fields' rules refuse it instead. */
export const moneyInputProps = { style: { width: '100%' }, ...thousandsInput } as const;

/**
 * 行业基准费率, 费率浮动因子 and 实收保费 with the figures they give (floating total, final rate, the
 * premium at that rate for `sumInsured`, with a link that fills it in). The insurer fills them: in its
 * own policy entry, and when it issues an enterprise's application (ReviewPolicyModal). `required`
 * makes rate and premium required (the form decides when it checks them).
 */
export function PricingFields({
  form,
  sumInsured,
  required = true,
}: {
  form: FormInstance;
  sumInsured: number;
  required?: boolean;
}) {
  const benchmarkRate = Form.useWatch('benchmarkRate', form) as number | undefined;
  const factors = Form.useWatch('factors', form) as PricingValues['factors'];
  const floatPct = floatPctOf(factors);
  const premiumCalc = calculatedPremium(sumInsured, benchmarkRate, floatPct);
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item
            name="benchmarkRate"
            label="行业基准费率（‰）"
            rules={[
              { required, message: '请输入行业基准费率' },
              numberRule('行业基准费率（‰）', FIELD_RANGES.benchmarkRate),
            ]}
          >
            <InputNumber step={0.1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={18}>
          <Form.Item label="费率浮动因子" required={false}>
            <Form.List name="factors">
              {(fields, { add, remove }) => (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {fields.map((f) => (
                    <Space key={f.key} align="start" wrap>
                      <Form.Item
                        name={[f.name, 'code']}
                        rules={[{ required: true, message: '请选择因子' }]}
                        noStyle={false}
                        style={{ marginBottom: 0, width: 180 }}
                      >
                        <Select placeholder="浮动因子" options={RATE_FACTORS} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'pct']}
                        rules={[
                          { required: true, message: '请输入浮动比例' },
                          numberRule('浮动比例（%）', FIELD_RANGES.factorPct),
                        ]}
                        style={{ marginBottom: 0, width: 130 }}
                      >
                        <InputNumber addonAfter="%" placeholder="±" aria-label="浮动比例（%）" />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'reason']}
                        rules={[{ required: true, whitespace: true, message: '请填写浮动原因' }]}
                        style={{ marginBottom: 0, width: 280 }}
                      >
                        <Input placeholder="浮动原因，如：上年度无事故" maxLength={200} />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        onClick={() => remove(f.name)}
                        aria-label="删除因子"
                      />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ code: 'accident', pct: 0, reason: '' })}
                  >
                    添加浮动因子
                  </Button>
                </Space>
              )}
            </Form.List>
          </Form.Item>
        </Col>
      </Row>
      {floatPct <= -100 ? (
        <Alert type="error" showIcon message="费率浮动合计须大于-100%" style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="浮动合计">{`${floatPct > 0 ? '+' : ''}${floatPct}%`}</Descriptions.Item>
            <Descriptions.Item label="执行费率">
              {benchmarkRate ? `${Math.round(benchmarkRate * (1 + floatPct / 100) * 10000) / 10000}‰` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="计算保费">
              <span data-testid="premium-calc">{premiumCalc ? yuan(premiumCalc) : '-'}</span>
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="premium"
            label="实收保费（元）"
            rules={[
              { required, message: '请输入实收保费' },
              numberRule('实收保费', moneyRange({ positive: true })),
            ]}
            extra={
              premiumCalc ? (
                <Typography.Link
                  onClick={() => {
                    form.setFieldValue('premium', premiumCalc);
                    // A "please enter" left from an earlier check goes with the value filled in.
                    void form.validateFields(['premium']).catch(() => undefined);
                  }}
                >
                  按计算保费填入
                </Typography.Link>
              ) : undefined
            }
          >
            <InputNumber {...moneyInputProps} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/**
 * The enterprise's application in place of the pricing: the insurer sets rate and premium when it issues
 * the policy; the published rate tables and the rules library are linked for reading before applying.
 */
export function PricingByInsurer() {
  return (
    <Alert
      type="info"
      showIcon
      data-testid="pricing-by-insurer"
      style={{ marginBottom: 16 }}
      message="费率与保费由保险机构出单时核定"
      description={
        <>
          投保时无需填写行业基准费率和保费：保险机构审核出单时，按行业基准费率和企业的事故记录、安全生产标准化等级等浮动因子核定实收保费，出单后可在保单详情中查看。投保前可查阅所选保险机构公布的费率表（选择出单机构后显示在上方）、
          <Link to={`${PATHS.entManage}?tab=docs`}>各保险机构公布的保险条款与费率</Link>及
          <Link to="/portal/policy">法规库</Link>。
        </>
      }
    />
  );
}
