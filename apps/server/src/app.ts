import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { configureLinkHosts } from '@aqzrx/contracts';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { authRoutes } from './modules/auth/index.ts';
import { claimsRoutes } from './modules/claim/index.ts';
import { complaintsRoutes, registerComplaintTimers } from './modules/complaint/index.ts';
import { consultsRoutes } from './modules/consult/index.ts';
import { articlesRoutes } from './modules/content/index.ts';
import { dataExchangeRoutes } from './modules/data-exchange/index.ts';
import { dictsRoutes } from './modules/dict/index.ts';
import { endorsementsRoutes, registerDailyJobs } from './modules/endorsement/index.ts';
import { enterprisesRoutes } from './modules/enterprise/index.ts';
import { evaluationRoutes } from './modules/evaluation/index.ts';
import { filesRoutes, registerFileSweep } from './modules/file/index.ts';
import { hazardModuleRoutes } from './modules/hazard/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { industriesRoutes } from './modules/industry/index.ts';
import { insuranceDataRoutes } from './modules/insurance-data/index.ts';
import { insurersRoutes } from './modules/insurer/index.ts';
import { logsRoutes } from './modules/log/index.ts';
import { messagesRoutes } from './modules/message/index.ts';
import { orgsRoutes } from './modules/org/index.ts';
import { piiRoutes } from './modules/pii/index.ts';
import { policiesRoutes } from './modules/policy/index.ts';
import { poolRoutes } from './modules/pool/index.ts';
import { portalRoutes } from './modules/portal/index.ts';
import { preventionRoutes } from './modules/prevention/index.ts';
import { preventionFilingRoutes } from './modules/prevention-filing/index.ts';
import { regionsRoutes } from './modules/region/index.ts';
import { registrationRoutes } from './modules/registration/index.ts';
import { rolesRoutes } from './modules/role/index.ts';
import { rulesRoutes } from './modules/rule/index.ts';
import { safetyMechanismsRoutes } from './modules/safety-mechanism/index.ts';
import { serviceRequestRoutes } from './modules/service-request/index.ts';
import { settingsRoutes } from './modules/setting/index.ts';
import { registerReportSchedule, statsRoutes } from './modules/stats/index.ts';
import { subsystemsRoutes } from './modules/subsystem/index.ts';
import { trainingRoutes } from './modules/training/index.ts';
import { usersRoutes } from './modules/user/index.ts';
import { workbenchRoutes } from './modules/workbench/index.ts';
import { type Antivirus, antivirusOf } from './platform/antivirus.ts';
import { registerOperLog } from './platform/audit.ts';
// new:feature imports
import { type Clock, systemClock } from './platform/clock.ts';
import type { AppDeps } from './platform/context.ts';
import { configureCounts } from './platform/count-cache.ts';
import { AppError } from './platform/errors.ts';
import { createFileScopes } from './platform/file-scopes.ts';
import { type ApiRoute, registerHttpPlatform, requestTimeoutResponse } from './platform/http.ts';
import { registerIpCeiling } from './platform/ip-limit.ts';
import { LOGIN_SHELL_CSS, loginShellHtml } from './platform/login-shell.ts';
import { configurePii } from './platform/pii.ts';
import { createPortalStats } from './platform/portal-stats.ts';
import { createRateCounters, rateLimitStore } from './platform/rate-counters.ts';
import { registerReadRouter } from './platform/replica.ts';
import { responseSerializer } from './platform/response-serializer.ts';
import { createPiiReveals } from './platform/reveal.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { createSettingsService, settingDefaults } from './platform/settings.ts';
import { connectRedis, databaseStore, redisStore } from './platform/shared-store.ts';
import { type FileStorage, openStorage } from './platform/storage/storage.ts';
import { newRequestId } from './platform/tokens.ts';
import { tlsServerOptions } from './platform/transport.ts';
import { LOGIN_PATH, preloadTags, withHeadTags } from './platform/web-preload.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Tests add routes (e.g. one that throws) before the app is ready. */
  extend?: (app: FastifyInstance) => void;
  /** Where uploaded files are kept; default the one the settings name (STORAGE), closed with the app. */
  storage?: FileStorage;
  /** The upload scanner; default the one the settings name (AV_SCAN, CLAMD_URL). */
  antivirus?: Antivirus;
}

/** Bytes below which a response is sent uncompressed. */
export const COMPRESS_THRESHOLD = 1024;
/** Text formats only: uploaded files, images, archives and spreadsheets are compressed already. */
const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml)|image\/svg\+xml)|\+(?:json|xml)(?:;|$)/;

