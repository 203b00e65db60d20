import { Tabs } from 'antd';
import { SecurityDeploymentCard, SecuritySettingsCard } from './settings-forms.tsx';

/**
 * 安全设置 (the security administrator, 三权分立): idle timeout and password age, and the deployment's
 * security values read-only (captcha, lockout, second factor, token lifetime).
 */
export function SecuritySetting() {
  return (
    <Tabs
      items={[
        { key: 'security', label: '登录与密码安全', children: <SecuritySettingsCard /> },
        { key: 'deployment', label: '运行参数', children: <SecurityDeploymentCard /> },
      ]}
    />
  );
}
