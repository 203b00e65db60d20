// The resource tree is contract data shared with the web (packages/contracts/src/resource-tree.ts).
export { type ResourceSeed, ROLE_RESOURCES } from '@aqzrx/contracts/resource-tree';

/**
 * Role seeds: the eight roles of spec 1, and the security and audit administrators (三权分立). ROLE_USER and
 * ROLE_TECHNOLOGY *display* as 自定义角色 (spec 1, roleDisplayName), but each keeps a name of its own so
 * administrators can tell them apart where they pick or manage roles.
 */
export const ROLE_SEEDS = [
  { roleKey: 'ROLE_ADMIN', roleName: '运营中心管理员', description: '平台运营管理（系统管理员）' },
  { roleKey: 'ROLE_GOVERNMENT', roleName: '政府监管中心管理员', description: '应急管理部门监管' },
  { roleKey: 'ROLE_ENT', roleName: '企业用户', description: '投保企业' },
  { roleKey: 'ROLE_INSURANCE', roleName: '保险机构中心用户', description: '承保保险机构' },
  { roleKey: 'ROLE_SERVICE', roleName: '服务机构用户', description: '安全生产技术服务机构' },
  { roleKey: 'ROLE_EXPERT', roleName: '专家平台用户', description: '专家' },
  { roleKey: 'ROLE_USER', roleName: '普通用户', description: '普通用户' },
  { roleKey: 'ROLE_TECHNOLOGY', roleName: '其他技术用户', description: '其他技术用户' },
  // 三权分立 (security.md Z04): the operations administration split into three.
  {
    roleKey: 'ROLE_SECURITY_ADMIN',
    roleName: '安全管理员',
    description: '安全策略、账号锁定与二次验证、安全机制、安全与审计管理员的任免',
  },
  { roleKey: 'ROLE_AUDIT_ADMIN', roleName: '审计管理员', description: '查询、导出操作日志并校验其完整性' },
];

/**
 * Names earlier seeds gave roles, by roleKey: a role still carrying one is renamed to its seed's name on
 * the next start (both roles were seeded as 自定义角色 and could not be told apart). A name an
 * administrator chose is left alone.
 */
export const LEGACY_ROLE_NAMES: Record<string, string> = {
  ROLE_USER: '自定义角色',
  ROLE_TECHNOLOGY: '自定义角色',
};
