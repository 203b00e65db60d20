/** Small parts the hazard screens share: tags of the spec 3/4 codes, photos, the timeline. */
import { Image, Space, Tag, Timeline, Typography } from 'antd';
import { AuthImage, dateTimeText, RiskLevelTag } from '../../components/index.ts';
import { DISPOSE_REASONS, HAZARD_LEVELS, HAZARD_SOURCES, RECTIFY_STATUS } from '../../platform/contracts.ts';
import { type HazardItem, hazardFileUrl, type TimelineItem } from './api.ts';

/** 一般隐患 orange / 重大隐患 red. */
export function LevelTag({ level, label }: { level: number; label?: string }) {
  return (
    <Tag color={HAZARD_LEVELS.color(level)} data-testid="hazard-level">
      {label || HAZARD_LEVELS.label(level) || String(level)}
    </Tag>
  );
}

/** Spec 4 rectification status: −1 待整改, 0 待审核, 1 已完成, 2 已驳回. */
export function StatusTag({ status, label }: { status: number; label?: string }) {
  return (
    <Tag color={RECTIFY_STATUS.color(status)} data-testid="rectify-status">
      {label || RECTIFY_STATUS.label(status) || String(status)}
    </Tag>
  );
}

/** The derived overdue flag (past the deadline, not completed), with the days. */
export function OverdueTag({ h }: { h: Pick<HazardItem, 'overdue' | 'overdueDays'> }) {
  if (!h.overdue) return null;
  return (
    <Tag color="error" data-testid="overdue">
      逾期{h.overdueDays > 0 ? `${h.overdueDays}天` : ''}
    </Tag>
  );
}

/** Status, overdue flag and rework count of a hazard in one cell. */
export function StateCell({ h }: { h: HazardItem }) {
  return (
    <Space size={4} wrap>
      <StatusTag status={h.rectifyStatus} label={h.rectifyStatusLabel} />
      <OverdueTag h={h} />
      {h.rejectCount > 0 ? <Tag color="orange">驳回{h.rejectCount}次</Tag> : null}
    </Space>
  );
}

export function SourceTag({ source, label }: { source: number; label?: string }) {
  return <Tag color={HAZARD_SOURCES.color(source)}>{label || HAZARD_SOURCES.label(source)}</Tag>;
}

/** Why a hazard is on the regulator's list (重大隐患, 逾期未整改, 多次驳回). */
export function DisposeReasonTags({ reasons }: { reasons: string[] }) {
  if (!reasons.length) return <span>-</span>;
  return (
    <Space size={4} wrap>
      {reasons.map((r) => (
        <Tag key={r} color={DISPOSE_REASONS.color(r)}>
          {DISPOSE_REASONS.label(r) || r}
        </Tag>
      ))}
    </Space>
  );
}

/** Risk level in its colour (重大 red, 较大 orange, 一般 yellow, 低 blue): the shared tag of the enterprise screens. */
export const RiskTag = RiskLevelTag;

/** A deadline with the "立即整改" flag. */
export function DeadlineText({ h }: { h: Pick<HazardItem, 'deadline' | 'fixImmediately'> }) {
  if (h.fixImmediately) return <Tag color="blue">立即整改</Tag>;
  return <span>{h.deadline ?? '-'}</span>;
}

/** Photos of a hazard (ids read through the hazard's own file call), in a preview group. */
export function HazardPhotos({
  hazardId,
  ids,
  empty = '无照片',
}: {
  hazardId: number;
  ids: string[];
  empty?: string;
}) {
  if (!ids.length) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8}>
        {ids.map((id) => (
          <AuthImage
            key={id}
            src={hazardFileUrl(hazardId, id)}
            width={72}
            height={72}
            style={{ objectFit: 'cover', borderRadius: 6 }}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

const EVENT_COLORS: Record<string, string> = {
  registered: 'blue',
  reported: 'purple',
  submitted: 'blue',
  rectified: 'blue',
  rejected: 'red',
  passed: 'green',
  completed: 'green',
  plan: 'cyan',
  governancePlan: 'cyan',
  handled: 'orange',
  alarm: 'red',
};

/** What happened to a hazard, oldest first, in China time. */
export function HazardTimeline({ items }: { items: (TimelineItem & { hazardId?: number })[] }) {
  if (!items.length) return <Typography.Text type="secondary">暂无记录</Typography.Text>;
  return (
    <Timeline
      data-testid="hazard-timeline"
      items={items.map((t) => ({
        color: EVENT_COLORS[t.event] ?? 'gray',
        children: (
          <div>
            <Space size={8} wrap>
              <Typography.Text strong>{t.label}</Typography.Text>
              <Typography.Text type="secondary">{dateTimeText(t.at)}</Typography.Text>
              <Typography.Text type="secondary">
                {[t.orgName, t.byName].filter(Boolean).join(' · ')}
              </Typography.Text>
            </Space>
            {t.note ? (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {t.note}
              </Typography.Paragraph>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}
