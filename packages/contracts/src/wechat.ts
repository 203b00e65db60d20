import { z } from 'zod';
import { loginData, mfaPendingData } from './auth.ts';

/**
 * WeChat QR login (网站应用微信登录, issue 16): the Open Platform OAuth 2.0 authorization-code flow. The
 * server hands out the qrconnect address with a `state` bound to the browser; WeChat sends the browser back
 * to the callback page with `code` and `state`, and the page passes both to the server, which checks the
 * state and exchanges the code. Constants: wechat-options.ts.
 */
export const wxConfigData = z.object({ enabled: z.boolean() });
export type WxConfigData = z.infer<typeof wxConfigData>;

/** The qrconnect address to send the browser to, and how long its state stays valid (seconds). */
export const wxAuthorizeData = z.object({ url: z.string(), state: z.string(), expiresIn: z.number().int() });
export type WxAuthorizeData = z.infer<typeof wxAuthorizeData>;

const wxState = z.string().trim().min(1, '缺少 state 参数').max(100, 'state 参数过长');
const wxCode = z.string().trim().min(1, '缺少 code 参数').max(200, 'code 参数过长');

/** Query of loginByScanQrcode.json and loginUserBindWx.json (spec 7: query params). */
export const wxCallbackQuery = z.object({ code: wxCode, state: wxState }).strict();
export type WxCallbackQuery = z.infer<typeof wxCallbackQuery>;

/**
 * Answer of a scan: a bound user is signed in (`login`); an unbound WeChat user gets a one-time `ticket`
 * (10 minutes, this browser only) to bind an account with its password on bindWxUser.
 */
export const wxScanData = z.object({
  bound: z.boolean(),
  login: loginData.optional(),
  /** A bound account whose role signs in with a second factor: no session yet, the code step's ticket. */
  mfa: mfaPendingData.optional(),
  ticket: z.string().optional(),
  nickname: z.string(),
});
export type WxScanData = z.infer<typeof wxScanData>;

/** bindWXUser.json (spec 7: JSON body): the scan's ticket and the account's password login. */
export const wxBindBody = z
  .object({
    ticket: z.string().trim().min(1, '绑定凭证缺失，请重新扫码').max(100, '绑定凭证无效，请重新扫码'),
    username: z.string().trim().min(1, '请输入用户名').max(64, '用户名过长'),
    password: z.string().min(1, '请输入密码').max(128, '密码过长'),
    captchaToken: z.string().max(128).optional(),
  })
  .strict();
export type WxBindBody = z.infer<typeof wxBindBody>;

/** The signed-in user's own binding (settings). */
export const wxBindingData = z.object({
  enabled: z.boolean(),
  bound: z.boolean(),
  nickname: z.string(),
  /** ISO instant of the binding. */
  boundAt: z.string().nullable(),
});
export type WxBindingData = z.infer<typeof wxBindingData>;
