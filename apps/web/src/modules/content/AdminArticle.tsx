import { ArticleManager } from './ArticleManager.tsx';

/** /admin/content/AdminArticle/route: news, home-page banners and the portal's single pages. */
export function AdminArticle() {
  return <ArticleManager group="article" />;
}
