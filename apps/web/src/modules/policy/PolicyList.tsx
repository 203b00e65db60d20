import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PagedTable, tableWidth, valueEnumOf, wan, yuan } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { DISTRICTS, POLICY_ISSUED_STATES, POLICY_STATES, WS_INDUSTRIES } from '../../platform/contracts.ts';
import { downloadFile } from '../../platform/download.ts';
import { type PolicyListQuery, type PolicyRow, policyApi } from './api.ts';
import { PolicyStateTag } from './parts.tsx';
import { detailPath, editPath, PATHS, type Side } from './paths.ts';
import { ReviewPolicyModal, type ReviewTarget } from './ReviewPolicyModal.tsx';
import { UnderCoveredTag } from './UnderCoveredTag.tsx';
import '../../components/nowrap.css';

type Variant = 'entManage' | 'entQuery' | 'insurer';

interface Filters {
  keyword?: string;
  state?: string;
  districtCode?: string;
  wsIndustryCode?: string;
  year?: number;
  startRange?: [string, string];
}

/** A draft saved without some values holds 0 for them: shown as not filled in. */
const unfilled = (r: PolicyRow, n: number) => r.status === 'draft' && n === 0;

/**
 * The policy lists: the enterprise's applications and policies (投保管理, with apply / edit / submit /
 * endorse), its issued policies (保单查询), and the insurer's policy management (filters, review of
 * submitted applications, entry, export to .xlsx).
 *
 * Widths fit the list beside the menu at 1440 px (about 1,020 px: the card and the table's own card
 * both pad it; measured by the browser test): numbers, codes and dates never
 * wrap mid-value (two values share a cell on two lines instead), the company name is cut with its whole
 * text on hover, and the 操作 column is fixed on the right so its links stay in view on narrower windows.
 */
