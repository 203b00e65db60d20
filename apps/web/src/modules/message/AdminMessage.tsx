import { SendOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { MessageKind } from '@aqzrx/contracts';
import { App, Button, Card, Checkbox, Form, Input, Radio, Tabs, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagedTable } from '../../components/index.ts';
import { Action, useAccess } from '../../platform/access.tsx';
import { MESSAGE_KINDS } from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { isApiError } from '../../platform/request.ts';
import {
  districtLabels,
  districtRules,
  fmtTime,
  linkRules,
  roleLabels,
  TARGET_ROLES,
} from '../content/index.ts';
import { listSentMessages, type MessageBatchItem, sendMessage } from './api.ts';
import { messageContentRules, messageTitleRules } from './form-rules.ts';
import { Inbox, KindTag } from './MessageCenter.tsx';

interface SendValues {
  kind: MessageKind;
  roleKeys?: string[];
  districts?: string[];
  title: string;
  content: string;
  link?: string;
}

function SendForm({ onSent }: { onSent: () => void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<SendValues>();
  const [sending, setSending] = useState(false);
  // A district-level regulator may only address its own districts (the server refuses the others).
  const districts = useDistrictOptions();

  const send = async () => {
    let v: SendValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    modal.confirm({
      title: '确认发送',
      // None picked: the whole city, or all of a district regulator's own districts.
      content: `将向 ${roleLabels(v.roleKeys ?? [])}（${districtLabels(
        v.districts?.length ? v.districts : districts.limited ? districts.options.map((d) => d.value) : [],
      )}）发送“${v.title}”，发送后不能撤回。`,
      okText: '发送',
      cancelText: '取消',
      onOk: async () => {
        setSending(true);
        try {
          const msg = await sendMessage({
            kind: v.kind,
            roleKeys: v.roleKeys ?? [],
            districts: v.districts ?? [],
            title: v.title.trim(),
            content: v.content.trim(),
            link: (v.link ?? '').trim(),
          });
          message.success(msg || '发送成功');
          form.resetFields();
          onSent();
        } catch (e) {
          if (!isApiError(e)) message.error('发送失败，请稍后重试');
        } finally {
          setSending(false);
        }
      },
    });
  };

  return (
    <Card variant="borderless" style={{ maxWidth: 860 }}>
      <Form
        form={form}
        layout="vertical"
        name="message-send"
        initialValues={{ kind: 'system', roleKeys: [], districts: [] }}
      >
        <Form.Item name="kind" label="消息类型">
          <Radio.Group name="message-kind" options={MESSAGE_KINDS} optionType="button" />
        </Form.Item>
        <Form.Item name="roleKeys" label="接收角色" extra="不选表示所有角色">
          <Checkbox.Group options={TARGET_ROLES} />
        </Form.Item>
        <Form.Item
          name="districts"
          label="接收区县"
          rules={districtRules}
          extra={
            districts.limited
              ? '只能选择本人管辖的区县；不选表示本人管辖的全部区县'
              : '不选表示全市；监管部门用户只能发送到本人管辖的区县，不选时发送到本人管辖的全部区县'
          }
        >
          <Checkbox.Group options={districts.options} />
        </Form.Item>
        <Form.Item name="title" label="消息标题" rules={messageTitleRules}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="content" label="消息内容" rules={messageContentRules}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item
          name="link"
          label="相关链接"
          rules={linkRules}
          extra="可选：站内路径（如 /portal/notice/detail?id=1）或 http(s) 网址"
        >
          <Input maxLength={500} />
        </Form.Item>
        <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void send()}>
          发送
        </Button>
      </Form>
    </Card>
  );
}

function SentList({ actionRef }: { actionRef: React.RefObject<ActionType | undefined> }) {
  const columns: ProColumns<MessageBatchItem>[] = [
    { title: '类型', dataIndex: 'kind', width: 90, render: (_, b) => <KindTag kind={b.kind} /> },
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (_, b) => (
        <Typography.Text ellipsis={{ tooltip: b.content }} style={{ maxWidth: 320 }}>
          {b.title}
        </Typography.Text>
      ),
    },
    {
      title: '接收角色',
      dataIndex: 'roleKeys',
      width: 200,
      ellipsis: true,
      renderText: (v: string[]) => roleLabels(v),
    },
    {
      title: '接收区县',
      dataIndex: 'districts',
      width: 180,
      ellipsis: true,
      renderText: (v: string[]) => districtLabels(v),
    },
    { title: '接收人数', dataIndex: 'recipientCount', width: 90 },
    { title: '发送人', dataIndex: 'senderName', width: 120 },
    { title: '发送时间', dataIndex: 'createdAt', width: 160, renderText: (v: string) => fmtTime(v) },
  ];
  return (
    <PagedTable<MessageBatchItem>
      actionRef={actionRef}
      search={false}
      columns={columns}
      scroll={{ x: 1000 }}
      request={(q) => listSentMessages(q)}
      locale={{ emptyText: '还没有发送过消息' }}
    />
  );
}

/**
 * /admin/content/AdminMessage/route and /government/govInfo/GovMessage/route: send in-app messages to
 * roles and districts (message.add), the messages sent (message.query) and one's own inbox.
 */
export function AdminMessage() {
  const access = useAccess();
  const canSend = access.canOnRoute('add');
  // The header's bell and 待办 button lead to the inbox (?tab=unread|todo).
  const [params] = useSearchParams();
  const inboxTab = ['unread', 'todo'].includes(params.get('tab') ?? '');
  const [tab, setTab] = useState(inboxTab ? 'inbox' : canSend ? 'send' : 'sent');
  const sentRef = useRef<ActionType | undefined>(undefined);
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        ...(canSend
          ? [
              {
                key: 'send',
                label: '发送消息',
                children: (
                  <Action name="add">
                    <SendForm
                      onSent={() => {
                        setTab('sent');
                        sentRef.current?.reload();
                      }}
                    />
                  </Action>
                ),
              },
            ]
          : []),
        { key: 'sent', label: '已发送', children: <SentList actionRef={sentRef} /> },
        { key: 'inbox', label: '我的消息', children: <Inbox /> },
      ]}
    />
  );
}

export const GovMessage = AdminMessage;
