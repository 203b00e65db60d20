import { DownloadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { chinaNow, dateTimeText, numberRule, PagedTable, valueEnumOf, yuan } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { FUND_ENTRY_KINDS, FUND_STATES, moneyRange } from '../../platform/contracts.ts';
import { districtName } from '../../platform/districts.ts';
import { AP_KEY, apApi, exportFunds, type FundEntryRow, type FundFilters, type FundRow } from './api.ts';
import { OptionTag } from './core-parts.tsx';

type Op = { kind: 'accrue' | 'spend' | 'writeOff' } | { kind: 'reverse'; entry: FundEntryRow };

const OP_TITLE = {
  accrue: '计提事故预防费用',
  spend: '登记支出',
  writeOff: '核销',
  reverse: '冲正',
} as const;

/** One write on a fund: accrue (ratio), spend (amount, date, description), reverse an entry, write off. */
function FundOpModal({ fund, op, onClose }: { fund: FundRow; op: Op | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ ratio?: number; amount?: number; occurredOn?: Dayjs; text?: string }>();
  const [sending, setSending] = useState(false);
  if (!op) return null;
  const submit = async () => {
    const v = await form.validateFields();
    const text = (v.text ?? '').trim();
    setSending(true);
    try {
      const res =
        op.kind === 'accrue'
          ? await apApi.accrue({ policyId: fund.policyId, ratio: v.ratio as number, remark: text })
          : op.kind === 'spend'
            ? await apApi.spend({
                policyId: fund.policyId,
                amount: v.amount as number,
                occurredOn: (v.occurredOn as Dayjs).format('YYYY-MM-DD'),
                description: text,
              })
            : op.kind === 'reverse'
              ? await apApi.reverse({ entryId: op.entry.id, reason: text })
              : await apApi.writeOff({ id: fund.id, version: fund.version, remark: text });
      message.success(res.message || '已保存');
      await queryClient.invalidateQueries({ queryKey: [AP_KEY] });
      onClose();
    } catch {
      // shown by the API client (e.g. a spend beyond the accrued fund, naming both amounts)
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open
      title={OP_TITLE[op.kind]}
      okText="确定"
      confirmLoading={sending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        保单 {fund.policyNo}：已计提 {yuan(fund.accrued)}，已支出 {yuan(fund.spent)}，可用{' '}
        {yuan(fund.available)}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ occurredOn: chinaNow(), ratio: fund.ratio || undefined }}
      >
        {op.kind === 'accrue' ? (
          <Form.Item
            name="ratio"
            label="计提比例（% 实收保费）"
            extra="不高于实收保费的21%（以平台设置的上限为准）"
            rules={[
              { required: true, message: '请填写计提比例' },
              numberRule('计提比例', { min: 0, max: 100, decimals: 2, minExclusive: true }),
            ]}
          >
            <InputNumber style={{ width: 200 }} />
          </Form.Item>
        ) : null}
        {op.kind === 'spend' ? (
          <>
            <Form.Item
              name="amount"
              label="支出金额（元）"
              rules={[
                { required: true, message: '请填写支出金额' },
                numberRule('支出金额', moneyRange({ positive: true })),
              ]}
            >
              <InputNumber style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="occurredOn"
              label="支出日期"
              rules={[{ required: true, message: '请选择支出日期' }]}
            >
              <DatePicker />
            </Form.Item>
          </>
        ) : null}
        {op.kind === 'reverse' ? (
          <Typography.Paragraph>
            冲正 {op.entry.kindLabel} {yuan(op.entry.amount)}（{op.entry.occurredOn} {op.entry.description}
            ）：台账不删除原记录，追加一条反向记录。
          </Typography.Paragraph>
        ) : null}
        <Form.Item
          name="text"
          label={op.kind === 'spend' ? '支出说明' : op.kind === 'reverse' ? '冲正原因' : '备注'}
          rules={[
            ...(op.kind === 'spend' || op.kind === 'reverse'
              ? [
                  {
                    required: true,
                    whitespace: true,
                    message: op.kind === 'spend' ? '请填写支出说明' : '请填写冲正原因',
                  },
                  { min: 2, message: '至少2个字' },
                ]
              : []),
            { max: 500, message: '最多500个字' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A fund and every entry of it (append-only), with the insurer's writes. */
function FundDrawer({
  id,
  onClose,
  editable,
}: {
  id: number | null;
  onClose: () => void;
  editable: boolean;
}) {
  const [op, setOp] = useState<Op | null>(null);
  const q = useQuery({
    queryKey: [AP_KEY, 'fund', id],
    queryFn: () => apApi.fund(id as number),
    enabled: id !== null,
  });
  const fund = q.data?.fund;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={860}
      title={fund ? `费用台账 ${fund.policyNo}` : '费用台账'}
      loading={q.isLoading}
      data-testid="fund-drawer"
    >
      {fund ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered data-testid="fund-figures">
            <Descriptions.Item label="被保企业">{fund.enterpriseName}</Descriptions.Item>
            <Descriptions.Item label="保险机构">{fund.insurerName}</Descriptions.Item>
            <Descriptions.Item label="实收保费">
              {yuan(fund.premium)}
              {fund.share < 100 ? `（份额${fund.share}%）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="计提比例">{fund.ratio}%</Descriptions.Item>
            <Descriptions.Item label="已计提">{yuan(fund.accrued)}</Descriptions.Item>
            <Descriptions.Item label="已支出">{yuan(fund.spent)}</Descriptions.Item>
            <Descriptions.Item label="可用">{yuan(fund.available)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <OptionTag options={FUND_STATES} value={fund.state as 'pending'} />
            </Descriptions.Item>
          </Descriptions>
          {editable && fund.state !== 'writtenOff' ? (
            <Action name="edit">
              <Space wrap>
                <Button type="primary" onClick={() => setOp({ kind: 'accrue' })}>
                  计提
                </Button>
                <Button onClick={() => setOp({ kind: 'spend' })}>登记支出</Button>
                <Button onClick={() => setOp({ kind: 'writeOff' })}>核销</Button>
              </Space>
            </Action>
          ) : null}
          <Table<FundEntryRow>
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={q.data?.entries ?? []}
            data-testid="fund-entries"
            locale={{ emptyText: '暂无台账记录' }}
            columns={[
              { title: '日期', dataIndex: 'occurredOn', width: 110 },
              {
                title: '类型',
                dataIndex: 'kind',
                width: 80,
                render: (_, e) => <OptionTag options={FUND_ENTRY_KINDS} value={e.kind as 'spend'} />,
              },
              {
                title: '金额',
                dataIndex: 'amount',
                width: 120,
                align: 'right',
                render: (_, e) => yuan(e.amount),
              },
              { title: '说明', dataIndex: 'description', width: 240 },
              {
                title: '关联',
                dataIndex: 'reversesId',
                width: 120,
                render: (_, e) =>
                  e.reversesId ? (
                    `冲正 #${e.reversesId}`
                  ) : e.reversedById ? (
                    <Tag>已冲正</Tag>
                  ) : e.planId ? (
                    `服务记录 #${e.planId}`
                  ) : (
                    '-'
                  ),
              },
              {
                title: '经办',
                dataIndex: 'byName',
                width: 120,
                render: (_, e) => `${e.byName} ${dateTimeText(e.createdAt)}`,
              },
              ...(editable
                ? [
                    {
                      title: '操作',
                      key: 'op',
                      width: 70,
                      render: (_: unknown, e: FundEntryRow) =>
                        e.reversedById ||
                        e.reversesId ||
                        e.kind === 'writeOff' ||
                        fund.state === 'writtenOff' ? null : (
                          <Action name="edit">
                            <Typography.Link onClick={() => setOp({ kind: 'reverse', entry: e })}>
                              冲正
                            </Typography.Link>
                          </Action>
                        ),
                    },
                  ]
                : []),
            ]}
          />
          <FundOpModal fund={fund} op={op} onClose={() => setOp(null)} />
        </Space>
      ) : null}
    </Drawer>
  );
}

type SearchValues = { keyword?: string; state?: string; districtCode?: string };

/**
 * 费用台账 (domain 1.5, 3.5; AQ 9010 7.3): the prevention fund of each policy — accrued, spent, available,
 * state — with its entries; the insurer accrues, spends, reverses and writes off; export to .xlsx.
 */
export function FundLedger({ editable }: { editable: boolean }) {
  const { message } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [open, setOpen] = useState<number | null>(null);
  const [filters, setFilters] = useState<FundFilters>({});
  const [exporting, setExporting] = useState(false);
  const columns: ProColumns<FundRow>[] = [
    { title: '关键字', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '保单号/企业' } },
    {
      title: '保单号',
      dataIndex: 'policyNo',
      search: false,
      render: (_, r) => (
        <Typography.Link onClick={() => setOpen(r.id)} data-testid={`fund-${r.policyNo}`}>
          {r.policyNo}
        </Typography.Link>
      ),
    },
    { title: '被保企业', dataIndex: 'enterpriseName', search: false },
    {
      title: '所属区县',
      dataIndex: 'districtCode',
      search: false,
      render: (_, r) => districtName(r.districtCode),
    },
    {
      title: '实收保费',
      dataIndex: 'premium',
      search: false,
      align: 'right',
      render: (_, r) => yuan(r.premium),
    },
    { title: '比例', dataIndex: 'ratio', search: false, render: (_, r) => `${r.ratio}%` },
    {
      title: '已计提',
      dataIndex: 'accrued',
      search: false,
      align: 'right',
      render: (_, r) => yuan(r.accrued),
    },
    {
      title: '已支出',
      dataIndex: 'spent',
      search: false,
      align: 'right',
      render: (_, r) => <span data-testid="fund-spent">{yuan(r.spent)}</span>,
    },
    {
      title: '可用',
      dataIndex: 'available',
      search: false,
      align: 'right',
      // A written-off fund takes no more entries: what was left is not available any more.
      render: (_, r) =>
        r.state === 'writtenOff' ? (
          <Typography.Text type="secondary">— 已核销（结余 {yuan(r.available)}）</Typography.Text>
        ) : (
          yuan(r.available)
        ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: valueEnumOf(FUND_STATES),
      render: (_, r) => <OptionTag options={FUND_STATES} value={r.state as 'pending'} />,
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 60,
      render: (_, r) => [
        <Typography.Link key="open" onClick={() => setOpen(r.id)}>
          明细
        </Typography.Link>,
      ],
    },
  ];
  const doExport = async () => {
    setExporting(true);
    try {
      await exportFunds(filters);
      message.success('导出成功');
    } catch {
      // shown by the API client
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <PagedTable<FundRow, SearchValues>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        headerTitle="事故预防费用台账"
        data-testid="fund-list"
        toolBarRender={() => [
          <Action key="export" name="export">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport}>
              导出台账
            </Button>
          </Action>,
        ]}
        locale={{ emptyText: '暂无费用台账' }}
        request={(q) => {
          const { keyword, state, pageNo, pageSize } = q as SearchValues & {
            pageNo: number;
            pageSize: number;
          };
          const next: FundFilters = {
            ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
            ...(state ? { state: state as FundFilters['state'] } : {}),
          };
          if (JSON.stringify(next) !== JSON.stringify(filters)) setFilters(next);
          return apApi.funds({ ...next, pageNo, pageSize });
        }}
      />
      <FundDrawer id={open} editable={editable} onClose={() => setOpen(null)} />
    </>
  );
}
