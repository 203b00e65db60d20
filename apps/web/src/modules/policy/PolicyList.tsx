import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PagedTable, tableWidth, valueEnumOf } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { DISTRICTS, POLICY_ISSUED_STATES, POLICY_STATES } from '../../platform/contracts.ts';
import { downloadFile } from '../../platform/download.ts';
import { type PolicyListQuery, type PolicyRow, policyApi } from './api.ts';
import { policyColumns } from './columns.tsx';
import { detailPath, editPath, PATHS, type Side } from './paths.ts';
import { ReviewPolicyModal, type ReviewTarget } from './ReviewPolicyModal.tsx';
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
    ...policyColumns({
      side,
      onOpen: (r) => navigate(detailPath(side, r.id)),
      states: valueEnumOf(stateOptions),
      districts: DISTRICTS,
    }),
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
