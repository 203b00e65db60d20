import { Tabs } from 'antd';
import {
  DeploymentCard,
  InsuranceSettingsCard,
  PlatformSettingsCard,
  useSettings,
} from './settings-forms.tsx';

/**
 * 参数设置 (bureau): the local insurance parameters first (the bureau may tighten the national figures),
 * then the platform name and footer texts, and the read-only run-time values.
 */
export function GovSetting() {
  const q = useSettings();
  return (
    <Tabs
      items={[
        { key: 'insurance', label: '保险参数', children: <InsuranceSettingsCard /> },
        { key: 'platform', label: '平台信息与页脚', children: <PlatformSettingsCard /> },
        { key: 'deployment', label: '运行参数', children: <DeploymentCard data={q.data} /> },
      ]}
    />
  );
}
