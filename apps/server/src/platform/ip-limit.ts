import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readToken } from './auth.ts';
import type { Clock } from './clock.ts';
import { tooMany } from './errors.ts';
import { readAppKey } from './signed-calls.ts';

/** How many credentials the ceiling remembers as recently valid (beyond that it stops remembering new ones). */
const MAX_REMEMBERED = 50_000;

/**
 * A per-IP ceiling over anonymous API traffic (security.md R04): requests without a credential, and requests
 * whose token or app key did not authenticate (failed logins, floods of made-up tokens, scans). Signed-in traffic
 * is limited per session by the route limits (@fastify/rate-limit) and does not count here, so one user's flood
 * cannot lock out colleagues behind the same NAT (issue 17 finding 3).
 *
 * Once an IP is over its ceiling, a request with a credential is let through only if that credential
 * authenticated from anywhere within the window (so a colleague keeps working); any other is refused before the
 * database is asked, which is what keeps a flood of made-up tokens cheap. The plugin runs one limiter per request,
 * hence this separate fixed-window counter.
 */
export function registerIpCeiling(app: FastifyInstance, max: number, clock: Clock, windowMs = 60_000): void {
  const windows = new Map<string, { count: number; resetAt: number }>();
  /** Credentials that authenticated recently → until when they are trusted past the ceiling. */
  const valid = new Map<string, number>();
  const sweep = setInterval(() => {
    const now = clock.now().getTime();
    for (const [ip, w] of windows) if (w.resetAt <= now) windows.delete(ip);
    for (const [key, until] of valid) if (until <= now) valid.delete(key);
  }, windowMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const windowOf = (ip: string, now: number) => {
    let w = windows.get(ip);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      windows.set(ip, w);
    }
    return w;
  };
  const refuse = (w: { resetAt: number }, now: number) =>
    tooMany(Math.max(1, Math.ceil((w.resetAt - now) / 1000)));
  const credentialOf = (req: FastifyRequest): string | undefined => {
    const token = readToken(req);
    if (token) return `t:${token}`;
    const appKey = readAppKey(req);
    return appKey ? `k:${appKey}` : undefined;
  };

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const now = clock.now().getTime();
    const w = windowOf(req.ip, now);
    const credential = credentialOf(req);
    if (credential === undefined) {
      w.count++;
      if (w.count > max) throw refuse(w, now);
      return;
    }
    if (w.count >= max && (valid.get(credential) ?? 0) <= now) {
      w.count++;
      throw refuse(w, now);
    }
  });

  // A credential is judged once the request has run: one that authenticated is remembered, one that did not
  // (401, or a public route that learnt nobody from it) counts against its IP like anonymous traffic.
  app.addHook('onResponse', async (req, reply) => {
    if (!req.url.startsWith('/api/') || reply.statusCode === 429) return;
    const credential = credentialOf(req);
    if (credential === undefined) return;
    const now = clock.now().getTime();
    if (req.auth) {
      if (valid.size < MAX_REMEMBERED || valid.has(credential)) valid.set(credential, now + windowMs);
    } else {
      windowOf(req.ip, now).count++;
    }
  });
}
