import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Radio, Row, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AttachmentIdsUpload, newIdempotencyKey, useDebounced } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_RELATED_KINDS,
  COMPLAINT_TARGET_KINDS,
  COMPLAINT_TIMER_DEFAULTS,
  type ComplaintCategory,
  type ComplaintRelatedKind,
  type ComplaintTargetKind,
} from '../../platform/contracts.ts';
import { COMPLAINT_KEY, type ComplaintRelated, complaintApi } from './api.ts';
import { COMPLAINANT_PATHS, type Complainant } from './paths.ts';
import { CONTACT_NAME_RULES, CONTACT_PHONE_RULES, textRules } from './rules.ts';

interface Values {
  targetKind: ComplaintTargetKind;
  targetOrgId?: number;
  category?: ComplaintCategory;
  title?: string;
  content?: string;
  demand?: string;
  contactName?: string;
  contactPhone?: string;
  attachments?: string[];
  relatedKind?: ComplaintRelatedKind;
  relatedId?: number;
}

/** The kinds of unit each role may complain about (an insurer does not complain about insurers). */
function targetKindsOf(who: Complainant) {
  return COMPLAINT_TARGET_KINDS.filter((k) => !(who === 'insurer' && k.value === 'insurer'));
}

/** Picker of the unit complained about (/api/complaint/targets), searched by name. */
function TargetSelect({
  kind,
  value,
  onChange,
  id,
  onPicked,
}: {
  kind: ComplaintTargetKind;
  value?: number;
  onChange?: (v: number | undefined) => void;
  id?: string;
  onPicked: (handlerName: string) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, 300);
  const targets = useQuery({
    queryKey: [COMPLAINT_KEY, 'targets', kind, debounced],
    queryFn: () => complaintApi.targets({ kind, ...(debounced ? { keyword: debounced } : {}) }),
  });
  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      loading={targets.isLoading}
      placeholder={`请选择被投诉的${COMPLAINT_TARGET_KINDS.label(kind)}，可输入名称搜索`}
      value={value}
      onSearch={setKeyword}
      onChange={(v: number | undefined) => {
        onChange?.(v);
        onPicked(targets.data?.find((t) => t.orgId === v)?.handlerName ?? '');
      }}
      notFoundContent={targets.isLoading ? '加载中…' : '没有找到，请换个名称'}
      options={(targets.data ?? []).map((t) => ({
        value: t.orgId,
        label: t.uscc ? `${t.name}（${t.uscc}）` : t.name,
      }))}
    />
  );
}

/** Picker of the caller's own policy, claim or prevention service the complaint concerns. */
function RelatedSelect({
  kind,
  value,
  onChange,
  id,
  onPicked,
}: {
  kind: ComplaintRelatedKind;
  value?: number;
  onChange?: (v: number | undefined) => void;
  id?: string;
  onPicked: (r: ComplaintRelated | undefined) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, 300);
  const related = useQuery({
    queryKey: [COMPLAINT_KEY, 'related', kind, debounced],
    queryFn: () => complaintApi.related({ kind, ...(debounced ? { keyword: debounced } : {}) }),
  });
  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      loading={related.isLoading}
      placeholder={`请选择本单位的${COMPLAINT_RELATED_KINDS.label(kind)}`}
      value={value}
      onSearch={setKeyword}
      onChange={(v: number | undefined) => {
        onChange?.(v);
        onPicked(related.data?.find((r) => r.id === v));
      }}
      notFoundContent={
        related.isLoading ? '加载中…' : `本单位没有可关联的${COMPLAINT_RELATED_KINDS.label(kind)}`
      }
      options={(related.data ?? []).map((r) => ({ value: r.id, label: r.label }))}
    />
  );
}

/**
 * 新增投诉 of an enterprise, insurer, service organisation or expert: against an insurer, a service
 * organisation, an expert or the platform, with the fields of domain 2.12, a category, attachments and
 * optionally one of the complainant's own policies, claims or prevention services.
 */