export function PolicyList({ variant }: { variant: Variant }) {
  const side: Side = variant === 'insurer' ? 'insurer' : 'enterprise';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { user } = useAuth();
  const ref = useRef<ActionType | undefined>(undefined);
  const [review, setReview] = useState<ReviewTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const lastQuery = useRef<Omit<PolicyListQuery, 'pageNo' | 'pageSize'>>({});

  const reload = () => {
    ref.current?.reload();
    void qc.invalidateQueries({ queryKey: ['policy'] });
  };

  const submit = async (row: PolicyRow) => {
    try {
      await policyApi.submit(row.id, row.version);
      message.success('已提交审核');
      reload();
    } catch {
      // shown by the client
    }
  };

  const stateOptions =
    variant === 'entQuery'
      ? POLICY_STATES.filter((s) => POLICY_ISSUED_STATES.includes(s.value))
      : POLICY_STATES;
  // A link may open the list filtered (?state=submitted from the insurer's workbench): the 状态 filter
  // starts with it, if it is one of the list's states.
  const [urlParams] = useSearchParams();
  const urlState = urlParams.get('state');
  const initialState = stateOptions.some((o) => o.value === urlState) ? urlState : null;

  const columns: ProColumns<PolicyRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: {
        placeholder: variant === 'insurer' ? '保单号/投保单号/企业名称/信用代码' : '保单号或投保单号',
      },
    },
    {
      title: '保单号 / 投保单号',
      dataIndex: 'policyNo',
      search: false,
      width: 178,
      render: (_, r) => (
        <Space direction="vertical" size={0} className="aq-nowrap">
          <Typography.Link onClick={() => navigate(detailPath(side, r.id))} title={r.policyNo ?? undefined}>
            {r.policyNo ?? '（未出单）'}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.applicationNo}
          </Typography.Text>
        </Space>
      ),
    },
    ...(variant === 'insurer'
      ? ([
          {
            title: '投保企业',
            dataIndex: 'holderName',
            search: false,
            width: 176,
            render: (_, r) => (
              <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
                <Typography.Text ellipsis title={r.holderName} style={{ display: 'block', maxWidth: 160 }}>
                  {r.holderName}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} className="aq-nowrap">
                  {r.districtName} · {r.wsIndustryName}
                </Typography.Text>
              </Space>
            ),
          },
        ] as ProColumns<PolicyRow>[])
      : []),
    {
      title: '出单机构',
      dataIndex: 'insurerName',
      search: false,
      width: variant === 'insurer' ? 108 : 220,
      render: (_, r) => (
        <Typography.Text
          ellipsis
          title={r.insurerName}
          style={{ display: 'block', maxWidth: variant === 'insurer' ? 92 : 204 }}
        >
          {r.insurerName}
        </Typography.Text>
      ),
    },
    {
      title: '保险期间',
      dataIndex: 'startRange',
      valueType: 'dateRange',
      width: 108,
      search: { transform: (v: [string, string]) => ({ startFrom: v[0], startTo: v[1] }) },
      fieldProps: { placeholder: ['起期从', '起期至'] },
      render: (_, r) => (
        <Space direction="vertical" size={0} className="aq-num">
          <span>{r.startDate} 至</span>
          <span>{r.endDate}</span>
        </Space>
      ),
    },
    {
      title: '参保人数',
      dataIndex: 'headcount',
      search: false,
      align: 'right',
      width: 104,
      render: (_, r) => (
        <Space direction="vertical" size={0} align="end">
          <span className="aq-num">{unfilled(r, r.headcount) ? '-' : `${r.headcount} 人`}</span>
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
        <Space direction="vertical" size={0} align="end" className="aq-num">
          <span title="保额（万元）">{unfilled(r, r.sumInsured) ? '-' : wan(r.sumInsured, false)}</span>
          <Typography.Text type="secondary" title="保费（元）">
            {unfilled(r, r.premium) ? '-' : yuan(r.premium, false)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: valueEnumOf(stateOptions),
      width: 92,
      render: (_, r) => <PolicyStateTag state={r.state} />,
    },
    ...(variant === 'insurer'
      ? ([
          {
            title: '所属区县',
            dataIndex: 'districtCode',
            valueType: 'select',
            valueEnum: valueEnumOf(DISTRICTS),
            hideInTable: true,
          },
          {
            title: '行业领域',
            dataIndex: 'wsIndustryCode',
            valueType: 'select',
            valueEnum: valueEnumOf(WS_INDUSTRIES),
            hideInTable: true,
          },
          {
            title: '起保年度',
            dataIndex: 'year',
            valueType: 'dateYear',
            hideInTable: true,
            search: { transform: (v: string) => ({ year: Number(String(v).slice(0, 4)) }) },
          },
        ] as ProColumns<PolicyRow>[])
      : []),
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: variant === 'insurer' ? 120 : 140,
      render: (_, r) => {
        const own =
          side === 'enterprise'
            ? r.enteredBy === 'enterprise'
            : r.enteredBy === 'insurer' && r.insurerId === user?.orgId;
        const editable = own && (r.status === 'draft' || r.status === 'rejected');
        const lead = side === 'insurer' && r.insurerId === user?.orgId;
        return (
          <Space size={8} className="aq-nowrap">
            <Typography.Link onClick={() => navigate(detailPath(side, r.id))}>查看</Typography.Link>
            {variant !== 'entQuery' && editable ? (
              <Action name="edit">
                <Space size={8}>
                  <Typography.Link onClick={() => navigate(editPath(side, r.id))}>修改</Typography.Link>
                  <Popconfirm
                    title="提交审核"
                    description="提交后由出单保险机构审核，审核期间不能修改。确定提交？"
                    onConfirm={() => submit(r)}
                  >
                    <Typography.Link>提交</Typography.Link>
                  </Popconfirm>
                </Space>
              </Action>
            ) : null}
            {variant === 'insurer' && lead && r.status === 'submitted' ? (
              <Action name="edit">
                <Typography.Link onClick={() => setReview(r)}>审核</Typography.Link>
              </Action>
            ) : null}
            {side === 'enterprise' && r.status === 'approved' && r.state !== 'expired' ? (
              <Action permission="endorsement.add">
                <Typography.Link onClick={() => navigate(`${PATHS.entEndorseAdd}?policyId=${r.id}`)}>
                  批改
                </Typography.Link>
              </Action>
            ) : null}
          </Space>
        );
      },
    },
  ];

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadFile(policyApi.exportUrl, {
        method: 'POST',
        params: lastQuery.current as Record<string, string>,
        fallbackName: '保单列表.xlsx',
      });
      message.success('导出成功');
    } catch {
      // shown by the client
    } finally {
      setExporting(false);
    }
  };

  const toolbar = [
    variant === 'entManage' ? (
      <Action name="add" key="add">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PATHS.entAdd)}>
          投保申请
        </Button>
      </Action>
    ) : null,
    variant === 'insurer' ? (
      <Action name="add" key="add">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PATHS.insAdd)}>
          新增保单
        </Button>
      </Action>
    ) : null,
    variant === 'insurer' ? (
      <Action name="export" key="export">
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportXlsx}>
          导出
        </Button>
      </Action>
    ) : null,
  ].filter(Boolean);

  const titles: Record<Variant, string> = {
    entManage: '投保管理',
    entQuery: '保单查询',
    insurer: '保单管理',
  };

  return (
    <Card variant="borderless">
      <PagedTable<PolicyRow, Filters>
        headerTitle={titles[variant]}
        actionRef={ref}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: variant !== 'insurer' }}
        form={initialState ? { initialValues: { state: initialState } } : undefined}
        toolBarRender={() => toolbar}
        scroll={{ x: tableWidth(columns) }}
        locale={{ emptyText: variant === 'entManage' ? '暂无投保记录，点击“投保申请”开始投保' : '暂无保单' }}
        request={async (q) => {
          const { pageNo, pageSize, ...rest } = q as typeof q & { startFrom?: string; startTo?: string };
          const query: PolicyListQuery = {
            pageNo,
            pageSize,
            ...(rest as Omit<PolicyListQuery, 'pageNo' | 'pageSize'>),
          };
          // 保单查询 lists issued policies only; applications stay on 投保管理.
          if (variant === 'entQuery' && !query.state) query.state = 'issued';
          lastQuery.current = { ...(rest as Omit<PolicyListQuery, 'pageNo' | 'pageSize'>) };
          return policyApi.list(query);
        }}
      />
      <ReviewPolicyModal
        target={review}
        onClose={() => setReview(null)}
        onDone={() => {
          setReview(null);
          reload();
        }}
      />
    </Card>
  );
}
