import { LoadingOutlined, WechatOutlined } from '@ant-design/icons';
import type { LoginData, MfaPendingData } from '@aqzrx/contracts';
import { Button, Result } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/guard.ts';
import { hasToken } from '../../platform/auth.ts';
import { landingPath, WX_STATE_BIND_PREFIX } from '../../platform/contracts.ts';
import { browser, feedback } from '../../platform/feedback.ts';
import { passwordChangePrompt, requirePasswordChange } from '../../platform/password-prompt.ts';
import { ACCOUNT_WECHAT_PATH, BIND_WX_PATH, LOGIN_QR_PATH, USER_LOGIN_PATH } from '../../platform/paths.ts';
import { isApiError } from '../../platform/request.ts';
import { MfaStep } from './MfaStep.tsx';
import {
  loginRedirect,
  saveLoginRedirect,
  savePendingBind,
  wxBindSignedIn,
  wxLoginByScan,
  wxLoginQr,
} from './wechat-api.ts';

type View =
  | { kind: 'mfa'; pending: MfaPendingData }
  | { kind: 'busy'; text: string }
  | { kind: 'error'; title: string; text: string; bind?: boolean }
  | { kind: 'off'; text: string };

const errorText = (e: unknown, fallback: string) =>
  isApiError(e) ? e.envelope.result || fallback : fallback;

/**
 * /user/loginByQRCode (spec 2.1 loginByQRCode). Without a code it asks the server for WeChat's QR page
 * (qrconnect) and goes there; WeChat sends the browser back here with `code` and `state`. A sign-in state
 * (`l.`) goes to loginByScanQrcode: a bound user lands on the role's page, an unbound scan moves on to
 * bindWxUser. A binding state (`b.`, started from the settings) goes to loginUserBindWx. WeChat returns
 * without a code when the user refused.
 */
export function WechatQrLogin() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const state = params.get('state');
  const [view, setView] = useState<View>({ kind: 'busy', text: '正在打开微信扫码页面…' });
  const done = useRef<string | null>(null);
  const key = params.toString();
  const enter = useCallback(
    (login: LoginData) => {
      const redirect = safeRedirect(loginRedirect());
      saveLoginRedirect(null);
      if (login.mustChangePassword) requirePasswordChange(passwordChangePrompt(login.passwordChangeReason));
      navigate(redirect ?? landingPath(login.roleKey), { replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    // Once per address: a state is good for one call only.
    if (done.current === key) return;
    done.current = key;
    const binding = state?.startsWith(WX_STATE_BIND_PREFIX) ?? false;
    if (state && !code) {
      setView({
        kind: 'error',
        title: '已取消微信授权',
        text: '您在微信中拒绝了授权，未登录。可重新扫码或使用账号密码登录。',
        bind: binding,
      });
      return;
    }
    if (!code || !state) {
      saveLoginRedirect(params.get('redirect'));
      setView({ kind: 'busy', text: '正在打开微信扫码页面…' });
      wxLoginQr()
        .then((qr) => browser.assign(qr.url))
        .catch((e: unknown) => {
          if (isApiError(e) && e.status === 400) setView({ kind: 'off', text: errorText(e, '') });
          else setView({ kind: 'error', title: '无法打开微信扫码页面', text: errorText(e, '请稍后重试') });
        });
      return;
    }
    if (binding) {
      if (!hasToken()) {
        setView({
          kind: 'error',
          title: '绑定失败',
          text: '登录已失效，请重新登录后在“微信绑定”中再次扫码。',
        });
        return;
      }
      setView({ kind: 'busy', text: '正在绑定微信…' });
      wxBindSignedIn(code, state)
        .then(() => {
          feedback.message.success('微信绑定成功');
          navigate(ACCOUNT_WECHAT_PATH, { replace: true });
        })
        .catch((e: unknown) =>
          setView({ kind: 'error', title: '微信绑定失败', text: errorText(e, '请稍后重试'), bind: true }),
        );
      return;
    }
    setView({ kind: 'busy', text: '正在登录…' });
    wxLoginByScan(code, state)
      .then((data) => {
        if (data.bound && data.login) {
          enter(data.login);
        } else if (data.bound && data.mfa) {
          // A scan is one factor: the operations admin and regulators add the dynamic code.
          setView({ kind: 'mfa', pending: data.mfa });
        } else if (data.ticket) {
          savePendingBind({ ticket: data.ticket, nickname: data.nickname });
          navigate(BIND_WX_PATH, { replace: true });
        }
      })
      .catch((e: unknown) =>
        setView({ kind: 'error', title: '扫码登录失败', text: errorText(e, '请稍后重试') }),
      );
  }, [key, code, state, params, navigate, enter]);

  let content: ReactNode;
  if (view.kind === 'mfa') {
    content = (
      <div style={{ maxWidth: 360, margin: '40px auto' }}>
        <MfaStep pending={view.pending} onDone={enter} onCancel={() => navigate(USER_LOGIN_PATH)} />
      </div>
    );
  } else if (view.kind === 'busy') {
    content = <Result icon={<LoadingOutlined />} title={view.text} />;
  } else if (view.kind === 'off') {
    content = (
      <Result
        icon={<WechatOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />}
        title="微信扫码登录未开通"
        subTitle={view.text}
        extra={
          <Button type="primary" onClick={() => navigate(USER_LOGIN_PATH)}>
            使用密码登录
          </Button>
        }
      />
    );
  } else {
    content = (
      <Result
        status="warning"
        title={view.title}
        subTitle={view.text}
        extra={
          view.bind
            ? [
                <Button key="back" type="primary" onClick={() => navigate(ACCOUNT_WECHAT_PATH)}>
                  返回微信绑定
                </Button>,
              ]
            : [
                <Button key="again" type="primary" onClick={() => navigate(LOGIN_QR_PATH)}>
                  重新扫码
                </Button>,
                <Button key="pwd" onClick={() => navigate(USER_LOGIN_PATH)}>
                  使用密码登录
                </Button>,
              ]
        }
      />
    );
  }
  return <div data-testid="wx-qr-login">{content}</div>;
}
