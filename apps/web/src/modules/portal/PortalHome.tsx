import {
  CustomerServiceOutlined,
  FileProtectOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import { STAT_LABELS } from '@aqzrx/contracts';
import { Alert, Button, Card, Col, Empty, Row, Skeleton } from 'antd';
import { Link } from 'react-router';
import { thousands } from '../../components/index.ts';
import { PORTAL_HELP_PATH, PORTAL_NOTICE_PATH } from '../../platform/paths.ts';
import { usePublicSettings } from '../../platform/public-settings.ts';
import { usePortalStats } from './portal-api.ts';
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

function NoticeCard({ title, tab }: { title: string; tab: 1 | 2 }) {
  return (
    <Card
      title={title}
      extra={<Link to={`${PORTAL_NOTICE_PATH}?currentTab=${tab}`}>更多</Link>}
      className="aq-portal-card"
    >
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${title}`} />
    </Card>
  );
}

/** /portal/index (portalIndex). */
export function PortalHome() {
  const { settings } = usePublicSettings();
  return (
    <div className="aq-portal-home">
      <section className="aq-banner" aria-label="平台简介">
        <div className="aq-banner-inner">
          <h2>{settings.platformName}</h2>
          <p>安全生产责任保险投保、理赔、事故预防服务与监管，一网通办。</p>
          <div className="aq-banner-tags">
            <span>
              <FileProtectOutlined /> 依法投保
            </span>
            <span>
              <SafetyOutlined /> 事故预防
            </span>
            <span>
              <CustomerServiceOutlined /> 理赔服务
            </span>
          </div>
        </div>
      </section>
      <div className="aq-portal-body">
        <StatsStrip />
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={24} lg={9}>
            <NoticeCard title="通知公告" tab={1} />
          </Col>
          <Col xs={24} lg={9}>
            <NoticeCard title="政策法规" tab={2} />
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
                  查看政策法规
                </Button>
              </Link>
            </Card>
          </Col>
        </Row>
      </div>
    </div>
  );
}
