import { LOGIN_SHELL } from '@aqzrx/contracts/constants';
import type { SettingValues } from './settings.ts';

/**
 * The login page as plain HTML and CSS, served inside index.html for /user/login (issue 18: the form painted
 * only after the app's JavaScript — React, antd, the router and the page — had been fetched, parsed and run,
 * 3.9 s under a ×4 CPU throttle). With this the username and password fields are on screen as soon as the
 * HTML arrives and take typing at once; the app's login form, when it mounts, takes over what was typed, the
 * focus and a click on 登录 (a hidden checkbox the button's label toggles: no script runs in this markup) and
 * removes it (apps/web/src/platform/login-shell.ts). A click on 扫码登录 (another hidden checkbox) is kept the same way. It covers the viewport, so nothing the app renders
 * before then shows through, and it mirrors UserLayout + LoginPanel (same sizes and places), so the swap
 * does not move anything.
 *
 * Security: no <form> (Enter or a click cannot send the password anywhere before the app runs), no script,
 * settings texts escaped.
 */

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const ICON = (d: string, extra = '') =>
  `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"${extra}>${d}</svg>`;
const USER_ICON = ICON(
  '<circle cx="8" cy="5" r="3"/><path d="M2.5 14.5c.6-3 2.8-4.6 5.5-4.6s4.9 1.6 5.5 4.6"/>',
);
const LOCK_ICON = ICON(
  '<rect x="2.5" y="7" width="11" height="7.5" rx="1.2"/><path d="M5 7V5a3 3 0 0 1 6 0v2"/><path d="M8 10v2"/>',
);
const EYE_OFF_ICON = ICON(
  '<path d="M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8 12.1 12.5 8 12.5 1.5 8 1.5 8z"/><circle cx="8" cy="8" r="2"/><path d="M2.5 13.5l11-11"/>',
);
const QR_ICON = ICON(
  '<rect x="2" y="2" width="4.5" height="4.5"/><rect x="9.5" y="2" width="4.5" height="4.5"/><rect x="2" y="9.5" width="4.5" height="4.5"/><path d="M9.5 9.5h2v2h-2zM12.5 12.5h1.5v1.5h-1.5z"/>',
  ' style="width:14px;height:14px"',
);
const ARROW_ICON = ICON('<path d="M3 8h10M9 4l4 4-4 4"/>');
const LOGO =
  '<svg width="40" height="40" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><path d="M32 4 8 13v17c0 15 10 26 24 30 14-4 24-15 24-30V13z" fill="#52c41a"/><path d="m21 32 8 8 15-16" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Sizes and colours as antd 5 draws the large Input, the primary Button and the Segmented of LoginPanel. */
export const LOGIN_SHELL_CSS = `<style>
#${LOGIN_SHELL.root}{position:fixed;inset:0;z-index:2000;overflow:auto;display:flex;flex-direction:column;background:linear-gradient(160deg,#e9f7e1 0%,#f0f2f5 45%,#e6f4ff 100%);color:rgba(0,0,0,.88);font-size:14px;line-height:1.5714;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif,'Apple Color Emoji','Segoe UI Emoji','Segoe UI Symbol','Noto Color Emoji'}
.aqb-main{flex:1;display:flex;flex-direction:column;align-items:center;padding:56px 16px 24px}
.aqb-brand{display:flex;align-items:center;gap:12px;margin-bottom:8px}
.aqb-brand h1{margin:0;font-size:26px;font-weight:600;letter-spacing:1px;line-height:1.5714}
.aqb-desc{margin-bottom:32px;color:rgba(0,0,0,.45)}
.aqb-card{box-sizing:border-box;width:100%;max-width:400px;padding:24px;background:#fff;border-radius:8px;box-shadow:0 1px 2px rgba(0,0,0,.03),0 2px 8px rgba(0,0,0,.06)}
.aqb-seg{display:flex;padding:2px;margin-bottom:24px;background:#f5f5f5;border-radius:6px;color:rgba(0,0,0,.65)}
.aqb-seg span,.aqb-seg label{flex:1;cursor:pointer;display:flex;align-items:center;justify-content:center;gap:6px;min-height:28px;border-radius:4px}
.aqb-seg .aqb-pw,#${LOGIN_SHELL.qr}:checked+.aqb-seg label{background:#fff;color:rgba(0,0,0,.88);box-shadow:0 1px 2px rgba(0,0,0,.03),0 1px 6px -1px rgba(0,0,0,.02),0 2px 4px rgba(0,0,0,.02)}
#${LOGIN_SHELL.qr}:checked+.aqb-seg .aqb-pw{background:none;box-shadow:none;color:rgba(0,0,0,.65)}
#${LOGIN_SHELL.qr}:checked~.aqb-pwform,.aqb-qrwait{display:none}
#${LOGIN_SHELL.qr}:checked~.aqb-qrwait{display:block;padding:24px 0 8px;text-align:center;color:rgba(0,0,0,.45)}
.aqb-in{box-sizing:border-box;display:flex;align-items:center;height:40px;margin-bottom:24px;padding:7px 11px;background:#fff;border:1px solid #d9d9d9;border-radius:8px;font-size:16px}
.aqb-in:focus-within{border-color:#52c41a;box-shadow:0 0 0 2px rgba(82,196,26,.1)}
.aqb-in svg{flex:none;margin-inline-end:4px}
.aqb-in .aqb-eye{display:flex;margin-inline-start:4px;color:rgba(0,0,0,.45)}
.aqb-in .aqb-eye svg{margin:0}
.aqb-in input{flex:1;min-width:0;padding:0;border:0;outline:0;background:transparent;font:inherit;line-height:24px;color:inherit}
.aqb-in input::placeholder{color:rgba(0,0,0,.25)}
.aqb-puzzle{width:310px;margin:0 auto 24px}
.aqb-pimg{height:155px;border-radius:4px;background:rgba(0,0,0,.04)}
.aqb-ptrack{position:relative;box-sizing:border-box;margin-top:10px;height:42px;line-height:40px;text-align:center;background:rgba(0,0,0,.02);border:1px solid #f0f0f0;border-radius:4px;color:rgba(0,0,0,.65)}
.aqb-handle{position:absolute;left:-1px;top:-1px;box-sizing:border-box;display:flex;align-items:center;justify-content:center;width:40px;height:42px;background:#fff;border:1px solid #d9d9d9;border-radius:4px;box-shadow:0 0 3px rgba(0,0,0,.2)}
.aqb-hide{position:absolute;opacity:0;pointer-events:none}
.aqb-btn{box-sizing:border-box;display:flex;align-items:center;justify-content:center;height:40px;margin-bottom:12px;border-radius:8px;background:#52c41a;color:#fff;font-size:16px;cursor:pointer;box-shadow:0 2px 0 rgba(142,255,30,.08)}
#${LOGIN_SHELL.submit}:checked+.aqb-btn{opacity:.65;cursor:default}
.aqb-links{display:flex;justify-content:space-between}
.aqb-links+.aqb-links{margin-top:8px;font-size:13px}
.aqb-links a{color:#1677ff;text-decoration:none}
.aqb-footer{padding:20px 16px 24px;text-align:center;color:rgba(0,0,0,.45);font-size:13px;line-height:2}
.aqb-footer a{color:rgba(0,0,0,.45);text-decoration:none}
.aqb-footer span,.aqb-footer a{display:inline-block;margin:0 8px}
@media (max-width:575px){.aqb-brand h1{font-size:18px}.aqb-main{padding-top:32px}}
</style>`;

