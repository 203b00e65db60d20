export { articlesRoutes } from './articles.routes.ts';
export { claimFiles } from './articles.service.ts';
export { footerLinksFromPages, syncFooterLinks } from './pages.service.ts';
export { matchesKeyword, searchColumns } from './text-search.ts';
