import type { Config } from '../../config.ts';

/** The WeChat identity a code was exchanged for. */
export interface WxIdentity {
  openid: string;
  unionid: string | null;
  nickname: string;
}

/** WeChat answered with an error code (a bad, used or expired code) or could not be reached. */
export class WechatError extends Error {
  readonly kind: 'rejected' | 'unreachable';
  constructor(kind: 'rejected' | 'unreachable', message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * The WeChat Open Platform website-app login (网站应用微信登录), OAuth 2.0 authorization code:
 * qrconnect shows the QR code; sns/oauth2/access_token exchanges the code (AppSecret stays on the
 * server); sns/userinfo reads the nickname. WeChat publishes no official Node SDK for this, so the
 * adapter speaks the documented HTTPS API with fetch.
 */
export interface WechatOAuthClient {
  readonly enabled: boolean;
  /** The qrconnect address for `state`. */
  authorizeUrl(state: string): string;
  exchangeCode(code: string): Promise<WxIdentity>;
}

const TIMEOUT_MS = 10_000;

interface WxErrorBody {
  errcode?: number;
  errmsg?: string;
}

async function getJson<T>(url: URL): Promise<T & WxErrorBody> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new WechatError('unreachable', `WeChat unreachable: ${url.pathname}`);
  }
  if (!res.ok) throw new WechatError('unreachable', `WeChat answered HTTP ${res.status}: ${url.pathname}`);
  try {
    return (await res.json()) as T & WxErrorBody;
  } catch {
    throw new WechatError('unreachable', `WeChat answered no JSON: ${url.pathname}`);
  }
}

export function createWechatClient(config: Config): WechatOAuthClient {
  const appId = config.WX_APP_ID ?? '';
  const secret = config.WX_APP_SECRET ?? '';
  const callback = config.WX_CALLBACK_URL ?? '';
  const enabled = !!(appId && secret && callback);
  const base = (u: string) => u.replace(/\/+$/, '');
  const openBase = base(config.WX_OPEN_BASE_URL);
  const apiBase = base(config.WX_API_BASE_URL);

  return {
    enabled,
    authorizeUrl(state) {
      const q = new URLSearchParams({
        appid: appId,
        redirect_uri: callback,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      });
      return `${openBase}/connect/qrconnect?${q.toString()}#wechat_redirect`;
    },
    async exchangeCode(code) {
      const tokenUrl = new URL(`${apiBase}/sns/oauth2/access_token`);
      tokenUrl.search = new URLSearchParams({
        appid: appId,
        secret,
        code,
        grant_type: 'authorization_code',
      }).toString();
      const tok = await getJson<{ access_token?: string; openid?: string; unionid?: string }>(tokenUrl);
      if (tok.errcode || !tok.access_token || !tok.openid) {
        throw new WechatError('rejected', `access_token: ${tok.errcode ?? '?'} ${tok.errmsg ?? ''}`.trim());
      }
      let nickname = '';
      let unionid = tok.unionid ?? null;
      // The nickname is a courtesy for the settings page; a failing userinfo call does not stop the sign-in.
      try {
        const infoUrl = new URL(`${apiBase}/sns/userinfo`);
        infoUrl.search = new URLSearchParams({
          access_token: tok.access_token,
          openid: tok.openid,
        }).toString();
        const info = await getJson<{ nickname?: string; unionid?: string }>(infoUrl);
        if (!info.errcode) {
          nickname = String(info.nickname ?? '').slice(0, 100);
          unionid ??= info.unionid ?? null;
        }
      } catch {
        // keep the empty nickname
      }
      return { openid: tok.openid.slice(0, 64), unionid: unionid ? unionid.slice(0, 64) : null, nickname };
    },
  };
}
