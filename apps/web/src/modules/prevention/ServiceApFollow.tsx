import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Rate } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ChinaDateTimePicker, chinaNow } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { FOLLOW_UP_ITEMS, SATISFACTION_SCORES } from '../../platform/contracts.ts';
import { AP_KEY, apApi, type PlanDetail } from './api.ts';
import { PlanList } from './core-PlanList.tsx';
import { PlanPage, PlanView } from './core-parts.tsx';
import { AP_PATHS, type Provider } from './core-paths.ts';

interface Values {
  visitedAt: Dayjs;
  contactName?: string;
  cooperation: number;
  rating: number;
  opinion?: string;
}

/** 回访 of a completed service (AQ 9010): when, whom, the two satisfaction items of spec 9, opinions. */
function FollowUpForm({ plan }: { plan: PlanDetail }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const tips = SATISFACTION_SCORES.map((s) => s.label);
  const [cooperation, rating] = FOLLOW_UP_ITEMS;
  return (
    <Card size="small" title="登记回访" data-testid="follow-up-form">
      <Form<Values>
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={{ visitedAt: chinaNow() }}
        onFinish={async (v) => {
          setSending(true);
          try {
            const res = await apApi.followUp({
              planId: plan.id,
              version: plan.version,
              visitedAt: v.visitedAt.toISOString(),
              contactName: (v.contactName ?? '').trim(),
              cooperation: v.cooperation as 1,
              rating: v.rating as 1,
              opinion: (v.opinion ?? '').trim(),
            });
            message.success(res.message || '回访已登记');
            await queryClient.invalidateQueries({ queryKey: [AP_KEY] });
          } catch {
            // shown by the API client
          } finally {
            setSending(false);
          }
        }}
      >
        <Form.Item name="visitedAt" label="回访时间" rules={[{ required: true, message: '请选择回访时间' }]}>
          <ChinaDateTimePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="contactName" label="回访对象" rules={[{ max: 20, message: '最多20个字' }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="cooperation"
          label={cooperation?.label}
          rules={[{ required: true, message: `请评价${cooperation?.label}` }]}
        >
          <Rate tooltips={tips} />
        </Form.Item>
        <Form.Item
          name="rating"
          label={rating?.label}
          rules={[{ required: true, message: `请填写${rating?.label}` }]}
        >
          <Rate tooltips={tips} />
        </Form.Item>
        <Form.Item name="opinion" label="回访意见" rules={[{ max: 1000, message: '最多1000个字' }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Action permission="ap.edit">
          <Button type="primary" htmlType="submit" loading={sending} size="large">
            保存回访
          </Button>
        </Action>
      </Form>
    </Card>
  );
}

/**
 * 服务跟进 (service organisation / expert): completed services to visit again, and the 回访 form of one
 * (?planId=) with 被服务单位配合度 and the enterprise's rating.
 */
function ProviderFollow({ who }: { who: Provider }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (params.get('planId'))
    return (
      <PlanPage param="planId" back={AP_PATHS.providerFollow(who)}>
        {(plan) => (
          <PlanView plan={plan} extra={plan.actions.followUp ? <FollowUpForm plan={plan} /> : null} />
        )}
      </PlanPage>
    );
  return (
    <PlanList
      who="provider"
      title="已完成服务（回访）"
      fixed={{ status: 2 }}
      onOpen={(r) => navigate(`${AP_PATHS.providerFollow(who)}?planId=${r.id}`)}
      emptyText="暂无已完成的服务"
    />
  );
}

export function ServiceApFollow() {
  return <ProviderFollow who="service" />;
}
export function ExpertApFollow() {
  return <ProviderFollow who="expert" />;
}