export function ComplaintAdd({ who }: { who: Complainant }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [handlerName, setHandlerName] = useState('');
  // One key per filled-in form: a double click or a retry after a lost answer files one complaint.
  const [key, setKey] = useState(newIdempotencyKey);
  const targetKind = Form.useWatch('targetKind', form) ?? 'insurer';
  const relatedKind = Form.useWatch('relatedKind', form);
  const kinds = useMemo(() => targetKindsOf(who), [who]);
  const paths = COMPLAINANT_PATHS[who];

  const pickRelated = (r: ComplaintRelated | undefined) => {
    if (!r) return;
    // Suggest the unit of the record: its provider for a prevention service, else its insurer.
    const current = form.getFieldValue('targetOrgId') as number | undefined;
    if (current !== undefined) return;
    const kind = form.getFieldValue('targetKind') as ComplaintTargetKind;
    if (kind === 'insurer' && r.insurerOrgId !== null) {
      form.setFieldValue('targetOrgId', r.insurerOrgId);
      setHandlerName(r.insurerName);
    }
  };

  const submit = async (v: Values) => {
    setSubmitting(true);
    try {
      const res = await complaintApi.add(
        {
          targetKind: v.targetKind,
          targetOrgId: v.targetKind === 'platform' ? null : (v.targetOrgId ?? null),
          category: v.category as ComplaintCategory,
          title: (v.title ?? '').trim(),
          content: (v.content ?? '').trim(),
          demand: (v.demand ?? '').trim(),
          contactName: (v.contactName ?? '').trim(),
          contactPhone: (v.contactPhone ?? '').trim(),
          attachments: v.attachments ?? [],
          relatedKind: v.relatedId ? (v.relatedKind ?? null) : null,
          relatedId: v.relatedId ?? null,
        },
        key,
      );
      message.success(res.message || '投诉已提交');
      await queryClient.invalidateQueries({ queryKey: [COMPLAINT_KEY] });
      setKey(newIdempotencyKey());
      navigate(`${paths.detail}?id=${res.data.id}`);
    } catch {
      // The API client has shown the server's message; the form stays filled.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} xl={16}>
        <Card variant="borderless" title="新增投诉" data-testid="complaint-add">
          <Form<Values>
            form={form}
            layout="vertical"
            name="complaintAdd"
            initialValues={{
              targetKind: kinds[0]?.value ?? 'platform',
              contactName: user?.nickname ?? '',
              attachments: [],
            }}
            onFinish={submit}
            disabled={submitting}
            scrollToFirstError
            onValuesChange={(changed: Partial<Values>) => {
              if ('targetKind' in changed) {
                form.setFieldValue('targetOrgId', undefined);
                setHandlerName('');
              }
              if ('relatedKind' in changed) form.setFieldValue('relatedId', undefined);
            }}
          >
            <Form.Item label="投诉人">
              <Typography.Text data-testid="complainant-name">
                {user?.orgName || user?.nickname}
              </Typography.Text>
            </Form.Item>
            <Form.Item name="targetKind" label="被投诉人类型" required>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={kinds.map((k) => ({ value: k.value, label: k.label }))}
              />
            </Form.Item>
            {targetKind === 'platform' ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                message="对平台的投诉由平台运营中心办理"
              />
            ) : (
              <Form.Item
                name="targetOrgId"
                label="被投诉单位"
                rules={[{ required: true, message: '请选择被投诉的单位（投诉平台时不选）' }]}
                extra={handlerName ? `办理单位：${handlerName}` : undefined}
              >
                <TargetSelect key={targetKind} kind={targetKind} onPicked={setHandlerName} />
              </Form.Item>
            )}
            <Form.Item
              name="category"
              label="投诉类别"
              rules={[{ required: true, message: '请选择投诉类别' }]}
            >
              <Select
                placeholder="请选择投诉类别"
                options={COMPLAINT_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
              />
            </Form.Item>
            <Form.Item name="title" label="投诉标题" rules={textRules('投诉标题', 2, 50)} required>
              <Input maxLength={50} showCount placeholder="一句话概括投诉事项" />
            </Form.Item>
            <Form.Item name="content" label="投诉内容" rules={textRules('投诉内容', 10, 2000)} required>
              <Input.TextArea
                autoSize={{ minRows: 5, maxRows: 14 }}
                maxLength={2000}
                showCount
                placeholder="请写明事情经过：时间、地点、涉及的人员和业务，以及您认为存在的问题"
              />
            </Form.Item>
            <Form.Item name="demand" label="投诉诉求" rules={textRules('投诉诉求', 2, 1000)} required>
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 8 }}
                maxLength={1000}
                showCount
                placeholder="希望如何处理"
              />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="contactName" label="联系人" rules={CONTACT_NAME_RULES} required>
                  <Input maxLength={20} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="contactPhone" label="联系电话" rules={CONTACT_PHONE_RULES} required>
                  <Input maxLength={30} placeholder="手机号或座机号" />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              <Col xs={24} md={10}>
                <Form.Item name="relatedKind" label="关联业务（选填）">
                  <Select
                    allowClear
                    placeholder="保单、理赔案件或事故预防服务"
                    options={COMPLAINT_RELATED_KINDS.map((k) => ({ value: k.value, label: k.label }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={14}>
                {relatedKind ? (
                  <Form.Item
                    name="relatedId"
                    label="关联的业务记录"
                    rules={[{ required: true, message: '请同时选择关联业务类型和关联的业务记录' }]}
                  >
                    <RelatedSelect key={relatedKind} kind={relatedKind} onPicked={pickRelated} />
                  </Form.Item>
                ) : null}
              </Col>
            </Row>
            <Form.Item name="attachments" label="附件（选填）" extra="PDF 或图片，最多10个">
              <AttachmentIdsUpload max={10} />
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Space>
                <Action permission="complaint.add">
                  <Button type="primary" htmlType="submit" loading={submitting}>
                    提交投诉
                  </Button>
                </Action>
                <Button onClick={() => navigate(paths.list)}>返回我的投诉</Button>
              </Space>
            </Form.Item>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card variant="borderless" title="投诉须知">
          <Typography.Paragraph>
            投诉提交后由办理单位受理：对保险机构的投诉由该保险机构办理；对服务机构、专家的投诉由委托其服务的保险机构办理；对平台的投诉由平台运营中心办理。监管部门可查看并督办。
          </Typography.Paragraph>
          <Typography.Paragraph>
            办理单位自受理之日起{COMPLAINT_TIMER_DEFAULTS.replyDays}个工作日内答复；需要核实的，
            {COMPLAINT_TIMER_DEFAULTS.verifyDays}个工作日内答复；情况复杂的经批准可延期一次，最长
            {COMPLAINT_TIMER_DEFAULTS.maxExtensionDays}日，并告知延期理由。
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            收到答复后请确认是否满意；不满意的，可要求重新办理或提请监管部门处理。
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
