import { DownloadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { CLAIM_PHASES, POLICY_STATES, WS_INDUSTRIES } from '@aqzrx/contracts/constants';
import { App, Button, Card, Space, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CutText, DateTimeCell, PagedTable, tableWidth, valueEnumOf, yuan } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useDistrictOptions } from '../../platform/districts.ts';
import { downloadFile } from '../../platform/download.ts';
import type { QueryValue } from '../../platform/request.ts';
import { type ClaimFilters, type ClaimRow, claimApi } from '../claim/index.ts';
import { type PolicyListQuery, type PolicyRow, policyApi, UnderCoveredTag } from '../policy/index.ts';
import { numText } from './display.tsx';
import { ClaimDrawer, ClaimFlags, ClaimStepTag, PolicyDrawer, PolicyStateTag } from './insurance-views.tsx';

const thisYear = new Date().getFullYear();
const YEARS = Object.fromEntries(
  Array.from({ length: 6 }, (_, i) => thisYear + 1 - i).map((y) => [String(y), { text: `${y}年` }]),
);

type Raw = Record<string, unknown>;

const fmt = (d: unknown) =>
  typeof d === 'string'
    ? d.slice(0, 10)
    : d && typeof (d as Dayjs).format === 'function'
      ? (d as Dayjs).format('YYYY-MM-DD')
      : undefined;

/** Policy list filters as the server takes them (the date range splits into startFrom/startTo). */
export function policyQuery(p: Raw): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = {};
  for (const k of ['keyword', 'districtCode', 'wsIndustryCode', 'state'] as const) {
    const v = p[k];
    if (typeof v === 'string' && v.trim()) q[k] = v.trim();
  }
  if (p.year) q.year = Number(p.year);
  const range = p.startRange as unknown[] | undefined;
  if (Array.isArray(range)) {
    const [from, to] = range.map(fmt);
    if (from) q.startFrom = from;
    if (to) q.startTo = to;
  }
  return q;
}

/** Claim list filters as the server takes them (the date range splits into accidentFrom/accidentTo). */
export function claimQuery(p: Raw): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = {};
  for (const k of ['keyword', 'districtCode', 'wsIndustryCode', 'phase', 'flag'] as const) {
    const v = p[k];
    if (typeof v === 'string' && v.trim()) q[k] = v.trim();
  }
  if (p.year) q.year = Number(p.year);
  const range = p.accidentRange as unknown[] | undefined;
  if (Array.isArray(range)) {
    const [from, to] = range.map(fmt);
    if (from) q.accidentFrom = from;
    if (to) q.accidentTo = to;
  }
  return q;
}

const page = (p: Raw) => ({ pageNo: Number(p.pageNo) || 1, pageSize: Number(p.pageSize) || 10 });

