import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import { tooMany } from './errors.ts';

/**
 * A per-IP ceiling over every API request, checked before authentication, so that failed logins,
 * floods of made-up tokens and anonymous scans are limited too (security.md R04). Route limits
 * (@fastify/rate-limit, per session or IP) apply after it; that plugin runs one limiter per request,
 * hence this separate fixed-window counter.
 */
export function registerIpCeiling(app: FastifyInstance, max: number, clock: Clock, windowMs = 60_000): void {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = clock.now().getTime();
    for (const [ip, w] of windows) if (w.resetAt <= now) windows.delete(ip);
  }, windowMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const now = clock.now().getTime();
    let w = windows.get(req.ip);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      windows.set(req.ip, w);
    }
    w.count++;
    if (w.count > max) throw tooMany(Math.max(1, Math.ceil((w.resetAt - now) / 1000)));
  });
}
