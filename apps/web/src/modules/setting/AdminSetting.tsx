import { Tabs } from 'antd';
import { ComplaintSettingsCard } from './ComplaintSettingsCard.tsx';
import { DeploymentCard, FooterLinksCard, PlatformSettingsCard, useSettings } from './settings-forms.tsx';

/**
 * 平台设置 (operations admin): platform name, footer texts and links, the complaint timers (AQ 9010) and the
 * read-only run-time values. The idle timeout and password age are the security administrator's (安全设置,
 * 三权分立); they are shown here read-only.
 */
export function AdminSetting() {
  const q = useSettings();
  return (
    <Tabs
      items={[
        { key: 'platform', label: '平台信息与页脚', children: <PlatformSettingsCard /> },
        { key: 'links', label: '页脚链接', children: <FooterLinksCard /> },
        { key: 'complaint', label: '投诉办理时限', children: <ComplaintSettingsCard /> },
        { key: 'deployment', label: '运行参数', children: <DeploymentCard data={q.data} /> },
      ]}
    />
  );
}
