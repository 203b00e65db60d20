/** Small parts the prevention activity screens share (option tags, years, file links, reason dialog). */
import { PaperClipOutlined } from '@ant-design/icons';
import { Alert, App, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { chinaToday } from '../../components/index.ts';
import { useUrlId } from '../../platform/url-id.ts';

/** Screen paths the activity screens link to (the seeded resource tree's routes). */
export const AP_PATHS = {
  govQuery: '/government/govAp/GovApQuery/route',
  govPlan: '/government/govAp/GovApPlan/route',
  govTrain: '/government/govAp/GovApTrain/route',
  govService: '/government/govAp/GovApService/route',
  govManage: '/government/govAp/GovApManage/route',
} as const;

/** An option list's value as a coloured tag (label and colour from the list). */
export function OptionTag<V extends string | number>({
  list,
  value,
  label,
}: {
  list: { label(v: NoInfer<V>): string; color(v: NoInfer<V>): string | undefined };
  value: V;
  label?: string;
}) {
  return <Tag color={list.color(value)}>{label || list.label(value) || String(value)}</Tag>;
}

/** The current China year. */
export function chinaYear(): number {
  return Number(chinaToday().slice(0, 4));
}

/** The year choices of the statistics pages: from three years back to next year. */
export function yearChoices(around = chinaYear()): { value: number; label: string }[] {
  return [around + 1, around, around - 1, around - 2, around - 3].map((y) => ({
    value: y,
    label: `${y}年`,
  }));
}

/** Stored files of a record, each downloaded through the record's own file call. */
export function FileLinks({
  files,
  onOpen,
}: {
  files: { id: string; name: string; size: number }[];
  onOpen: (f: { id: string; name: string }) => Promise<unknown>;
}) {
  const { message } = App.useApp();
  if (files.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {files.map((f) => (
        <Typography.Link
          key={f.id}
          onClick={() => void onOpen(f).catch(() => message.error('下载失败，请稍后重试'))}
        >
          <PaperClipOutlined /> {f.name}
          <Typography.Text type="secondary">（{Math.max(1, Math.round(f.size / 1024))} KB）</Typography.Text>
        </Typography.Link>
      ))}
    </Space>
  );
}

/**
 * A dialog asking for a reason (退回, 拒绝, 取消): the reason is required (at least 2 characters), the
 * same rule the server applies. `onSubmit` rejects to keep the dialog open.
 */
export function ReasonModal({
  open,
  title,
  label,
  okText,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  label: string;
  okText: string;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, loading: busy }}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() =>
        form
          .validateFields()
          .then(({ reason }) => {
            setBusy(true);
            return onSubmit(reason.trim())
              .then(() => form.resetFields())
              .finally(() => setBusy(false));
          })
          // A missing reason is shown under the field; a refused call by the client: the dialog stays.
          .catch(() => undefined)
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请填写${label}` },
            { min: 2, message: `${label}至少2个字` },
            { max: 500, message: `${label}不能超过500个字` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * A list opened from a message's link (`?id=`) shows only the record it names, with a way back to the whole
 * list: `params` goes to the list's request, `notice` above it.
 */
export function useLinkedRecord(noun: string) {
  const [id, setId] = useUrlId();
  const notice =
    id === null ? null : (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={`仅显示消息所指的${noun}`}
        action={<Typography.Link onClick={() => setId(null)}>显示全部</Typography.Link>}
      />
    );
  return { params: id === null ? {} : { id }, notice };
}
