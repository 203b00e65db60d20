export { dataExchangeRoutes } from './data-exchange.routes.ts';
export {
  createPushWorker,
  fetchSender,
  type PushRequest,
  type PushResponse,
  type PushSender,
  type PushWorker,
} from './push.worker.ts';
