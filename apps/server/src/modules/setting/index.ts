export { settingsRoutes } from './setting.routes.ts';
