import fs from 'node:fs';
import path from 'node:path';
import { ErrorReason, Messages, PASSWORD_CHANGE_MESSAGES } from '@aqzrx/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDbUnavailableError } from '../db/database.ts';
import { writeAudit } from './audit.ts';
import { passwordChangeReason, permissionsAt, readToken, resolveSession, tokenInUrl } from './auth.ts';
import type { AuthContext, RoutePermission, Tx } from './context.ts';
import { fail } from './envelope.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { isStrictInput } from './input-schema.ts';
import { hasPermission } from './permissions.ts';
import { authSeq, bumpAuthSeq } from './session-cache.ts';
import { createSignedCallGate, readAppKey } from './signed-calls.ts';
import { inTransaction } from './transaction.ts';

const FASTIFY_CODES: Record<string, { status: number; message: string; reason: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: Messages.badJson, reason: ErrorReason.BAD_REQUEST },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: Messages.emptyJson, reason: ErrorReason.BAD_REQUEST },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: Messages.unsupportedMediaType,
    reason: ErrorReason.UNSUPPORTED_MEDIA_TYPE,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    message: Messages.bodyTooLarge,
    reason: ErrorReason.PAYLOAD_TOO_LARGE,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: '请求长度与内容不符',
    reason: ErrorReason.BAD_REQUEST,
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 415,
    message: Messages.unsupportedMediaType,
    reason: ErrorReason.BAD_REQUEST,
  },
  FST_PROTO_VIOLATION: { status: 400, message: '请求包含非法字段', reason: ErrorReason.BAD_REQUEST },
  FST_CONSTRUCTOR_VIOLATION: { status: 400, message: '请求包含非法字段', reason: ErrorReason.BAD_REQUEST },
};

const MAX_QUERY_PARAMS = 1000;

const CONTEXT_LABEL: Record<string, string> = {
  body: '请求体',
  querystring: '参数',
  params: '路径参数',
  headers: '请求头',
};

/** The field path of a validation failure, e.g. `body.user.mobile`. */
function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

export interface ApiRoute {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
  audit: { module: string; kind: string } | undefined;
  /** The route's OpenAPI summary: what the call does, in Chinese. */
  summary: string | undefined;
  /** Whether the route declares its response schema (test/platform.test.ts requires one). */
  hasResponseSchema: boolean;
  /** Declared inputs (body, querystring, params) whose schema is not strict: test/platform.test.ts requires none. */
  looseInputs: string[];
}

/**
 * A route's operation name for people (the operation log), from its OpenAPI summary: the summary without
 * its remarks — parenthesised notes, anything after a semicolon, and an explanation after a colon or a
 * comma — e.g. 用户分页查询（手机号脱敏） → 用户分页查询, 审核保单（出单机构）：通过须填写保单号，… → 审核保单,
 * while 监管部门：理赔详情 stays whole.
 */
export function operationName(summary: string | undefined): string {
  if (!summary) return '';
  let name = summary;
  // Innermost parentheses first, until none are left (full- and half-width).
  for (let before = ''; before !== name; ) {
    before = name;
    name = name.replace(/（[^（）]*）|\([^()]*\)/g, '');
  }
  name = name.split(/[；;]/)[0]!;
  const colon = name.search(/[：:]/);
  if (colon > 0) {
    const rest = name.slice(colon + 1);
    if (/[，,、]/.test(rest) || rest.trim().length > 12) name = name.slice(0, colon);
  }
  name = name.split(/[，,]/)[0]!;
  return name.replace(/\s*\.xlsx\b/g, '').trim();
}

/** Operation-log module of a record read answered 404 to a signed-in caller (security.md L01, Z02). */
export const SCOPE_DENIAL_MODULE = '越权或不存在的记录';

function isRecordRoute(req: FastifyRequest): boolean {
  if (req.routeOptions.url === undefined || !req.routeOptions.url.startsWith('/api/')) return false;
  const params = req.params as Record<string, unknown> | undefined;
  if (params && Object.keys(params).length > 0) return true;
  // Most detail routes name the record in the query (`/api/claim/detail?id=…`).
  const query = req.query as Record<string, unknown> | undefined;
  return query?.id !== undefined && query.id !== '';
}

