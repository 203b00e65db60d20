import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { PassThrough } from 'node:stream';
import {
  ErrorReason,
  MechanismStatus,
  OrgStatus,
  SIGNED_CALL_WINDOW_MS,
  SignedCallHeader,
  SubsystemStatus,
  UserStatus,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeAudit } from './audit.ts';
import type { AuthContext, Db } from './context.ts';
import { AppError, forbidden, tooMany, unauthorized } from './errors.ts';
import { decryptPii } from './pii.ts';

/**
 * Signed calls of external systems (subsystems), checked by the request hook in platform/http.ts for every
 * API request that carries X-APP-KEY and no X-TOKEN. The protocol is documented for integrators in
 * modules/subsystem/README.md (the subsystem module keeps the management routes); in order:
 *
 * 1. headers present and well formed, X-TIMESTAMP within ±5 minutes of the server clock;
 * 2. X-APP-KEY names current credentials (revoked keys are gone: 401);
 * 3. X-SIGNATURE = hex HMAC-SHA256(secret, METHOD\npath?query\ntimestamp\nnonce\nhex sha256(body)). The body
 *    is read here, before Fastify parses it, and handed to the parser unchanged in preParsing (replayBody);
 * 4. X-NONCE not seen before for this key within the window (claimed in the shared store, so a nonce is good
 *    once on every process and instance: platform/shared-store.ts);
 * 5. subsystem enabled, bound service user present and active;
 * 6. an enabled safety mechanism of the subsystem lists the route (method + URL pattern as registered),
 *    the caller's IP is in that mechanism's allow-list (when it has one), and the mechanism's per-minute
 *    limit is not exceeded (429 with Retry-After);
 * 7. the request runs as the bound user: req.auth is that user's context and the route's permission is
 *    checked against the user's role like for any browser call, so the role's data scope applies.
 *
 * Every refusal answers 401/403/429 with a Chinese message and writes a security row in the operation log
 * (module 子系统调用, user "子系统:<code>" or the presented key). Multipart bodies are not accepted (415).
 *
 * Nonces and the mechanisms' per-minute windows live in the shared store (PostgreSQL, or Redis with REDIS_URL),
 * so they hold across processes and instances (issue 18); only the throttle of the last-used write is per
 * process (each writes it at most once a minute).
 */

export const SIGNED_CALL_MODULE = '子系统调用';

const APP_KEY_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;
const TIMESTAMP_SHAPE = /^\d{13}$/;
const NONCE_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
const SIGNATURE_SHAPE = /^[0-9a-fA-F]{64}$/;
/** last_used_at is written at most this often per subsystem. */
const LAST_USED_INTERVAL_MS = 60_000;
const RATE_WINDOW_MS = 60_000;

/** The string a caller signs: five lines joined with "\n" (no trailing newline). */
export function stringToSign(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: Buffer | string,
): string {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return [method.toUpperCase(), pathWithQuery, timestamp, nonce, bodyHash].join('\n');
}

/** hex HMAC-SHA256 keyed with the secret (its UTF-8 bytes). */
export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** The X-APP-KEY of a request, when it is one (any non-empty value: a malformed key is refused, not ignored). */
export function readAppKey(req: FastifyRequest): string | undefined {
  const h = req.headers[SignedCallHeader.APP_KEY];
  const v = Array.isArray(h) ? h[0] : h;
  return v && v.length > 0 ? v : undefined;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const h = req.headers[name];
  const v = Array.isArray(h) ? h[0] : h;
  return v && v.length > 0 ? v : undefined;
}

/** `::ffff:1.2.3.4` is the IPv4 address 1.2.3.4. */
function plainIp(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m ? m[1]! : ip;
}

