import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  GlobalOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { ConsultItem } from '@aqzrx/contracts';
import { Descriptions, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { chinaTime } from '../../components/index.ts';
import { CONSULT_STATUS, ConsultStatus } from '../../platform/contracts.ts';

export const fmtTime = (iso: string | null | undefined) => chinaTime(iso, 'minute', '—');

export function ConsultStatusTag({ status }: { status: number }) {
  const opt = CONSULT_STATUS.find((o) => o.value === status);
  return <Tag color={opt?.color ?? 'default'}>{opt?.label ?? '未知'}</Tag>;
}

export function PublicTag({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Tag icon={<GlobalOutlined />} color="blue">
      已公开为问答
    </Tag>
  ) : null;
}

const who = (name: string, org: string) => (org ? `${org}（${name}）` : name || '—');

const textStyle = { whiteSpace: 'pre-wrap', wordBreak: 'break-word', marginBottom: 0 } as const;

/**
 * A consultation as a conversation: the question, the answer (or that it awaits one) and the
 * closing, in time order. Text is shown as plain text (never as HTML).
 */
export function ConsultThread({
  item,
  showAsker = true,
  extra,
}: {
  item: ConsultItem;
  showAsker?: boolean;
  extra?: ReactNode;
}) {
  const items: { key: string; color: string; dot: ReactNode; children: ReactNode }[] = [
    {
      key: 'ask',
      color: 'blue',
      dot: <QuestionCircleOutlined />,
      children: (
        <section aria-label="咨询内容" data-testid="consult-question">
          <Typography.Text type="secondary">
            {showAsker ? `${who(item.askerName, item.askerOrgName)} ` : ''}提问于 {fmtTime(item.createdAt)}
          </Typography.Text>
          <Typography.Paragraph style={{ ...textStyle, marginTop: 8 }}>{item.content}</Typography.Paragraph>
        </section>
      ),
    },
  ];
  if (item.answeredAt) {
    items.push({
      key: 'answer',
      color: 'green',
      dot: <MessageOutlined />,
      children: (
        <section aria-label="答复内容" data-testid="consult-answer">
          <Typography.Text type="secondary">
            {who(item.answererName, item.answererOrgName)} 答复于 {fmtTime(item.answeredAt)}
          </Typography.Text>
          <Typography.Paragraph style={{ ...textStyle, marginTop: 8 }}>{item.answer}</Typography.Paragraph>
        </section>
      ),
    });
  } else if (item.status === ConsultStatus.AWAITING) {
    items.push({
      key: 'waiting',
      color: 'gray',
      dot: <ClockCircleOutlined />,
      children: (
        <Typography.Text type="secondary">等待答复中，答复后将通过站内消息通知提问人。</Typography.Text>
      ),
    });
  }
  if (item.closedAt) {
    items.push({
      key: 'closed',
      color: 'gray',
      dot: item.answeredAt ? <CheckCircleOutlined /> : <StopOutlined />,
      children: <Typography.Text type="secondary">咨询已于 {fmtTime(item.closedAt)} 关闭</Typography.Text>,
    });
  }
  return (
    <div className="aq-consult-thread">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {item.title}
      </Typography.Title>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'class', label: '咨询分类', children: item.className },
          {
            key: 'status',
            label: '状态',
            children: (
              <>
                <ConsultStatusTag status={item.status} />
                <PublicTag isPublic={item.isPublic} />
              </>
            ),
          },
          ...(showAsker
            ? [{ key: 'asker', label: '提问人', children: who(item.askerName, item.askerOrgName) }]
            : []),
          { key: 'created', label: '提问时间', children: fmtTime(item.createdAt) },
          { key: 'answered', label: '答复时间', children: fmtTime(item.answeredAt) },
        ]}
      />
      <Timeline items={items} />
      {extra}
    </div>
  );
}
