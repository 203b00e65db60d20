import { CheckOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { MessageItem, MessageKind } from '@aqzrx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Descriptions, Modal, Popconfirm, Tabs, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PagedTable } from '../../components/index.ts';
import { MESSAGE_KINDS, TODO_STATES } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { fmtTime } from '../content/index.ts';
import { listMyMessages, markMessagesRead, UNREAD_KEY, useMessageCounts } from './api.ts';
import './message.css';

const KIND_COLOR: Record<MessageKind, string> = { system: 'blue', todo: 'orange', warning: 'red' };

export function KindTag({ kind }: { kind: MessageKind }) {
  return <Tag color={KIND_COLOR[kind]}>{MESSAGE_KINDS.find((k) => k.value === kind)?.label ?? kind}</Tag>;
}

/** A to-do's state (待处理 / 已处理), or for other messages whether they were read. */
export function MessageState({ m }: { m: MessageItem }) {
  if (m.todoState) {
    const o = TODO_STATES.find((s) => s.value === m.todoState);
    return (
      <Tag color={o?.color} data-testid="todo-state">
        {o?.label ?? m.todoState}
      </Tag>
    );
  }
  return m.read ? <Tag>已读</Tag> : <Tag color="red">未读</Tag>;
}

interface Filters {
  kind?: MessageKind;
  unread?: boolean;
  todo?: 'open';
}

type InboxTab = 'all' | 'unread' | 'todo';
const tabOf = (v: string | null): InboxTab => (v === 'unread' || v === 'todo' ? v : 'all');

/**
 * The signed-in person's inbox (消息中心): all, unread, or the open to-dos (待办, ?tab=todo, where the
 * header's 待办 button leads), by type; a to-do shows whether its task is still waiting (待处理) or has
 * moved on (已处理). Opening a message marks it read and offers its business link. Used by every role
 * (EntMessage, InsuranceMessage, ServiceMessage, ExpertMessage, UserMessage) and inside the admin and
 * government message screens.
 */
export function Inbox() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const counts = useMessageCounts();
  // The tab lives in the URL (?tab=todo), where the header's 待办 button leads.
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const setTab = (next: InboxTab) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'all') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  const [open, setOpen] = useState<MessageItem | null>(null);
  const ref = useRef<ActionType | undefined>(undefined);
  const count = counts.data?.count ?? 0;
  const todos = counts.data?.todos ?? 0;

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: UNREAD_KEY });
    ref.current?.reload();
  };
  const openMessage = async (m: MessageItem) => {
    setOpen(m);
    if (!m.read) {
      try {
        await markMessagesRead([m.id]);
      } catch {
        /* shown by the client */
      }
      refresh();
    }
  };
  const readAll = async () => {
    try {
      const n = await markMessagesRead('all');
      message.success(n > 0 ? `已将 ${n} 条消息标为已读` : '没有未读消息');
    } catch (e) {
      if (!isApiError(e)) message.error('操作失败，请稍后重试');
    }
    refresh();
  };
  const follow = (link: string) => {
    setOpen(null);
    if (/^https?:\/\//i.test(link)) window.open(link, '_blank', 'noopener,noreferrer');
    else navigate(link);
  };

  const columns: ProColumns<MessageItem>[] = [
    {
      title: '类型',
      dataIndex: 'kind',
      width: 100,
      valueType: 'select',
      fieldProps: { options: MESSAGE_KINDS },
      render: (_, m) => <KindTag kind={m.kind} />,
    },
    {
      title: '标题',
      dataIndex: 'title',
      search: false,
      ellipsis: true,
      render: (_, m) => (
        <Typography.Link onClick={() => void openMessage(m)} className={m.read ? undefined : 'aq-msg-unread'}>
          {!m.read && <span className="aq-msg-dot" role="img" aria-label="未读" />}
          {m.title}
        </Typography.Link>
      ),
    },
    { title: '内容', dataIndex: 'content', search: false, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'read',
      search: false,
      width: 90,
      render: (_, m) => <MessageState m={m} />,
    },
    {
      title: '时间',
      dataIndex: 'createdAt',
      search: false,
      width: 160,
      renderText: (v: string) => fmtTime(v),
    },
  ];

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(tabOf(k))}
        items={[
          { key: 'all', label: '全部消息' },
          {
            key: 'unread',
            label: (
              <Badge count={count} size="small" offset={[10, -2]} data-testid="unread-badge">
                未读消息
              </Badge>
            ),
          },
          {
            key: 'todo',
            label: (
              <Badge count={todos} size="small" offset={[10, -2]} color="orange" data-testid="todo-badge">
                待办
              </Badge>
            ),
          },
        ]}
        tabBarExtraContent={
          <Popconfirm title="将全部未读消息标为已读？" onConfirm={readAll} disabled={count === 0}>
            <Button icon={<CheckOutlined />} disabled={count === 0}>
              全部标为已读
            </Button>
          </Popconfirm>
        }
      />
      <PagedTable<MessageItem, Filters>
        key={tab}
        actionRef={ref}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: false }}
        params={tab === 'unread' ? { unread: true } : tab === 'todo' ? { todo: 'open' } : {}}
        request={(q) => listMyMessages(q)}
        locale={{
          emptyText: tab === 'unread' ? '没有未读消息' : tab === 'todo' ? '没有待处理的待办' : '暂无消息',
        }}
        rowClassName={(m) => (m.read ? '' : 'aq-msg-unread')}
      />
      <Modal
        title={open?.title}
        open={open !== null}
        onCancel={() => setOpen(null)}
        width={640}
        footer={[
          open?.link ? (
            <Button key="go" type="primary" onClick={() => follow(open.link)}>
              查看详情
            </Button>
          ) : null,
          <Button key="close" onClick={() => setOpen(null)}>
            关闭
          </Button>,
        ]}
      >
        {open && (
          <>
            <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="类型">
                <KindTag kind={open.kind} />
              </Descriptions.Item>
              <Descriptions.Item label="时间">{fmtTime(open.createdAt)}</Descriptions.Item>
              {open.todoState && (
                <Descriptions.Item label="待办状态">
                  <MessageState m={open} />
                  {open.doneAt ? `（${fmtTime(open.doneAt)}）` : ''}
                </Descriptions.Item>
              )}
            </Descriptions>
            {/* Plain text, escaped by React (security.md V04). */}
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open.content}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}

/** Message centres of the roles that only read their own messages. */
export function UserMessage() {
  return <Inbox />;
}
export const EntMessage = UserMessage;
export const InsuranceMessage = UserMessage;
export const ServiceMessage = UserMessage;
export const ExpertMessage = UserMessage;
