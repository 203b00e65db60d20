import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { SATISFACTION_SCORES } from '../../platform/contracts.ts';
import { MaskedPhone } from '../../platform/masked-phone.tsx';
import { COMPLAINT_KEY, type ComplaintDetail, complaintApi } from './api.ts';
import { ComplaintActions } from './ComplaintActions.tsx';
import {
  at,
  ComplaintFiles,
  ComplaintStateTag,
  ComplaintTimeline,
  DeadlineCell,
  satisfiedText,
} from './parts.tsx';
import { idParam } from './paths.ts';

const EXTENSION_STATES: Record<string, { label: string; color: string }> = {
  pending: { label: '待监管部门审批', color: 'processing' },
  approved: { label: '已同意', color: 'success' },
  rejected: { label: '未同意', color: 'error' },
};

const multiline = (s: string) => (
  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{s || '—'}</Typography.Paragraph>
);

/** The complaint itself: the fields of domain 2.12, its files and the record it concerns. */
function ComplaintFacts({ c }: { c: ComplaintDetail }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 1, lg: 1, xl: 1, xxl: 2 }}
      data-testid="complaint-facts"
      labelStyle={{ width: 130 }}
    >
      <Descriptions.Item label="投诉编号">{c.complaintNo}</Descriptions.Item>
      <Descriptions.Item label="投诉时间">{at(c.submittedAt)}</Descriptions.Item>
      <Descriptions.Item label="投诉人名称">{c.complainantName}</Descriptions.Item>
      <Descriptions.Item label="统一社会信用代码">{c.complainantUscc || '—'}</Descriptions.Item>
      <Descriptions.Item label="被投诉人">{c.targetName}</Descriptions.Item>
      <Descriptions.Item label="被投诉人类型">{c.targetKindLabel}</Descriptions.Item>
      <Descriptions.Item label="投诉类别">{c.categoryLabel}</Descriptions.Item>
      <Descriptions.Item label="办理单位">{c.handlerName}</Descriptions.Item>
      <Descriptions.Item label="联系人">{c.contactName}</Descriptions.Item>
      <Descriptions.Item label="联系电话">
        <MaskedPhone value={c.contactPhone} reveal={{ kind: 'complaint', id: c.id, field: 'contactPhone' }} />
      </Descriptions.Item>
      <Descriptions.Item label="关联业务" span={2}>
        {c.related ? `${c.related.kindLabel}：${c.related.label}` : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="投诉内容" span={2}>
        {multiline(c.content)}
      </Descriptions.Item>
      <Descriptions.Item label="投诉诉求" span={2}>
        {multiline(c.demand)}
      </Descriptions.Item>
      <Descriptions.Item label="附件" span={2}>
        <ComplaintFiles complaintId={c.id} files={c.attachments} />
      </Descriptions.Item>
      <Descriptions.Item label="办理结果" span={2}>
        {multiline(c.result)}
      </Descriptions.Item>
      <Descriptions.Item label="投诉人确认" span={2}>
        {c.confirmation ? (
          <Space direction="vertical" size={0}>
            <Space>
              <Tag color={c.confirmation.satisfied ? 'success' : 'error'}>
                {satisfiedText(c.confirmation.satisfied)}
              </Tag>
              {c.confirmation.score ? (
                <Typography.Text>评分：{SATISFACTION_SCORES.label(c.confirmation.score)}</Typography.Text>
              ) : null}
              <Typography.Text type="secondary">{at(c.confirmation.at)}</Typography.Text>
            </Space>
            {c.confirmation.opinion ? multiline(c.confirmation.opinion) : null}
          </Space>
        ) : (
          satisfiedText(c.satisfied)
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** 答复: the facts found, their basis and the measures (AQ 9010). */
function ReplyCard({ c }: { c: ComplaintDetail }) {
  if (!c.reply) return null;
  return (
    <Card size="small" title="答复" data-testid="complaint-reply">
      <Descriptions column={1} size="small" labelStyle={{ width: 130 }}>
        <Descriptions.Item label="调查核实的事实">{multiline(c.reply.facts)}</Descriptions.Item>
        <Descriptions.Item label="处理依据">{multiline(c.reply.basis)}</Descriptions.Item>
        <Descriptions.Item label="处理措施">{multiline(c.reply.measures)}</Descriptions.Item>
        <Descriptions.Item label="答复附件">
          <ComplaintFiles complaintId={c.id} files={c.reply.attachments} />
        </Descriptions.Item>
        <Descriptions.Item label="答复人">
          {c.reply.repliedBy} · {at(c.reply.repliedAt)}
          {c.repliedLate ? (
            <Tag color="red" style={{ marginInlineStart: 8 }}>
              逾期答复
            </Tag>
          ) : null}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** 答复期限 with the verification and the extension (its reason is shown to the complainant). */
function DeadlineCard({ c }: { c: ComplaintDetail }) {
  const ext = c.extension;
  const extState = ext ? EXTENSION_STATES[ext.state] : undefined;
  return (
    <Card size="small" title="答复期限" data-testid="complaint-deadline-card">
      <Descriptions column={1} size="small" labelStyle={{ width: 110 }}>
        <Descriptions.Item label="受理时间">{at(c.acceptedAt)}</Descriptions.Item>
        <Descriptions.Item label="答复期限">
          <DeadlineCell row={c} />
        </Descriptions.Item>
        {c.verificationNeeded ? (
          <Descriptions.Item label="需核实">
            答复期限为受理之日起30个工作日
            {c.verificationReason ? <div>{c.verificationReason}</div> : null}
          </Descriptions.Item>
        ) : null}
        {ext ? (
          <Descriptions.Item label="延期">
            <div data-testid="complaint-extension">
              <Space wrap>
                <span>延期 {ext.days} 日</span>
                {extState ? <Tag color={extState.color}>{extState.label}</Tag> : null}
              </Space>
              <div>延期理由：{ext.reason}</div>
              {ext.previousDeadline ? <div>原答复期限：{ext.previousDeadline}</div> : null}
              {ext.opinion ? <div>审批意见：{ext.opinion}</div> : null}
            </div>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}

/**
 * 投诉详情 of every side: the complaint, its deadline, the reply and the timeline; the buttons of what the
 * caller may do now (handling, confirming, the regulator's take-over, reassignment and re-handling).
 */
export function ComplaintDetailPage({
  back,
  backLabel,
  backFor,
}: {
  back: string;
  backLabel: string;
  /** Where the back button leads once the complaint is known (else `back`). */
  backFor?: (c: ComplaintDetail) => { path: string; label: string };
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = idParam(params.get('id'));
  const q = useQuery({
    queryKey: [COMPLAINT_KEY, 'detail', id],
    enabled: id !== null,
    queryFn: () => complaintApi.detail(id as number),
  });
  const to = q.data && backFor ? backFor(q.data) : { path: back, label: backLabel };
  const backButton = <Button onClick={() => navigate(to.path)}>{to.label}</Button>;
  if (id === null || q.error)
    return (
      <Card variant="borderless">
        <Result status="404" title="投诉不存在" subTitle="该投诉不存在或您无权查看。" extra={backButton} />
      </Card>
    );
  if (q.isLoading || !q.data)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const c = q.data;
  const offered = Object.values(c.actions).some(Boolean);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="complaint-detail">
      <Card
        variant="borderless"
        title={
          <Space wrap>
            <span>{c.title}</span>
            <ComplaintStateTag state={c.state} label={c.stateLabel} />
            {c.overdue ? <Tag color="red">已超期</Tag> : null}
          </Space>
        }
        extra={backButton}
        styles={offered ? {} : { body: { display: 'none' } }}
      >
        {c.actions.confirm ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message="办理单位已答复，请确认是否满意；不满意的，可要求重新办理或提请监管部门处理。"
          />
        ) : null}
        <ComplaintActions complaint={c} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small" title="投诉信息">
              <ComplaintFacts c={c} />
            </Card>
            <ReplyCard c={c} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <DeadlineCard c={c} />
            <Card size="small" title="办理过程">
              <ComplaintTimeline entries={c.timeline} />
            </Card>
          </Space>
        </Col>
      </Row>
    </Space>
  );
}
