import { LockOutlined, QrcodeOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginData, LoginResult, MfaPendingData } from '@aqzrx/contracts';
import { Alert, Button, Form, Input, type InputRef, Segmented } from 'antd';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/guard.ts';
import { SlidePuzzle, type SlidePuzzleHandle } from '../../components/index.ts';
import { login } from '../../platform/auth.ts';
import { isMfaPending, landingPath, MFA_CODE_PATTERN } from '../../platform/contracts.ts';
import { loginShellWantsQr, takeLoginShell, takenShellWantsQr } from '../../platform/login-shell.ts';
import { passwordChangePrompt, requirePasswordChange } from '../../platform/password-prompt.ts';
import { PORTAL_REG_PATH, USER_RECOVER_PATH } from '../../platform/paths.ts';
import { usePublicSettings } from '../../platform/public-settings.ts';
import { isApiError } from '../../platform/request.ts';
import { REG_STATUS_PATH, saveApplicationToken } from '../registration/index.ts';
import { loadCaptcha, verifyCaptcha } from './captcha-api.ts';

interface LoginForm {
  username: string;
  password: string;
  /** Only while the account as a whole is locked: password + dynamic code still let the owner in. */
  otp?: string;
}

export type LoginMode = 'password' | 'qr';

// Loaded when the QR side is chosen, so the login page's first load stays within its budget.
const WechatQrPanel = lazy(() => import('./WechatQrPanel.tsx').then((m) => ({ default: m.WechatQrPanel })));
// Only the operations admin and the regulators reach the code step: loaded when it is needed.
const MfaStep = lazy(() => import('./MfaStep.tsx').then((m) => ({ default: m.MfaStep })));

export const CAPTCHA_REQUIRED = '请先完成滑块验证';

function loginErrorText(e: unknown): string {
  if (isApiError(e)) return e.envelope.result || '登录失败，请稍后重试';
  return '登录失败，请稍后重试';
}

export interface PasswordLoginFormProps {
  /** The call that signs in (default: POST /api/login); binding a WeChat scan sends the ticket too. */
  submitLogin?: (body: {
    username: string;
    password: string;
    captchaToken?: string;
    otp?: string;
  }) => Promise<LoginResult>;
  /** Where to go after signing in (default: the `redirect` query, else the role's landing page). */
  redirect?: string | null;
  submitText?: string;
  /** 忘记密码 / 企业注册 links under the button. */
  links?: boolean;
}

