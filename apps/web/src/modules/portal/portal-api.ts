import type {
  BannerItem,
  helpListQuery,
  noticeListQuery,
  Paged,
  PortalStat,
  PublicArticleDetail,
  PublicArticleItem,
  PublicPage,
  QaItem,
  qaListQuery,
  SearchHit,
  searchQuery,
  z,
} from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData, request } from '../../platform/request.ts';

/** GET /api/public/portalStats: the six statistics of spec 9 (zero until the feature has data). */
export function usePortalStats() {
  return useQuery({
    queryKey: ['public', 'portalStats'],
    queryFn: async () =>
      (
        await fetchData<{ items: PortalStat[] }>('/public/portalStats', {
          method: 'GET',
          skipErrorHandler: true,
        })
      ).items,
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /api/public/apStats: the 事故预防 tab's figures from the prevention records (completed services,
 * enterprises served, hazards found, prevention spend).
 */
export function usePortalApStats() {
  return useQuery({
    queryKey: ['public', 'apStats'],
    queryFn: async () =>
      (
        await fetchData<{ items: PortalStat[] }>('/public/apStats', {
          method: 'GET',
          skipErrorHandler: true,
        })
      ).items,
    staleTime: 5 * 60_000,
  });
}

/** Portal notice tabs: 1 通知公告, 2 政策动态 (spec 2.1 portalNotice currentTab). */
export type NoticeTab = 1 | 2;
export const NOTICE_TAB_TITLES: Record<NoticeTab, string> = { 1: '通知公告', 2: '政策动态' };

export function usePortalNotices(tab: NoticeTab, pageSize = 6) {
  return useQuery({
    queryKey: ['public', 'notices', tab, pageSize],
    queryFn: () =>
      fetchData<Paged<PublicArticleItem>>('/public/notice/list', {
        method: 'GET',
        params: { currentTab: tab, pageNo: 1, pageSize },
        skipErrorHandler: true,
      }),
  });
}

/** Home page banners (spec 7: getPortalBannerList, no payload). */
export function usePortalBanners() {
  return useQuery({
    queryKey: ['public', 'banners'],
    queryFn: () =>
      fetchData<BannerItem[]>('/manage/articles/getPortalBannerList', { skipErrorHandler: true }),
    staleTime: 5 * 60_000,
  });
}

/** A footer link's single page by aid. */
export function usePortalPage(aid: number | null) {
  return useQuery({
    queryKey: ['public', 'page', aid],
    enabled: aid !== null,
    queryFn: () =>
      fetchData<PublicPage>('/public/page', { method: 'GET', params: { aid }, skipErrorHandler: true }),
  });
}

/** A single page by its stable name (portal-ap, portal-claim, ... written by the admin). */
export function usePortalPageBySlug(slug: string) {
  return useQuery({
    queryKey: ['public', 'pageSlug', slug],
    queryFn: () =>
      fetchData<PublicPage>('/public/page', { method: 'GET', params: { slug }, skipErrorHandler: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** A notice (or, from a banner, any portal article) with its body and attachments. */
export function usePortalArticle(id: number | null, source: 'notice' | 'article') {
  return useQuery({
    queryKey: ['public', source, id],
    enabled: id !== null,
    queryFn: () =>
      fetchData<PublicArticleDetail>(
        source === 'notice' ? '/public/notice/detail' : '/public/article/detail',
        {
          method: 'GET',
          params: { id },
          skipErrorHandler: true,
        },
      ),
  });
}

/** A positive integer query parameter, or null. */
export function idParam(raw: string | null): number | null {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * Why an id parameter gave no id: none was given (缺少公告编号), or the one given is no id
 * (公告编号无效), e.g. ?id=abc. `noun` names the record: 公告, 页面, 问答.
 */
export function idProblem(raw: string | null, noun: string): string {
  return raw === null || raw.trim() === '' ? `缺少${noun}编号` : `${noun}编号无效`;
}

// --- Portal lists, search and read receipts ------------------------------------------------------

/** The query of /public/notice/list (contracts noticeListQuery), with the tab as the number the portal uses. */
export async function portalNotices(
  q: Omit<z.input<typeof noticeListQuery>, 'currentTab'> & { currentTab: NoticeTab },
): Promise<Paged<PublicArticleItem>> {
  const { unread, ...rest } = q;
  return fetchData<Paged<PublicArticleItem>>('/public/notice/list', {
    method: 'GET',
    params: { ...rest, ...(unread ? { unread: 1 } : {}) },
    skipErrorHandler: true,
  });
}

export function portalHelpList(q: z.input<typeof helpListQuery>): Promise<Paged<PublicArticleItem>> {
  return fetchData<Paged<PublicArticleItem>>('/manage/articles/getHelpList', {
    params: { ...q },
    skipErrorHandler: true,
  });
}

export function portalQaList(q: z.input<typeof qaListQuery>): Promise<Paged<QaItem>> {
  return fetchData<Paged<QaItem>>('/public/qa/list', {
    method: 'GET',
    params: { ...q },
    skipErrorHandler: true,
  });
}

export function portalSearch(q: z.input<typeof searchQuery>): Promise<Paged<SearchHit>> {
  return fetchData<Paged<SearchHit>>('/public/search', {
    method: 'GET',
    params: { ...q },
    skipErrorHandler: true,
  });
}

/** Marks a notice read for the signed-in reader (read receipts); failures are silent. */
export async function markNoticeRead(id: number): Promise<void> {
  await request('/notice/markRead', { params: { id }, skipErrorHandler: true });
}
