import {
  ApiOutlined,
  AuditOutlined,
  BellOutlined,
  CommentOutlined,
  LockOutlined,
  MessageOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UserAddOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  List,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { BarChart, chinaTime, LineChart, tableWidth, thousands } from '../../components/index.ts';
import { Action, useAccess } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { LOG_KIND_OPTIONS, roleDisplayName, STAT_LABELS } from '../../platform/contracts.ts';
import { PORTAL_INDEX_PATH } from '../../platform/paths.ts';
import { flattenRoutes, toResourceRoutes } from '../../platform/resources.ts';
import { type AdminScreen, loadWorkbench, type OpLogRow, type WorkbenchAdmin } from './api.ts';

const STAT_ORDER = Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>;
const VALUE_STYLE = { fontSize: 24 } as const;
/** A figure stays on one line: 32,370,951.00 元 never breaks inside the number or before its unit. */
const STRIP_VALUE_STYLE = { fontSize: 18, whiteSpace: 'nowrap' } as const;

/**
 * Column widths of the recent operation log: they add up to less than the card leaves at 1440 px
 * (two thirds of about 1,070 px), so the IP column is whole; narrower windows scroll.
 */
export const OP_LOG_COLUMNS = [
  { width: 150 },
  { width: 120 },
  { width: 104 },
  { width: 70 },
  { width: 64 },
  { width: 124 },
  { width: 48 },
] as const;

/** Paths of the screens the signed-in role holds, by component name (null when it holds none). */
function useScreenPaths(): (component: AdminScreen) => string | null {
  const { resources } = useAuth();
  const byComponent = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of flattenRoutes(toResourceRoutes(resources)))
      if (!m.has(r.component)) m.set(r.component, r.path);
    return m;
  }, [resources]);
  return (component) => byComponent.get(component) ?? null;
}

function MaybeLink({ to, children }: { to: string | null; children: ReactNode }) {
  return to ? <Link to={to}>{children}</Link> : children;
}

