import { liveEnvelope, readyEnvelope } from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { diskLow, uploadLimits } from '../file/index.ts';

/** Liveness and readiness for operators (security.md R03, R07). */
export function healthRoutes(app: FastifyInstance, state: { closing: boolean }): void {
  const live = async () => ok({ status: 'ok' });
  let lastLowWarning = 0;
  let lastAvWarning = 0;
  const ready = async () => {
    if (state.closing) throw new AppError(503, '服务正在停止', 'DB_UNAVAILABLE', { 'retry-after': '5' });
    try {
      await app.deps.database.ping();
    } catch {
      throw new AppError(503, '数据库不可用', 'DB_UNAVAILABLE', { 'retry-after': '5' });
    }
    // A disk below the upload floor keeps the instance ready (reads and writes other than uploads work) but
    // says so, for monitoring; uploads answer 507 meanwhile (modules/file/quota.ts). STORAGE=s3: no floor, 'ok'.
    const { config, storage } = app.deps;
    const low = await diskLow(storage, uploadLimits(config).minFreeBytes);
    // Probes come every few seconds: the warning is logged once an hour while the disk stays low.
    if (low && Date.now() - lastLowWarning > 3_600_000) {
      lastLowWarning = Date.now();
      app.log.warn(
        { uploadDir: storage.location },
        'upload disk below UPLOAD_MIN_FREE_MB: uploads answer 507',
      );
    }
    // AV_SCAN=on and clamd silent: still ready (everything but uploads works), uploads answer 503 meanwhile.
    const { antivirus } = app.deps;
    const avUp = !antivirus.enabled || (await antivirus.ping());
    if (!avUp && Date.now() - lastAvWarning > 3_600_000) {
      lastAvWarning = Date.now();
      app.log.warn({ clamd: antivirus.location }, 'antivirus (clamd) does not answer: uploads answer 503');
    }
    return ok({
      status: 'ready',
      database: app.deps.database.kind,
      disk: low ? 'low' : 'ok',
      antivirus: antivirus.enabled ? (avUp ? 'ok' : 'down') : 'off',
    });
  };
  const config = { permission: 'public' as const, rateLimit: false as const };
  const liveOpts = { config, schema: { tags: ['health'], response: { 200: liveEnvelope } } };
  const readyOpts = { config, schema: { tags: ['health'], response: { 200: readyEnvelope } } };
  app.get('/api/health', liveOpts, live);
  app.get('/api/healthz', liveOpts, live);
  app.get('/api/ready', readyOpts, ready);
  app.get('/api/readyz', readyOpts, ready);
}
