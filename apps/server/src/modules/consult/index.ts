export { consultsRoutes } from './consult.routes.ts';
export { listConsults } from './consult.service.ts';
