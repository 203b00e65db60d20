export { articlesRoutes } from './content.routes.ts';
export { manageList } from './content.service.ts';
export { claimFiles } from './content.service.ts';
export { footerLinksFromPages, syncFooterLinks } from './pages.service.ts';
export { matchesKeyword, searchColumns } from './text-search.ts';
