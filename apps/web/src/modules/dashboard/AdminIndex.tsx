import {
  BellOutlined,
  CommentOutlined,
  MessageOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UserAddOutlined,
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
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { chinaTime, thousands } from '../../components/index.ts';
import { Action, useAccess } from '../../platform/access.tsx';
import { STAT_LABELS } from '../../platform/contracts.ts';
import { PORTAL_INDEX_PATH } from '../../platform/paths.ts';
import { type AdminScreen, loadWorkbench, type WorkbenchAdmin } from './api.ts';
import { Figure, MaybeLink, useScreenPaths } from './parts.tsx';

const STAT_ORDER = Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>;
/** A figure stays on one line: 32,370,951.00 元 never breaks inside the number or before its unit. */
const STRIP_VALUE_STYLE = { fontSize: 18, whiteSpace: 'nowrap' } as const;

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

/**
 * /admin/home/AdminIndex/route (运营中心 › 工作台): the operations admin's workbench. The logs' figures are the
 * audit administrator's (AuditIndex, 三权分立).
 */
export function AdminIndex() {
  const { hasPermission } = useAccess();
  const pathOf = useScreenPaths();

  // Ask only what the role may read: a refused call would send the user back to the login page.
  const canUsers = hasPermission('user.query');
  const canConsults = hasPermission('consult.query');
  const canNotices = hasPermission('notice.query');

  // One call answers every figure (issue 19); it leaves out the sections the role may not read.
  const wb = useQuery({ queryKey: ['adminHome', 'workbench'], queryFn: loadWorkbench });
  const loading = wb.isLoading;
  /** A section shown on this page that the call did not answer (failed, or computed as null). */
  const unavailable = (shown: boolean, value: unknown) =>
    shown && (wb.isError || (wb.isSuccess && value == null));
  const data = wb.data;
  const u = data?.users ?? undefined;
  const n = data?.notices ?? undefined;
  const awaiting = data?.consults ?? undefined;
  const failed = {
    users: unavailable(canUsers, data?.users),
    consults: unavailable(canConsults, data?.consults),
    notices: unavailable(canNotices, data?.notices),
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
          <Col xs={24} sm={12} xl={8}>
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
          <Col xs={24} sm={12} xl={8}>
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
          <Col xs={24} sm={12} xl={8}>
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
      </Row>

      <PortalStrip items={portalItems} loading={loading} failed={wb.isError} />

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <QuickLinks pathOf={pathOf} />
        </Col>
        <Col xs={24} xl={16}>
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
        </Col>
      </Row>
    </Space>
  );
}