const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.001 ? 2 : 1)}%`;

interface FigureProps {
  testId: string;
  title: string;
  icon: ReactNode;
  color: string;
  to: string | null;
  loading: boolean;
  failed: boolean;
  value: number | string | undefined;
  suffix?: string;
  /** A second line under the figure (breakdown). */
  note?: ReactNode;
}

/** One key figure: icon, value, a breakdown line; the whole card opens the screen behind it. */
function Figure({ testId, title, icon, color, to, loading, failed, value, suffix, note }: FigureProps) {
  const shown = failed ? '—' : typeof value === 'number' ? thousands(value) : (value ?? '—');
  return (
    <MaybeLink to={to}>
      <Card variant="borderless" hoverable={Boolean(to)} data-testid={testId} style={{ height: '100%' }}>
        <Space align="start" size={16}>
          <span style={{ fontSize: 28, color }}>{icon}</span>
          <div>
            <Statistic
              title={title}
              value={shown}
              suffix={failed ? undefined : suffix}
              loading={loading}
              valueStyle={VALUE_STYLE}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {failed ? '暂时无法获取' : loading ? '\u00a0' : note}
            </Typography.Text>
          </div>
        </Space>
      </Card>
    </MaybeLink>
  );
}

type PortalItems = WorkbenchAdmin['portal']['items'];

/** The public portal's figures, as the workbench call answered them (null: that figure is unavailable). */
function PortalStrip({ items, loading, failed }: { items: PortalItems; loading: boolean; failed: boolean }) {
  const byName = new Map(items.map((s) => [s.name, s]));
  return (
    <Card
      variant="borderless"
      title="平台业务概况（门户公开数据）"
      extra={<Link to={PORTAL_INDEX_PATH}>查看门户</Link>}
      data-testid="portal-strip"
    >
      {failed ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="门户统计暂时无法获取" />
      ) : (
        <Row gutter={[16, 16]}>
          {STAT_ORDER.map((name) => {
            const s = byName.get(name);
            const unit = STAT_LABELS[name].unit;
            const v = s === undefined ? 0 : s.value;
            return (
              // Six across on wide screens, three on medium ones (about 1000 px), two on phones.
              <Col key={name} xs={12} md={8} xl={4}>
                <Statistic
                  title={STAT_LABELS[name].label}
                  loading={loading}
                  value={
                    v === null
                      ? '—'
                      : unit === '元' || unit === '万元'
                        ? thousands(v.toFixed(2))
                        : thousands(v)
                  }
                  suffix={v === null ? undefined : unit}
                  valueStyle={STRIP_VALUE_STYLE}
                />
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}

interface QuickLink {
  permission: string;
  screen: AdminScreen;
  label: string;
  icon: ReactNode;
}

/** Frequent tasks; each shows only when the user holds its grant and the role has the screen. */
const QUICK_LINKS: QuickLink[] = [
  { permission: 'user.add', screen: 'UserAdd', label: '新增用户', icon: <UserAddOutlined /> },
  { permission: 'notice.add', screen: 'AdminNotice', label: '发布通知', icon: <NotificationOutlined /> },
  { permission: 'consult.edit', screen: 'AdminConsult', label: '答复咨询', icon: <CommentOutlined /> },
  { permission: 'message.add', screen: 'AdminMessage', label: '发送消息', icon: <MessageOutlined /> },
  { permission: 'role.query', screen: 'RoleManage', label: '角色权限', icon: <SafetyCertificateOutlined /> },
  { permission: 'setting.query', screen: 'AdminSetting', label: '平台设置', icon: <SettingOutlined /> },
  { permission: 'log.query', screen: 'AdminLog', label: '操作日志', icon: <AuditOutlined /> },
];

function QuickLinks({ pathOf }: { pathOf: (c: AdminScreen) => string | null }) {
  const navigate = useNavigate();
  const { hasPermission } = useAccess();
  const links = QUICK_LINKS.map((q) => ({ ...q, to: pathOf(q.screen) })).filter((q) => q.to !== null);
  return (
    <Card variant="borderless" title="常用操作" data-testid="quick-links">
      {!links.some((q) => hasPermission(q.permission)) && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可用的常用操作" />
      )}
      <Space wrap size={[8, 12]}>
        {links.map((q) => (
          <Action key={q.label} permission={q.permission}>
            <Button icon={q.icon} onClick={() => navigate(q.to!)}>
              {q.label}
            </Button>
          </Action>
        ))}
      </Space>
    </Card>
  );
}

/** /admin/home/AdminIndex/route (运营中心 › 工作台): the operations admin's workbench. */
export function AdminIndex() {
  const { hasPermission } = useAccess();
  const pathOf = useScreenPaths();

  // Ask only what the role may read: a refused call would send the user back to the login page.
  const canUsers = hasPermission('user.query');
  const canConsults = hasPermission('consult.query');
  const canNotices = hasPermission('notice.query');
  const canOpLog = hasPermission('log.query') && pathOf('AdminLog') !== null;
  const canRequestLog = hasPermission('log.query') && pathOf('RequestLog') !== null;

  // One call answers every figure (issue 19); it leaves out the sections the role may not read.
  const wb = useQuery({ queryKey: ['adminHome', 'workbench'], queryFn: loadWorkbench });
  const loading = wb.isLoading;
  /** A section shown on this page that the call did not answer (failed, or computed as null). */
  const unavailable = (shown: boolean, value: unknown) =>
    shown && (wb.isError || (wb.isSuccess && value == null));
  const data = wb.data;
  const u = data?.users ?? undefined;
  const n = data?.notices ?? undefined;
  const o = data?.opLogs ?? undefined;
  const r = data?.requests ?? undefined;
  const awaiting = data?.consults ?? undefined;
  const failed = {
    users: unavailable(canUsers, data?.users),
    consults: unavailable(canConsults, data?.consults),
    notices: unavailable(canNotices, data?.notices),
    opLogs: unavailable(canOpLog, data?.opLogs),
    requests: unavailable(canRequestLog, data?.requests),
  };
  const portalItems = data?.portal.items ?? [];
  const anyFailed =
    wb.isError || Object.values(failed).some(Boolean) || portalItems.some((i) => i.value === null);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="admin-index">
      {anyFailed && <Alert type="warning" showIcon message="部分统计暂时无法获取，请稍后刷新页面" />}
      {awaiting && awaiting.total > 0 && (
        <Alert
          type="info"
          showIcon
          message={
            <span>
              有 <b>{awaiting.total}</b> 条咨询等待答复。
              <MaybeLink to={pathOf('AdminConsult')}>去答复</MaybeLink>
            </span>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        {canUsers && (
          <Col xs={24} sm={12} xl={8} xxl={4}>
            <Figure
              testId="fig-users"
              title="用户总数"
              icon={<TeamOutlined />}
              color="#1677ff"
              to={pathOf('UserSearch')}
              loading={loading}
              failed={failed.users}
              value={u?.total}
              suffix="人"
              note={u && `停用 ${thousands(u.disabled)} 人 · 企业信息待完善 ${thousands(u.incomplete)} 人`}
            />
          </Col>
        )}
        {canConsults && (
          <Col xs={24} sm={12} xl={8} xxl={4}>
            <Figure
              testId="fig-consults"
              title="待答复咨询"
              icon={<CommentOutlined />}
              color="#fa8c16"
              to={pathOf('AdminConsult')}
              loading={loading}
              failed={failed.consults}
              value={awaiting?.total}
              suffix="条"
              note={awaiting && (awaiting.total > 0 ? '请及时答复企业的咨询' : '暂无待答复的咨询')}
            />
          </Col>
        )}
        {canNotices && (
          <Col xs={24} sm={12} xl={8} xxl={4}>
            <Figure
              testId="fig-notices"
              title="已发布通知"
              icon={<BellOutlined />}
              color="#52c41a"
              to={pathOf('AdminNotice')}
              loading={loading}
              failed={failed.notices}
              value={n?.published}
              suffix="条"
              note={n && `草稿 ${thousands(n.drafts)} 条`}
            />
          </Col>
        )}
        {canRequestLog && (
          <Col xs={24} sm={12} xl={8} xxl={4}>
            <Figure
              testId="fig-requests"
              title="今日请求"
              icon={<ApiOutlined />}
              color="#722ed1"
              to={pathOf('RequestLog')}
              loading={loading}
              failed={failed.requests}
              value={r?.today}
              suffix="次"
              note={r && `异常 ${thousands(r.errors)} 次 · 异常率 ${percent(r.errorRate)}`}
            />
          </Col>
        )}
        {canOpLog && (
          <Col xs={24} sm={12} xl={8} xxl={4}>
            <Figure
              testId="fig-login-fails"
              title="今日登录失败"
              icon={<LockOutlined />}
              color="#f5222d"
              to={pathOf('AdminLog')}
              loading={loading}
              failed={failed.opLogs}
              value={o?.loginFails}
              suffix="次"
              note={o && (o.loginFails > 0 ? '留意异常的登录尝试' : '今日无登录失败')}
            />
          </Col>
        )}
        {canOpLog && (
          <Col xs={24} sm={12} xl={8} xxl={4}>
            <Figure
              testId="fig-op-fails"
              title="今日操作失败"
              icon={<WarningOutlined />}
              color="#fa541c"
              to={pathOf('AdminLog')}
              loading={loading}
              failed={failed.opLogs}
              value={o?.fails}
              suffix="次"
              note={o && '含登录失败与被拒绝的操作'}
            />
          </Col>
        )}
      </Row>

      <PortalStrip items={portalItems} loading={loading} failed={wb.isError} />

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          {canOpLog && (
            <Card
              variant="borderless"
              title="最近操作日志"
              extra={<MaybeLink to={pathOf('AdminLog')}>全部日志</MaybeLink>}
              data-testid="recent-logs"
            >
              <Table<OpLogRow>
                size="small"
                rowKey="id"
                loading={loading}
                dataSource={o?.recent ?? []}
                pagination={false}
                scroll={{ x: tableWidth(OP_LOG_COLUMNS) }}
                locale={{ emptyText: failed.opLogs ? '操作日志暂时无法获取' : '暂无操作日志' }}
                columns={[
                  {
                    ...OP_LOG_COLUMNS[0],
                    title: '时间',
                    dataIndex: 'createdAt',
                    render: (v: string) => chinaTime(v, 'second'),
                  },
                  {
                    ...OP_LOG_COLUMNS[1],
                    title: '用户',
                    dataIndex: 'username',
                    ellipsis: true,
                    render: (v: string, row) => (
                      <Space direction="vertical" size={0}>
                        <span>{v || '—'}</span>
                        {row.roleKey && (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {roleDisplayName(row.roleKey)}
                          </Typography.Text>
                        )}
                      </Space>
                    ),
                  },
                  { ...OP_LOG_COLUMNS[2], title: '模块', dataIndex: 'module', ellipsis: true },
                  {
                    ...OP_LOG_COLUMNS[3],
                    title: '操作',
                    dataIndex: 'kind',
                    render: (v: string) => LOG_KIND_OPTIONS.label(v) || v,
                  },
                  {
                    ...OP_LOG_COLUMNS[4],
                    title: '结果',
                    dataIndex: 'outcome',
                    render: (v: string, row) =>
                      v === 'fail' ? (
                        <Tooltip title={row.errorMsg || undefined}>
                          <Tag color="error">失败</Tag>
                        </Tooltip>
                      ) : (
                        <Tag color="success">成功</Tag>
                      ),
                  },
                  { ...OP_LOG_COLUMNS[5], title: 'IP', dataIndex: 'ip', ellipsis: true },
                  {
                    ...OP_LOG_COLUMNS[6],
                    title: '',
                    key: 'open',
                    render: () => <MaybeLink to={pathOf('AdminLog')}>查看</MaybeLink>,
                  },
                ]}
              />
            </Card>
          )}
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <QuickLinks pathOf={pathOf} />
            {canConsults && (
              <Card
                variant="borderless"
                title="待答复咨询"
                extra={<MaybeLink to={pathOf('AdminConsult')}>咨询管理</MaybeLink>}
                data-testid="awaiting-consults"
              >
                {loading ? (
                  <Skeleton active paragraph={{ rows: 4 }} title={false} />
                ) : (
                  <List
                    size="small"
                    dataSource={awaiting?.list ?? []}
                    locale={{
                      emptyText: (
                        <Empty
                          image={Empty.PRESENTED_IMAGE_SIMPLE}
                          description={failed.consults ? '咨询暂时无法获取' : '暂无待答复的咨询'}
                        />
                      ),
                    }}
                    renderItem={(c) => (
                      <List.Item key={c.id}>
                        <List.Item.Meta
                          title={
                            <MaybeLink to={pathOf('AdminConsult')}>
                              <Typography.Text ellipsis={{ tooltip: c.title }} style={{ maxWidth: '100%' }}>
                                {c.title}
                              </Typography.Text>
                            </MaybeLink>
                          }
                          description={
                            <span>
                              {c.className && <Tag>{c.className}</Tag>}
                              {[c.askerOrgName, c.askerName].filter(Boolean).join(' · ')}
                              {' · '}
                              {chinaTime(c.createdAt).slice(5)}
                            </span>
                          }
                        />
                      </List.Item>
                    )}
                  />
                )}
              </Card>
            )}
          </Space>
        </Col>
      </Row>

      {canRequestLog && (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <Card
              variant="borderless"
              title="近7日请求量"
              extra={<MaybeLink to={pathOf('RequestLog')}>请求日志</MaybeLink>}
            >
              <LineChart
                loading={loading}
                area
                categories={(r?.week ?? []).map((d) => chinaTime(d.day, 'date').slice(5))}
                series={[{ name: '请求量', unit: '次', data: (r?.week ?? []).map((d) => d.count) }]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card variant="borderless" title="今日异常请求（按状态码）">
              <BarChart
                loading={loading}
                categories={(r?.errorsByStatus ?? []).map((e) => String(e.status))}
                series={[
                  { name: '异常请求', unit: '次', data: (r?.errorsByStatus ?? []).map((e) => e.count) },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
    </Space>
  );
}
