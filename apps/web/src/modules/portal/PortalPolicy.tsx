import { ArrowLeftOutlined, FileSearchOutlined, LinkOutlined } from '@ant-design/icons';
import type { RuleLevel, RuleStatus } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Breadcrumb,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Pagination,
  Row,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pageTitle } from '../../app/guard.ts';
import { chinaTime } from '../../components/index.ts';
import { RichText } from '../../components/RichText.tsx';
import { roleKeyOf, useAuth } from '../../platform/auth.ts';
import { RULE_LEVELS, RULE_STATUS } from '../../platform/contracts.ts';
import { feedback } from '../../platform/feedback.ts';
import { PORTAL_INDEX_PATH, PORTAL_NOTICE_DETAIL_PATH } from '../../platform/paths.ts';
import { usePublicSettings } from '../../platform/public-settings.ts';
import { isApiError } from '../../platform/request.ts';
import { AttachmentList } from '../content/index.ts';
import { getRule, listRules } from '../rule/index.ts';
import { idParam, portalNotices } from './portal-api.ts';
import { portalTabTarget } from './portal-tabs.ts';
import './portal.css';

const PAGE_SIZE = 10;

function statusTag(status: RuleStatus, repealedDate: string | null) {
  const o = RULE_STATUS.find((s) => s.value === status);
  return (
    <Tag color={o?.color}>
      {o?.label}
      {status === 'repealed' && repealedDate ? `（${repealedDate}废止）` : ''}
    </Tag>
  );
}

