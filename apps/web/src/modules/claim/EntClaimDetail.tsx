import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Rate, Space, Typography } from 'antd';
import { useState } from 'react';
import { Action } from '../../platform/access.tsx';
import { SATISFACTION_SCORES } from '../../platform/contracts.ts';
import { CLAIM_KEY, type ClaimDetail, claimApi } from './api.ts';
import { ClaimPage } from './ClaimPage.tsx';
import { ENT_PATHS, offeredSteps } from './model.ts';
import { ClaimView } from './parts.tsx';
import { StepModal } from './StepModal.tsx';

/** 理赔满意度 of a closed claim (once, 1-5 with a comment). */
function SatisfactionCard({ claim }: { claim: ClaimDetail }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  return (
    <Card title="评价理赔满意度" size="small" data-testid="claim-satisfaction">
      <Typography.Paragraph type="secondary">
        案件已结案，请对本次理赔服务作出评价，评价结果将报送监管部门。
      </Typography.Paragraph>
      <Form<{ score: number; comment?: string }>
        layout="inline"
        onFinish={async (v) => {
          setSending(true);
          try {
            const res = await claimApi.satisfaction({
              id: claim.id,
              version: claim.version,
              score: v.score,
              comment: (v.comment ?? '').trim(),
            });
            message.success(res.message || '感谢您的评价');
            await queryClient.invalidateQueries({ queryKey: [CLAIM_KEY] });
          } catch {
            // shown by the API client
          } finally {
            setSending(false);
          }
        }}
      >
        <Form.Item name="score" label="满意度" rules={[{ required: true, message: '请选择满意度' }]}>
          <Rate tooltips={SATISFACTION_SCORES.map((s) => s.label)} />
        </Form.Item>
        <Form.Item name="comment" rules={[{ max: 500, message: '评价内容最多500个字' }]}>
          <Input placeholder="意见或建议（选填）" maxLength={500} style={{ width: 320 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={sending}>
            提交评价
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/**
 * 理赔详情 (enterprise): where the claim stands, every step with who and when, the money; withdraw
 * while the state machine allows it (before any payment), and rate the service once closed.
 */
export function EntClaimDetail() {
  const [open, setOpen] = useState(false);
  return (
    <ClaimPage
      back={ENT_PATHS.manage}
      extraTitle={(claim) =>
        offeredSteps(claim, 'enterprise').includes(2) ? (
          <Action permission="claim.edit">
            <Space>
              <Button danger onClick={() => setOpen(true)}>
                撤案
              </Button>
            </Space>
          </Action>
        ) : null
      }
    >
      {(claim) => (
        <>
          <ClaimView
            claim={claim}
            showEnterprise={false}
            extra={
              claim.actions.satisfaction ? (
                <Action permission="claim.edit">
                  <SatisfactionCard claim={claim} />
                </Action>
              ) : null
            }
          />
          <StepModal claim={claim} step={open ? 2 : null} onClose={() => setOpen(false)} />
        </>
      )}
    </ClaimPage>
  );
}
