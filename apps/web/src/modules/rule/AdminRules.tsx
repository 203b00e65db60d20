import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { Attachment, RuleItem, RuleLevel, RuleSaveBody, RuleStatus } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { AttachmentUpload, numberRule, PagedTable, tableWidth } from '../../components/index.ts';
import { RichText } from '../../components/RichText.tsx';
import { Action } from '../../platform/access.tsx';
import { DATE_FORMAT, FIELD_RANGES, RULE_LEVELS, RULE_STATUS } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { AttachmentList, attachmentInputs, linkRules, RichTextEditor } from '../content/index.ts';
import { deleteRule, getRule, listRules, saveRule } from './api.ts';
import { ruleProblems } from './form-rules.ts';

/** The rule's force as a tag; `withDate` adds the repeal date inside it (the list shows it below). */
export function RuleStatusTag({
  rule,
  withDate = true,
}: {
  rule: Pick<RuleItem, 'status' | 'repealedDate' | 'revisedByName'>;
  withDate?: boolean;
}) {
  const o = RULE_STATUS.find((s) => s.value === rule.status);
  return (
    <Tag color={o?.color} style={{ marginInlineEnd: 0 }}>
      {o?.label ?? rule.status}
      {withDate && rule.status === 'repealed' && rule.repealedDate ? `（${rule.repealedDate}）` : ''}
    </Tag>
  );
}

interface RuleFormValues {
  name: string;
  docNo?: string;
  issuer: string;
  level: RuleLevel;
  publishDate: Dayjs;
  effectiveDate?: Dayjs | null;
  status: RuleStatus;
  revisedById?: number | null;
  repealedDate?: Dayjs | null;
  summary?: string;
  body?: string;
  attachments?: Attachment[];
  sourceUrl?: string;
  sort?: number;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format(DATE_FORMAT) : null);

export function toRuleBody(v: RuleFormValues, id?: number, version?: number): RuleSaveBody {
  return {
    ...(id ? { id, version } : {}),
    name: v.name.trim(),
    docNo: (v.docNo ?? '').trim(),
    issuer: v.issuer.trim(),
    level: v.level,
    publishDate: day(v.publishDate)!,
    effectiveDate: day(v.effectiveDate),
    status: v.status,
    revisedById: v.status === 'current' ? null : (v.revisedById ?? null),
    repealedDate: v.status === 'repealed' ? day(v.repealedDate) : null,
    summary: (v.summary ?? '').trim(),
    body: v.body ?? '',
    attachments: attachmentInputs(v.attachments ?? []),
    sourceUrl: (v.sourceUrl ?? '').trim(),
    sort: v.sort ?? 0,
  };
}

/** A rule picker (the new version of a revised or replaced instrument). */
function RulePicker({
  value,
  onChange,
  exclude,
  initialName,
  id,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  exclude?: number;
  initialName?: string;
  id?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['content', 'rulePicker', keyword],
    queryFn: () => listRules({ pageNo: 1, pageSize: 20, ...(keyword ? { keyword } : {}) }),
  });
  const options = (data?.list ?? [])
    .filter((r) => r.id !== exclude)
    .map((r) => ({ value: r.id, label: `${r.name}${r.docNo ? `（${r.docNo}）` : ''}` }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: initialName || `#${value}` });
  return (
    <Select
      id={id}
      showSearch
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      filterOption={false}
      onSearch={setKeyword}
      loading={isFetching}
      options={options}
      placeholder="输入名称或文号搜索"
      notFoundContent={isFetching ? '搜索中…' : '没有找到，请先把新版本录入法规库'}
    />
  );
}

