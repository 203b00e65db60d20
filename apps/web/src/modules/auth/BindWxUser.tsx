import { WechatOutlined } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_QR_PATH, USER_LOGIN_PATH } from '../../platform/paths.ts';
import { PasswordLoginForm } from './LoginPanel.tsx';
import { clearPendingBind, loginRedirect, pendingBind, wxBindWithPassword } from './wechat-api.ts';

/**
 * /user/bindWxUser (spec 2.1 bindWxUser): a WeChat that is not bound to an account yet. The user signs in
 * once with username and password (and the slide puzzle); the account is then bound, and later scans sign
 * it in directly. The scan's one-time ticket waits in this tab's session storage.
 */
export function BindWxUser() {
  const navigate = useNavigate();
  const [pending] = useState(pendingBind);
  const [redirect] = useState(loginRedirect);
  if (!pending) {
    return (
      <Result
        status="warning"
        title="绑定凭证已失效"
        subTitle="请重新扫描微信二维码；扫码后 10 分钟内完成绑定。"
        extra={[
          <Button key="qr" type="primary" onClick={() => navigate(LOGIN_QR_PATH)}>
            重新扫码
          </Button>,
          <Button key="pwd" onClick={() => navigate(USER_LOGIN_PATH)}>
            使用密码登录
          </Button>,
        ]}
      />
    );
  }
  return (
    <div data-testid="bind-wx-user">
      <h2 style={{ textAlign: 'center', marginTop: 0 }}>
        <WechatOutlined style={{ color: '#07c160', marginRight: 8 }} />
        绑定平台账号
      </h2>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`微信用户“${pending.nickname || '未知昵称'}”尚未绑定平台账号`}
        description="请用平台账号和密码登录一次完成绑定，以后扫码即可直接登录。"
      />
      <PasswordLoginForm
        links={false}
        submitText="登录并绑定"
        redirect={redirect}
        submitLogin={async (body) => {
          const data = await wxBindWithPassword({
            ticket: pending.ticket,
            username: body.username,
            password: body.password,
            ...(body.captchaToken ? { captchaToken: body.captchaToken } : {}),
          });
          clearPendingBind();
          return data;
        }}
      />
    </div>
  );
}
