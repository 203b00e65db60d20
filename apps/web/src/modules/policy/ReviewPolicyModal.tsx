import { App, Descriptions, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { wan, yuan } from '../../components/index.ts';
import { policyApi } from './api.ts';

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

/**
 * The lead insurer reviews a submitted application: approve issues the policy under the policy number
 * entered (letters, digits, - or _), reject sends it back to the applicant with the reason.
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
  const [form] = Form.useForm<{ approve: boolean; policyNo?: string; remark?: string }>();
  const [busy, setBusy] = useState(false);
  const approve = Form.useWatch('approve', form) ?? true;
  useEffect(() => {
    if (target) form.setFieldsValue({ approve: true, policyNo: target.policyNo ?? '', remark: '' });
  }, [target, form]);

  const ok = async () => {
    if (!target) return;
    let v: { approve: boolean; policyNo?: string; remark?: string };
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
      okButtonProps={{ danger: !approve, loading: busy }}
      destroyOnHidden
      width={560}
    >
      {target ? (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="投保单号">{target.applicationNo}</Descriptions.Item>
          <Descriptions.Item label="投保企业">{target.holderName}</Descriptions.Item>
          <Descriptions.Item label="保险期间">
            {target.startDate} 至 {target.endDate}
          </Descriptions.Item>
          <Descriptions.Item label="参保人数">{target.headcount} 人</Descriptions.Item>
          <Descriptions.Item label="保额">{wan(target.sumInsured)}</Descriptions.Item>
          <Descriptions.Item label="实收保费">{yuan(target.premium)}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ approve: true }}>
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
