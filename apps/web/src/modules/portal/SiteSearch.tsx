import { SearchOutlined } from '@ant-design/icons';
import type { SearchHit, SearchType } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, Pagination, Segmented, Skeleton, Tag } from 'antd';
import { type CSSProperties, Fragment, useState } from 'react';
import { Link } from 'react-router';
import { SEARCH_TYPES } from '../../platform/contracts.ts';
import { PORTAL_HELP_PATH, PORTAL_NOTICE_DETAIL_PATH } from '../../platform/paths.ts';
import { isApiError } from '../../platform/request.ts';
import { portalSearch } from './portal-api.ts';
import './portal.css';

const TYPE_COLOR: Record<SearchType, string> = {
  notice: 'blue',
  help: 'green',
  rule: 'purple',
  qa: 'orange',
};

/** Where a search hit opens on the portal. */
export function searchHitPath(hit: Pick<SearchHit, 'type' | 'id'>): string {
  switch (hit.type) {
    case 'notice':
      return `${PORTAL_NOTICE_DETAIL_PATH}?id=${hit.id}`;
    case 'help':
      return `${PORTAL_HELP_PATH}?id=${hit.id}`;
    case 'rule':
      return `/portal/policy?ruleId=${hit.id}`;
    case 'qa':
      return `/QA/detail?id=${hit.id}`;
  }
}

/** The keyword marked inside plain text (React escapes the rest). */
export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  if (!keyword) return <>{text}</>;
  const parts = text.split(keyword);
  return (
    <>
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
        <Fragment key={i}>
          {p}
          {i < parts.length - 1 && <mark>{keyword}</mark>}
        </Fragment>
      ))}
    </>
  );
}

const PAGE_SIZE = 10;

/** 全站搜索 over notices, help, rules and public Q&A (GET /api/public/search). */
export function SiteSearchBox({ style, initial = '' }: { style?: CSSProperties; initial?: string }) {
  const [keyword, setKeyword] = useState(initial);
  const [type, setType] = useState<SearchType | 'all'>('all');
  const [pageNo, setPageNo] = useState(1);
  const { data, isFetching, error } = useQuery({
    queryKey: ['public', 'search', keyword, type, pageNo],
    enabled: keyword.length > 0,
    queryFn: () =>
      portalSearch({ keyword, pageNo, pageSize: PAGE_SIZE, ...(type === 'all' ? {} : { type }) }),
  });
  return (
    <Card
      variant="borderless"
      title={
        <>
          <SearchOutlined /> 全站搜索
        </>
      }
      style={style}
      data-testid="site-search"
    >
      <Input.Search
        allowClear
        enterButton="搜索"
        maxLength={50}
        defaultValue={initial}
        placeholder="搜索通知公告、帮助文章、法规和问答"
        aria-label="全站搜索"
        onSearch={(v) => {
          setKeyword(v.trim());
          setPageNo(1);
        }}
      />
      {keyword && (
        <div style={{ marginTop: 16 }}>
          <Segmented
            value={type}
            onChange={(v) => {
              setType(v as SearchType | 'all');
              setPageNo(1);
            }}
            options={[{ value: 'all', label: '全部' }, ...SEARCH_TYPES]}
          />
          {isFetching && !data ? (
            <Skeleton active paragraph={{ rows: 4 }} style={{ marginTop: 12 }} />
          ) : error ? (
            <Empty description={isApiError(error) ? error.message : '搜索失败，请稍后重试'} />
          ) : (data?.list.length ?? 0) === 0 ? (
            <Empty description={`没有找到与“${keyword}”相关的内容`} />
          ) : (
            <>
              <ul className="aq-portal-list aq-search-hit">
                {data!.list.map((h) => (
                  <li key={`${h.type}-${h.id}`}>
                    <h3>
                      <Tag color={TYPE_COLOR[h.type]}>{h.typeName}</Tag>
                      <Link to={searchHitPath(h)}>
                        <Highlight text={h.title} keyword={keyword} />
                      </Link>
                    </h3>
                    {h.snippet && (
                      <p>
                        <Highlight text={h.snippet} keyword={keyword} />
                      </p>
                    )}
                    {h.date && <div className="aq-portal-meta">{h.date}</div>}
                  </li>
                ))}
              </ul>
              <Pagination
                current={pageNo}
                pageSize={PAGE_SIZE}
                total={data!.total}
                onChange={setPageNo}
                showSizeChanger={false}
                showTotal={(t) => `共 ${t} 条`}
                align="center"
              />
            </>
          )}
        </div>
      )}
    </Card>
  );
}