export interface AppState {
  closing: boolean;
  /** Requests being served (not counting those answered 503 while closing); shutdown waits for them. */
  inFlight: number;
  apiRoutes: ApiRoute[];
}

/** Registers platform plugins and feature modules. No business logic lives here. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance & { state: AppState }> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  // Encryption of stored personal data (ID numbers), set up before any module reads or writes it.
  configurePii({ nodeEnv: config.NODE_ENV, dataDir: config.dataDir });
  // External links users write must point at these hosts (contracts' portalLink checks them).
  configureLinkHosts(config.LINK_HOSTS.split(','));
  const trustProxy = config.TRUST_PROXY
    ? config.TRUST_PROXY.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : false;
  // Slowloris (security.md R04): the headers must be complete within REQUEST_TIMEOUT_MS (Node's headersTimeout),
  // checked every quarter of it (at most every 5 s; Node's default check is every 30 s, which let a slow client
  // hold its connection up to 90 s past a 60 s limit). Bodies: platform/http.ts (body deadline).
  const slowClients = {
    headersTimeout: config.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.REQUEST_TIMEOUT_MS / 4)),
  };
  const app = Fastify({
    // HTTPS=on: TLS 1.2/1.3 only with the suites of platform/transport.ts (security.md P01).
    ...(config.HTTPS ? { https: { ...tlsServerOptions(config), ...slowClients } } : { http: slowClients }),
    logger: opts.logger ?? {
      level: config.LOG_LEVEL,
      redact: {
        paths: ['req.headers["x-token"]', 'req.headers.authorization', 'res.headers["x-token"]'],
        censor: '***',
      },
      // The query string may carry passwords (pwd/update takes them as query parameters per spec 7)
      // or a mistaken token: request logs record the path only.
      serializers: {
        req: (req: { method: string; url: string; ip?: string; socket?: { remotePort?: number } }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    genReqId: () => newRequestId(),
    trustProxy,
    bodyLimit: 1_048_576,
    // Whole-request deadlines would cut long uploads (2 GB mp4); instead an idle socket is dropped after
    // 120 s, headersTimeout (above) drops clients that never finish their headers (slowloris), and the body
    // deadline (platform/http.ts) those that never finish the body of a request other than an upload.
    requestTimeout: 0,
    connectionTimeout: 120_000,
    keepAliveTimeout: 10_000,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: false },
    // Malformed HTTP (bad Content-Length, pipelining garbage) still gets the platform's envelope.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy(err);
      // Headers not complete within REQUEST_TIMEOUT_MS (Node's headersTimeout): 408, as Node itself answers.
      if ((err as NodeJS.ErrnoException).code === 'ERR_HTTP_REQUEST_TIMEOUT') {
        socket.end(requestTimeoutResponse());
        return;
      }
      const body = JSON.stringify({ error: 400, apiError: 400, result: '请求格式有误', code: 'BAD_REQUEST' });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });
  const state: AppState = { closing: false, inFlight: 0, apiRoutes: [] };
  const storage = opts.storage ?? (await openStorage(config));
  // onClose hooks run last-added first: the storage closes after the modules' hooks (the upload sweep) stopped.
  if (!opts.storage) app.addHook('onClose', () => storage.close());
  // State every process and instance must see alike (issue 18): Redis with REDIS_URL, else the database. Local
  // rate counts are shared every RATE_SYNC_MS, except on the embedded database (one process by design).
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL) : undefined;
  const shared = redis ? redisStore(redis, config.REDIS_PREFIX) : databaseStore(database.db);
  const counters = createRateCounters({
    store: shared,
    clock,
    syncMs: redis || database.kind === 'postgres' ? config.RATE_SYNC_MS : 0,
    onError: (err) => app.log.warn({ err }, '限流计数同步失败（下次同步重试）'),
  });
  const sweepShared = setInterval(() => {
    shared.sweep(clock.now().getTime()).catch((err) => app.log.warn({ err }, '清理过期验证码与限流计数失败'));
  }, 60_000);
  sweepShared.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweepShared);
    await counters.close().catch(() => undefined);
    await shared.close();
  });
  const deps: AppDeps = {
    config,
    database,
    clock,
    storage,
    antivirus: opts.antivirus ?? antivirusOf(config),
    settings: createSettingsService(() => database.db, clock, settingDefaults(config)),
    shared,
    counters,
  };
  app.decorate('deps', deps);
  app.decorate('db', database.db);
  // Totals of the large lists are counted exactly up to this many rows (platform/count-cache.ts).
  configureCounts(database.db, { cap: config.LIST_COUNT_CAP });
  app.decorate('state', state);
  // R07: while stopping, the server keeps listening until the requests in flight are done (main.ts); a request
  // that arrives then, on a new connection or a kept-alive one, is answered 503 with Connection: close and
  // Retry-After (a load balancer or client retries elsewhere) instead of finding the port closed. First of all
  // hooks, so it costs no session lookup.
  app.addHook('onRequest', async (_req, reply) => {
    if (state.closing) {
      reply.header('connection', 'close');
      throw new AppError(503, '服务正在停止，请稍后重试', 'DB_UNAVAILABLE', { 'retry-after': '5' });
    }
    state.inFlight++;
    reply.raw.once('close', () => {
      state.inFlight--;
    });
  });
  registerReadRouter(app, {
    primary: database.db,
    ...(database.replica ? { replica: database.replica } : {}),
    maxLagMs: config.REPLICA_MAX_LAG_MS,
    checkMs: config.REPLICA_CHECK_MS,
  });
  app.decorate('portalStats', createPortalStats());
  app.decorate('fileScopes', createFileScopes());
  app.decorate('piiReveals', createPiiReveals());
  registerOperLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.NODE_ENV !== 'production'));

  registerSecurityHeaders(app);

  // Responses of compressible types above the threshold go out in brotli or gzip by Accept-Encoding:
  // the API's JSON lists (a 50-row user page: 4.6 KB, 1.8 KB in brotli). Smaller answers are sent
  // as they are (the bytes saved do not pay for the work; measured: README, "Compression"). The built web
  // files come compressed from the build (registerWeb), so their routes find Content-Encoding set and
  // are passed through. Request bodies are not decompressed (no Content-Encoding on uploads).
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });

  await app.register(rateLimit, {
    global: true,
    // Counted over all processes and instances (platform/rate-counters.ts): this global limit locally with a
    // sync every RATE_SYNC_MS, each route's own limit exactly in the shared store.
    store: rateLimitStore(counters, clock) as never,
    max: config.API_RATE_MAX,
    timeWindow: 60_000,
    // Route limits run after authentication: a signed-in caller is limited per session (a bureau's NAT
    // puts many users behind one IP), everyone else per IP. A made-up token buys no fresh bucket.
    keyGenerator: (req) => (req.auth ? `s:${req.auth.sessionId}` : `ip:${req.ip}`),
    allowList: (req) => !req.url.startsWith('/api/'),
  });
  // A per-IP ceiling in front of everything, so failed authentication and floods of bogus tokens are
  // limited too (they never reach the route limits above).
  registerIpCeiling(app, config.IP_RATE_MAX, clock, counters);

  registerHttpPlatform(app, state.apiRoutes);

  if (config.NODE_ENV !== 'production') {
    await app.register(swagger, {
      openapi: {
        info: { title: '宿迁市安全生产责任保险监管服务平台 API', version: '0.1.0' },
        components: {
          securitySchemes: {
            token: { type: 'apiKey', in: 'header', name: 'X-TOKEN' },
            appKey: {
              type: 'apiKey',
              in: 'header',
              name: 'X-APP-KEY',
              description:
                '外部子系统签名调用：同时携带 X-TIMESTAMP、X-NONCE、X-SIGNATURE（HMAC-SHA256），只能调用其安全机制所列接口。协议见 apps/server/src/modules/subsystem/README.md',
            },
          },
        },
        security: [{ token: [] }, { appKey: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiConfig: { docExpansion: 'none' },
    });
  }

  healthRoutes(app, state);
  portalRoutes(app);
  authRoutes(app);
  rolesRoutes(app);
  logsRoutes(app, state.apiRoutes);
  filesRoutes(app);
  regionsRoutes(app);
  usersRoutes(app);
  orgsRoutes(app);
  settingsRoutes(app);
  dictsRoutes(app);
  industriesRoutes(app);
  subsystemsRoutes(app);
  safetyMechanismsRoutes(app, state.apiRoutes);
  articlesRoutes(app);
  rulesRoutes(app);
  consultsRoutes(app);
  messagesRoutes(app);
  enterprisesRoutes(app);
  insurersRoutes(app);
  policiesRoutes(app);
  endorsementsRoutes(app);
  claimsRoutes(app);
  insuranceDataRoutes(app);
  dataExchangeRoutes(app);
  trainingRoutes(app);
  serviceRequestRoutes(app);
  preventionFilingRoutes(app);
  preventionRoutes(app);
  hazardModuleRoutes(app);
  complaintsRoutes(app);
  statsRoutes(app);
  evaluationRoutes(app);
  poolRoutes(app);
  registrationRoutes(app);
  workbenchRoutes(app, state.apiRoutes);
  piiRoutes(app);
  // new:feature routes
  // Due endorsements and nightly rescoring; the catch-up run at start stays out of tests (they call runOnce).
  registerDailyJobs(app, { hour: config.DAILY_JOB_HOUR, runOnStart: config.NODE_ENV !== 'test' });
  // Complaint deadlines: near-deadline warnings and overdue flags, hourly.
  registerComplaintTimers(app, { enabled: config.NODE_ENV !== 'test' });
  registerReportSchedule(app, { enabled: config.NODE_ENV !== 'test' });
  // Uploads attached to no record are removed a day after upload, nightly (tests call runOnce).
  registerFileSweep(app, { enabled: config.NODE_ENV !== 'test' });
  opts.extend?.(app);

  registerWeb(app, config);
  return app as unknown as FastifyInstance & { state: AppState };
}

/** index.html as it is and in each encoding, made once per build (re-read when the file changes). */
interface IndexHtml {
  mtimeMs: number;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function readIndexHtml(file: string, mtimeMs: number, headTags = '', bodyStart = ''): IndexHtml {
  const raw = fs.readFileSync(file);
  const identity = headTags || bodyStart ? withHeadTags(raw, headTags, bodyStart) : raw;
  return {
    mtimeMs,
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/**
 * Serves the built single-page app; every unknown non-API GET gets index.html (client routing).
 * The build writes a brotli (.br) and a gzip (.gz) copy beside each text file (apps/web/vite.config.ts,
 * `precompress`); the static plugin sends the copy the request's Accept-Encoding asks for, with the
 * original's Content-Type and `Vary: Accept-Encoding`, and the file itself to clients that ask for none.
 */
function registerWeb(app: FastifyInstance, config: Config): void {
  const indexFile = path.join(config.webDist, 'index.html');
  // Cached per page (the login page and the portal announce their route chunks: platform/web-preload.ts; the
  // login page carries its form as HTML: platform/login-shell.ts, made from the platform name and footer
  // settings), but re-read when the file changes, so a rebuild is served without a restart.
  let built = 0;
  let preloads = new Map<string, string>();
  const pages = new Map<string, IndexHtml>();
  const send = (reply: FastifyReply, indexHtml: IndexHtml | undefined) => {
    if (indexHtml === undefined) {
      reply.code(503).type('text/plain; charset=utf-8').send('前端尚未构建：请先运行 npm run build');
      return;
    }
    const accept = reply.request.headers['accept-encoding'];
    const encoding = typeof accept === 'string' ? negotiate(accept, ['br', 'gzip']) : null;
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding).send(indexHtml[encoding]);
    else reply.send(indexHtml.identity);
  };
  const page = (mtime: number, key: string, shell: string) => {
    const cacheKey = `${key}\n${shell}`;
    let indexHtml = pages.get(cacheKey);
    if (indexHtml === undefined && mtime) {
      // A renamed platform or a new year makes another entry: a handful at most between two builds.
      if (pages.size > 32) pages.clear();
      indexHtml = readIndexHtml(
        indexFile,
        mtime,
        `${preloads.get(key) ?? ''}${shell ? LOGIN_SHELL_CSS : ''}`,
        shell,
      );
      pages.set(cacheKey, indexHtml);
    }
    return indexHtml;
  };
  app.decorate('sendIndexHtml', (reply: FastifyReply) => {
    const mtime = fs.existsSync(indexFile) ? fs.statSync(indexFile).mtimeMs : 0;
    if (mtime !== built) {
      built = mtime;
      pages.clear();
      preloads = mtime ? preloadTags(config.webDist) : new Map();
    }
    const pathname = (reply.request.url.split('?')[0] ?? '').replace(/\/+$/, '');
    const key = preloads.has(pathname) ? pathname : '';
    if (pathname !== LOGIN_PATH || !mtime) {
      send(reply, page(mtime, key, ''));
      return;
    }
    app.deps.settings.all().then(
      (s) => {
        const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
        send(reply, page(mtime, key, loginShellHtml(s, { captcha: config.CAPTCHA, year })));
      },
      (err: unknown) => {
        // Settings unreadable (database down): the page without its HTML form still works once the app runs.
        reply.log.warn({ err }, 'login shell: settings not readable');
        send(reply, page(mtime, key, ''));
      },
    );
  });
  if (!fs.existsSync(config.webDist)) return;
  app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    index: false,
    // One route per built file (no catch-all): unknown paths reach the not-found handler, which serves
    // index.html to client routes and 404 to missing assets and API paths.
    wildcard: false,
    // The compressed copies are sent in place of their originals, never under their own names.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    dotfiles: 'deny',
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
}
