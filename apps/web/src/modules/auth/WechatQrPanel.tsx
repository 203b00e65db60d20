import { QrcodeOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { WX_NOT_CONFIGURED } from '../../platform/contracts.ts';
import { LOGIN_QR_PATH } from '../../platform/paths.ts';
import { wxConfig } from './wechat-api.ts';

/**
 * The login page's 扫码登录 side: a button to WeChat's QR page when the deployment has a WeChat website
 * app, otherwise a plain statement that the QR login is not open. Small on purpose (login page budget).
 */
export function WechatQrPanel({ onPassword }: { onPassword: () => void }) {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    wxConfig()
      .then((c) => live && setEnabled(c.enabled))
      .catch(() => live && setEnabled(false));
    return () => {
      live = false;
    };
  }, []);
  const redirect = params.get('redirect');
  return (
    <div className="aq-login-qr" role="status" data-testid="login-qr-panel">
      {enabled === null ? (
        <Spin />
      ) : enabled ? (
        <>
          <WechatOutlined style={{ fontSize: 56, color: '#07c160' }} />
          <h3>微信扫码登录</h3>
          <p>打开微信扫一扫，扫描二维码后在手机上确认登录。首次扫码须用账号密码登录一次完成绑定。</p>
          <Button
            type="primary"
            icon={<QrcodeOutlined />}
            onClick={() =>
              navigate(redirect ? `${LOGIN_QR_PATH}?redirect=${encodeURIComponent(redirect)}` : LOGIN_QR_PATH)
            }
          >
            显示微信登录二维码
          </Button>
        </>
      ) : (
        <>
          <QrcodeOutlined style={{ fontSize: 56, color: 'rgba(0,0,0,0.25)' }} />
          <h3>微信扫码登录未开通</h3>
          <p>{WX_NOT_CONFIGURED}。</p>
          <Button onClick={onPassword}>使用密码登录</Button>
        </>
      )}
    </div>
  );
}
