export { articlesRoutes } from './content.routes.ts';
export { claimFiles, manageList } from './content.service.ts';
export { footerLinksFromPages, syncFooterLinks } from './pages.service.ts';
export { matchesKeyword, searchColumns } from './text-search.ts';
