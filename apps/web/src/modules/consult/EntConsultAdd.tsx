import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Radio,
  Result,
  Row,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { ConsultStatus } from '../../platform/contracts.ts';
import {
  consultKeys,
  ENT_CONSULT_DETAIL_PATH,
  ENT_CONSULT_QUERY_PATH,
  idParam,
  saveConsult,
  useConsult,
  useConsultClasses,
} from './consult-api.ts';
import { CONTENT_MAX, classRules, contentRules, TITLE_MAX, titleRules } from './consult-rules.ts';

interface AskValues {
  classId?: number;
  title?: string;
  content?: string;
}

/**
 * /ent/consult/EntConsultAdd/route (发起咨询): an enterprise asks the service organisations, experts
 * and the bureau a question. With ?id= it edits an own question that still awaits its answer.
 */
export function EntConsultAdd() {
  const [params] = useSearchParams();
  const editId = idParam(params.get('id'));
  const existing = useConsult(editId);
  if (editId !== null) {
    if (existing.isLoading)
      return (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      );
    if (existing.error || !existing.data)
      return (
        <Card variant="borderless">
          <Result
            status="404"
            title="咨询不存在"
            subTitle="该咨询不存在或您无权查看。"
            extra={<BackToList />}
          />
        </Card>
      );
    if (existing.data.status !== ConsultStatus.AWAITING)
      return (
        <Card variant="borderless">
          <Result
            status="warning"
            title="该咨询已答复或已关闭，不能再修改"
            subTitle="如有新的问题，请重新发起咨询。"
            extra={<BackToList />}
          />
        </Card>
      );
  }
  return (
    <AskForm
      key={existing.data?.id ?? 'new'}
      {...(existing.data
        ? {
            editing: {
              id: existing.data.id,
              version: existing.data.version,
              classId: existing.data.classId,
              title: existing.data.title,
              content: existing.data.content,
            },
          }
        : {})}
    />
  );
}

function BackToList() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(ENT_CONSULT_QUERY_PATH)}>
      返回我的咨询
    </Button>
  );
}

function AskForm({
  editing,
}: {
  editing?: { id: number; version: number; classId: number; title: string; content: string };
}) {
  const [form] = Form.useForm<AskValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const classes = useConsultClasses();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (v: AskValues) => {
    setSubmitting(true);
    try {
      const res = await saveConsult({
        ...(editing ? { id: editing.id, version: editing.version } : {}),
        classId: v.classId as number,
        title: (v.title ?? '').trim(),
        content: (v.content ?? '').trim(),
      });
      message.success(res.message || '咨询已提交，请等待答复');
      await queryClient.invalidateQueries({ queryKey: consultKeys.all });
      navigate(`${ENT_CONSULT_DETAIL_PATH}?id=${res.id}`);
    } catch {
      // The API client has shown the server's message (e.g. a stale version); the form stays filled.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} lg={16}>
        <Card variant="borderless" title={editing ? '修改咨询' : '发起咨询'}>
          <Form<AskValues>
            form={form}
            layout="vertical"
            name="consultAsk"
            initialValues={editing ?? {}}
            onFinish={submit}
            disabled={submitting}
            scrollToFirstError
          >
            <Form.Item label="咨询分类" required>
              {classes.isLoading && <Skeleton.Input active size="small" />}
              {!classes.isLoading && (classes.data ?? []).length === 0 && (
                <Alert type="warning" showIcon message="暂无咨询分类，请联系平台管理员设置后再提交" />
              )}
              <Form.Item name="classId" rules={classRules} noStyle>
                <Radio.Group
                  name="consultClass"
                  optionType="button"
                  buttonStyle="solid"
                  options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
              </Form.Item>
            </Form.Item>
            <Form.Item name="title" label="咨询标题" rules={titleRules} required>
              <Input
                placeholder="一句话概括您的问题，如：员工人数增加后保单需要批改吗？"
                maxLength={TITLE_MAX}
                showCount
              />
            </Form.Item>
            <Form.Item name="content" label="问题描述" rules={contentRules} required>
              <Input.TextArea
                placeholder="请详细描述您的问题，写明企业情况、保单或事故的关键信息，便于答复人准确答复；请勿填写身份证号等个人敏感信息"
                autoSize={{ minRows: 6, maxRows: 16 }}
                maxLength={CONTENT_MAX}
                showCount
              />
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Space>
                {/* Asking and revising a question are both saveConsult, checked as consult.add. */}
                <Action name="add">
                  <Button type="primary" htmlType="submit" loading={submitting}>
                    {editing ? '保存修改' : '提交咨询'}
                  </Button>
                </Action>
                <Button
                  onClick={() =>
                    navigate(editing ? `${ENT_CONSULT_DETAIL_PATH}?id=${editing.id}` : ENT_CONSULT_QUERY_PATH)
                  }
                >
                  取消
                </Button>
              </Space>
            </Form.Item>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card variant="borderless" title="咨询须知">
          <Typography.Paragraph>
            咨询提交后，由服务机构、专家或监管部门在线答复，答复后您将收到站内消息。
          </Typography.Paragraph>
          <Typography.Paragraph>
            答复前您可以修改咨询内容；答复后如仍有疑问，可重新发起咨询。
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            具有普遍性的问答经平台审核后可能以匿名方式公开，供其他企业参考。
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
