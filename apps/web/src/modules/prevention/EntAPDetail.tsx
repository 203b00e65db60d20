import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { Action } from '../../platform/access.tsx';
import { RateButton } from '../evaluation/index.ts';
import { AP_KEY, apApi, type PlanDetail } from './api.ts';
import { PlanPage } from './core-parts.tsx';
import { AP_PATHS } from './core-paths.ts';

type Confirming = 'visit' | 'record' | null;

/** The enterprise's confirmation of the visit time (AQ 9010) or of a submitted record, with a remark. */
function ConfirmModal({ plan, what, onClose }: { plan: PlanDetail; what: Confirming; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ remark?: string }>();
  const [sending, setSending] = useState(false);
  const visit = what === 'visit';
  return (
    <Modal
      open={what !== null}
      title={visit ? '确认服务时间' : '确认服务记录'}
      okText="确认"
      confirmLoading={sending}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const { remark = '' } = await form.validateFields();
        setSending(true);
        try {
          const res = visit
            ? await apApi.confirmVisit({ id: plan.id, version: plan.version, remark: remark.trim() })
            : await apApi.confirmRecord({ planId: plan.id, version: plan.version, opinion: remark.trim() });
          message.success(res.message || '已确认');
          await queryClient.invalidateQueries({ queryKey: [AP_KEY] });
          onClose();
        } catch {
          // shown by the API client
        } finally {
          setSending(false);
        }
      }}
    >
      <p>
        {visit
          ? `服务机构将于所列时间到企业开展“${plan.itemLabel}”服务，请确认时间和服务项目。`
          : '请核对服务记录、照片和发现的隐患，确认后记录归档。'}
      </p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="remark"
          label={visit ? '确认意见（选填）' : '确认意见（选填）'}
          rules={[{ max: 500, message: '最多500个字' }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 服务详情 (enterprise): the record, photos, report and hazards found; confirm the visit or the record. */
export function EntAPDetail() {
  const [confirming, setConfirming] = useState<Confirming>(null);
  return (
    <PlanPage
      back={AP_PATHS.entQuery}
      actions={(plan) => (
        <Action permission="ap.edit">
          <Space wrap>
            {plan.actions.confirmVisit ? (
              <Button type="primary" onClick={() => setConfirming('visit')}>
                确认服务时间
              </Button>
            ) : null}
            {plan.actions.confirmRecord ? (
              <Button type="primary" onClick={() => setConfirming('record')}>
                确认服务记录
              </Button>
            ) : null}
            {plan.recordState === 'confirmed' ? <RateButton item="record" targetId={plan.id} /> : null}
            <ConfirmModal plan={plan} what={confirming} onClose={() => setConfirming(null)} />
          </Space>
        </Action>
      )}
    />
  );
}
