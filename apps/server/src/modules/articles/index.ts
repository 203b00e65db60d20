export { likeAny } from './articles.model.ts';
export { articlesRoutes } from './articles.routes.ts';
export { claimFiles } from './articles.service.ts';
export { footerLinksFromPages, syncFooterLinks } from './pages.service.ts';