function RuleView({ id, onBack }: { id: number; onBack: () => void }) {
  const { settings } = usePublicSettings();
  const { data, isLoading, error } = useQuery({
    queryKey: ['public', 'rule', id],
    queryFn: () => getRule(id, true),
  });
  useEffect(() => {
    if (data) document.title = pageTitle(data.name, settings.platformName);
  }, [data, settings.platformName]);
  return (
    <>
      <Button icon={<ArrowLeftOutlined />} type="link" onClick={onBack} style={{ padding: 0 }}>
        返回法规库
      </Button>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : error || !data ? (
        <Empty description={isApiError(error) ? error.message : '法规加载失败，请稍后重试'} />
      ) : (
        <article className="aq-article" data-testid="portal-rule-detail">
          <h1>{data.name}</h1>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="文号">{data.docNo || '—'}</Descriptions.Item>
            <Descriptions.Item label="层级">{data.levelName}</Descriptions.Item>
            <Descriptions.Item label="发布机关" span={2}>
              {data.issuer}
            </Descriptions.Item>
            <Descriptions.Item label="发布日期">{data.publishDate}</Descriptions.Item>
            <Descriptions.Item label="实施日期">{data.effectiveDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="效力状态">
              {statusTag(data.status, data.repealedDate)}
            </Descriptions.Item>
            <Descriptions.Item label={data.status === 'repealed' ? '替代法规' : '新版本'}>
              {data.revisedById ? (
                <Link to={`/portal/policy?ruleId=${data.revisedById}`}>{data.revisedByName}</Link>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
          {data.summary && <Typography.Paragraph type="secondary">{data.summary}</Typography.Paragraph>}
          <RichText html={data.body} />
          {/^https?:\/\//i.test(data.sourceUrl) && (
            <p>
              <LinkOutlined /> 原文：
              <a href={data.sourceUrl} target="_blank" rel="noopener noreferrer">
                {data.sourceUrl}
              </a>
            </p>
          )}
          <AttachmentList files={data.attachments} />
        </article>
      )}
    </>
  );
}

function RuleList() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const level = (params.get('level') as RuleLevel | null) ?? undefined;
  const status = (params.get('status') as RuleStatus | null) ?? undefined;
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const set = (patch: Record<string, string | null | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (!v) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };
  const { data, isLoading, isError } = useQuery({
    queryKey: ['public', 'rules', keyword, level, status, pageNo],
    queryFn: () =>
      listRules(
        {
          pageNo,
          pageSize: PAGE_SIZE,
          ...(keyword ? { keyword } : {}),
          ...(level ? { level } : {}),
          ...(status ? { status } : {}),
        },
        true,
      ),
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          key={keyword}
          allowClear
          defaultValue={keyword}
          maxLength={100}
          placeholder="名称、文号或全文"
          aria-label="搜索法规"
          onSearch={(v) => set({ keyword: v.trim(), page: null })}
          style={{ width: 260 }}
        />
        <Select
          allowClear
          placeholder="层级"
          aria-label="层级"
          value={level}
          options={RULE_LEVELS}
          onChange={(v) => set({ level: v ?? null, page: null })}
          style={{ width: 170 }}
        />
        <Select
          allowClear
          placeholder="效力状态"
          aria-label="效力状态"
          value={status}
          options={RULE_STATUS.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(v) => set({ status: v ?? null, page: null })}
          style={{ width: 130 }}
        />
      </Space>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : isError ? (
        <Empty description="法规库暂时无法加载，请稍后刷新" />
      ) : (data?.list.length ?? 0) === 0 ? (
        <Empty description="没有符合条件的法规" />
      ) : (
        <>
          <ul className="aq-portal-list" data-testid="portal-rule-list">
            {data!.list.map((r) => (
              <li key={r.id}>
                <h3>
                  <Link to={`/portal/policy?ruleId=${r.id}`}>{r.name}</Link>
                </h3>
                {r.summary && <p>{r.summary.length > 120 ? `${r.summary.slice(0, 120)}…` : r.summary}</p>}
                <div className="aq-portal-meta">
                  <Tag>{r.levelName}</Tag>
                  {statusTag(r.status, r.repealedDate)}
                  {r.docNo && <span>{r.docNo}</span>}
                  <span>{r.issuer}</span>
                  <span>发布：{r.publishDate}</span>
                  {r.effectiveDate && <span>实施：{r.effectiveDate}</span>}
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            current={pageNo}
            pageSize={PAGE_SIZE}
            total={data!.total}
            onChange={(p) => set({ page: String(p) })}
            showSizeChanger={false}
            showTotal={(t) => `共 ${t} 条`}
            align="center"
            style={{ marginTop: 16 }}
          />
        </>
      )}
    </>
  );
}

function PolicyNews() {
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const { data, isLoading, isError } = useQuery({
    queryKey: ['public', 'noticeList', 2, pageNo, '', false],
    queryFn: () => portalNotices({ currentTab: 2, pageNo, pageSize: PAGE_SIZE }),
  });
  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError) return <Empty description="政策动态暂时无法加载，请稍后刷新" />;
  if ((data?.list.length ?? 0) === 0) return <Empty description="暂无政策动态" />;
  return (
    <>
      <ul className="aq-portal-list">
        {data!.list.map((n) => (
          <li key={n.id}>
            <h3>
              {n.pinned && <Tag color="red">置顶</Tag>}
              <Link to={`${PORTAL_NOTICE_DETAIL_PATH}?id=${n.id}`}>{n.title}</Link>
            </h3>
            {n.summary && <p>{n.summary}</p>}
            <div className="aq-portal-meta">
              <span>{chinaTime(n.publishAt, 'date', '')}</span>
              {n.source && <span>来源：{n.source}</span>}
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        current={pageNo}
        pageSize={PAGE_SIZE}
        total={data!.total}
        onChange={(p) => {
          const next = new URLSearchParams(params);
          next.set('page', String(p));
          setParams(next);
        }}
        showSizeChanger={false}
        align="center"
        style={{ marginTop: 16 }}
      />
    </>
  );
}

function PolicyQueryCard() {
  const auth = useAuth();
  const navigate = useNavigate();
  const go = () => {
    const outcome = portalTabTarget('insure', { hasToken: auth.token !== null, roleKey: roleKeyOf(auth) });
    if (outcome.kind === 'go') navigate(outcome.to);
    else feedback.message.warning(outcome.message);
  };
  return (
    <Card
      variant="borderless"
      title={
        <>
          <FileSearchOutlined /> 保单查询
        </>
      }
      className="aq-portal-card"
    >
      <Typography.Paragraph style={{ color: 'rgba(0,0,0,0.65)' }}>
        投保企业登录后可查看本企业的全部保单、保障期间、参保人数和理赔记录。保单信息涉及企业经营数据，不对未登录访客公开。
      </Typography.Paragraph>
      <Button type="primary" block onClick={go}>
        {auth.token ? '查看我的保单' : '登录后查询保单'}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        保险机构和监管部门请在后台的保单管理中查询。
      </Typography.Paragraph>
    </Card>
  );
}

/** /portal/policy (portalPolicy): the rules library with filters and detail, policy news, policy lookup. */
export function PortalPolicy() {
  const [params, setParams] = useSearchParams();
  const ruleId = idParam(params.get('ruleId'));
  const tab = params.get('tab') === 'news' ? 'news' : 'rules';
  return (
    <div className="aq-portal-page">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: <Link to={PORTAL_INDEX_PATH}>首页</Link> }, { title: '保单与法规' }]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={18}>
          <Card variant="borderless">
            {ruleId !== null ? (
              <RuleView
                id={ruleId}
                onBack={() => {
                  const next = new URLSearchParams(params);
                  next.delete('ruleId');
                  setParams(next);
                }}
              />
            ) : (
              <Tabs
                activeKey={tab}
                onChange={(k) => setParams(k === 'news' ? { tab: 'news' } : {})}
                destroyOnHidden
                items={[
                  { key: 'rules', label: '法规库', children: <RuleList /> },
                  { key: 'news', label: '政策动态', children: <PolicyNews /> },
                ]}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          <PolicyQueryCard />
        </Col>
      </Row>
    </div>
  );
}
