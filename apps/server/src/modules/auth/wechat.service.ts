import { createHash, randomBytes } from 'node:crypto';
import {
  type LoginData,
  WX_NOT_CONFIGURED,
  WX_STATE_BIND_PREFIX,
  WX_STATE_LOGIN_PREFIX,
  type WxBindBody,
  type WxBindingData,
  type WxScanData,
} from '@aqzrx/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeAudit } from '../../platform/audit.ts';
import type { AuthContext, Db } from '../../platform/context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { readCookie, ticketClient } from '../../platform/login-client.ts';
import {
  checkPasswordLogin,
  checkSignInAllowed,
  failedSignInAudit,
  findSignInUser,
  type LoginDeps,
  type SignInUser,
  startSession,
} from './auth.service.ts';
import { isEnrolled, issueTicket, mfaRequired, pendingData } from './mfa.service.ts';
import { WechatError, type WechatOAuthClient, type WxIdentity } from './wechat-client.ts';

/** The browser's cookie nonce the OAuth state and the bind ticket are bound to (HttpOnly, /api/wx only). */
export const WX_COOKIE = 'aqzrx_wx';
/** How long a QR page's state and an unbound scan's bind ticket stay good. */
export const WX_STATE_TTL_MS = 10 * 60_000;

const LOGIN_MODULE = '微信扫码登录';
const BIND_MODULE = '微信绑定';

export const WxMessages = {
  stateInvalid: '扫码请求无效或不是在本浏览器发起的，请重新扫码',
  stateUsed: '该扫码结果已使用过，请重新扫码',
  stateExpired: '二维码已过期，请重新扫码',
  ticketInvalid: '绑定凭证无效或已过期，请重新扫码',
  codeRejected: '微信授权失败：授权码无效或已过期，请重新扫码',
  unreachable: '暂时无法连接微信服务器，请稍后重试',
  wxTaken: '该微信已绑定其他平台账号，请先登录该账号解除绑定',
  userTaken: '该账号已绑定其他微信，请登录后在“微信绑定”中解除绑定后再绑定',
  notBound: '当前账号未绑定微信',
  mfaFirst: '管理员和监管人员须使用动态验证码登录：请先用账号密码登录，再在“微信绑定”中绑定微信',
} as const;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const NONCE = /^[A-Za-z0-9_-]{43}$/;

/** The browser's nonce from its cookie, or null when it has none (a state handed to another browser). */
export function browserNonce(req: FastifyRequest): string | null {
  const v = readCookie(req, WX_COOKIE);
  return v && NONCE.test(v) ? v : null;
}