function RuleForm({
  id,
  open,
  onClose,
  onSaved,
}: {
  id: number | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RuleFormValues>();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({
    queryKey: ['content', 'rule', id],
    queryFn: () => getRule(id!),
    enabled: open && id !== null,
    gcTime: 0,
  });
  const status = Form.useWatch('status', form);

  useEffect(() => {
    if (!open) return;
    if (id === null) {
      form.resetFields();
      form.setFieldsValue({ status: 'current', sort: 0, attachments: [] });
    } else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        ...d,
        publishDate: dayjs(d.publishDate),
        effectiveDate: d.effectiveDate ? dayjs(d.effectiveDate) : null,
        repealedDate: d.repealedDate ? dayjs(d.repealedDate) : null,
      });
    }
  }, [open, id, detail.data, form]);

  const crossField = (field: 'effectiveDate' | 'revisedById' | 'repealedDate') => ({
    validator: async () => {
      const v = form.getFieldsValue() as RuleFormValues;
      const p = ruleProblems({
        publishDate: day(v.publishDate) ?? undefined,
        effectiveDate: day(v.effectiveDate),
        status: v.status,
        revisedById: v.revisedById ?? null,
        repealedDate: day(v.repealedDate),
      })[field];
      if (p) throw new Error(p);
    },
  });

  const submit = async () => {
    let v: RuleFormValues;
    try {
      v = await form.validateFields();
    } catch {
      message.error('请按提示修改标红的内容');
      return;
    }
    setSaving(true);
    try {
      const msg = await saveRule(toRuleBody(v, id ?? undefined, detail.data?.version));
      message.success(msg || '保存成功');
      onSaved();
      onClose();
    } catch (e) {
      if (!isApiError(e)) message.error('保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={id === null ? '新增法规' : '编辑法规'}
      open={open}
      width={980}
      onClose={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {id !== null && detail.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : id !== null && detail.isError ? (
        <Alert type="error" showIcon message="加载失败，请关闭后重试" />
      ) : (
        <Form form={form} layout="vertical" name="rule-form">
          <Form.Item
            name="name"
            label="法规名称"
            rules={[
              { required: true, whitespace: true, message: '请输入法规名称' },
              { max: 200, message: '法规名称不能超过200个字符' },
            ]}
          >
            <Input maxLength={200} placeholder="如：安全生产责任保险实施办法" />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="docNo" label="文号" rules={[{ max: 100, message: '文号不能超过100个字符' }]}>
                <Input maxLength={100} placeholder="如：应急〔2025〕27号" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="level" label="层级" rules={[{ required: true, message: '请选择层级' }]}>
                <Select options={RULE_LEVELS} placeholder="请选择层级" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="issuer"
            label="发布机关"
            rules={[
              { required: true, whitespace: true, message: '请输入发布机关' },
              { max: 200, message: '发布机关不能超过200个字符' },
            ]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="publishDate"
                label="发布日期"
                rules={[{ required: true, message: '请选择发布日期' }]}
              >
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="effectiveDate"
                label="实施日期"
                dependencies={['publishDate']}
                rules={[crossField('effectiveDate')]}
              >
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="status" label="效力状态" rules={[{ required: true, message: '请选择效力状态' }]}>
            <Radio.Group
              name="rule-status"
              options={RULE_STATUS.map((s) => ({ value: s.value, label: s.label }))}
            />
          </Form.Item>
          {status && status !== 'current' && (
            <Row gutter={16}>
              <Col span={status === 'repealed' ? 12 : 24}>
                <Form.Item
                  name="revisedById"
                  label={status === 'revised' ? '修订后的新版本' : '替代它的法规（可选）'}
                  dependencies={['status']}
                  required={status === 'revised'}
                  rules={[crossField('revisedById')]}
                >
                  <RulePicker exclude={id ?? undefined} initialName={detail.data?.revisedByName} />
                </Form.Item>
              </Col>
              {status === 'repealed' && (
                <Col span={12}>
                  <Form.Item
                    name="repealedDate"
                    label="废止日期"
                    required
                    dependencies={['status', 'publishDate']}
                    rules={[crossField('repealedDate')]}
                  >
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              )}
            </Row>
          )}
          <Form.Item name="summary" label="摘要" rules={[{ max: 1000, message: '摘要不能超过1000个字符' }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} showCount />
          </Form.Item>
          <Form.Item name="body" label="全文" extra="全文较长时可只填写要点并上传附件">
            <RichTextEditor aria-label="全文" placeholder="请输入全文或要点" />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="attachments" label="附件（全文 PDF）">
                <AttachmentUpload />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="sourceUrl" label="原文链接" rules={linkRules}>
                <Input placeholder="https://" maxLength={500} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="sort" label="排序" rules={[numberRule('排序', FIELD_RANGES.contentSort)]}>
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}
    </Drawer>
  );
}

function RuleDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, isLoading } = useQuery({
    queryKey: ['content', 'rule', id, 'view'],
    queryFn: () => getRule(id!),
    enabled: id !== null,
  });
  return (
    <Modal
      title={data?.name ?? '法规详情'}
      open={id !== null}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
    >
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="文号">{data.docNo || '—'}</Descriptions.Item>
            <Descriptions.Item label="层级">{data.levelName}</Descriptions.Item>
            <Descriptions.Item label="发布机关" span={2}>
              {data.issuer}
            </Descriptions.Item>
            <Descriptions.Item label="发布日期">{data.publishDate}</Descriptions.Item>
            <Descriptions.Item label="实施日期">{data.effectiveDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="效力状态">
              <RuleStatusTag rule={data} />
            </Descriptions.Item>
            <Descriptions.Item label="新版本">{data.revisedByName || '—'}</Descriptions.Item>
          </Descriptions>
          {data.summary && <Typography.Paragraph type="secondary">{data.summary}</Typography.Paragraph>}
          <RichText html={data.body} />
          <AttachmentList files={data.attachments} />
        </>
      )}
    </Modal>
  );
}

interface RuleFilters {
  keyword?: string;
  level?: RuleLevel;
  status?: RuleStatus;
}

/** /admin/content/AdminRules/route and /government/govInfo/GovRules/route: 法规库. */
export function AdminRules() {
  const { message } = App.useApp();
  const ref = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const reload = () => ref.current?.reload();

  const remove = async (r: RuleItem) => {
    try {
      await deleteRule(r.id, r.version);
      message.success('删除成功');
    } catch (e) {
      if (!isApiError(e)) message.error('删除失败，请稍后重试');
    }
    reload();
  };

  const columns: ProColumns<RuleItem>[] = [
    {
      title: '关键词',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '名称、文号或全文' },
    },
    {
      title: '法规名称',
      dataIndex: 'name',
      search: false,
      width: 250,
      render: (_, r) => (
        <Typography.Link
          onClick={() => setViewing(r.id)}
          ellipsis
          title={r.name}
          style={{ display: 'block', maxWidth: 234 }}
        >
          {r.name}
        </Typography.Link>
      ),
    },
    {
      title: '文号',
      dataIndex: 'docNo',
      search: false,
      width: 126,
      ellipsis: true,
      renderText: (v) => v || '—',
    },
    { title: '发布机关', dataIndex: 'issuer', search: false, width: 140, ellipsis: true },
    {
      title: '层级',
      dataIndex: 'level',
      width: 104,
      valueType: 'select',
      fieldProps: { options: RULE_LEVELS },
      render: (_, r) => r.levelName,
    },
    {
      title: '发布/实施日期',
      key: 'dates',
      search: false,
      width: 116,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span title="发布日期">{r.publishDate}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} title="实施日期">
            {r.effectiveDate ? `${r.effectiveDate} 实施` : '实施日期未填'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '效力状态',
      dataIndex: 'status',
      width: 114,
      valueType: 'select',
      fieldProps: { options: RULE_STATUS.map((s) => ({ value: s.value, label: s.label })) },
      render: (_, r) => (
        <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
          <RuleStatusTag rule={r} withDate={false} />
          {r.status === 'repealed' && r.repealedDate && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.repealedDate} 废止
            </Typography.Text>
          )}
          {r.revisedByName && (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12, maxWidth: 98 }}
              ellipsis={{ tooltip: `新版本：${r.revisedByName}` }}
            >
              新版本：{r.revisedByName}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '阅读', dataIndex: 'viewCount', search: false, width: 60, align: 'right' },
    {
      title: '操作',
      valueType: 'option',
      width: 100,
      fixed: 'right',
      render: (_, r) => [
        <Action name="edit" key="edit">
          <Typography.Link onClick={() => setEditing({ id: r.id })}>编辑</Typography.Link>
        </Action>,
        <Action name="delete" key="delete">
          <Popconfirm
            title={`确定删除“${r.name}”吗？`}
            description="删除后门户法规库不再显示。"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(r)}
          >
            <Typography.Link type="danger">删除</Typography.Link>
          </Popconfirm>
        </Action>,
      ],
    },
  ];

  return (
    <>
      <PagedTable<RuleItem, RuleFilters>
        actionRef={ref}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto' }}
        request={(q) => listRules(q)}
        locale={{ emptyText: '法规库暂无内容' }}
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
              新增法规
            </Button>
          </Action>,
        ]}
      />
      <RuleForm
        id={editing?.id ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <RuleDetailModal id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

export const GovRules = AdminRules;