/** Whether an address is in an allow-list of addresses and CIDR blocks (IPv4 and IPv6). */
export function ipAllowed(ip: string, allowlist: readonly string[]): boolean {
  const addr = plainIp(ip.trim());
  const family = isIP(addr);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowlist) {
    const [rawAddr, bits] = entry.trim().split('/');
    const a = plainIp(rawAddr ?? '');
    const f = isIP(a);
    if (!f) continue;
    const type = f === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(a, type);
    else list.addSubnet(a, Number(bits), type);
  }
  return list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
}

/** The caller behind an app key: subsystem, credentials and the bound user with role and organisation. */
function selectCaller(db: Db, appKey: string) {
  return db
    .selectFrom('sysSubsystem as s')
    .leftJoin('sysUser as u', 'u.id', 's.serviceUserId')
    .leftJoin('sysRole as r', 'r.id', 'u.roleId')
    .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
    .select([
      's.id as subsystemId',
      's.code',
      's.name',
      's.status as subsystemStatus',
      's.secretEnc',
      's.lastUsedAt',
      'u.id as userId',
      'u.username',
      'u.nickname',
      'u.status as userStatus',
      'u.deletedAt',
      'u.districtCodes',
      'u.orgId',
      'r.id as roleId',
      'r.roleKey',
      'o.name as orgName',
      'o.status as orgStatus',
      (eb) =>
        eb.selectFrom('sysPermissionVersion').select('version').where('id', '=', 1).as('permissionVersion'),
    ])
    .where('s.appKey', '=', appKey)
    .executeTakeFirst();
}

/** Mechanisms of a subsystem that list a route, by order number. */
function mechanismsFor(db: Db, subsystemId: number, method: string, url: string) {
  return db
    .selectFrom('safetyMechanism as m')
    .innerJoin('safetyMechanismApi as a', 'a.mechanismId', 'm.id')
    .select(['m.id', 'm.name', 'm.status', 'm.ipAllowlist', 'm.ratePerMinute'])
    .where('m.subsystemId', '=', subsystemId)
    .where('a.method', '=', method)
    .where('a.url', '=', url)
    .orderBy('m.orderNo')
    .orderBy('m.id')
    .execute();
}

const unsupportedMultipart = () =>
  new AppError(
    415,
    '子系统调用不支持 multipart/form-data（文件上传），请使用 JSON 请求体',
    ErrorReason.UNSUPPORTED_MEDIA_TYPE,
  );

export interface SignedCallGate {
  /** Verifies a signed call and answers the bound user's context; throws 401/403/415/429. */
  authenticate(req: FastifyRequest, appKey: string): Promise<AuthContext>;
  /** preParsing: the body read for the signature goes to the parser unchanged. */
  replayBody(req: FastifyRequest, payload: NodeJS.ReadableStream): NodeJS.ReadableStream;
}