/** The record the caller asked for: the id parameter (path or query), else the path's parameters. */
function recordId(req: FastifyRequest): string {
  const params = (req.params ?? {}) as Record<string, unknown>;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const id = params.id ?? query.id ?? Object.values(params).join('/');
  return String(id)
    .replace(/[\r\n]/g, ' ')
    .slice(0, 64);
}

/** Every registered API route with its declared permission (tests and the safety-mechanism API list). */
export function registerHttpPlatform(app: FastifyInstance, apiRoutes: ApiRoute[]): void {
  const { config, clock, settings } = app.deps;

  app.decorateRequest('auth', null);
  app.decorateRequest('auditDone', false);
  app.decorateRequest('auditTarget', '');
  app.decorateRequest('startedAt', 0n);
  app.decorateRequest('errorMessage', '');
  app.decorateRequest('tx', function tx<
    T,
  >(this: FastifyRequest, fn: (trx: Tx) => Promise<T>, opts?: { targetId?: string | number | ((result: T) => string | number) }): Promise<T> {
    const audit = this.routeOptions.config.audit;
    const seqAtStart = authSeq();
    return inTransaction(app.db, async (trx) => {
      const result = await fn(trx);
      const target = opts?.targetId;
      if (target !== undefined)
        this.auditTarget = String(typeof target === 'function' ? target(result) : target);
      if (audit) {
        await writeAudit(
          trx,
          this,
          { kind: audit.kind, module: audit.module, outcome: 'success' },
          clock.now(),
        );
        this.auditDone = true;
      }
      return result;
    }).then((result) => {
      // A session read while this transaction's auth-table writes were uncommitted must not be reused.
      if (authSeq() !== seqAtStart) bumpAuthSeq();
      return result;
    });
  });

  // Every API route declares its permission; the OpenAPI viewer is the one declared-public plugin.
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), permission: 'public' };
    if (url.startsWith('/api/')) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        const schema = route.schema as
          | { summary?: unknown; response?: unknown; body?: unknown; querystring?: unknown; params?: unknown }
          | undefined;
        const looseInputs = (['body', 'querystring', 'params'] as const).filter(
          (k) => schema?.[k] !== undefined && !isStrictInput(schema[k]),
        );
        const summary = schema?.summary;
        apiRoutes.push({
          method,
          url,
          permission: route.config?.permission,
          audit: route.config?.audit,
          summary: typeof summary === 'string' ? summary : undefined,
          hasResponseSchema: schema?.response !== undefined,
          looseInputs,
        });
      }
    }
  });

  // Signed calls of external systems (X-APP-KEY): platform/signed-calls.ts, protocol in modules/subsystem/README.md.
  const signedCalls = createSignedCallGate(app);
  app.addHook('preParsing', async (req, _reply, payload) => signedCalls.replayBody(req, payload));

  app.addHook('onRequest', async (req) => {
    req.startedAt = process.hrtime.bigint();
    if (!req.url.startsWith('/api/')) return;
    armBodyDeadline(req, config.REQUEST_TIMEOUT_MS);
    const permission = req.routeOptions.config.permission;
    // Fail closed: a route that forgot to declare its permission is refused, not opened.
    if (permission === undefined && req.routeOptions.url !== undefined) throw forbidden();
    const qs = req.url.indexOf('?');
    if (qs >= 0 && req.url.slice(qs + 1).split('&').length > MAX_QUERY_PARAMS) {
      throw new AppError(400, `查询参数过多（最多${MAX_QUERY_PARAMS}个）`);
    }
    if (tokenInUrl(req)) throw unauthorized('令牌不能放在URL中，请使用X-TOKEN请求头');
    const token = readToken(req);
    const appKey = token ? undefined : readAppKey(req);
    let auth: AuthContext;
    if (appKey !== undefined && permission !== undefined) {
      // A subsystem's signed call runs as its bound service user; the role's permissions apply below.
      auth = await signedCalls.authenticate(req, appKey);
      req.auth = auth;
      if (permission === 'public') return;
    } else if (permission === 'public' || permission === undefined) {
      // (undefined here only for the not-found handler, which has no route)
      // Public routes still learn who is calling when a valid token is sent (e.g. portal tabs).
      if (token) {
        try {
          req.auth = await resolveSession(app.db, token, clock.now(), config, await settings.get('security'));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
        }
      }
      return;
    } else {
      if (!token) throw unauthorized();
      auth = await resolveSession(app.db, token, clock.now(), config, await settings.get('security'));
      req.auth = auth;
    }
    if ((auth.mustChangePassword || auth.passwordExpired) && !req.routeOptions.config.allowStalePassword) {
      const why = (await passwordChangeReason(app.db, auth)) ?? 'expired';
      throw forbidden(
        PASSWORD_CHANGE_MESSAGES[why],
        why === 'expired' ? ErrorReason.PASSWORD_EXPIRED : ErrorReason.PASSWORD_CHANGE_REQUIRED,
      );
    }
    if (permission !== 'authenticated') {
      auth.permissions = await permissionsAt(app.db, auth.roleId, auth.permissionVersion);
      if (!hasPermission(auth.permissions, permission)) throw forbidden();
    }
  });

  app.addHook('onResponse', async (req) => {
    clearBodyDeadline(req);
  });

  // Operation-log row for audited routes that did not write one inside their transaction (failures, and
  // reads such as lists and exports), written before the answer goes out: an answer whose audit row could not
  // be written becomes 503 instead (issue 18: overload must not lose audit rows silently). The rows of
  // concurrent requests are group-committed (oper-log-writer.ts).
  app.addHook('onSend', async (req, reply, payload) => {
    const audit = req.routeOptions.config.audit;
    // A refused permission is a security event even on routes that are not otherwise audited (L01, Z01).
    const denied = reply.statusCode === 403 && req.auth !== null;
    // So is a signed-in caller's read of one record (a route with path parameters: a detail, a file) answered
    // 404 — out of its scope, or not there; the answer is the same by design (Z02), the log names the id.
    // Not a route that does not exist (no routeOptions.url), and not an audited route (it logs its own failure).
    const hidden = !audit && reply.statusCode === 404 && req.auth !== null && isRecordRoute(req);
    if ((!audit && !denied && !hidden) || req.auditDone) return payload;
    const failed = reply.statusCode >= 400;
    try {
      await writeAudit(
        app.db,
        req,
        {
          kind: audit && !denied ? audit.kind : 'security',
          module: audit && !denied ? audit.module : hidden ? SCOPE_DENIAL_MODULE : '访问拒绝',
          ...(hidden ? { targetId: recordId(req) } : {}),
          outcome: failed ? 'fail' : 'success',
          errorMsg: failed ? `${reply.statusCode} ${req.errorMessage}`.trim() : '',
        },
        clock.now(),
      );
      req.auditDone = true;
      return payload;
    } catch (err) {
      req.log.error({ err }, 'audit write failed: answered 503');
      const stream = payload as { destroy?: () => void } | null;
      if (stream && typeof stream === 'object' && typeof stream.destroy === 'function') stream.destroy();
      for (const h of ['content-encoding', 'content-length', 'content-disposition', 'vary'])
        reply.removeHeader(h);
      reply.code(503).header('retry-after', '5').header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify(fail(503, Messages.dbUnavailable, ErrorReason.DB_UNAVAILABLE, String(req.id)));
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
    return payload;
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      reply.code(404).send(fail(404, Messages.routeNotFound, ErrorReason.NOT_FOUND, String(req.id)));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      reply.code(404).send(fail(404, Messages.routeNotFound, ErrorReason.NOT_FOUND, String(req.id)));
      return;
    }
    const pathname = req.url.split('?')[0] ?? '';
    // A hashed asset built after the start (a rebuild under a running server: index.html is re-read, so its
    // new assets must be found too). Plain names only, no traversal.
    // The .br/.gz copies are sent in place of their originals (by Accept-Encoding), never by their own names.
    const asset = /^\/assets\/([A-Za-z0-9._-]+)$/.exec(pathname)?.[1];
    if (
      asset &&
      !asset.startsWith('.') &&
      !/\.(br|gz)$/.test(asset) &&
      typeof reply.sendFile === 'function'
    ) {
      const file = path.join(config.webDist, 'assets', asset);
      if (fs.existsSync(file)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        return reply.sendFile(asset, path.join(config.webDist, 'assets'));
      }
    }
    if (pathname.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(pathname)) {
      reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
      return;
    }
    // Single-page app: every other GET is the client router's.
    if (app.hasDecorator('sendIndexHtml')) {
      (app as unknown as { sendIndexHtml: (r: FastifyReply) => void }).sendIndexHtml(reply);
      return;
    }
    reply.code(404).type('text/plain; charset=utf-8').send('页面不存在');
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const requestId = String(req.id);
    const send = (status: number, message: string, reason: string, data?: unknown) => {
      req.errorMessage = message;
      reply.code(status).send(fail(status, message, reason, requestId, data));
    };
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      if (err.status >= 500) req.log.error({ err }, err.message);
      send(err.status, err.message, err.reason, err.data);
      return;
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const ctx = CONTEXT_LABEL[err.validationContext ?? ''] ?? '参数';
      const field = first ? fieldPath(first.instancePath) : '';
      const message = first ? `${ctx}${field ? ` ${field} ` : ''}有误：${first.message}` : `${ctx}有误`;
      send(400, message, ErrorReason.BAD_REQUEST, {
        fields: err.validation.map((v) => ({ field: fieldPath(v.instancePath), message: v.message })),
      });
      return;
    }
    const code = err.code ?? '';
    const known = FASTIFY_CODES[code];
    if (known) {
      send(known.status, known.message, known.reason);
      return;
    }
    if (err.statusCode === 429) {
      send(429, Messages.rateLimited, ErrorReason.RATE_LIMITED);
      return;
    }
    if (isDbUnavailableError(err)) {
      req.log.warn({ err: { message: err.message, code } }, 'database unavailable');
      reply.header('retry-after', '5');
      send(503, Messages.dbUnavailable, ErrorReason.DB_UNAVAILABLE);
      return;
    }
    // Data exceptions (invalid characters, out-of-range dates, too-long strings): the input is at fault.
    if (/^22[0-9A-Z]{3}$/.test(code)) {
      send(400, '参数格式有误，请检查输入内容（如非法字符、日期或长度超出范围）', ErrorReason.BAD_REQUEST);
      return;
    }
    if (code === '23505') {
      send(409, '数据重复，请检查后重试', ErrorReason.CONFLICT);
      return;
    }
    if (code === '57014') {
      req.log.error({ err }, 'statement timeout');
      reply.header('retry-after', '5');
      send(503, Messages.dbUnavailable, ErrorReason.DB_UNAVAILABLE);
      return;
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      send(
        err.statusCode,
        err.statusCode === 404 ? Messages.routeNotFound : '请求有误',
        ErrorReason.BAD_REQUEST,
      );
      return;
    }
    req.log.error({ err }, 'unhandled error');
    send(500, Messages.internal, ErrorReason.INTERNAL);
  });
}

