import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps, Space } from 'antd';
import { useNavigate } from 'react-router';
import { confirmLogout } from '../modules/auth/index.ts';
import { useAuth } from '../platform/auth.ts';
import { MFA_ROLES } from '../platform/contracts.ts';
import { openPasswordDialog } from '../platform/password-prompt.ts';
import { ACCOUNT_MFA_PATH, ACCOUNT_WECHAT_PATH } from '../platform/paths.ts';

export interface UserMenuProps {
  /** Portal header: first item 进入后台 (spec 2.5). */
  withBackOffice?: boolean;
  dark?: boolean;
}

/** The avatar menu: 进入后台 (portal only), 修改密码, 二次验证 (admin, regulators), 微信绑定, 退出登录. */
export function UserMenu({ withBackOffice = false, dark = false }: UserMenuProps) {
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const name = user?.nickname || user?.username || login?.nickname || login?.username || '用户';
  const avatar = user?.avatar || login?.avatar || '';
  const roleKey = user?.userRole.roleKey ?? login?.roleKey ?? '';
  const items: MenuProps['items'] = [
    ...(withBackOffice ? [{ key: 'backoffice', icon: <UserOutlined />, label: '进入后台' }] : []),
    { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
    ...(MFA_ROLES.includes(roleKey)
      ? [{ key: 'mfa', icon: <SafetyCertificateOutlined />, label: '二次验证' }]
      : []),
    { key: 'wechat', icon: <WechatOutlined />, label: '微信绑定' },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'backoffice') navigate('/');
    else if (key === 'password') openPasswordDialog();
    else if (key === 'mfa') navigate(ACCOUNT_MFA_PATH);
    else if (key === 'wechat') navigate(ACCOUNT_WECHAT_PATH);
    else if (key === 'logout') confirmLogout();
  };
  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']}>
      <button
        type="button"
        data-testid="user-menu"
        aria-label={`用户菜单：${name}`}
        style={{
          background: 'none',
          border: 0,
          cursor: 'pointer',
          padding: '0 8px',
          color: dark ? 'rgba(255,255,255,0.85)' : 'rgba(0,0,0,0.88)',
        }}
      >
        <Space size={8}>
          <Avatar size="small" src={avatar || undefined} icon={avatar ? undefined : <UserOutlined />} />
          <span>{name}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </button>
    </Dropdown>
  );
}
