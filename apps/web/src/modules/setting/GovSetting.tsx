import { Alert, Tabs } from 'antd';
import {
  DeploymentCard,
  InsuranceSettingsCard,
  PlatformSettingsCard,
  useCanEditSettings,
  useSettings,
} from './settings-forms.tsx';

/**
 * 参数设置 (bureau): the local insurance parameters first (the bureau may tighten the national figures),
 * then the platform name and footer texts, and the read-only run-time values.
 */
export function GovSetting() {
  const q = useSettings();
  const canEdit = useCanEditSettings();
  return (
    <>
      {!canEdit && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="这里的参数全市通用，区县监管账号只能查看；需要调整时请联系市级监管部门。"
        />
      )}
      <Tabs
        items={[
          { key: 'insurance', label: '保险参数', children: <InsuranceSettingsCard /> },
          { key: 'platform', label: '平台信息与页脚', children: <PlatformSettingsCard /> },
          { key: 'deployment', label: '运行参数', children: <DeploymentCard data={q.data} /> },
        ]}
      />
    </>
  );
}
