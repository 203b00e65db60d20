import { useQuery } from '@tanstack/react-query';
import { Alert, App, Descriptions, Divider, Form, Input, Modal, Radio, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { wan, yuan } from '../../components/index.ts';
import { policyApi } from './api.ts';
import { PricingFields, type PricingValues } from './PricingFields.tsx';

export interface ReviewTarget {
  id: number;
  version: number;
  applicationNo: string;
  holderName: string;
  startDate: string;
  endDate: string;
  headcount: number;
  sumInsured: number;
  premium: number;
  policyNo?: string | null;
}

interface ReviewValues extends PricingValues {
  approve: boolean;
  policyNo?: string;
  remark?: string;
}

/** A stored price of 0 is none yet (an enterprise's application leaves the pricing to the insurer). */
const priced = (n: number | undefined) => (n && n > 0 ? n : undefined);

/**
 * The lead insurer reviews a submitted application. Approving issues the policy under the policy number
 * entered (letters, digits, - or _) at the price the insurer sets here: 行业基准费率, 费率浮动因子 and
 * 实收保费 (an enterprise applies without them; an insurer's own entry brings them, shown to confirm).
 * Rejecting sends it back to the applicant with the reason.
 */
export function ReviewPolicyModal({
  target,
  onClose,
  onDone,
}: {
  target: ReviewTarget | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ReviewValues>();
  const [busy, setBusy] = useState(false);
  const approve = Form.useWatch('approve', form) ?? true;
  // The stored pricing and figures (the list row carries none of them).
  const detail = useQuery({
    queryKey: ['policy', 'detail', target?.id],
    queryFn: () => policyApi.detail(target!.id),
    enabled: target !== null,
  });
  const p = detail.data && detail.data.id === target?.id ? detail.data : undefined;
  useEffect(() => {
    if (!target) return;
    form.setFieldsValue({ approve: true, policyNo: target.policyNo ?? '', remark: '' });
  }, [target, form]);
  useEffect(() => {
    if (!p) return;
    form.setFieldsValue({
      benchmarkRate: priced(p.benchmarkRate),
      factors: p.factors.map((f) => ({ ...f })),
      premium: priced(p.premium),
    });
  }, [p, form]);

  const ok = async () => {
    if (!target) return;
    let v: ReviewValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const res = await policyApi.review({
        id: target.id,
        version: target.version,
        approve: v.approve,
        ...(v.approve && v.policyNo ? { policyNo: v.policyNo.trim() } : {}),
        remark: (v.remark ?? '').trim(),
        ...(v.approve
          ? {
              benchmarkRate: v.benchmarkRate as number,
              factors: (v.factors ?? []).map((f) => ({
                code: f.code as string,
                pct: f.pct as number,
                reason: (f.reason ?? '').trim(),
              })),
              premium: v.premium as number,
            }
          : {}),
      });
      message.success(res.message || (v.approve ? '审核通过，保单已出单' : '已退回'));
      onDone();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="审核投保申请"
      open={target !== null}
      onCancel={onClose}
      onOk={ok}
      okText={approve ? '审核通过并出单' : '审核不通过'}
      okButtonProps={{ danger: !approve, loading: busy, disabled: approve && !p }}
      destroyOnHidden
      width={880}
    >
      {target ? (
        <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="投保单号">{target.applicationNo}</Descriptions.Item>
          <Descriptions.Item label="投保企业">{target.holderName}</Descriptions.Item>
          <Descriptions.Item label="保险期间">
            {target.startDate} 至 {target.endDate}
          </Descriptions.Item>
          <Descriptions.Item label="参保人数">{target.headcount} 人</Descriptions.Item>
          <Descriptions.Item label="保额">{wan(target.sumInsured)}</Descriptions.Item>
          <Descriptions.Item label="每人死亡伤残责任限额">
            {p ? yuan(p.perPersonLimit) : '-'}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ approve: true, factors: [] }}>
        <Form.Item name="approve" label="审核结论">
          <Radio.Group
            name="approve"
            options={[
              { value: true, label: '通过（出单）' },
              { value: false, label: '不通过（退回）' },
            ]}
          />
        </Form.Item>
        {approve ? (
          <>
            <Form.Item
              name="policyNo"
              label="保单号"
              rules={[
                { required: true, whitespace: true, message: '审核通过须填写保单号' },
                { pattern: /^\s*[A-Za-z0-9_-]{1,40}\s*$/, message: '保单号为1-40位字母、数字、-或_' },
              ]}
            >
              <Input maxLength={40} placeholder="如 PSQA202632130200001" />
            </Form.Item>
            <Divider orientation="left" orientationMargin={0}>
              定价（出单机构核定）
            </Divider>
            {detail.isError ? (
              <Alert type="warning" showIcon message="保单信息加载失败，请关闭后重试" />
            ) : p ? (
              <>
                {p.enteredBy === 'enterprise' ? (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 16 }}
                    message="企业投保时不填写费率和保费：请按行业基准费率和浮动因子核定实收保费后出单。"
                  />
                ) : null}
                <PricingFields form={form} sumInsured={p.sumInsured} />
              </>
            ) : (
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
            )}
          </>
        ) : null}
        <Form.Item
          name="remark"
          label={approve ? '审核意见' : '不通过原因'}
          rules={approve ? [] : [{ required: true, whitespace: true, message: '审核不通过须填写原因' }]}
        >
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
