import { InsuranceSettingsCard } from './settings-forms.tsx';

/** 保险设置 (operations admin): the insurance figures checked on policies, endorsements and claims. */
export function AdminInsuranceSetting() {
  return <InsuranceSettingsCard />;
}
