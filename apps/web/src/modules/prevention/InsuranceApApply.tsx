import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import {
  AttachmentIdsUpload,
  chinaTime,
  newIdempotencyKey,
  numberRule,
  PagedTable,
  thousandsInput,
  yuan,
} from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  budgetRatioPct,
  budgetWithinCap,
  DISTRICTS,
  moneyRange,
  PREVENTION_FILING_LIMITS,
  SERVICE_ITEMS,
} from '../../platform/contracts.ts';
import { useUrlId } from '../../platform/url-id.ts';
import { chinaYear } from './activity-parts.tsx';
import {
  filingApi,
  type PreventionFilingDetail,
  type PreventionFilingInput,
  type PreventionFilingRow,
} from './api-activity.ts';
import { FILING_FIGURE_COLUMNS, FilingDrawer } from './FilingDetail.tsx';

interface FilingForm {
  year: number;
  districts: string[];
  planned: Record<string, number | null>;
  expectedPremium: number;
  budgetAmount: number;
  description?: string;
  attachments: string[];
}

const MONEY = moneyRange({ positive: true });

/** The filing form: a first filing of a year, or the next version of `base` (re-filing). */
function FilingFormModal({
  open,
  base,
  years,
  capRatio,
  onClose,
  onDone,
}: {
  open: boolean;
  base: PreventionFilingDetail | null;
  years: number[];
  capRatio: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FilingForm>();
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const premium = Form.useWatch('expectedPremium', form);
  const budget = Form.useWatch('budgetAmount', form);
  const capPct = Math.round(capRatio * 10_000) / 100;
  const ratioText =
    typeof premium === 'number' && typeof budget === 'number' && premium > 0
      ? `预算占预计保费 ${budgetRatioPct(budget, premium).toFixed(2)}%（上限 ${capPct}%）`
      : `预算不得超过预计保费的 ${capPct}%`;
  const initial: Partial<FilingForm> = base
    ? {
        year: base.year,
        districts: base.districts,
        planned: { ...base.plannedServices },
        expectedPremium: base.expectedPremium,
        budgetAmount: base.budgetAmount,
        description: base.description,
        attachments: base.attachments.map((a) => a.id),
      }
    : { year: years.includes(chinaYear()) ? chinaYear() : years[0], districts: [], attachments: [] };

  const submit = async (v: FilingForm) => {
    const plannedServices = Object.fromEntries(
      SERVICE_ITEMS.map((i) => [i.value, v.planned?.[i.value] ?? 0]),
    ) as PreventionFilingInput['plannedServices'];
    const body: PreventionFilingInput = {
      year: v.year,
      districts: v.districts as PreventionFilingInput['districts'],
      plannedServices,
      expectedPremium: v.expectedPremium,
      budgetAmount: v.budgetAmount,
      description: v.description?.trim() ?? '',
      attachments: v.attachments,
      ...(base ? { supersedes: { id: base.id, version: base.version } } : {}),
    };
    setBusy(true);
    try {
      const res = await filingApi.add(body, key);
      message.success(`已提交${v.year}年预防计划（第${res.data.versionNo}版），等待监管部门审核`);
      onDone();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      width={760}
      title={base ? `重新备案 ${base.year}年预防计划（第${base.versionNo + 1}版）` : '新增年度预防计划备案'}
      okText="提交备案"
      okButtonProps={{ loading: busy }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {base?.status === 'returned' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={`第${base.versionNo}版已退回：${base.reviewRemark}`}
        />
      )}
      <Form<FilingForm>
        form={form}
        layout="vertical"
        initialValues={initial}
        preserve={false}
        onFinish={(v) => void submit(v)}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="year" label="年度" rules={[{ required: true, message: '请选择年度' }]}>
              <Select
                disabled={base !== null}
                options={years.map((y) => ({ value: y, label: `${y}年` }))}
                aria-label="年度"
              />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              name="districts"
              label="服务区县"
              rules={[{ required: true, message: '请至少选择一个服务区县' }]}
            >
              <Select
                mode="multiple"
                options={DISTRICTS}
                placeholder="请选择服务区县"
                aria-label="服务区县"
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>计划服务次数</Typography.Text>
        <Row gutter={16} style={{ marginTop: 8 }}>
          {SERVICE_ITEMS.map((item) => (
            <Col span={12} key={item.value}>
              <Form.Item
                name={['planned', item.value]}
                label={`${item.value} ${item.label}`}
                rules={[numberRule(`${item.label}计划次数`, PREVENTION_FILING_LIMITS.plannedCount)]}
              >
                <InputNumber style={{ width: '100%' }} placeholder="0" suffix="次" />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="expectedPremium"
              label="预计保费收入"
              rules={[{ required: true, message: '请填写预计保费收入' }, numberRule('预计保费收入', MONEY)]}
            >
              <InputNumber style={{ width: '100%' }} suffix="元" {...thousandsInput} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="budgetAmount"
              label="预防费用预算"
              extra={ratioText}
              dependencies={['expectedPremium']}
              rules={[
                { required: true, message: '请填写预防费用预算' },
                numberRule('预防费用预算', MONEY),
                ({ getFieldValue }) => ({
                  validator: async (_, b: unknown) => {
                    const p = getFieldValue('expectedPremium') as unknown;
                    if (typeof b !== 'number' || typeof p !== 'number' || p <= 0) return;
                    if (!budgetWithinCap(b, p, capRatio))
                      throw new Error(`预防费用预算不能超过预计保费的${capPct}%（${yuan(p * capRatio)}）`);
                  },
                }),
              ]}
            >
              <InputNumber style={{ width: '100%' }} suffix="元" {...thousandsInput} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="计划说明">
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item
          name="attachments"
          label="计划文件"
          rules={[{ required: true, type: 'array', min: 1, message: '请上传年度预防计划文件' }]}
        >
          <AttachmentIdsUpload initialFiles={base?.attachments.map((a) => ({ ...a })) ?? []} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /insurance/InsuranceAp/InsuranceApApply/route (服务申请): the insurer files its yearly prevention plan and
 * budget with the regulator, sees the outcome (已备案 / 已退回 with the reason) and re-files a returned or
 * filed plan as the next version; every version stays visible.
 */
export function InsuranceApApply() {
  const actionRef = useRef<ActionType>(undefined);
  const [viewId, setViewId] = useUrlId();
  const [form, setForm] = useState<{ base: PreventionFilingDetail | null } | null>(null);
  const rules = useQuery({ queryKey: ['preventionFiling', 'rules'], queryFn: filingApi.rules });
  const { message } = App.useApp();

  const refile = async (id: number) => {
    try {
      setForm({ base: await filingApi.detail(id) });
    } catch {
      message.error('预防计划加载失败，请稍后重试');
    }
  };

  const columns: ProColumns<PreventionFilingRow>[] = [
    {
      title: '年度',
      dataIndex: 'year',
      valueType: 'select',
      fieldProps: { options: (rules.data?.years ?? []).map((y) => ({ value: y, label: `${y}年` })) },
      width: 80,
      render: (_, r) => `${r.year}年`,
    },
    {
      title: '版本',
      dataIndex: 'versionNo',
      search: false,
      width: 90,
      render: (_, r) => `第${r.versionNo}版${r.versions > 1 ? `（共${r.versions}版）` : ''}`,
    },
    { title: '服务区县', dataIndex: 'districtNames', search: false, width: 160, ellipsis: true },
    ...FILING_FIGURE_COLUMNS,
    {
      title: '审核意见',
      dataIndex: 'reviewRemark',
      search: false,
      width: 220,
      // The reason of a return is what the insurer acts on: shown whole.
      render: (_, r) => <span style={{ whiteSpace: 'normal' }}>{r.reviewRemark || '-'}</span>,
    },
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      search: false,
      width: 140,
      render: (_, r) => chinaTime(r.submittedAt),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 140,
      render: (_, r) => (
        <Space size={4}>
          <Action name="get">
            <Typography.Link onClick={() => setViewId(r.id)}>查看</Typography.Link>
          </Action>
          {r.actions.refile && (
            <Action name="add">
              <Typography.Link onClick={() => void refile(r.id)}>重新备案</Typography.Link>
            </Action>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<PreventionFilingRow>
        headerTitle="年度预防计划备案"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无预防计划备案' }}
        request={(q) => filingApi.list(q)}
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ base: null })}>
              新增备案
            </Button>
          </Action>,
        ]}
      />
      <FilingDrawer
        id={viewId}
        gov={false}
        onClose={() => setViewId(null)}
        footer={(d) =>
          d.actions.refile && d.latest ? (
            <Action name="add">
              <Button
                type="primary"
                onClick={() => {
                  setViewId(null);
                  setForm({ base: d });
                }}
              >
                重新备案
              </Button>
            </Action>
          ) : null
        }
      />
      {form && (
        <FilingFormModal
          open
          base={form.base}
          years={rules.data?.years ?? [chinaYear()]}
          capRatio={rules.data?.capRatio ?? 0.21}
          onClose={() => setForm(null)}
          onDone={() => {
            setForm(null);
            actionRef.current?.reload();
          }}
        />
      )}
    </>
  );
}
