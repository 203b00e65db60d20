import { LoginOutlined, RightOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Col, Empty, Row, Skeleton, Statistic, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { thousands, yuan } from '../../components/index.ts';
import { RichText } from '../../components/RichText.tsx';
import { roleKeyOf, useAuth } from '../../platform/auth.ts';
import { feedback } from '../../platform/feedback.ts';
import {
  PORTAL_HELP_PATH,
  PORTAL_INDEX_PATH,
  PORTAL_REG_PATH,
  USER_LOGIN_PATH,
} from '../../platform/paths.ts';
import { useClasses } from '../content/index.ts';
import { portalHelpList, usePortalApStats, usePortalPageBySlug } from './portal-api.ts';
import { PORTAL_TABS, type PortalTabKey, portalTabTarget } from './portal-tabs.ts';
import './portal.css';

interface Topic {
  tab: Exclude<PortalTabKey, 'home'>;
  slug: string;
  lead: string;
  enter: string;
  /** Who the entry button is for (spec 2.5), shown under it. */
  who: string;
  steps: { title: string; description: string }[];
  points: { title: string; body: ReactNode }[];
  /** Help class whose articles are listed as guides. */
  helpClass: string;
}

const TOPICS: Record<Topic['tab'], Topic> = {
  insure: {
    tab: 'insure',
    slug: 'portal-insure',
    lead: '高危行业、领域的生产经营单位依法投保安全生产责任保险，在线填报、在线出单。',
    enter: '进入企业投保',
    who: '企业用户登录后可进入；其他用户会看到“企业用户才可以进入!”',
    steps: [
      {
        title: '开通账号并完善信息',
        description: '平台运营中心为企业开通账号，企业登录后完善统一社会信用代码、行业、地址等信息',
      },
      { title: '在线投保', description: '选择保险机构，填写参保人数、每人责任限额和保险期间' },
      { title: '保险机构审核出单', description: '保险机构核保、出具保单，企业可随时查看进度' },
      { title: '查看保单', description: '保单生效后可在线查看、下载，到期前提醒续保' },
    ],
    points: [
      {
        title: '哪些单位应当投保',
        body: '矿山、危险化学品、烟花爆竹、交通运输、建筑施工、民用爆炸物品、金属冶炼、渔业生产等高危行业、领域的生产经营单位应当投保（《安全生产责任保险实施办法》应急〔2025〕27号）；其他单位鼓励投保。',
      },
      {
        title: '保障范围',
        body: '从业人员人身伤亡赔偿，第三者人身伤亡和财产损失赔偿，以及事故抢险救援、医疗救护、事故鉴定、法律诉讼等费用。',
      },
      {
        title: '责任限额',
        body: '每人死亡伤残责任限额不低于40万元，地方可在此基础上提高并随城镇居民人均可支配收入调整。',
      },
      {
        title: '未按规定投保的后果',
        body: '依照《安全生产法》第一百零九条，高危行业、领域的生产经营单位未按规定投保的，责令限期改正，处五万元以上十万元以下罚款；逾期未改正的，处十万元以上二十万元以下罚款。',
      },
    ],
    helpClass: '投保指南',
  },
  claim: {
    tab: 'claim',
    slug: 'portal-claim',
    lead: '发生生产安全事故后及时报案，在线提交材料、跟踪理赔进度。',
    enter: '进入事故理赔',
    who: '企业用户和保险机构用户登录后可进入；其他用户会看到“企业用户或者保险用户才可以进入!”',
    steps: [
      { title: '及时报案', description: '事故发生后，投保企业及时向承保保险机构报案' },
      { title: '提交材料', description: '材料不全的，保险机构一次性告知需要补充的全部材料' },
      { title: '核定损失', description: '保险机构及时核定；情形复杂的，一般在30日内作出核定' },
      { title: '赔付', description: '达成赔偿协议后10日内支付；拒赔的，3日内书面说明理由' },
    ],
    points: [
      {
        title: '先予支付（预付）',
        body: '自收到索赔请求和有关材料之日起60日内不能确定赔偿数额的，保险机构应当先支付可以确定的部分；安责险要求建立快速理赔机制，事故发生后按规定预付赔款。',
      },
      {
        title: '受害人的权利',
        body: '投保企业应当及时将赔款支付给受害人或其近亲属，也可请求保险机构直接支付；企业怠于请求的，受害人可以就其应获赔偿部分直接向保险机构请求赔偿。',
      },
      {
        title: '需要准备的材料',
        body: '事故报告或证明、伤亡人员身份和劳动关系证明、医疗费用票据、财产损失清单等，以保险机构一次性告知的清单为准。',
      },
    ],
    helpClass: '理赔指南',
  },
  ap: {
    tab: 'ap',
    slug: 'portal-ap',
    lead: '保险机构按照 AQ 9010-2019 为投保企业提供事故预防技术服务，政府部门全程监督。',
    enter: '进入事故预防',
    who: '登录后进入本角色的事故预防页面；运营用户无该权限',
    steps: [
      { title: '制定服务方案', description: '保险机构与企业商定服务项目、频次、服务机构和人员' },
      { title: '开展服务', description: '宣传培训、风险评估、隐患排查、应急演练等' },
      { title: '隐患整改', description: '发现的隐患书面告知企业，企业及时整改并反馈' },
      { title: '回访与评价', description: '服务记录双方确认后归档，回访了解满意度' },
    ],
    points: [
      {
        title: '服务项目',
        body: '安全生产宣传教育培训；安全风险辨识、评估和安全评价；生产安全事故隐患排查；安全生产标准化建设；应急预案编制和演练；安全生产科技推广应用；其他事故预防工作。',
      },
      {
        title: '服务费用',
        body: '事故预防服务费用从保费中列支，不高于保费的21%，由保险机构建立专门台账，如实向投保企业报告使用情况，接受政府部门监督。',
      },
      {
        title: '投诉处理',
        body: '对事故预防服务的投诉，10个工作日内答复；需要核实的，30个工作日内答复。',
      },
    ],
    helpClass: '事故预防',
  },
};

function Guides({ className }: { className: string }) {
  const classes = useClasses('Help');
  const cls = classes.data?.find((c) => c.name === className);
  const { data, isLoading } = useQuery({
    queryKey: ['public', 'helpGuides', cls?.id],
    enabled: cls !== undefined,
    queryFn: () => portalHelpList({ pageNo: 1, pageSize: 6, classId: cls!.id }),
  });
  const more = cls ? `${PORTAL_HELP_PATH}?classId=${cls.id}` : PORTAL_HELP_PATH;
  return (
    <Card
      variant="borderless"
      title={className}
      extra={<Link to={more}>更多</Link>}
      className="aq-portal-card"
    >
      {classes.isLoading || isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : (data?.list.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无指南，可到帮助中心查看" />
      ) : (
        <ul className="aq-notice-list">
          {data!.list.map((a) => (
            <li key={a.id}>
              <Link to={`${PORTAL_HELP_PATH}?id=${a.id}`} title={a.title}>
                {a.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The 事故预防 tab's figures from the prevention records; nothing when they cannot be loaded. */
function ApFigures() {
  const { data, isLoading, isError } = usePortalApStats();
  if (isError) return null;
  return (
    <Card
      variant="borderless"
      title="事故预防服务成效"
      style={{ marginTop: 16 }}
      data-testid="portal-ap-stats"
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <Row gutter={[16, 16]}>
          {(data ?? []).map((s) => (
            <Col key={s.name} xs={12} md={6}>
              <Statistic
                title={s.label}
                value={s.unit === '元' ? yuan(s.value, false) : thousands(s.value)}
                suffix={s.unit}
              />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

/** The entry buttons of spec 2.5: the same rules and messages as the portal header's tabs. */
function EntryButtons({ topic }: { topic: Topic }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const hasToken = auth.token !== null;
  const enter = () => {
    const outcome = portalTabTarget(topic.tab, { hasToken, roleKey: roleKeyOf(auth) });
    if (outcome.kind === 'go') navigate(outcome.to);
    else feedback.message.warning(outcome.message);
  };
  return (
    <div className="aq-entry-buttons">
      <Button size="large" type="primary" ghost={false} icon={<RightOutlined />} onClick={enter}>
        {hasToken ? topic.enter : `登录后${topic.enter}`}
      </Button>
      {!hasToken && (
        <>
          <Button size="large" icon={<LoginOutlined />} onClick={() => navigate(USER_LOGIN_PATH)}>
            登录
          </Button>
          {topic.tab !== 'claim' && (
            <Button size="large" icon={<UserAddOutlined />} onClick={() => navigate(PORTAL_REG_PATH)}>
              企业注册
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function TopicPage({ topic }: { topic: Topic }) {
  const label = PORTAL_TABS.find((t) => t.key === topic.tab)?.label ?? '';
  const page = usePortalPageBySlug(topic.slug);
  return (
    <div className="aq-portal-page" data-testid={`portal-topic-${topic.tab}`}>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: <Link to={PORTAL_INDEX_PATH}>首页</Link> }, { title: label }]}
      />
      <section className="aq-info-hero">
        <h1>{label}</h1>
        <p>{topic.lead}</p>
        <EntryButtons topic={topic} />
        <Typography.Text
          style={{ display: 'block', marginTop: 10, color: 'rgba(255,255,255,0.8)', fontSize: 13 }}
        >
          {topic.who}
        </Typography.Text>
      </section>
      {topic.tab === 'ap' && <ApFigures />}
      <Card variant="borderless" title="办理流程" style={{ marginTop: 16 }} className="aq-steps-card">
        <Steps items={topic.steps.map((st) => ({ ...st, status: 'process' as const }))} responsive />
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={16}>
          <Card variant="borderless" title="政策要点" className="aq-portal-card">
            {page.data?.body && (
              <div style={{ marginBottom: 12 }}>
                <RichText html={page.data.body} />
              </div>
            )}
            {topic.points.map((p) => (
              <div key={p.title} style={{ marginBottom: 12 }}>
                <Typography.Title level={5} style={{ marginBottom: 4 }}>
                  {p.title}
                </Typography.Title>
                <Typography.Paragraph style={{ marginBottom: 0, color: 'rgba(0,0,0,0.7)' }}>
                  {p.body}
                </Typography.Paragraph>
              </div>
            ))}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              以上内容依据《安全生产法》《保险法》《安全生产责任保险实施办法》及 AQ 9010-2019
              整理，具体以正式文本和保险合同为准。
              <Link to="/portal/policy">查看法规库</Link>
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Guides className={topic.helpClass} />
        </Col>
      </Row>
    </div>
  );
}

/** /portal/insure (portalInsure). */
export function PortalInsure() {
  return <TopicPage topic={TOPICS.insure} />;
}
/** /portal/claim (portalClaim). */
export function PortalClaim() {
  return <TopicPage topic={TOPICS.claim} />;
}
/** /portal/ap (portalAP). */
export function PortalAP() {
  return <TopicPage topic={TOPICS.ap} />;
}