/** The raw answer to a request that did not arrive in time (REQUEST_TIMEOUT_MS), written to the socket. */
export function requestTimeoutResponse(): string {
  const body = JSON.stringify({
    error: 408,
    apiError: 408,
    result: '请求超时：请求未在规定时间内发送完毕，连接已关闭，请检查网络后重试',
    code: ErrorReason.REQUEST_TIMEOUT,
  });
  return `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * A request body must arrive within REQUEST_TIMEOUT_MS of the request's start (slow bodies, security.md R04):
 * past it the client is answered 408 and the connection closed. Multipart uploads are exempt: they may take
 * long, and the socket idle timeout still applies.
 */
const bodyTimers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
function armBodyDeadline(req: FastifyRequest, ms: number): void {
  if (String(req.headers['content-type'] ?? '').startsWith('multipart/')) return;
  const timer = setTimeout(() => {
    if (req.raw.complete) return;
    const socket = req.raw.socket;
    // Nothing was answered yet (the handler waits for the body): say why, then drop the connection.
    if (socket.writable && !req.raw.destroyed) {
      socket.write(requestTimeoutResponse(), () =>
        req.raw.destroy(new Error('request body deadline exceeded')),
      );
      setTimeout(() => req.raw.destroy(), 1_000).unref();
    } else {
      req.raw.destroy(new Error('request body deadline exceeded'));
    }
  }, ms);
  timer.unref();
  bodyTimers.set(req, timer);
  req.raw.once('end', () => clearBodyDeadline(req));
}
function clearBodyDeadline(req: FastifyRequest): void {
  const t = bodyTimers.get(req);
  if (t) clearTimeout(t);
  bodyTimers.delete(req);
}

export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
