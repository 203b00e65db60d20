/** Zod-free constants of organisations (机构管理): kinds, status, what 机构管理 edits. */
import { defineOptions, type OptionValue } from './options.ts';

/** Organisation kinds (sys_org.org_type) with their Chinese labels. */
export const ORG_TYPES = defineOptions([
  { value: 'platform', label: '平台运营' },
  { value: 'government', label: '政府监管部门' },
  { value: 'enterprise', label: '企业' },
  { value: 'insurer', label: '保险机构' },
  { value: 'service', label: '服务机构' },
  { value: 'expert', label: '专家机构' },
]);
export type OrgType = OptionValue<typeof ORG_TYPES>;

/** Organisation status (sys_org.status): a suspended organisation's users cannot sign in. */
export const OrgStatus = { ACTIVE: 1, SUSPENDED: 2 } as const;
export const ORG_STATUS = defineOptions([
  { value: OrgStatus.ACTIVE, label: '正常', color: 'success' },
  { value: OrgStatus.SUSPENDED, label: '停用', color: 'error' },
]);

/**
 * Kinds 机构管理 adds and edits. Enterprises are added and edited in 企业管理 (with their profile) and by
 * themselves; the platform operator is not an organisation one adds.
 */
export const ORG_MANAGED_TYPES: readonly OrgType[] = ['government', 'insurer', 'service', 'expert'];
/**
 * Kinds that must have a unified social credit code: companies (enterprises, insurers' branches, service
 * companies). A government office or an expert panel the bureau convenes may have none on record.
 */
export const ORG_USCC_REQUIRED: readonly OrgType[] = ['enterprise', 'insurer', 'service'];
export const ORG_CONTACT_PHONE_MESSAGE = '联系电话格式不正确，请输入11位手机号或座机号（如0527-84361234）';
export const ORG_CONTACT_NAME_MESSAGE = '联系人为2-20个字';