/** The browser's nonce, set as a cookie when it has none yet; kept so several open QR pages all work. */
function ensureBrowserNonce(req: FastifyRequest, reply: FastifyReply): string {
  const nonce = browserNonce(req) ?? randomBytes(32).toString('base64url');
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${WX_COOKIE}=${nonce}; Path=/api/wx; HttpOnly; SameSite=Lax; Max-Age=${WX_STATE_TTL_MS / 1000}${secure}`,
  );
  return nonce;
}

export function requireEnabled(client: WechatOAuthClient): void {
  if (!client.enabled) throw badRequest(WX_NOT_CONFIGURED);
}

/**
 * A new single-use `state` for the qrconnect page, bound to this browser (cookie nonce) and, for a binding
 * from the settings, to the signed-in session. Expired rows are cleared on the way.
 */
export async function issueState(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  purpose: 'login' | 'bind',
  sessionId: number | null,
  now: Date,
): Promise<string> {
  const nonce = ensureBrowserNonce(req, reply);
  const state =
    (purpose === 'login' ? WX_STATE_LOGIN_PREFIX : WX_STATE_BIND_PREFIX) +
    randomBytes(24).toString('base64url');
  await db.deleteFrom('sysWxOauthState').where('expiresAt', '<', now).execute();
  await db
    .insertInto('sysWxOauthState')
    .values({
      stateHash: sha256(state),
      purpose,
      browserHash: sha256(nonce),
      sessionId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + WX_STATE_TTL_MS),
    })
    .execute();
  return state;
}

/**
 * Uses up a state (or a bind ticket): it must exist with this purpose, belong to this browser (and
 * session), be unused and unexpired. Refusals change nothing; a state is used at most once, even by
 * two requests racing.
 */
async function consumeState(
  db: Db,
  req: FastifyRequest,
  value: string,
  purpose: 'login' | 'bind' | 'ticket',
  sessionId: number | null,
  now: Date,
) {
  const nonce = browserNonce(req);
  const invalid = purpose === 'ticket' ? WxMessages.ticketInvalid : WxMessages.stateInvalid;
  const row = await db
    .selectFrom('sysWxOauthState')
    .selectAll()
    .where('stateHash', '=', sha256(value))
    .executeTakeFirst();
  if (
    !row ||
    !nonce ||
    row.purpose !== purpose ||
    row.browserHash !== sha256(nonce) ||
    (purpose === 'bind' && row.sessionId !== sessionId)
  )
    throw badRequest(invalid);
  if (row.usedAt) throw badRequest(purpose === 'ticket' ? WxMessages.ticketInvalid : WxMessages.stateUsed);
  if (row.expiresAt.getTime() <= now.getTime())
    throw badRequest(purpose === 'ticket' ? WxMessages.ticketInvalid : WxMessages.stateExpired);
  const used = await db
    .updateTable('sysWxOauthState')
    .set({ usedAt: now })
    .where('id', '=', row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw badRequest(WxMessages.stateUsed);
  return row;
}

async function exchange(client: WechatOAuthClient, code: string): Promise<WxIdentity> {
  try {
    return await client.exchangeCode(code);
  } catch (e) {
    if (e instanceof WechatError && e.kind === 'rejected') throw badRequest(WxMessages.codeRejected);
    throw new AppError(502, WxMessages.unreachable);
  }
}

function bindingOf(db: Db, id: { openid: string; unionid: string | null }) {
  return db
    .selectFrom('sysWxBinding')
    .selectAll()
    .where((eb) =>
      id.unionid
        ? eb.or([eb('openid', '=', id.openid), eb('unionid', '=', id.unionid)])
        : eb('openid', '=', id.openid),
    )
    .executeTakeFirst();
}

export interface WxDeps extends LoginDeps {
  client: WechatOAuthClient;
}

/**
 * loginByScanQrcode: the callback's code and state. A bound, allowed user is signed in like a password
 * login; an unbound WeChat user gets a one-time ticket for bindWxUser.
 */
export async function loginByScan(
  deps: WxDeps,
  req: FastifyRequest,
  input: { code: string; state: string },
): Promise<WxScanData> {
  const { db } = deps;
  const now = deps.now();
  requireEnabled(deps.client);
  await consumeState(db, req, input.state, 'login', null, now);
  const identity = await exchange(deps.client, input.code);
  const binding = await bindingOf(db, identity);
  const user = binding ? await findSignInUser(db, { id: binding.userId }) : undefined;
  if (binding && user) {
    await checkSignInAllowed(db, deps.config, user, now, failedSignInAudit(db, req, user, now, LOGIN_MODULE));
    // A scan is one factor: a role with a second factor continues with the code step, as after a password.
    if (mfaRequired(deps.config, user.roleKey)) {
      const ticket = await issueTicket(db, 'login', user.id, ticketClient(req), now);
      return {
        bound: true,
        mfa: pendingData(ticket, await isEnrolled(db, user.id)),
        nickname: identity.nickname || binding.nickname,
      };
    }
    const login = await startSession(deps, req, user, now, { module: LOGIN_MODULE });
    return { bound: true, login, nickname: identity.nickname || binding.nickname };
  }
  // Not bound (or bound to a deleted account): a ticket, bound to this browser, to bind with a password.
  const ticket = randomBytes(24).toString('base64url');
  const nonce = browserNonce(req) ?? '';
  await db
    .insertInto('sysWxOauthState')
    .values({
      stateHash: sha256(ticket),
      purpose: 'ticket',
      browserHash: sha256(nonce),
      sessionId: null,
      openid: identity.openid,
      unionid: identity.unionid,
      nickname: identity.nickname,
      createdAt: now,
      expiresAt: new Date(now.getTime() + WX_STATE_TTL_MS),
    })
    .execute();
  await writeAudit(
    db,
    req,
    {
      kind: 'login',
      module: LOGIN_MODULE,
      outcome: 'fail',
      errorMsg: '微信未绑定平台账号，转入绑定',
      userId: null,
    },
    now,
  );
  return { bound: false, ticket, nickname: identity.nickname };
}

/** Inserts the binding; a WeChat identity or an account already bound answers 409 and rolls back. */
async function insertBinding(
  trx: Db,
  req: FastifyRequest,
  user: Pick<SignInUser, 'id' | 'username' | 'roleKey' | 'orgName'>,
  identity: { openid: string; unionid: string | null; nickname: string },
  now: Date,
): Promise<void> {
  const other = await bindingOf(trx, identity);
  if (other) throw conflict(other.userId === user.id ? WxMessages.userTaken : WxMessages.wxTaken);
  const own = await trx
    .selectFrom('sysWxBinding')
    .select('id')
    .where('userId', '=', user.id)
    .executeTakeFirst();
  if (own) throw conflict(WxMessages.userTaken);
  await trx
    .insertInto('sysWxBinding')
    .values({
      userId: user.id,
      openid: identity.openid,
      unionid: identity.unionid,
      nickname: identity.nickname,
      boundAt: now,
    })
    .execute();
  await writeAudit(
    trx,
    req,
    {
      kind: 'add',
      module: BIND_MODULE,
      outcome: 'success',
      targetId: String(user.id),
      userId: user.id,
      username: user.username,
      roleKey: user.roleKey,
      orgName: user.orgName ?? '',
    },
    now,
  );
}

/**
 * bindWXUser: an unbound scan's ticket plus the account's password login (and the puzzle). The binding,
 * the used ticket, the session and both log rows commit together.
 */
export async function bindByPassword(
  deps: WxDeps,
  req: FastifyRequest,
  input: WxBindBody,
): Promise<LoginData> {
  const { db } = deps;
  const now = deps.now();
  requireEnabled(deps.client);
  const nonce = browserNonce(req);
  const ticket = await db
    .selectFrom('sysWxOauthState')
    .selectAll()
    .where('stateHash', '=', sha256(input.ticket))
    .executeTakeFirst();
  if (
    ticket?.purpose !== 'ticket' ||
    !nonce ||
    ticket.browserHash !== sha256(nonce) ||
    ticket.usedAt ||
    ticket.expiresAt.getTime() <= now.getTime() ||
    !ticket.openid
  ) {
    await writeAudit(
      db,
      req,
      {
        kind: 'login',
        module: LOGIN_MODULE,
        outcome: 'fail',
        errorMsg: WxMessages.ticketInvalid,
        userId: null,
      },
      now,
    );
    throw badRequest(WxMessages.ticketInvalid);
  }
  const identity = { openid: ticket.openid, unionid: ticket.unionid, nickname: ticket.nickname };
  const user = await checkPasswordLogin(deps, req, input, LOGIN_MODULE);
  if (!user.secondFactorPassed && mfaRequired(deps.config, user.roleKey))
    throw forbidden(WxMessages.mfaFirst);
  return startSession(deps, req, user, now, {
    module: LOGIN_MODULE,
    extra: async (trx) => {
      const used = await trx
        .updateTable('sysWxOauthState')
        .set({ usedAt: now })
        .where('id', '=', ticket.id)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw badRequest(WxMessages.ticketInvalid);
      await insertBinding(trx, req, user, identity, now);
    },
  });
}

/** loginUserBindWx: the signed-in user binds the WeChat that scanned the QR page opened from the settings. */
export async function bindSignedIn(
  deps: WxDeps,
  req: FastifyRequest,
  auth: AuthContext,
  input: { code: string; state: string },
): Promise<WxBindingData> {
  const { db } = deps;
  const now = deps.now();
  requireEnabled(deps.client);
  await consumeState(db, req, input.state, 'bind', auth.sessionId, now);
  const identity = await exchange(deps.client, input.code);
  await db
    .transaction()
    .execute((trx) =>
      insertBinding(
        trx,
        req,
        { id: auth.userId, username: auth.username, roleKey: auth.roleKey, orgName: auth.orgName },
        identity,
        now,
      ),
    );
  return { enabled: true, bound: true, nickname: identity.nickname, boundAt: now.toISOString() };
}

/** Removes the signed-in user's binding (the caller's transaction writes the log row). */
export async function unbind(trx: Db, auth: AuthContext): Promise<void> {
  const res = await trx.deleteFrom('sysWxBinding').where('userId', '=', auth.userId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw notFound(WxMessages.notBound);
}

export async function myBinding(
  db: Db,
  client: WechatOAuthClient,
  auth: AuthContext,
): Promise<WxBindingData> {
  const row = await db
    .selectFrom('sysWxBinding')
    .select(['nickname', 'boundAt'])
    .where('userId', '=', auth.userId)
    .executeTakeFirst();
  return {
    enabled: client.enabled,
    bound: !!row,
    nickname: row?.nickname ?? '',
    boundAt: row ? row.boundAt.toISOString() : null,
  };
}