/** Codes, numbers and dates never wrap mid-value. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

function PolicyTab() {
  const { message } = App.useApp();
  const districts = useDistrictOptions();
  const [open, setOpen] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const last = useRef<Record<string, QueryValue>>({});
  // Widths fit the tab beside the menu at 1440 px (LIST_WIDTH_AT_1440): every column in view without
  // scrolling sideways. District and industry sit under the company name; two amounts share a cell.
  const columns: ProColumns<PolicyRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '保单号/投保单号/企业名称' },
    },
    {
      title: '保单号',
      dataIndex: 'policyNo',
      search: false,
      width: 176,
      render: (_, r) => {
        const no = r.policyNo ?? r.applicationNo;
        return (
          <Typography.Link
            ellipsis
            title={no}
            onClick={() => setOpen(r.id)}
            style={{ display: 'block', maxWidth: 160 }}
          >
            {no}
          </Typography.Link>
        );
      },
    },
    {
      title: '投保企业',
      dataIndex: 'holderName',
      search: false,
      width: 184,
      render: (_, r) => (
        <>
          <CutText text={r.holderName} width={168} />
          <CutText text={`${r.districtName} · ${r.wsIndustryName || '-'}`} width={168} secondary />
        </>
      ),
    },
    {
      title: '所属区县',
      dataIndex: 'districtCode',
      valueType: 'select',
      valueEnum: valueEnumOf(districts.options),
      hideInTable: true,
    },
    {
      title: '行业',
      dataIndex: 'wsIndustryCode',
      valueType: 'select',
      valueEnum: valueEnumOf(WS_INDUSTRIES),
      hideInTable: true,
    },
    {
      title: '出单机构',
      dataIndex: 'insurerName',
      search: false,
      width: 112,
      render: (_, r) => <CutText text={r.insurerName} width={96} />,
    },
    {
      title: '保险期间',
      key: 'period',
      search: false,
      width: 108,
      render: (_, r) => (
        <span style={ONE_LINE}>
          {r.startDate} 至
          <br />
          {r.endDate}
        </span>
      ),
    },
    { title: '起保日期', dataIndex: 'startRange', valueType: 'dateRange', hideInTable: true },
    { title: '年度', dataIndex: 'year', valueType: 'select', valueEnum: YEARS, hideInTable: true },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: {
        ...valueEnumOf(POLICY_STATES.filter((s) => s.value !== 'draft')),
        valid: { text: '有效（保障中+即将到期）' },
      },
      width: 88,
      render: (_, r) => <PolicyStateTag state={r.state} label={r.stateLabel} />,
    },
    {
      title: '参保人数',
      dataIndex: 'headcount',
      search: false,
      align: 'right',
      width: 104,
      render: (_, r) => (
        <Space direction="vertical" size={0} align="end">
          <span style={ONE_LINE}>{r.headcount.toLocaleString('zh-CN')} 人</span>
          <UnderCoveredTag row={r} compact />
        </Space>
      ),
    },
    {
      title: (
        <span>
          保额（万元）
          <br />
          保费（元）
        </span>
      ),
      key: 'amounts',
      dataIndex: 'premium',
      search: false,
      align: 'right',
      width: 116,
      render: (_, r) => (
        <span style={ONE_LINE}>
          <span title="保额（万元）">{numText(r.sumInsuredWan, 4)}</span>
          <br />
          <Typography.Text type="secondary" title="保费（元）">
            {yuan(r.premium, false)}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: (
        <span>
          预防费用
          <br />
          （元）
        </span>
      ),
      key: 'preventionFee',
      dataIndex: 'preventionFee',
      search: false,
      align: 'right',
      width: 100,
      render: (_, r) => <span style={ONE_LINE}>{yuan(r.preventionFee, false)}</span>,
    },
  ];
  return (
    <>
      <PagedTable<PolicyRow>
        headerTitle="本辖区保单"
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        options={{ density: false, setting: false }}
        locale={{ emptyText: '没有符合条件的保单' }}
        request={async (p) => {
          const q = policyQuery(p as Raw);
          last.current = q;
          return policyApi.list({ ...q, ...page(p as Raw) } as PolicyListQuery);
        }}
        toolBarRender={() => [
          <Action key="export" name="export">
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  await downloadFile(policyApi.exportUrl, {
                    method: 'POST',
                    params: last.current,
                    fallbackName: '保单列表.xlsx',
                  });
                  message.success('导出成功');
                } catch {
                  // shown by the client
                } finally {
                  setExporting(false);
                }
              }}
            >
              导出保单
            </Button>
          </Action>,
        ]}
      />
      <PolicyDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

function ClaimTab({ openId, onClosed }: { openId: number | null; onClosed: () => void }) {
  const districts = useDistrictOptions();
  const [open, setOpen] = useState<number | null>(openId);
  useEffect(() => {
    if (openId !== null) setOpen(openId);
  }, [openId]);
  // Widths fit the tab beside the menu at 1440 px (LIST_WIDTH_AT_1440): every column in view without
  // scrolling sideways. The district sits under the company name, the phase under the step and the
  // casualties under the accident level; the drawer has the rest.
  const columns: ProColumns<ClaimRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '报案号/立案号/保单号/企业名称' },
    },
    {
      title: '报案号',
      dataIndex: 'reportNo',
      search: false,
      width: 168,
      render: (_, r) => (
        <Typography.Link
          ellipsis
          title={r.reportNo}
          onClick={() => setOpen(r.id)}
          style={{ display: 'block', maxWidth: 152 }}
        >
          {r.reportNo}
        </Typography.Link>
      ),
    },
    {
      title: '企业',
      dataIndex: 'enterpriseName',
      search: false,
      width: 220,
      render: (_, r) => (
        <>
          <CutText text={r.enterpriseName} width={204} />
          <CutText text={r.districtName} width={204} secondary />
        </>
      ),
    },
    {
      title: '所属区县',
      dataIndex: 'districtCode',
      valueType: 'select',
      valueEnum: valueEnumOf(districts.options),
      hideInTable: true,
    },
    {
      title: '行业',
      dataIndex: 'wsIndustryCode',
      valueType: 'select',
      valueEnum: valueEnumOf(WS_INDUSTRIES),
      hideInTable: true,
    },
    {
      title: '出险时间',
      dataIndex: 'accidentAt',
      search: false,
      width: 100,
      render: (_, r) => <DateTimeCell value={r.accidentAt} />,
    },
    { title: '出险日期', dataIndex: 'accidentRange', valueType: 'dateRange', hideInTable: true },
    { title: '报案年度', dataIndex: 'year', valueType: 'select', valueEnum: YEARS, hideInTable: true },
    {
      title: '案件状态',
      dataIndex: 'phase',
      valueType: 'select',
      valueEnum: valueEnumOf(CLAIM_PHASES),
      hideInTable: true,
    },
    {
      title: '当前环节',
      dataIndex: 'step',
      search: false,
      width: 112,
      render: (_, r) => (
        <Space direction="vertical" size={0} align="start">
          <ClaimStepTag step={r.step} label={r.stepLabel} />
          <Typography.Text type="secondary" style={{ fontSize: 12, ...ONE_LINE }}>
            {r.phaseLabel}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '事故等级/伤亡',
      dataIndex: 'accidentLevelLabel',
      search: false,
      width: 124,
      render: (_, r) => (
        <>
          <CutText text={r.accidentLevelLabel || '-'} width={108} />
          <Typography.Text type="secondary" style={{ fontSize: 12, ...ONE_LINE }}>
            亡{r.deaths} 伤{r.injuries}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '赔款（元）',
      dataIndex: 'payoutTotal',
      search: false,
      align: 'right',
      width: 112,
      render: (_, r) => <span style={ONE_LINE}>{yuan(r.payoutTotal, false)}</span>,
    },
    {
      title: '预警',
      dataIndex: 'flag',
      valueType: 'select',
      valueEnum: { late: { text: '逾期报案' }, unpaid: { text: '立案后超期未付' } },
      width: 96,
      render: (_, r) => <ClaimFlags r={r} />,
    },
  ];
  return (
    <>
      <PagedTable<ClaimRow>
        headerTitle="本辖区理赔案件"
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        options={{ density: false, setting: false }}
        locale={{ emptyText: '没有符合条件的理赔案件' }}
        request={async (p) => {
          return claimApi.list({ ...(claimQuery(p as Raw) as ClaimFilters), ...page(p as Raw) }, 'gov');
        }}
      />
      <ClaimDrawer
        id={open}
        onClose={() => {
          setOpen(null);
          onClosed();
        }}
      />
    </>
  );
}

/**
 * 保险业务 (government): the policies and claims of the user's districts, read-only, with filters, the
 * details of each and the policy export. Claims are read here; their handling belongs to the insurers.
 */
export function GovInsurance() {
  // `?claim=` (the link of a message about a claim, e.g. a 较大 accident) opens that claim's details.
  const [params, setParams] = useSearchParams();
  const raw = params.get('claim');
  const claimId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const [tab, setTab] = useState(claimId !== null ? 'claim' : 'policy');
  useEffect(() => {
    if (claimId !== null) setTab('claim');
  }, [claimId]);
  const closeClaim = () =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.delete('claim');
        return p;
      },
      { replace: true },
    );
  return (
    <Card variant="borderless">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          监管部门只读查看本辖区的保单和理赔案件；保单由保险机构出单，理赔由保险机构办理。
        </Typography.Text>
        <Tabs
          destroyOnHidden
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'policy', label: '保单', children: <PolicyTab /> },
            {
              key: 'claim',
              label: '理赔案件',
              children: <ClaimTab openId={claimId} onClosed={closeClaim} />,
            },
          ]}
        />
      </Space>
    </Card>
  );
}
