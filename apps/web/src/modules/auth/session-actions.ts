import { clearSession, logout } from '../../platform/auth.ts';
import { browser, feedback } from '../../platform/feedback.ts';
import { USER_LOGIN_PATH } from '../../platform/paths.ts';

export const LOGOUT_CONFIRM_TEXT = '真的要注销登录吗 ?';

/**
 * Logs out and loads the login page afresh, which also drops the routes added for this user. A failed
 * logout call is reported (spec 8), the local session is cleared anyway.
 */
export async function logoutAndLeave(delayMs = 0, opts: { sessionEnded?: boolean } = {}): Promise<void> {
  try {
    // After a password change the server has already ended every session: asking it again only
    // earns a 401 (logged by the browser as an error), so the session is just cleared here.
    if (opts.sessionEnded) clearSession();
    else await logout();
  } catch (e) {
    feedback.notification.error({
      message: '退出登录失败',
      description: e instanceof Error && e.message ? e.message : '请稍后重试',
    });
    delayMs = Math.max(delayMs, 1500);
  }
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  browser.assign(USER_LOGIN_PATH);
}

/** Spec 2.5: logout asks first. */
export function confirmLogout(): void {
  feedback.modal.confirm({
    title: '提示',
    content: LOGOUT_CONFIRM_TEXT,
    okText: '确定',
    cancelText: '取消',
    onOk: () => logoutAndLeave(),
  });
}