/** Password login with the optional slide puzzle (on when the server's captcha is on). */
export function PasswordLoginForm({
  submitLogin = login,
  redirect,
  submitText = '登 录',
  links = true,
}: PasswordLoginFormProps = {}) {
  const { settings, ready } = usePublicSettings();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginForm>();
  const puzzle = useRef<SlidePuzzleHandle>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [pending, setPending] = useState<MfaPendingData | null>(null);
  const [otpAsked, setOtpAsked] = useState(false);
  const captchaOn = settings.captchaEnabled;
  const usernameInput = useRef<InputRef>(null);
  const passwordInput = useRef<InputRef>(null);
  const [shellSubmit, setShellSubmit] = useState(false);

  // The login page's HTML form (painted before this code ran): take what was typed, the focus and a click on
  // 登录, before the browser paints this form in its place.
  useLayoutEffect(() => {
    const shell = takeLoginShell();
    if (!shell) return;
    form.setFieldsValue({ username: shell.username, password: shell.password });
    const target =
      shell.focus === 'username' ? usernameInput : shell.focus === 'password' ? passwordInput : null;
    target?.current?.focus({ cursor: 'end' });
    if (shell.submit) setShellSubmit(true);
  }, [form]);
  // A click on the HTML form's 登录: sent once the settings (is the puzzle on?) are known, as the button would.
  useEffect(() => {
    if (shellSubmit && ready) {
      setShellSubmit(false);
      form.submit();
    }
  }, [shellSubmit, ready, form]);

  const signedIn = (data: LoginData) => {
    if (data.mustChangePassword) requirePasswordChange(passwordChangePrompt(data.passwordChangeReason));
    navigate(safeRedirect(redirect ?? params.get('redirect')) ?? landingPath(data.roleKey), {
      replace: true,
    });
  };

  const submit = async (values: LoginForm) => {
    if (captchaOn && !captchaToken) {
      setError(CAPTCHA_REQUIRED);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const data = await submitLogin({
        username: values.username.trim(),
        password: values.password,
        ...(captchaOn && captchaToken ? { captchaToken } : {}),
        ...(otpAsked && values.otp?.trim() ? { otp: values.otp.trim() } : {}),
      });
      if (isMfaPending(data)) {
        setPending(data);
        return;
      }
      signedIn(data);
    } catch (e) {
      // A self-registration still waiting (or returned): its status page, not an error.
      const pending = isApiError(e) && e.code === 'REGISTRATION_PENDING';
      const appToken = pending ? (e.envelope.data as { applicationToken?: string } | undefined) : undefined;
      if (appToken?.applicationToken) {
        saveApplicationToken(appToken.applicationToken);
        navigate(REG_STATUS_PATH);
        return;
      }
      setError(loginErrorText(e));
      // Locked as a whole (too many failures from everywhere): the owner may add the dynamic code.
      if (isApiError(e) && e.code === 'ACCOUNT_LOCKED') {
        const scope = (e.envelope.data as { scope?: string } | undefined)?.scope;
        if (scope === 'account') setOtpAsked(true);
      }
      form.setFieldValue('otp', '');
      // A captcha token is good for one attempt.
      setCaptchaToken(null);
      puzzle.current?.reset();
      form.setFieldValue('password', '');
    } finally {
      setSubmitting(false);
    }
  };

  if (pending) {
    return (
      <Suspense fallback={<div data-testid="mfa-step-loading" />}>
        <MfaStep
          pending={pending}
          onDone={signedIn}
          onCancel={() => {
            setPending(null);
            setCaptchaToken(null);
            form.setFieldValue('password', '');
          }}
        />
      </Suspense>
    );
  }

  return (
    <Form<LoginForm> form={form} size="large" onFinish={submit} autoComplete="on" aria-label="账号密码登录">
      {error && (
        <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />
      )}
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input
          ref={usernameInput}
          prefix={<UserOutlined />}
          placeholder="用户名"
          autoComplete="username"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password
          ref={passwordInput}
          prefix={<LockOutlined />}
          placeholder="密码"
          autoComplete="current-password"
          maxLength={128}
        />
      </Form.Item>
      {otpAsked && (
        <Form.Item
          name="otp"
          extra="已开通二次验证的账号，可同时输入验证器中的动态验证码登录"
          rules={[{ pattern: MFA_CODE_PATTERN, message: '请输入6位动态验证码或恢复码' }]}
        >
          <Input
            prefix={<SafetyCertificateOutlined />}
            placeholder="动态验证码（选填）"
            autoComplete="one-time-code"
            maxLength={11}
            aria-label="动态验证码"
          />
        </Form.Item>
      )}
      {captchaOn && (
        <Form.Item style={{ display: 'flex', justifyContent: 'center' }}>
          <SlidePuzzle
            ref={puzzle}
            load={loadCaptcha}
            verify={verifyCaptcha}
            onSuccess={(token) => {
              setCaptchaToken(token);
              setError(null);
            }}
            onFail={() => setCaptchaToken(null)}
          />
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} disabled={!ready}>
          {submitText}
        </Button>
      </Form.Item>
      {links && (
        <>
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            <Link to={USER_RECOVER_PATH}>忘记密码</Link>
            <Link to={PORTAL_REG_PATH}>企业注册</Link>
          </div>
          <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8, fontSize: 13 }}>
            <Link to="/portal/serviceReg">服务机构注册</Link>
            <Link to="/portal/expertReg">专家注册</Link>
            <Link to="/user/regManager">监管/保险人员注册</Link>
          </div>
        </>
      )}
    </Form>
  );
}

/** Spec 2.5: the login page toggles between QR-code and password login. */
export function LoginPanel({ initialMode = 'password' }: { initialMode?: LoginMode }) {
  // 扫码登录 chosen on the login page's HTML form before this code ran.
  const [mode, setMode] = useState<LoginMode>(() => (loginShellWantsQr() ? 'qr' : initialMode));
  // The form below takes the HTML form over in its layout effect, which runs before this one: a click on
  // 扫码登录 made after this panel's first render is seen here, before the browser paints.
  useLayoutEffect(() => {
    if (takenShellWantsQr()) setMode('qr');
  }, []);
  return (
    <>
      <Segmented<LoginMode>
        block
        value={mode}
        onChange={setMode}
        options={[
          { value: 'password', label: '密码登录' },
          { value: 'qr', label: '扫码登录', icon: <QrcodeOutlined /> },
        ]}
        style={{ marginBottom: 24 }}
        aria-label="登录方式"
      />
      {mode === 'password' ? (
        <PasswordLoginForm />
      ) : (
        <Suspense fallback={<div className="aq-login-qr" />}>
          <WechatQrPanel onPassword={() => setMode('password')} />
        </Suspense>
      )}
    </>
  );
}
