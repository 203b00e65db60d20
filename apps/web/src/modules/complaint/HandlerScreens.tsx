import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Statistic } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../platform/auth.ts';
import { ComplaintState } from '../../platform/contracts.ts';
import { COMPLAINT_KEY, complaintApi } from './api.ts';
import { ComplaintDetailPage } from './ComplaintDetail.tsx';
import { type ComplaintTab, ComplaintTable } from './ComplaintTable.tsx';
import { COMPLAINANT_PATHS, HANDLER_PATHS, type HandlerSide } from './paths.ts';

/** The quick views of a handling list: what waits for the handler first. */
const HANDLER_TABS: ComplaintTab[] = [
  { key: 'todo', label: '待受理', filters: { state: ComplaintState.SUBMITTED } },
  { key: 'handling', label: '办理中', filters: { state: ComplaintState.HANDLING } },
  { key: 'accepted', label: '已受理', filters: { state: ComplaintState.ACCEPTED } },
  { key: 'overdue', label: '已超期', filters: { overdue: true } },
  { key: 'answered', label: '已答复', filters: { state: ComplaintState.ANSWERED } },
  { key: 'all', label: '全部', filters: {} },
];

/** The regulator's quick views: everything (overdue first), escalated, overdue. */
const GOV_TABS: ComplaintTab[] = [
  { key: 'all', label: '全部', filters: {} },
  { key: 'escalated', label: '已转监管', filters: { state: ComplaintState.ESCALATED } },
  { key: 'overdue', label: '已超期', filters: { overdue: true } },
  { key: 'handling', label: '办理中', filters: { state: ComplaintState.HANDLING } },
  { key: 'closed', label: '办结', filters: { state: ComplaintState.CLOSED } },
];

/** Totals of the handler's complaints: how many, replied on time, overdue, satisfaction. */
export function ComplaintTotals() {
  const stats = useQuery({
    queryKey: [COMPLAINT_KEY, 'stats', 'totals'],
    queryFn: () => complaintApi.stats({}),
  });
  const t = stats.data?.totals;
  const rate = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v}%`);
  return (
    <Row gutter={16} data-testid="complaint-totals">
      <Col xs={12} md={6}>
        <Card size="small" loading={stats.isLoading}>
          <Statistic title="投诉总数（件）" value={t?.total ?? 0} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small" loading={stats.isLoading}>
          <Statistic
            title="已超期未答复（件）"
            value={t?.overdue ?? 0}
            valueStyle={t?.overdue ? { color: '#cf1322' } : undefined}
          />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small" loading={stats.isLoading}>
          <Statistic title="按期答复率" value={rate(t?.onTimeRate)} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small" loading={stats.isLoading}>
          <Statistic title="满意率" value={rate(t?.satisfactionRate)} />
        </Card>
      </Col>
    </Row>
  );
}

/** A handling list (insurer, operations centre, regulator) above its totals. */
function HandlingList({
  side,
  title,
  tabs,
  exportable,
}: {
  side: HandlerSide;
  title: string;
  tabs?: ComplaintTab[];
  exportable: boolean;
}) {
  const navigate = useNavigate();
  const detail = HANDLER_PATHS[side].detail;
  const from = side === 'insurer' ? '&from=handle' : '';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ComplaintTotals />
      <Card variant="borderless">
        <ComplaintTable
          view={side === 'gov' ? 'gov' : 'handled'}
          title={title}
          exportable={exportable}
          {...(tabs ? { tabs } : {})}
          onOpen={(r) => navigate(`${detail}?id=${r.id}${from}`)}
        />
      </Card>
    </Space>
  );
}

/** insuranceComplaintManage (投诉处理): complaints against the insurer and its providers, to handle. */
export const InsuranceComplaintManage = () => (
  <HandlingList side="insurer" title="投诉处理" tabs={HANDLER_TABS} exportable={false} />
);

/** insuranceComplaintQuery (投诉查询): every complaint it handles or that is against it, with export. */
export const InsuranceComplaintQuery = () => <HandlingList side="insurer" title="投诉查询" exportable />;

/** 平台投诉处理 (operations centre): complaints about the platform. */
export const AdminComplaint = () => (
  <HandlingList side="admin" title="平台投诉处理" tabs={HANDLER_TABS} exportable />
);
export const AdminComplaintDetail = () => (
  <ComplaintDetailPage back={HANDLER_PATHS.admin.list} backLabel="返回平台投诉处理" />
);

/**
 * 投诉管理 (regulator): every complaint of its districts, overdue first; filters by state, type, unit and
 * time; .xlsx export; take over, reassign or order a re-handling from the detail.
 */
export const GovComplaint = () => <HandlingList side="gov" title="投诉管理" tabs={GOV_TABS} exportable />;
export const GovComplaintDetail = () => (
  <ComplaintDetailPage back={HANDLER_PATHS.gov.list} backLabel="返回投诉管理" />
);

/**
 * The insurer's 投诉详情: back to the handling list when opened from it or when the insurer handles the
 * complaint (a message link), else to 我的投诉.
 */
export function InsuranceComplaintDetail() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const fromHandling = params.get('from') === 'handle';
  const handlingBack = { path: HANDLER_PATHS.insurer.list, label: '返回投诉处理' };
  const mineBack = { path: COMPLAINANT_PATHS.insurer.list, label: '返回我的投诉' };
  const start = fromHandling ? handlingBack : mineBack;
  return (
    <ComplaintDetailPage
      back={start.path}
      backLabel={start.label}
      backFor={(c) =>
        fromHandling || (user?.orgId != null && c.handlerOrgId === user.orgId) ? handlingBack : mineBack
      }
    />
  );
}
