import type { BannerItem, Paged, PublicArticleDetail, PublicArticleItem, PublicPage } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../platform/request.ts';

export interface PortalStat {
  name: string;
  label: string;
  value: number;
  unit: string;
}

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
