import { QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { chinaTime, thousands } from '../../components/index.ts';
import { STAT_LABELS } from '../../platform/contracts.ts';
import { PORTAL_HELP_PATH, PORTAL_NOTICE_DETAIL_PATH, PORTAL_NOTICE_PATH } from '../../platform/paths.ts';
import { usePublicSettings } from '../../platform/public-settings.ts';
import { PortalBanner } from './PortalBanner.tsx';
import { NOTICE_TAB_TITLES, type NoticeTab, usePortalNotices, usePortalStats } from './portal-api.ts';
import './portal.css';

const STAT_ORDER = Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>;

function StatsStrip() {
  const { data, isLoading, isError } = usePortalStats();
  if (isError) return <Alert type="warning" showIcon message="统计数据暂时无法获取，请稍后刷新页面" />;
  const byName = new Map((data ?? []).map((i) => [i.name, i]));
  const items = STAT_ORDER.map((name) => ({
    name,
    ...STAT_LABELS[name],
    value: byName.get(name)?.value ?? 0,
  }));
  return (
    <div className="aq-stats" data-testid="portal-stats">
      {items.map((s) => (
        <div key={s.name} className="aq-stat">
          {isLoading ? (
            <Skeleton.Input active size="small" />
          ) : (
            <div className="aq-stat-value">
              {thousands(s.value)}
              <span className="aq-stat-unit">{s.unit}</span>
            </div>
          )}
          <div className="aq-stat-label">{s.label}</div>
        </div>
      ))}
    </div>
  );
}

function NoticeCard({ tab }: { tab: NoticeTab }) {
  const title = NOTICE_TAB_TITLES[tab];
  const { data, isLoading, isError } = usePortalNotices(tab);
  const items = data?.list ?? [];
  let body: ReactNode;
  if (isLoading) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (isError)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${title}暂时无法加载`} />;
  else if (items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${title}`} />;
  else
    body = (
      <ul className="aq-notice-list">
        {items.map((n) => (
          <li key={n.id}>
            <Link to={`${PORTAL_NOTICE_DETAIL_PATH}?id=${n.id}`} title={n.title}>
              {n.pinned && <Tag color="red">置顶</Tag>}
              {n.title}
            </Link>
            <time>{chinaTime(n.publishAt, 'date', '')}</time>
          </li>
        ))}
      </ul>
    );
  return (
    <Card
      title={title}
      extra={<Link to={`${PORTAL_NOTICE_PATH}?currentTab=${tab}`}>更多</Link>}
      className="aq-portal-card"
      data-testid={`notice-card-${tab}`}
    >
      {body}
    </Card>
  );
}

/** /portal/index (portalIndex). */
export function PortalHome() {
  const { settings } = usePublicSettings();
  return (
    <div className="aq-portal-home">
      <PortalBanner platformName={settings.platformName} />
      <div className="aq-portal-body">
        <StatsStrip />
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={24} lg={9}>
            <NoticeCard tab={1} />
          </Col>
          <Col xs={24} lg={9}>
            <NoticeCard tab={2} />
          </Col>
          <Col xs={24} lg={6}>
            <Card title="帮助中心" className="aq-portal-card">
              <p style={{ color: 'rgba(0,0,0,0.55)' }}>投保、理赔、事故预防服务的办理指南与常见问题。</p>
              <Link to={PORTAL_HELP_PATH}>
                <Button type="primary" icon={<QuestionCircleOutlined />} block>
                  进入帮助中心
                </Button>
              </Link>
              <Link to={`${PORTAL_NOTICE_PATH}?currentTab=2`}>
                <Button icon={<ReadOutlined />} block style={{ marginTop: 12 }}>
                  查看政策动态
                </Button>
              </Link>
            </Card>
          </Col>
        </Row>
      </div>
    </div>
  );
}
