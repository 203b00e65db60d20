import type { ConsultItem } from '@aqzrx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { answerConsult, consultKeys } from './consult-api.ts';
import { ANSWER_MAX, answerRules } from './consult-rules.ts';

interface AnswerValues {
  answer?: string;
  isPublic?: boolean;
}

/**
 * Answer (or revise the answer of) a consultation. The server records the answerer, sets the status to
 * 已回复 and sends the asker an in-app message. `allowPublish` adds 同时公开为问答 (admin, government).
 */
export function AnswerForm({
  item,
  allowPublish = false,
  onAnswered,
  onCancel,
}: {
  item: Pick<ConsultItem, 'id' | 'version' | 'answer' | 'isPublic' | 'answeredAt'>;
  allowPublish?: boolean;
  onAnswered?: () => void;
  onCancel?: () => void;
}) {
  const [form] = Form.useForm<AnswerValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const revising = item.answeredAt !== null;

  const submit = async (v: AnswerValues) => {
    setSubmitting(true);
    try {
      const msg = await answerConsult({
        id: item.id,
        version: item.version,
        answer: (v.answer ?? '').trim(),
        ...(allowPublish ? { isPublic: v.isPublic === true } : {}),
      });
      message.success(msg || '答复成功');
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: consultKeys.all });
      onAnswered?.();
    } catch {
      // Shown by the API client (e.g. 咨询已关闭 or a stale version); keep what was typed.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<AnswerValues>
      form={form}
      layout="vertical"
      name={`consultAnswer${item.id}`}
      initialValues={{ answer: revising ? item.answer : '', isPublic: item.isPublic }}
      onFinish={submit}
      disabled={submitting}
    >
      <Form.Item
        name="answer"
        label={revising ? '修改答复' : '答复内容'}
        rules={answerRules}
        required
        tooltip="请依据相关法规和保险条款作答；提交后提问人会收到站内消息。"
      >
        <Input.TextArea
          placeholder="请输入答复内容，提交后提问人会收到站内消息"
          autoSize={{ minRows: 5, maxRows: 16 }}
          maxLength={ANSWER_MAX}
          showCount
        />
      </Form.Item>
      {allowPublish && (
        <Form.Item name="isPublic" valuePropName="checked">
          <Checkbox>同时公开为问答（门户匿名展示问题与答复，不显示提问企业）</Checkbox>
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {revising ? '保存答复' : '提交答复'}
          </Button>
          {onCancel && <Button onClick={onCancel}>取消</Button>}
        </Space>
      </Form.Item>
    </Form>
  );
}
