import type { PublicArticleItem } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Card, Checkbox, Empty, Input, Pagination, Skeleton, Space, Tabs, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { chinaTime } from '../../components/index.ts';
import { useAuth } from '../../platform/auth.ts';
import { PORTAL_INDEX_PATH, PORTAL_NOTICE_DETAIL_PATH } from '../../platform/paths.ts';
import { NOTICE_TAB_TITLES, type NoticeTab, portalNotices } from './portal-api.ts';
import { SiteSearchBox } from './SiteSearch.tsx';
import './portal.css';

const PAGE_SIZE = 10;

function NoticeRow({ item }: { item: PublicArticleItem }) {
  return (
    <li>
      <h3>
        {item.pinned && <Tag color="red">置顶</Tag>}
        {item.read === false && <Tag color="orange">未读</Tag>}
        <Link to={`${PORTAL_NOTICE_DETAIL_PATH}?id=${item.id}`}>{item.title}</Link>
      </h3>
      {item.summary && <p>{item.summary}</p>}
      <div className="aq-portal-meta">
        <span>{chinaTime(item.publishAt, 'date', '')}</span>
        {item.source && <span>来源：{item.source}</span>}
        <span>浏览 {item.viewCount}</span>
      </div>
    </li>
  );
}

/** /portal/notice?currentTab=1|2 (portalNotice): 通知公告 and 政策动态, searchable and paged. */
export function PortalNotice() {
  const [params, setParams] = useSearchParams();
  const auth = useAuth();
  const signedIn = auth.token !== null;
  const tab: NoticeTab = params.get('currentTab') === '2' ? 2 : 1;
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('keyword') ?? '';
  const unread = signedIn && params.get('unread') === '1';

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

  const { data, isLoading, isError } = useQuery({
    queryKey: ['public', 'noticeList', tab, pageNo, keyword, unread],
    queryFn: () =>
      portalNotices({
        currentTab: tab,
        pageNo,
        pageSize: PAGE_SIZE,
        ...(keyword ? { keyword } : {}),
        ...(unread ? { unread: true } : {}),
      }),
  });

  return (
    <div className="aq-portal-page">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: <Link to={PORTAL_INDEX_PATH}>首页</Link> }, { title: NOTICE_TAB_TITLES[tab] }]}
      />
      <Card variant="borderless">
        <Tabs
          activeKey={String(tab)}
          onChange={(k) => set({ currentTab: k, page: null })}
          items={[1, 2].map((t) => ({ key: String(t), label: NOTICE_TAB_TITLES[t as NoticeTab] }))}
          tabBarExtraContent={
            <Space wrap>
              {signedIn && (
                <Checkbox
                  checked={unread}
                  onChange={(e) => set({ unread: e.target.checked ? '1' : null, page: null })}
                >
                  只看未读
                </Checkbox>
              )}
              <Input.Search
                key={`${tab}-${keyword}`}
                allowClear
                defaultValue={keyword}
                placeholder={`搜索${NOTICE_TAB_TITLES[tab]}`}
                aria-label={`搜索${NOTICE_TAB_TITLES[tab]}`}
                onSearch={(v) => set({ keyword: v.trim(), page: null })}
                style={{ width: 260 }}
                maxLength={100}
              />
            </Space>
          }
        />
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : isError ? (
          <Empty description={`${NOTICE_TAB_TITLES[tab]}暂时无法加载，请稍后刷新`} />
        ) : (data?.list.length ?? 0) === 0 ? (
          <Empty
            description={
              keyword
                ? `没有找到包含“${keyword}”的${NOTICE_TAB_TITLES[tab]}`
                : `暂无${NOTICE_TAB_TITLES[tab]}`
            }
          />
        ) : (
          <>
            <ul className="aq-portal-list" data-testid="portal-notice-list">
              {data!.list.map((n) => (
                <NoticeRow key={n.id} item={n} />
              ))}
            </ul>
            <Pagination
              current={pageNo}
              pageSize={PAGE_SIZE}
              total={data!.total}
              showTotal={(t) => `共 ${t} 条`}
              onChange={(p) => set({ page: String(p) })}
              showSizeChanger={false}
              align="center"
              style={{ marginTop: 16 }}
            />
          </>
        )}
      </Card>
      <SiteSearchBox style={{ marginTop: 16 }} />
    </div>
  );
}
