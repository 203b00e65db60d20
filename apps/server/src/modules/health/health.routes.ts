import { liveEnvelope, readyEnvelope } from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';

/** Liveness and readiness for operators (security.md R03, R07). */
export function healthRoutes(app: FastifyInstance, state: { closing: boolean }): void {
  const live = async () => ok({ status: 'ok' });
  const ready = async () => {
    if (state.closing) throw new AppError(503, '服务正在停止', 'DB_UNAVAILABLE', { 'retry-after': '5' });
    try {
      await app.deps.database.ping();
    } catch {
      throw new AppError(503, '数据库不可用', 'DB_UNAVAILABLE', { 'retry-after': '5' });
    }
    return ok({ status: 'ready', database: app.deps.database.kind });
  };
  const config = { permission: 'public' as const, rateLimit: false as const };
  const liveOpts = { config, schema: { tags: ['health'], response: { 200: liveEnvelope } } };
  const readyOpts = { config, schema: { tags: ['health'], response: { 200: readyEnvelope } } };
  app.get('/api/health', liveOpts, live);
  app.get('/api/healthz', liveOpts, live);
  app.get('/api/ready', readyOpts, ready);
  app.get('/api/readyz', readyOpts, ready);
}
