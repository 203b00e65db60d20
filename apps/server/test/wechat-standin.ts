import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the WeChat Open Platform endpoints the website-app login uses, so tests run the
 * server's real code path (its fetch calls, parameters and error handling):
 *  - GET /connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state: the QR page.
 *    Here a person "scans" by clicking the button of a test identity; the page then sends the browser to
 *    redirect_uri?code=CODE&state=STATE as WeChat does. With `&auto=<key>` it redirects at once.
 *  - GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code: a code works once,
 *    for 5 minutes, and only with the right AppID and AppSecret; errors answer {errcode, errmsg}.
 *  - GET /sns/userinfo?access_token&openid: nickname and unionid.
 */
export interface WxTestIdentity {
  key: string;
  openid: string;
  unionid: string | null;
  nickname: string;
}

export const WX_TEST_APP_ID = 'wxstandin0000001';
export const WX_TEST_SECRET = 'standin-secret-0123456789abcdef';

export const WX_TEST_IDENTITIES: WxTestIdentity[] = [
  { key: 'alice', openid: 'o_standin_alice', unionid: 'u_standin_alice', nickname: '微信用户甲' },
  { key: 'bob', openid: 'o_standin_bob', unionid: 'u_standin_bob', nickname: '微信用户乙' },
  { key: 'carol', openid: 'o_standin_carol', unionid: null, nickname: '微信用户丙' },
];

export interface WechatStandIn {
  url: string;
  /** What a scan by `key` would hand the callback: a fresh one-time code. */
  issueCode(key: string): string;
  /** Query strings of the calls received, newest last (to assert parameters). */
  calls: Array<{ path: string; query: Record<string, string> }>;
  /** Makes the token endpoint answer HTTP 500 (WeChat unreachable) while true. */
  failing: boolean;
  close(): Promise<void>;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function startWechatStandIn(
  opts: { port?: number; appId?: string; secret?: string } = {},
): Promise<WechatStandIn> {
  const appId = opts.appId ?? WX_TEST_APP_ID;
  const secret = opts.secret ?? WX_TEST_SECRET;
  const codes = new Map<string, { who: WxTestIdentity; at: number; used: boolean }>();
  const tokens = new Map<string, WxTestIdentity>();
  const calls: WechatStandIn['calls'] = [];

  const issueCode = (key: string) => {
    const who = WX_TEST_IDENTITIES.find((i) => i.key === key);
    if (!who) throw new Error(`unknown test identity ${key}`);
    const code = randomBytes(16).toString('hex');
    codes.set(code, { who, at: Date.now(), used: false });
    return code;
  };

  const state = { failing: false };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://standin');
    const q = Object.fromEntries(u.searchParams);
    calls.push({ path: u.pathname, query: q });
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/connect/qrconnect') {
      if (q.appid !== appId || q.response_type !== 'code' || q.scope !== 'snsapi_login' || !q.redirect_uri) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<!doctype html><meta charset="utf-8"><p>参数错误（appid/redirect_uri/response_type/scope）</p>',
        );
        return;
      }
      const target = (key: string) => {
        const t = new URL(q.redirect_uri!);
        t.searchParams.set('code', issueCode(key));
        if (q.state !== undefined) t.searchParams.set('state', q.state);
        return t.toString();
      };
      if (q.auto) {
        res.writeHead(302, { location: target(q.auto) });
        res.end();
        return;
      }
      const buttons = WX_TEST_IDENTITIES.map(
        (i) =>
          `<p><a data-testid="scan-${i.key}" href="${esc(target(i.key))}">以${esc(i.nickname)}扫码并确认登录</a></p>`,
      ).join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>微信登录（测试替身）</title>` +
          `<h1>微信扫码登录（测试替身）</h1><p>应用 ${esc(appId)}</p>${buttons}</html>`,
      );
      return;
    }
    if (u.pathname === '/sns/oauth2/access_token') {
      if (state.failing) {
        res.writeHead(500);
        res.end();
        return;
      }
      if (q.appid !== appId || q.secret !== secret)
        return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.grant_type !== 'authorization_code')
        return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      const c = q.code ? codes.get(q.code) : undefined;
      if (!c) return json({ errcode: 40029, errmsg: 'invalid code' });
      if (c.used) return json({ errcode: 40163, errmsg: 'code been used' });
      if (Date.now() - c.at > 5 * 60_000) return json({ errcode: 42003, errmsg: 'code expired' });
      c.used = true;
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, c.who);
      return json({
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: randomBytes(16).toString('hex'),
        openid: c.who.openid,
        scope: 'snsapi_login',
        ...(c.who.unionid ? { unionid: c.who.unionid } : {}),
      });
    }
    if (u.pathname === '/sns/userinfo') {
      const who = q.access_token ? tokens.get(q.access_token) : undefined;
      if (!who || who.openid !== q.openid) return json({ errcode: 40001, errmsg: 'invalid credential' });
      return json({
        openid: who.openid,
        nickname: who.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: '',
        privilege: [],
        ...(who.unionid ? { unionid: who.unionid } : {}),
      });
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const standIn: WechatStandIn = {
    url: `http://127.0.0.1:${port}`,
    issueCode,
    calls,
    get failing() {
      return state.failing;
    },
    set failing(v: boolean) {
      state.failing = v;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
