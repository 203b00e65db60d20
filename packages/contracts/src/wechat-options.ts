/**
 * WeChat QR login (网站应用微信登录, issue 16), zod-free values. The `state` of the qrconnect page starts
 * with `l.` (sign-in) or `b.` (binding from a signed-in account's settings), so the callback page knows
 * which call to make; the server checks the purpose again.
 */
export const WX_STATE_LOGIN_PREFIX = 'l.';
export const WX_STATE_BIND_PREFIX = 'b.';

/** Shown wherever the QR login would be offered while the deployment has no WeChat app configured. */
export const WX_NOT_CONFIGURED =
  '本平台尚未开通微信扫码登录（未配置微信开放平台网站应用），请使用账号密码登录';
