import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readToken } from './auth.ts';
import type { Clock } from './clock.ts';
import { tooMany } from './errors.ts';
import type { RateCounters } from './rate-counters.ts';
import { readAppKey } from './signed-calls.ts';

/** How many credentials the ceiling remembers as recently valid (beyond that it stops remembering new ones). */
const MAX_REMEMBERED = 50_000;
/** How long a credential another instance did not vouch for is refused without asking the store again. */
const DOUBT_MS = 2_000;

/**
 * A per-IP ceiling over anonymous API traffic (security.md R04): requests without a credential, and requests
 * whose token or app key did not authenticate (failed logins, floods of made-up tokens, scans). Signed-in traffic
 * is limited per session by the route limits (@fastify/rate-limit) and does not count here, so one user's flood
 * cannot lock out colleagues behind the same NAT (issue 17 finding 3).
 *
 * Once an IP is over its ceiling, a request with a credential is let through only if that credential
 * authenticated from anywhere within the window (so a colleague keeps working); any other is refused before the
 * database is asked, which is what keeps a flood of made-up tokens cheap. The plugin runs one limiter per request,
 * hence this separate counter.
 *
 * Several instances (issue 18): the counts per IP are local counters shared every sync interval
 * (platform/rate-counters.ts), so the ceiling holds over all instances together, at most two intervals late.
 * A credential that authenticated is announced the same way (as a digest); an instance that has not seen it asks
 * the shared store once, only when the IP is over its ceiling, and doubts a credential nobody vouched for for
 * two seconds, so a flood of one made-up token costs one look-up per two seconds.
 */
export function registerIpCeiling(
  app: FastifyInstance,
  max: number,
  clock: Clock,
  counters: RateCounters,
  windowMs = 60_000,
): void {
  /** Credentials that authenticated recently → until when they are trusted past the ceiling. */
  const valid = new Map<string, number>();
  /** Credentials the shared store did not vouch for → until when that answer stands. */
  const doubted = new Map<string, number>();
  /** Credentials this process announced to the others → when it did last. */
  const announced = new Map<string, number>();
  const sweep = setInterval(() => {
    const now = clock.now().getTime();
    for (const [key, until] of valid) if (until <= now) valid.delete(key);
    for (const [key, until] of doubted) if (until <= now) doubted.delete(key);
    for (const [key, at] of announced) if (at + windowMs <= now) announced.delete(key);
  }, windowMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const ipKey = (ip: string) => `ipc:${ip}`;
  const vouchKey = (credential: string) =>
    `ipv:${createHash('sha256').update(credential).digest('base64url').slice(0, 32)}`;
  const refuseFor = (ip: string, now: number) =>
    tooMany(Math.max(1, Math.ceil((counters.resetAt(ipKey(ip)) - now) / 1000)));
  const credentialOf = (req: FastifyRequest): string | undefined => {
    const token = readToken(req);
    if (token) return `t:${token}`;
    const appKey = readAppKey(req);
    return appKey ? `k:${appKey}` : undefined;
  };
  /** Whether another instance saw the credential authenticate within the window (asked only past the ceiling). */
  async function vouchedElsewhere(credential: string, now: number): Promise<boolean> {
    if (!counters.shared || (doubted.get(credential) ?? 0) > now) return false;
    const seen = (await counters.store.peek(vouchKey(credential), now)) > 0;
    if (seen) valid.set(credential, now + windowMs);
    else if (doubted.size < MAX_REMEMBERED) doubted.set(credential, now + DOUBT_MS);
    return seen;
  }

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const now = clock.now().getTime();
    const credential = credentialOf(req);
    if (credential === undefined) {
      if (counters.hitLocal(ipKey(req.ip), windowMs).count > max) throw refuseFor(req.ip, now);
      return;
    }
    if (
      counters.peekLocal(ipKey(req.ip)) >= max &&
      (valid.get(credential) ?? 0) <= now &&
      !(await vouchedElsewhere(credential, now))
    ) {
      counters.hitLocal(ipKey(req.ip), windowMs);
      throw refuseFor(req.ip, now);
    }
  });

  // A credential is judged once the request has run: one that authenticated is remembered (and announced to the
  // other instances), one that did not (401, or a public route that learnt nobody from it) counts against its IP
  // like anonymous traffic.
  app.addHook('onResponse', async (req, reply) => {
    if (!req.url.startsWith('/api/') || reply.statusCode === 429) return;
    const credential = credentialOf(req);
    if (credential === undefined) return;
    const now = clock.now().getTime();
    if (req.auth) {
      // Announced when first seen and then every half window while in use, not on every request; the shared
      // entry lasts two windows, so the next announcement lands before it ends.
      const last = announced.get(credential);
      if (counters.shared && (last === undefined || now - last >= windowMs / 2)) {
        counters.hitLocal(vouchKey(credential), 2 * windowMs);
        if (announced.size < MAX_REMEMBERED || last !== undefined) announced.set(credential, now);
      }
      if (valid.size < MAX_REMEMBERED || valid.has(credential)) valid.set(credential, now + windowMs);
    } else {
      counters.hitLocal(ipKey(req.ip), windowMs);
    }
  });
}
