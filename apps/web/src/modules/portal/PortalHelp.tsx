import { ArrowLeftOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Menu,
  Pagination,
  Row,
  Skeleton,
  Tabs,
} from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageTitle } from '../../app/guard.ts';
import { chinaTime } from '../../components/index.ts';
import { RichText } from '../../components/RichText.tsx';
import { PORTAL_HELP_PATH, PORTAL_INDEX_PATH } from '../../platform/paths.ts';
import { usePublicSettings } from '../../platform/public-settings.ts';
import { isApiError } from '../../platform/request.ts';
import { AttachmentList, useClasses } from '../content/index.ts';
import { idParam, portalHelpList, portalQaList, usePortalArticle } from './portal-api.ts';
import { SiteSearchBox } from './SiteSearch.tsx';
import './portal.css';

const PAGE_SIZE = 10;

function HelpArticle({ id }: { id: number }) {
  const { settings } = usePublicSettings();
  const { data, isLoading, error } = usePortalArticle(id, 'article');
  useEffect(() => {
    if (data) document.title = pageTitle(data.title, settings.platformName);
  }, [data, settings.platformName]);
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !data)
    return <Empty description={isApiError(error) ? error.message : '文章加载失败，请稍后重试'} />;
  return (
    <article className="aq-article">
      <h1>{data.title}</h1>
      <div className="aq-article-meta">
        {data.className && <span>分类：{data.className}</span>}
        {data.publishAt && <span>更新时间：{chinaTime(data.publishAt)}</span>}
        <span>浏览：{data.viewCount}</span>
      </div>
      <RichText html={data.body} />
      <AttachmentList files={data.attachments} />
    </article>
  );
}

/** /portal/help (portalHelp): help classes, help articles with keyword search, common Q&A. */
export function PortalHelp() {
  const [params, setParams] = useSearchParams();
  const classes = useClasses('Help');
  const consultClasses = useClasses('Consult');
  const tab = params.get('tab') === 'qa' ? 'qa' : 'help';
  const classId = idParam(params.get('classId'));
  const id = idParam(params.get('id'));
  const keyword = params.get('keyword') ?? '';
  const pageNo = Math.max(1, Number(params.get('page')) || 1);

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

  const q = {
    pageNo,
    pageSize: PAGE_SIZE,
    ...(classId ? { classId } : {}),
    ...(keyword ? { keyword } : {}),
  };
  const list = useQuery({
    queryKey: ['public', tab, q],
    enabled: id === null,
    queryFn: async () => {
      if (tab === 'qa') {
        const r = await portalQaList(q);
        return {
          total: r.total,
          rows: r.list.map((x) => ({
            key: x.id,
            to: `/QA/detail?id=${x.id}`,
            title: x.title,
            text: x.answer,
            date: x.answeredAt,
            cls: x.className,
            views: x.viewCount,
          })),
        };
      }
      const r = await portalHelpList(q);
      return {
        total: r.total,
        rows: r.list.map((x) => ({
          key: x.id,
          to: `${PORTAL_HELP_PATH}?id=${x.id}`,
          title: x.title,
          text: x.summary,
          date: x.publishAt,
          cls: x.className,
          views: x.viewCount,
        })),
      };
    },
  });

  const classList = (tab === 'qa' ? consultClasses.data : classes.data) ?? [];
  const what = tab === 'qa' ? '问答' : '帮助文章';

  return (
    <div className="aq-portal-page">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={PORTAL_INDEX_PATH}>首页</Link> },
          { title: id ? <Link to={PORTAL_HELP_PATH}>帮助中心</Link> : '帮助中心' },
          ...(id ? [{ title: '文章' }] : []),
        ]}
      />
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Card
            variant="borderless"
            title={
              <>
                <QuestionCircleOutlined /> {tab === 'qa' ? '问答分类' : '帮助分类'}
              </>
            }
          >
            <Menu
              mode="inline"
              style={{ borderInlineEnd: 0 }}
              selectedKeys={[String(classId ?? 'all')]}
              onClick={({ key }) => set({ classId: key === 'all' ? null : key, page: null, id: null })}
              items={[
                { key: 'all', label: '全部' },
                ...classList.map((c) => ({
                  key: String(c.id),
                  label: (
                    <span style={{ display: 'flex', justifyContent: 'space-between' }}>
                      {c.name}
                      <Badge
                        count={c.count}
                        color="#d9d9d9"
                        style={{ color: 'rgba(0,0,0,0.65)' }}
                        showZero={false}
                      />
                    </span>
                  ),
                })),
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} md={18}>
          <Card variant="borderless">
            {id !== null ? (
              <>
                <Button
                  icon={<ArrowLeftOutlined />}
                  type="link"
                  onClick={() => set({ id: null })}
                  style={{ padding: 0 }}
                >
                  返回列表
                </Button>
                <HelpArticle id={id} />
              </>
            ) : (
              <>
                <Tabs
                  activeKey={tab}
                  onChange={(k) => set({ tab: k === 'qa' ? 'qa' : null, classId: null, page: null })}
                  items={[
                    { key: 'help', label: '帮助文章' },
                    { key: 'qa', label: '常见问答' },
                  ]}
                  tabBarExtraContent={
                    <Input.Search
                      key={`${tab}-${keyword}`}
                      allowClear
                      defaultValue={keyword}
                      maxLength={100}
                      placeholder={`搜索${what}`}
                      aria-label={`搜索${what}`}
                      onSearch={(v) => set({ keyword: v.trim(), page: null })}
                      style={{ width: 260 }}
                    />
                  }
                />
                {list.isLoading ? (
                  <Skeleton active paragraph={{ rows: 8 }} />
                ) : list.isError ? (
                  <Empty description={`${what}暂时无法加载，请稍后刷新`} />
                ) : (list.data?.rows.length ?? 0) === 0 ? (
                  <Empty description={keyword ? `没有找到包含“${keyword}”的${what}` : `暂无${what}`} />
                ) : (
                  <>
                    <ul className="aq-portal-list" data-testid="portal-help-list">
                      {list.data!.rows.map((r) => (
                        <li key={r.key}>
                          <h3>
                            <Link to={r.to}>{r.title}</Link>
                          </h3>
                          {r.text && <p>{r.text.length > 140 ? `${r.text.slice(0, 140)}…` : r.text}</p>}
                          <div className="aq-portal-meta">
                            {r.cls && <span>{r.cls}</span>}
                            {r.date && <span>{chinaTime(r.date, 'date')}</span>}
                            <span>浏览 {r.views}</span>
                          </div>
                        </li>
                      ))}
                    </ul>
                    <Pagination
                      current={pageNo}
                      pageSize={PAGE_SIZE}
                      total={list.data!.total}
                      onChange={(p) => set({ page: String(p) })}
                      showSizeChanger={false}
                      showTotal={(t) => `共 ${t} 条`}
                      align="center"
                      style={{ marginTop: 16 }}
                    />
                  </>
                )}
              </>
            )}
          </Card>
          <SiteSearchBox style={{ marginTop: 16 }} />
        </Col>
      </Row>
    </div>
  );
}
