import { ArticleManager } from './ArticleManager.tsx';

/**
 * /admin/content/AdminNotice/route and /government/govInfo/GovNotice/route: 通知公告 and 政策动态,
 * targeted by role and districts, with read receipts. The government uses the same screen; its
 * role grants decide which buttons show.
 */
export function AdminNotice() {
  return <ArticleManager group="notice" />;
}

export const GovNotice = AdminNotice;
