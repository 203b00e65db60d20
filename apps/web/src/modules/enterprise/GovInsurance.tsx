import { DownloadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { CLAIM_PHASES, POLICY_STATES } from '@aqzrx/contracts/constants';
import { App, Button, Card, Space, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagedTable, tableWidth, valueEnumOf, yuan } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useDistrictOptions } from '../../platform/districts.ts';
import { downloadFile } from '../../platform/download.ts';
import type { QueryValue } from '../../platform/request.ts';
import {
  CLAIM_COLUMNS_HIDDEN,
  type ClaimRow,
  claimApi,
  claimColumns,
  claimFiltersOf,
} from '../claim/index.ts';
import { type PolicyListQuery, type PolicyRow, policyApi, policyColumns } from '../policy/index.ts';
import { ClaimDrawer, PolicyDrawer } from './insurance-views.tsx';
import '../../components/nowrap.css';

type Raw = Record<string, unknown>;

const page = (p: Raw) => ({ pageNo: Number(p.pageNo) || 1, pageSize: Number(p.pageSize) || 10 });

/** Who regulates reads the policies without their drafts; 有效 is 保障中 and 即将到期 together. */
const GOV_POLICY_STATES = {
  ...valueEnumOf(POLICY_STATES.filter((s) => s.value !== 'draft')),
  valid: { text: '有效（保障中+即将到期）' },
  issued: { text: '已出单（含已退保）' },
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * Filters a link may carry into the tabs (the cockpit's drill-down): `?tab=policy&state=issued&districtCode=
 * &startFrom=&startTo=` or `?tab=claim&year=&phase=&flag=&districtCode=`. The form starts with those it
 * shows; the start-date range (no form field) applies while the page is open this way.
 */
function linkFilters(params: URLSearchParams) {
  const pick = (k: string, ok: (v: string) => boolean) => {
    const v = params.get(k);
    return v && ok(v) ? { [k]: v } : {};
  };
  const district = pick('districtCode', (v) => /^\d{6}$/.test(v));
  return {
    policyForm: { ...district, ...pick('state', (v) => v in GOV_POLICY_STATES) },
    policyRange: { ...pick('startFrom', (v) => DATE.test(v)), ...pick('startTo', (v) => DATE.test(v)) },
    claimForm: {
      ...district,
      ...pick('year', (v) => /^\d{4}$/.test(v)),
      ...pick('phase', (v) => CLAIM_PHASES.values.includes(v as never)),
      ...pick('flag', (v) => v === 'late' || v === 'unpaid'),
    },
  };
}
type LinkFilters = ReturnType<typeof linkFilters>;
const none = (o: object) => Object.keys(o).length === 0;

function PolicyTab({ link }: { link: LinkFilters }) {
  const { message } = App.useApp();
  const districts = useDistrictOptions();
  const [open, setOpen] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const last = useRef<Record<string, QueryValue>>({});
  // Widths fit the tab beside the menu at 1440 px (LIST_WIDTH_AT_1440): every column in view without
  // scrolling sideways. District and industry sit under the company name; two amounts share a cell.
  const columns: ProColumns<PolicyRow>[] = [
    ...policyColumns({
      side: 'gov',
      onOpen: (r) => setOpen(r.id),
      states: GOV_POLICY_STATES,
      districts: districts.options,
    }),
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
      render: (_, r) => <span className="aq-num">{yuan(r.preventionFee, false)}</span>,
    },
  ];
  return (
    <>
      <PagedTable<PolicyRow>
        headerTitle={
          link.policyRange.startFrom || link.policyRange.startTo
            ? `本辖区保单（起保日期 ${link.policyRange.startFrom ?? ''} 至 ${link.policyRange.startTo ?? ''}）`
            : '本辖区保单'
        }
        form={none(link.policyForm) ? undefined : { initialValues: link.policyForm }}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        options={{ density: false, setting: false }}
        locale={{ emptyText: '没有符合条件的保单' }}
        request={async (p) => {
          const { pageNo: _no, pageSize: _size, ...q } = p as Raw;
          last.current = { ...(q as Record<string, QueryValue>), ...link.policyRange };
          return policyApi.list({ ...q, ...link.policyRange, ...page(p as Raw) } as PolicyListQuery);
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

function ClaimTab({
  openId,
  onClosed,
  link,
}: {
  openId: number | null;
  onClosed: () => void;
  link: LinkFilters;
}) {
  const districts = useDistrictOptions();
  const [open, setOpen] = useState<number | null>(openId);
  useEffect(() => {
    if (openId !== null) setOpen(openId);
  }, [openId]);
  // Widths fit the tab beside the menu at 1440 px (LIST_WIDTH_AT_1440): every column in view without
  // scrolling sideways. The district sits under the company name, the phase under the step and the
  // casualties under the accident level; the drawer has the rest.
  const columns: ProColumns<ClaimRow>[] = [
    ...claimColumns({ side: 'gov', onOpen: (r) => setOpen(r.id), districts: districts.options }).filter(
      (c) => !CLAIM_COLUMNS_HIDDEN.gov.includes(String(c.key)),
    ),
    // Where the owners' lists have tabs, the regulator filters by phase and flag.
    {
      title: '案件状态',
      dataIndex: 'phase',
      valueType: 'select',
      valueEnum: valueEnumOf(CLAIM_PHASES),
      hideInTable: true,
    },
    {
      title: '预警类型',
      dataIndex: 'flag',
      valueType: 'select',
      valueEnum: { late: { text: '逾期报案' }, unpaid: { text: '立案后超期未付' } },
      hideInTable: true,
    },
  ];
  return (
    <>
      <PagedTable<ClaimRow>
        headerTitle="本辖区理赔案件"
        form={none(link.claimForm) ? undefined : { initialValues: link.claimForm }}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        options={{ density: false, setting: false }}
        locale={{ emptyText: '没有符合条件的理赔案件' }}
        request={async (p) => {
          return claimApi.list({ ...claimFiltersOf(p as Raw), ...page(p as Raw) }, 'gov');
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
  const link = linkFilters(params);
  const [tab, setTab] = useState(claimId !== null || params.get('tab') === 'claim' ? 'claim' : 'policy');
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
            { key: 'policy', label: '保单', children: <PolicyTab link={link} /> },
            {
              key: 'claim',
              label: '理赔案件',
              children: <ClaimTab openId={claimId} onClosed={closeClaim} link={link} />,
            },
          ]}
        />
      </Space>
    </Card>
  );
}
