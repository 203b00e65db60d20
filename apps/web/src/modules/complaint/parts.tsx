import { PaperClipOutlined } from '@ant-design/icons';
import { App, Space, Tag, Timeline, Typography } from 'antd';
import { chinaTime, dateTimeText } from '../../components/index.ts';
import { COMPLAINT_STATES, ComplaintState } from '../../platform/contracts.ts';
import { type ComplaintRow, type ComplaintTimelineEntry, downloadComplaintFile } from './api.ts';

/** The state of a complaint as a coloured tag (domain 3.7). */
export function ComplaintStateTag({ state, label }: { state: number; label?: string }) {
  return (
    <Tag color={COMPLAINT_STATES.color(state)} data-testid="complaint-state" style={{ marginInlineEnd: 0 }}>
      {label || COMPLAINT_STATES.label(state)}
    </Tag>
  );
}

type DeadlineFacts = Pick<
  ComplaintRow,
  | 'state'
  | 'deadline'
  | 'workDaysLeft'
  | 'nearDeadline'
  | 'overdue'
  | 'repliedLate'
  | 'verificationNeeded'
  | 'extended'
  | 'repliedAt'
>;

/** What the deadline means now, in words: 已超期 3 个工作日, 剩余 2 个工作日, 按期答复 … */
export function deadlineStatus(r: DeadlineFacts): { text: string; color?: string } | null {
  if (r.deadline === null) return r.state === ComplaintState.SUBMITTED ? { text: '受理后起算' } : null;
  if (r.repliedAt !== null && r.state !== ComplaintState.HANDLING && r.state !== ComplaintState.ESCALATED)
    return r.repliedLate ? { text: '逾期答复', color: 'red' } : { text: '按期答复', color: 'green' };
  if (r.overdue) {
    const late = r.workDaysLeft !== null && r.workDaysLeft < 0 ? ` ${-r.workDaysLeft} 个工作日` : '';
    return { text: `已超期${late}`, color: 'red' };
  }
  if (r.state === ComplaintState.CLOSED) return null;
  if (r.workDaysLeft === null) return null;
  return {
    text: r.workDaysLeft === 0 ? '今天到期' : `剩余 ${r.workDaysLeft} 个工作日`,
    ...(r.nearDeadline ? { color: 'orange' } : {}),
  };
}

/** The reply deadline (China date) with the overdue / near flag and the verification and extension marks. */
export function DeadlineCell({ row }: { row: DeadlineFacts }) {
  const status = deadlineStatus(row);
  return (
    <Space direction="vertical" size={2} data-testid="complaint-deadline">
      <span style={{ whiteSpace: 'nowrap' }}>{row.deadline ?? '—'}</span>
      {status ? (
        status.color ? (
          <Tag color={status.color} style={{ marginInlineEnd: 0 }}>
            {status.text}
          </Tag>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {status.text}
          </Typography.Text>
        )
      ) : null}
      {row.verificationNeeded || row.extended ? (
        <Space size={4}>
          {row.verificationNeeded ? <Tag style={{ marginInlineEnd: 0 }}>需核实</Tag> : null}
          {row.extended ? <Tag style={{ marginInlineEnd: 0 }}>已延期</Tag> : null}
        </Space>
      ) : null}
    </Space>
  );
}

/** 投诉人确认: 满意 / 不满意 / not yet. */
export function satisfiedText(satisfied: boolean | null): string {
  if (satisfied === null) return '未确认';
  return satisfied ? '满意' : '不满意';
}

const STEP_COLOR: Record<string, string> = {
  submit: 'blue',
  reply: 'green',
  satisfied: 'green',
  close: 'green',
  reopen: 'orange',
  escalate: 'red',
  overdue: 'red',
  nearDeadline: 'orange',
  extendReject: 'red',
  takeOver: 'purple',
  reassign: 'purple',
  rehandle: 'purple',
};

/** 办理过程: every step of the complaint, who and when (China time); internal notes marked. */
export function ComplaintTimeline({ entries }: { entries: ComplaintTimelineEntry[] }) {
  if (entries.length === 0) return <Typography.Text type="secondary">暂无办理记录</Typography.Text>;
  return (
    <Timeline
      data-testid="complaint-timeline"
      items={entries.map((e, i) => ({
        key: `${e.step}-${e.at}-${i}`,
        color: STEP_COLOR[e.step] ?? 'gray',
        children: (
          <div data-testid="timeline-step">
            <Space wrap size={8}>
              <Typography.Text strong>{e.stepLabel}</Typography.Text>
              {e.internal ? <Tag color="default">内部记录</Tag> : null}
              <Typography.Text type="secondary">{dateTimeText(e.at)}</Typography.Text>
            </Space>
            <div>
              <Typography.Text type="secondary">
                {[e.actorUnit, e.actorName].filter(Boolean).join(' · ') || '系统'}
              </Typography.Text>
            </div>
            {e.text ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {e.text}
              </Typography.Paragraph>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}

/** The complaint's files, each downloaded through /api/complaint/file with the token. */
export function ComplaintFiles({
  complaintId,
  files,
}: {
  complaintId: number;
  files: { id: string; name: string; size: number }[];
}) {
  const { message } = App.useApp();
  if (files.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {files.map((f) => (
        <Typography.Link
          key={f.id}
          onClick={() =>
            void downloadComplaintFile(complaintId, f).catch(() => message.error('下载失败，请稍后重试'))
          }
        >
          <PaperClipOutlined /> {f.name}
          <Typography.Text type="secondary">（{Math.max(1, Math.round(f.size / 1024))} KB）</Typography.Text>
        </Typography.Link>
      ))}
    </Space>
  );
}

/** A server instant as China date and minute ('—' when there is none). */
export const at = (v: string | null | undefined) => chinaTime(v, 'minute', '—');