export function createSignedCallGate(app: FastifyInstance): SignedCallGate {
  const { clock, shared, counters } = app.deps;
  const lastUsedWritten = new Map<number, number>();
  const bodies = new WeakMap<FastifyRequest, Buffer>();

  /** Reads the raw body (bounded by the route's body limit) before Fastify's parser does. */
  function readBody(req: FastifyRequest): Promise<Buffer> {
    const length = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if (!chunked && (length === undefined || Number(length) === 0)) return Promise.resolve(Buffer.alloc(0));
    const limit = req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1_048_576;
    const tooLarge = () => new AppError(413, '请求体过大', ErrorReason.PAYLOAD_TOO_LARGE);
    if (Number(length) > limit) return Promise.reject(tooLarge());
    const raw = req.raw;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const cleanup = () => {
        raw.off('data', onData);
        raw.off('end', onEnd);
        raw.off('error', onError);
      };
      const onData = (chunk: Buffer | string) => {
        const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += b.length;
        if (size > limit) {
          cleanup();
          raw.resume();
          reject(tooLarge());
          return;
        }
        chunks.push(b);
      };
      const onEnd = () => {
        cleanup();
        resolve(Buffer.concat(chunks));
      };
      const onError = (err: Error) => {
        cleanup();
        reject(err);
      };
      raw.on('data', onData);
      raw.once('end', onEnd);
      raw.once('error', onError);
    });
  }

  async function trace(req: FastifyRequest, err: AppError, who: string, userId: number | null) {
    req.auditDone = true; // the route's own failure row would repeat this one
    try {
      await writeAudit(
        app.db,
        req,
        {
          kind: 'security',
          module: SIGNED_CALL_MODULE,
          outcome: 'fail',
          errorMsg: `${err.status} ${err.message}`,
          userId,
          username: who,
          roleKey: '',
          orgName: '',
        },
        clock.now(),
      );
    } catch (e) {
      req.log.error({ err: e }, 'signed-call audit write failed');
    }
  }

  async function verify(
    req: FastifyRequest,
    appKey: string,
    who: { label: string; userId: number | null },
  ): Promise<AuthContext> {
    const now = clock.now().getTime();
    const unknownKey = () => unauthorized('X-APP-KEY 无效或接入凭据已被吊销，请联系平台管理员');
    if (!APP_KEY_SHAPE.test(appKey)) throw unknownKey();
    const timestamp = header(req, SignedCallHeader.TIMESTAMP);
    const nonce = header(req, SignedCallHeader.NONCE);
    const signature = header(req, SignedCallHeader.SIGNATURE);
    const missing = [
      ['X-TIMESTAMP', timestamp],
      ['X-NONCE', nonce],
      ['X-SIGNATURE', signature],
    ]
      .filter(([, v]) => v === undefined)
      .map(([n]) => n);
    if (missing.length || !timestamp || !nonce || !signature) {
      throw unauthorized(`子系统调用缺少请求头 ${missing.join('、')}`);
    }
    if (!TIMESTAMP_SHAPE.test(timestamp)) throw unauthorized('X-TIMESTAMP 须为13位毫秒时间戳');
    if (Math.abs(now - Number(timestamp)) > SIGNED_CALL_WINDOW_MS) {
      throw unauthorized('X-TIMESTAMP 与服务器时间相差超过5分钟（请求已过期），请校准时钟后重新签名');
    }
    if (!NONCE_SHAPE.test(nonce)) throw unauthorized('X-NONCE 须为16-64位字母、数字、下划线或短横线');
    if (!SIGNATURE_SHAPE.test(signature)) throw unauthorized('X-SIGNATURE 须为64位十六进制 HMAC-SHA256 签名');
    if (String(req.headers['content-type'] ?? '').startsWith('multipart/')) throw unsupportedMultipart();

    const caller = await selectCaller(app.db, appKey);
    if (!caller?.secretEnc) throw unknownKey();
    who.label = `子系统:${caller.code}`;
    let secret: string;
    try {
      secret = decryptPii(caller.secretEnc);
    } catch (err) {
      req.log.error({ err, subsystem: caller.code }, 'subsystem secret cannot be decrypted');
      throw unauthorized('子系统接入凭据不可用，请联系平台管理员重置密钥');
    }

    const body = await readBody(req);
    if (body.length > 0) bodies.set(req, body);
    const expected = sign(secret, stringToSign(req.method, req.url, timestamp, nonce, body));
    if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature.toLowerCase(), 'hex'))) {
      throw unauthorized('签名校验失败（X-SIGNATURE 不正确），请检查密钥与待签名字符串');
    }
    // Kept until the timestamp leaves the acceptance window (after that the timestamp check refuses a replay).
    if (!(await shared.claim(`nonce:${appKey}:${nonce}`, Number(timestamp) + SIGNED_CALL_WINDOW_MS, now)))
      throw unauthorized('X-NONCE 已使用过（重放请求被拒绝），每次请求须使用新的随机串');

    if (caller.subsystemStatus !== SubsystemStatus.ENABLED) {
      throw unauthorized(`子系统“${caller.name}”已停用，不能调用平台接口`);
    }
    if (caller.userId === null || caller.roleId === null || caller.roleKey === null) {
      throw unauthorized(`子系统“${caller.name}”未绑定平台服务账号，请联系平台管理员`);
    }
    who.userId = caller.userId;
    if (caller.deletedAt || caller.userStatus === UserStatus.DISABLED) {
      throw unauthorized(`子系统“${caller.name}”绑定的服务账号已停用或删除，请联系平台管理员`);
    }
    if (caller.orgStatus === OrgStatus.SUSPENDED) {
      throw unauthorized(`子系统“${caller.name}”绑定的服务账号所属机构已停用，请联系平台管理员`);
    }

    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const url = req.routeOptions.url ?? '';
    const mechanisms = await mechanismsFor(app.db, caller.subsystemId, method, url);
    const enabled = mechanisms.filter((m) => m.status === MechanismStatus.ENABLED);
    if (enabled.length === 0) {
      throw forbidden(
        mechanisms.length > 0
          ? `接口 ${method} ${url} 所在的安全机制“${mechanisms[0]!.name}”已停用，子系统“${caller.name}”不能调用`
          : `子系统“${caller.name}”无权调用接口 ${method} ${url}：该接口不在其任何已启用的安全机制中`,
      );
    }
    const ip = req.ip;
    const admitted = enabled.find((m) => {
      const list = m.ipAllowlist.split('\n').filter(Boolean);
      return list.length === 0 || ipAllowed(ip, list);
    });
    if (!admitted) {
      throw forbidden(`调用方IP ${ip} 不在安全机制“${enabled[0]!.name}”的IP白名单中`);
    }
    const w = await counters.hit(`mech:${admitted.id}`, RATE_WINDOW_MS);
    if (w.count > admitted.ratePerMinute) {
      const wait = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
      throw tooMany(
        wait,
        `已超过安全机制“${admitted.name}”的调用频率上限（每分钟${admitted.ratePerMinute}次），请${wait}秒后重试`,
      );
    }

    if (now - (lastUsedWritten.get(caller.subsystemId) ?? 0) >= LAST_USED_INTERVAL_MS) {
      lastUsedWritten.set(caller.subsystemId, now);
      await app.db
        .updateTable('sysSubsystem')
        .set({ lastUsedAt: new Date(now) })
        .where('id', '=', caller.subsystemId)
        .execute();
    }

    return {
      // Not a session: negative, so the route limiter keys each subsystem apart and no session row matches.
      sessionId: -caller.subsystemId,
      userId: caller.userId,
      username: caller.username ?? '',
      nickname: caller.nickname ?? '',
      roleId: caller.roleId,
      roleKey: caller.roleKey,
      orgId: caller.orgId,
      orgName: caller.orgName ?? '',
      status: caller.userStatus ?? UserStatus.ACTIVE,
      districtCodes: caller.districtCodes ? caller.districtCodes.split(',').filter(Boolean) : [],
      // A service user never signs in: password age and first-login change do not apply to its calls.
      mustChangePassword: false,
      passwordExpired: false,
      permissionVersion: Number(caller.permissionVersion ?? -1),
    };
  }

  return {
    async authenticate(req, appKey) {
      const who = {
        label: APP_KEY_SHAPE.test(appKey) ? `X-APP-KEY:${appKey}` : 'X-APP-KEY:(格式无效)',
        userId: null as number | null,
      };
      try {
        return await verify(req, appKey, who);
      } catch (err) {
        if (err instanceof AppError) await trace(req, err, who.label, who.userId);
        throw err;
      }
    },
    replayBody(req, payload) {
      const body = bodies.get(req);
      if (!body) return payload;
      bodies.delete(req);
      const stream = new PassThrough();
      (stream as PassThrough & { receivedEncodedLength?: number }).receivedEncodedLength = body.length;
      stream.end(body);
      return stream;
    },
  };
}