/** The footer lines of SiteFooter (apps/web/src/layouts/SiteFooter.tsx) for the login layout: no links. */
function footerHtml(settings: Pick<SettingValues, 'platformName' | 'footer'>, year: number): string {
  const f = settings.footer;
  const lines = [
    `<div>Copyright © ${year} ${esc(f.copyrightHolder || settings.platformName)}${f.siteCode ? `<span>网站标识码：${esc(f.siteCode)}</span>` : ''}</div>`,
  ];
  if (f.icp || f.police) {
    lines.push(
      `<div>${f.icp ? `<a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">${esc(f.icp)}</a>` : ''}${f.police ? `<a href="https://beian.mps.gov.cn/" target="_blank" rel="noreferrer">${esc(f.police)}</a>` : ''}</div>`,
    );
  }
  const contacts = [
    f.phone && `联系电话：${f.phone}`,
    f.email && `联系邮箱：${f.email}`,
    f.supportPhone && `技术支持电话：${f.supportPhone}`,
    f.supportEmail && `技术支持邮箱：${f.supportEmail}`,
  ].filter((c): c is string => Boolean(c));
  if (contacts.length) lines.push(`<div>${contacts.map((c) => `<span>${esc(c)}</span>`).join('')}</div>`);
  return `<footer class="aqb-footer">${lines.join('')}</footer>`;
}

/** The markup placed first in <body> of /user/login. `year` is China time's (the footer's ©). */
export function loginShellHtml(
  settings: Pick<SettingValues, 'platformName' | 'footer'>,
  opts: { captcha: boolean; year: number },
): string {
  const puzzle = opts.captcha
    ? `<div class="aqb-puzzle" aria-hidden="true"><div class="aqb-pimg"></div><div class="aqb-ptrack"><span class="aqb-handle">${ARROW_ICON}</span>向右滑动完成拼图</div></div>`
    : '';
  return `<div id="${LOGIN_SHELL.root}" data-testid="login-shell"><main class="aqb-main"><div class="aqb-brand">${LOGO}<h1>${esc(settings.platformName)}</h1></div><div class="aqb-desc">安全生产责任保险 · 事故预防 · 监管服务</div><section class="aqb-card" aria-label="账号密码登录"><input type="checkbox" id="${LOGIN_SHELL.qr}" class="aqb-hide" tabindex="-1" aria-hidden="true"><div class="aqb-seg"><span class="aqb-pw">密码登录</span><label for="${LOGIN_SHELL.qr}">${QR_ICON}扫码登录</label></div><div class="aqb-pwform"><label class="aqb-in">${USER_ICON}<input id="${LOGIN_SHELL.username}" placeholder="用户名" autocomplete="username" maxlength="64" aria-label="用户名"></label><label class="aqb-in">${LOCK_ICON}<input id="${LOGIN_SHELL.password}" type="password" placeholder="密码" autocomplete="current-password" maxlength="128" aria-label="密码"><span class="aqb-eye">${EYE_OFF_ICON}</span></label>${puzzle}<input type="checkbox" id="${LOGIN_SHELL.submit}" class="aqb-hide" tabindex="-1" aria-hidden="true"><label for="${LOGIN_SHELL.submit}" class="aqb-btn">登 录</label><div class="aqb-links"><a href="/user/recover">忘记密码</a><a href="/portal/reg">企业注册</a></div><div class="aqb-links"><a href="/portal/serviceReg">服务机构注册</a><a href="/portal/expertReg">专家注册</a><a href="/user/regManager">监管/保险人员注册</a></div></div><div class="aqb-qrwait">正在加载，请稍候…</div></section></main>${footerHtml(settings, opts.year)}</div>`;
}
