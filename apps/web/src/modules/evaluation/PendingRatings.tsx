import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, List, Modal, Rate, Tag, Typography } from 'antd';
import { useState } from 'react';
import { SATISFACTION_SCORES } from '../../platform/contracts.ts';
import { EVAL_KEY, evalApi, type SatisfactionPending } from './api.ts';

/** The rating dialog of one policy (投保满意度) or confirmed prevention record (企业配合度). */
function RateModal({ item, onClose }: { item: SatisfactionPending; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ score?: number; comment?: string }>();
  const [sending, setSending] = useState(false);
  return (
    <Modal
      open
      title={`评价${item.itemLabel}`}
      okText="提交评价"
      confirmLoading={sending}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setSending(true);
        try {
          const res = await evalApi.answer({
            item: item.item as 'policy' | 'record',
            targetId: item.targetId,
            score: v.score as 1 | 2 | 3 | 4 | 5,
            comment: (v.comment ?? '').trim(),
          });
          message.success(res.message || '感谢您的评价');
          await queryClient.invalidateQueries({ queryKey: [EVAL_KEY, 'pending'] });
          onClose();
        } catch {
          // shown by the API client (409 when already rated)
        } finally {
          setSending(false);
        }
      }}
    >
      <Typography.Paragraph>
        {item.label}（{item.insurerName}）
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="satisfaction" preserve={false}>
        <Form.Item name="score" label="评分" rules={[{ required: true, message: '请选择评分' }]}>
          <Rate tooltips={SATISFACTION_SCORES.map((s) => s.label)} />
        </Form.Item>
        <Form.Item
          name="comment"
          label="意见或建议（选填）"
          rules={[{ max: 500, message: '评价意见最多500个字' }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 评价 on the page of one policy (投保满意度) or prevention service (企业配合度), while it waits for the
 * enterprise's rating (the same list as 待评价); nothing once rated or not rateable.
 */
export function RateButton({ item, targetId }: { item: 'policy' | 'record'; targetId: number }) {
  const pending = useQuery({
    queryKey: [EVAL_KEY, 'pending'],
    queryFn: evalApi.pending,
    retry: false,
  });
  const [open, setOpen] = useState(false);
  const it = pending.data?.find((p) => p.item === item && p.targetId === targetId);
  if (!it) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="rate-button">
        评价{it.itemLabel}
      </Button>
      {open ? <RateModal item={it} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * 待评价 (enterprise): the issued policies (投保满意度) and the prevention records it confirmed (企业配合度)
 * not rated yet; the answers feed the regulator's 满意度评价. Nothing is shown when none is pending.
 */
export function PendingRatings() {
  const pending = useQuery({
    queryKey: [EVAL_KEY, 'pending'],
    queryFn: evalApi.pending,
    retry: false,
  });
  const [rating, setRating] = useState<SatisfactionPending | null>(null);
  const items = pending.data ?? [];
  if (items.length === 0) return null;
  return (
    <Card size="small" title={`待评价（${items.length}）`} data-testid="pending-ratings">
      <List<SatisfactionPending>
        size="small"
        dataSource={items}
        renderItem={(it) => (
          <List.Item
            actions={[
              <Button key="rate" size="small" type="primary" onClick={() => setRating(it)}>
                评价
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <span>
                  <Tag color="blue">{it.itemLabel}</Tag>
                  {it.label}
                </span>
              }
              description={`${it.insurerName} · ${it.date}`}
            />
          </List.Item>
        )}
      />
      {rating ? <RateModal item={rating} onClose={() => setRating(null)} /> : null}
    </Card>
  );
}
