/**
 * The resource (menu/route) tree of every role, from spec 2.2 and the landing pages of spec 2.3.
 * A node's path is /{resUrl}/{authKey}; leaves name the screen component the web registry maps.
 * Detail/add/edit screens are hidden menu entries so they get routes, breadcrumbs and permissions.
 *
 * Plain data with no imports (exported as the zod-free subpath `@aqzrx/contracts/resource-tree`): the
 * server seeds it (apps/server/src/db/seeds/resources.ts), the web checks its screen registry and its
 * hard-coded routes against it.
 */

export interface ResourceSeed {
  key: string;
  name: string;
  resUrl: string;
  authKey: string;
  component: string;
  icon: string;
  permission: string;
  /** Actions this resource offers; a role may hold a subset. */
  actions: string[];
  hide: boolean;
  /** false for grant-only nodes that are neither menu entries nor routes (default true). */
  isMenu?: boolean;
  children: ResourceSeed[];
}

const ALL = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'];
const READ = ['query', 'get'];
const CRUD = ['add', 'delete', 'edit', 'query', 'get'];

function split(path: string): { resUrl: string; authKey: string } {
  const p = path.replace(/^\//, '');
  const i = p.lastIndexOf('/');
  return i < 0 ? { resUrl: '', authKey: p } : { resUrl: p.slice(0, i), authKey: p.slice(i + 1) };
}

function leaf(
  name: string,
  path: string,
  component: string,
  permission: string,
  actions: string[] = READ,
  opts: { hide?: boolean; icon?: string } = {},
): ResourceSeed {
  return {
    key: path,
    name,
    ...split(path),
    component,
    icon: opts.icon ?? '',
    permission,
    actions,
    hide: opts.hide ?? false,
    children: [],
  };
}
/**
 * A grant-only node: no menu entry, no route, only a permission with actions that a role can hold
 * (e.g. userSensitive.get/export, the separate right to see unmasked personal data).
 */
const grantOnly = (name: string, path: string, permission: string, actions: string[]): ResourceSeed => ({
  ...leaf(name, path, '', permission, actions, { hide: true }),
  isMenu: false,
});
const hidden = (name: string, path: string, component: string, permission: string, actions = READ) =>
  leaf(name, path, component, permission, actions, { hide: true });

function group(name: string, path: string, icon: string, children: ResourceSeed[]): ResourceSeed {
  return {
    key: path,
    name,
    ...split(path),
    component: 'RouteView',
    icon,
    permission: children[0]?.permission ?? '',
    actions: [],
    hide: false,
    children,
  };
}

export const ROLE_RESOURCES: Record<string, ResourceSeed[]> = {
  ROLE_GOVERNMENT: [
    group('事故预防', '/government/govAp', 'SafetyOutlined', [
      leaf('事故预防监管', '/government/govAp/GovernmentAp/route', 'GovernmentAp', 'ap', [
        'query',
        'get',
        'export',
      ]),
      leaf('预防计划', '/government/govAp/GovApPlan/route', 'GovApPlan', 'apPlan', [
        'query',
        'get',
        'edit',
        'export',
      ]),
      leaf('服务管理', '/government/govAp/GovApManage/route', 'GovApManage', 'ap', ['query', 'get', 'edit']),
      leaf('服务查询', '/government/govAp/GovApQuery/route', 'GovApQuery', 'ap', ['query', 'get', 'export']),
      hidden('服务详情', '/government/govAp/GovApDetail/route', 'GovApDetail', 'ap'),
      leaf('培训记录', '/government/govAp/GovApTrain/route', 'GovApTrain', 'ap', ['query', 'get', 'export']),
      leaf('隐患处置', '/government/govAp/GovApDispose/route', 'GovApDispose', 'ap', [
        'query',
        'get',
        'edit',
      ]),
      leaf('服务评估', '/government/govAp/GovApEval/route', 'GovApEval', 'ap', ['query', 'get', 'edit']),
      leaf('服务机构服务', '/government/govAp/GovApService/route', 'GovApService', 'ap'),
    ]),
    group('数据驾驶舱', '/government/govCockpit', 'DashboardOutlined', [
      leaf('数据驾驶舱', '/government/govCockpit/GovCockpit/route', 'GovCockpit', 'cockpit', ['query']),
      leaf('统计报表', '/government/govCockpit/GovStatReport/route', 'GovStatReport', 'statReport', [
        'query',
        'add',
        'export',
      ]),
    ]),
    group('企业管理', '/government/govEnt', 'BankOutlined', [
      leaf('企业列表', '/government/govEnt/GovEntList/route', 'GovEntList', 'enterprise', [
        'add',
        'edit',
        'query',
        'get',
        'import',
        'export',
      ]),
      hidden('新增企业', '/government/govEnt/GovEntAdd/route', 'GovEntAdd', 'enterprise', ['add']),
      hidden('编辑企业', '/government/govEnt/GovEntEdit/route', 'GovEntEdit', 'enterprise', ['edit']),
      hidden('企业详情', '/government/govEnt/GovEntDetail/route', 'GovEntDetail', 'enterprise'),
      leaf('企业参数', '/government/govEnt/GovEntParams/route', 'GovEntParams', 'enterprise', [
        'query',
        'get',
        'edit',
      ]),
      leaf('企业评分', '/government/govEnt/GovEntScore/route', 'GovEntScore', 'enterprise'),
      leaf('监管对象', '/government/govEnt/GovSupervisedUser/route', 'GovSupervisedUser', 'supervise'),
    ]),
    group('风险隐患', '/government/govRisk', 'AlertOutlined', [
      leaf('风险查询', '/government/govRisk/GovRiskQuery/route', 'GovRiskQuery', 'risk', [
        'query',
        'get',
        'export',
      ]),
      hidden('风险详情', '/government/govRisk/GovRiskDetail/route', 'GovRiskDetail', 'risk'),
      leaf('隐患处置', '/government/govRisk/GovRiskDispose/route', 'GovRiskDispose', 'risk', [
        'query',
        'get',
        'edit',
      ]),
      leaf('风险预警', '/government/govRisk/GovRP/route', 'GovRP', 'alarm', ['query', 'get', 'edit']),
    ]),
    group('保险监管', '/government/govInsurance', 'InsuranceOutlined', [
      leaf('保险业务', '/government/govInsurance/GovInsurance/route', 'GovInsurance', 'policy', [
        'query',
        'get',
        'export',
      ]),
      leaf('服务机构', '/government/govInsurance/GovService/route', 'GovService', 'service'),
      leaf('专家管理', '/government/govInsurance/GovExpert/route', 'GovExpert', 'expert'),
      leaf('满意度评价', '/government/govInsurance/GovEvaluation/route', 'GovEvaluation', 'evaluation', [
        'query',
        'get',
        'export',
      ]),
    ]),
    group('信息发布', '/government/govInfo', 'NotificationOutlined', [
      leaf('通知公告', '/government/govInfo/GovNotice/route', 'GovNotice', 'notice', CRUD),
      leaf('法规库', '/government/govInfo/GovRules/route', 'GovRules', 'rule', CRUD),
      leaf('咨询管理', '/government/govInfo/GovConsult/route', 'GovConsult', 'consult', [
        'query',
        'get',
        'edit',
      ]),
      leaf('消息中心', '/government/govInfo/GovMessage/route', 'GovMessage', 'message', [
        'query',
        'get',
        'add',
      ]),
    ]),
    group('系统管理', '/government/govSystem', 'SettingOutlined', [
      leaf('用户管理', '/government/govSystem/GovUsers/route', 'GovUsers', 'user', [
        'add',
        'edit',
        'query',
        'get',
        'enable',
        'disable',
      ]),
      hidden('新增用户', '/government/govSystem/GovUserAdd/route', 'GovUserAdd', 'user', ['add']),
      hidden('编辑用户', '/government/govSystem/GovUserEdit/route', 'GovUserEdit', 'user', ['edit']),
      hidden('用户详情', '/government/govSystem/GovUserDetail/route', 'GovUserDetail', 'user'),
      leaf('操作日志', '/government/govSystem/GovLog/route', 'GovLog', 'log', ['query']),
      leaf('参数设置', '/government/govSystem/GovSetting/route', 'GovSetting', 'setting', ['query', 'edit']),
    ]),
    group('投诉管理', '/government/govComplaint', 'ExclamationCircleOutlined', [
      leaf('投诉管理', '/government/govComplaint/GovComplaint/route', 'GovComplaint', 'complaint', [
        'query',
        'get',
        'edit',
        'export',
      ]),
      leaf('投诉统计', '/government/govComplaint/GovComplaintStats/route', 'GovComplaintStats', 'complaint', [
        'query',
      ]),
      hidden(
        '投诉详情',
        '/government/govComplaint/GovComplaintDetail/route',
        'GovComplaintDetail',
        'complaint',
      ),
    ]),
  ],

  ROLE_ENT: [
    group('事故预防', '/ent/ap', 'SafetyOutlined', [
      leaf('预防服务', '/ent/EntAPQuery/route', 'EntAPQuery', 'ap', ['query', 'get']),
      hidden('服务详情', '/ent/EntAPDetail/route', 'EntAPDetail', 'ap'),
      leaf('服务报名', '/ent/EntAPSignUp/route', 'EntAPSignUp', 'ap', ['query', 'get', 'add', 'edit']),
      leaf('服务需求', '/ent/EntAPRequirement/route', 'EntAPRequirement', 'ap', ['query', 'add', 'edit']),
      leaf('隐患排查治理', '/ent/EntDangerCheck/route', 'EntDangerCheck', 'risk', [
        'add',
        'edit',
        'query',
        'get',
      ]),
    ]),
    group('安责险', '/ent/Entazx', 'InsuranceOutlined', [
      leaf('投保管理', '/ent/Entazx/EntInsuranceManage/route', 'EntInsuranceManage', 'policy', [
        'add',
        'edit',
        'query',
        'get',
      ]),
      leaf('保单查询', '/ent/Entazx/EntInsuranceQuery/route', 'EntInsuranceQuery', 'policy', READ),
      hidden('投保申请', '/ent/Entazx/EntInsuranceAdd/route', 'EntInsuranceAdd', 'policy', ['add']),
      hidden('保单详情', '/ent/Entazx/EntInsuranceDetail/route', 'EntInsuranceDetail', 'policy'),
      leaf('理赔管理', '/ent/Entazx/EntClaimManage/route', 'EntClaimManage', 'claim', [
        'add',
        'edit',
        'query',
        'get',
      ]),
      hidden('报案', '/ent/Entazx/EntClaimAdd/route', 'EntClaimAdd', 'claim', ['add']),
      hidden('理赔详情', '/ent/Entazx/EntClaimDetail/route', 'EntClaimDetail', 'claim'),
      leaf('批改管理', '/ent/Entazx/EntEndorsementManage/route', 'EntEndorsementManage', 'endorsement', [
        'add',
        'query',
        'get',
      ]),
      hidden('批改申请', '/ent/Entazx/EntEndorsementAdd/route', 'EntEndorsementAdd', 'endorsement', ['add']),
      hidden('批改详情', '/ent/Entazx/EntEndorsementDetail/route', 'EntEndorsementDetail', 'endorsement'),
    ]),
    group('咨询服务', '/ent/consult', 'QuestionCircleOutlined', [
      leaf('我的咨询', '/ent/consult/EntConsultQuery/route', 'EntConsultQuery', 'consult', [
        'add',
        'query',
        'get',
      ]),
      hidden('发起咨询', '/ent/consult/EntConsultAdd/route', 'EntConsultAdd', 'consult', ['add']),
      hidden('咨询详情', '/ent/consult/EntConsultDetail/route', 'EntConsultDetail', 'consult'),
    ]),
    group('企业中心', '/ent/center', 'BankOutlined', [
      leaf('企业信息', '/ent/EntInfoEdit', 'EntInfoEdit', 'enterprise', ['query', 'get', 'edit']),
      leaf('消息中心', '/ent/center/EntMessage/route', 'EntMessage', 'message', READ),
      leaf('我的投诉', '/ent/center/EntComplaint/route', 'EntComplaint', 'complaint', [
        'add',
        'query',
        'get',
      ]),
      hidden('新增投诉', '/ent/center/EntComplaintAdd/route', 'EntComplaintAdd', 'complaint', ['add']),
      hidden('投诉详情', '/ent/center/EntComplaintDetail/route', 'EntComplaintDetail', 'complaint'),
    ]),
  ],

  ROLE_INSURANCE: [
    group('事故预防', '/insurance/InsuranceAp', 'SafetyOutlined', [
      leaf('预防服务管理', '/insurance/InsuranceAp/InsuranceApManage/route', 'InsuranceApManage', 'ap', [
        'add',
        'edit',
        'query',
        'get',
        'export',
      ]),
      hidden('服务详情', '/insurance/InsuranceAp/InsuranceApDetail/route', 'InsuranceApDetail', 'ap'),
      leaf('服务评估', '/insurance/InsuranceAp/InsuranceApEval/route', 'InsuranceApEval', 'ap', READ),
      leaf('隐患排查', '/insurance/InsuranceAp/InsuranceDangerCheck/route', 'InsuranceDangerCheck', 'risk', [
        'add',
        'edit',
        'query',
        'get',
      ]),
      leaf('服务申请', '/insurance/InsuranceAp/InsuranceApApply/route', 'InsuranceApApply', 'ap', [
        'add',
        'query',
        'get',
        'edit',
      ]),
      leaf(
        '服务需求',
        '/insurance/InsuranceAp/InsuranceApRequirement/route',
        'InsuranceApRequirement',
        'ap',
        ['query', 'get', 'edit'],
      ),
      leaf('培训服务', '/insurance/InsuranceAp/InsuranceApTrain/route', 'InsuranceApTrain', 'ap', [
        'add',
        'query',
        'get',
        'edit',
      ]),
      leaf('预警信息', '/insurance/InsuranceAp/InsuranceAlarm/route', 'InsuranceAlarm', 'alarm', [
        'query',
        'get',
        'edit',
      ]),
    ]),
    group('保险业务', '/insurance/azx', 'InsuranceOutlined', [
      leaf('工作台', '/insurance/azx/InsuranceIndex/route', 'InsuranceIndex', 'dashboard', ['query']),
      leaf('保单管理', '/insurance/azx/PolicyManage/route', 'PolicyManage', 'policy', [
        'add',
        'edit',
        'query',
        'get',
        'import',
        'export',
      ]),
      hidden('新增保单', '/insurance/azx/PolicyAdd/route', 'PolicyAdd', 'policy', ['add']),
      hidden('编辑保单', '/insurance/azx/PolicyEdit/route', 'PolicyEdit', 'policy', ['edit']),
      hidden('保单详情', '/insurance/azx/PolicyDetail/route', 'PolicyDetail', 'policy'),
      leaf('理赔管理', '/insurance/azx/ClaimManage/route', 'ClaimManage', 'claim', [
        'add',
        'edit',
        'query',
        'get',
        'export',
      ]),
      hidden('新增理赔', '/insurance/azx/ClaimAdd/route', 'ClaimAdd', 'claim', ['add']),
      hidden('编辑理赔', '/insurance/azx/ClaimEdit/route', 'ClaimEdit', 'claim', ['edit']),
      hidden('理赔详情', '/insurance/azx/ClaimDetail/route', 'ClaimDetail', 'claim'),
      leaf('批改管理', '/insurance/azx/EndorsementManage/route', 'EndorsementManage', 'endorsement', [
        'edit',
        'query',
        'get',
      ]),
    ]),
    group('数据统计', '/insurance/data', 'BarChartOutlined', [
      leaf('理赔数据', '/insurance/data/DataClaim/route', 'DataClaim', 'insuranceData', ['query', 'export']),
      leaf('预防数据', '/insurance/data/DataAp/route', 'DataAp', 'insuranceData', ['query', 'export']),
      leaf('保费数据', '/insurance/data/DataPremium/route', 'DataPremium', 'insuranceData', [
        'query',
        'export',
      ]),
      leaf('综合查询', '/insurance/data/DataQuery/route', 'DataQuery', 'insuranceData', ['query', 'export']),
    ]),
    group('机构管理', '/insurance/org', 'BankOutlined', [
      leaf('机构信息', '/insurance/org/InsuranceInfo/route', 'InsuranceInfo', 'insurer', [
        'query',
        'get',
        'edit',
      ]),
      leaf('技术人员', '/insurance/org/Technicist/route', 'Technicist', 'technicist', CRUD),
      leaf('机构文档', '/insurance/org/InsuranceDocs/route', 'InsuranceDocs', 'insurerDoc', CRUD),
      leaf('专家库', '/insurance/org/InsuranceExperts/route', 'InsuranceExperts', 'expert', READ),
      leaf('服务机构', '/insurance/org/InsuranceServices/route', 'InsuranceServices', 'service', READ),
      leaf('消息中心', '/insurance/org/InsuranceMessage/route', 'InsuranceMessage', 'message', READ),
      leaf('我的投诉', '/insurance/org/InsuranceComplaint/route', 'InsuranceComplaint', 'complaint', [
        'add',
        'query',
        'get',
      ]),
      hidden('新增投诉', '/insurance/org/InsuranceComplaintAdd/route', 'InsuranceComplaintAdd', 'complaint', [
        'add',
      ]),
      hidden(
        '投诉详情',
        '/insurance/org/InsuranceComplaintDetail/route',
        'InsuranceComplaintDetail',
        'complaint',
      ),
      // Complaints against the insurer and the providers it commissioned (spec 2.1 named routes).
      leaf('投诉查询', '/insurance/org/insuranceComplaintQuery', 'InsuranceComplaintQuery', 'complaint', [
        'query',
        'get',
        'export',
      ]),
      leaf('投诉处理', '/insurance/org/insuranceComplaintManage', 'InsuranceComplaintManage', 'complaint', [
        'query',
        'get',
        'edit',
      ]),
      leaf('操作日志', '/insurance/org/InsuranceLog/route', 'InsuranceLog', 'log', ['query']),
    ]),
  ],

  ROLE_SERVICE: serviceLike('service', '服务机构'),
  ROLE_EXPERT: serviceLike('expert', '专家'),

  ROLE_ADMIN: [
    group('运营中心', '/admin/home', 'DashboardOutlined', [
      leaf('工作台', '/admin/home/AdminIndex/route', 'AdminIndex', 'dashboard', ['query']),
      leaf('数据驾驶舱', '/admin/home/AdminCockpit/route', 'AdminCockpit', 'cockpit', ['query']),
      leaf('统计报表', '/admin/home/AdminStatReport/route', 'AdminStatReport', 'statReport', [
        'query',
        'add',
        'export',
      ]),
    ]),
    group('内容管理', '/admin/content', 'ReadOutlined', [
      leaf('通知公告', '/admin/content/AdminNotice/route', 'AdminNotice', 'notice', CRUD),
      leaf('文章管理', '/admin/content/AdminArticle/route', 'AdminArticle', 'article', CRUD),
      leaf('帮助中心', '/admin/content/AdminHelp/route', 'AdminHelp', 'help', CRUD),
      leaf('法规库', '/admin/content/AdminRules/route', 'AdminRules', 'rule', CRUD),
      leaf('咨询管理', '/admin/content/AdminConsult/route', 'AdminConsult', 'consult', CRUD),
      leaf('分类管理', '/admin/content/AdminContentClass/route', 'AdminContentClass', 'contentClass', [
        'query',
        'edit',
        'delete',
      ]),
      leaf('消息管理', '/admin/content/AdminMessage/route', 'AdminMessage', 'message', CRUD),
    ]),
    group('业务资源', '/admin/biz', 'ClusterOutlined', [
      leaf('服务机构', '/admin/biz/AdminService/route', 'AdminService', 'service', [
        ...CRUD,
        'enable',
        'disable',
        'import',
        'export',
      ]),
      leaf('专家管理', '/admin/biz/AdminExperts/route', 'AdminExperts', 'expert', [
        ...CRUD,
        'enable',
        'disable',
        'import',
        'export',
      ]),
      leaf('机构管理', '/admin/biz/AdminOrg/route', 'AdminOrg', 'org', [
        'add',
        'edit',
        'query',
        'get',
        'enable',
        'disable',
      ]),
      leaf('保险设置', '/admin/biz/AdminInsuranceSetting/route', 'AdminInsuranceSetting', 'setting', [
        'query',
        'edit',
      ]),
      // Complaints about the platform are handled by the operations centre.
      leaf('平台投诉处理', '/admin/biz/AdminComplaint/route', 'AdminComplaint', 'complaint', [
        'query',
        'get',
        'edit',
        'export',
      ]),
      hidden('投诉详情', '/admin/biz/AdminComplaintDetail/route', 'AdminComplaintDetail', 'complaint'),
      // Self-registrations of enterprises, service organisations, experts and managers (issue 16).
      leaf('注册审核', '/admin/biz/AdminRegistration/route', 'AdminRegistration', 'registration', [
        'query',
        'get',
        'edit',
      ]),
    ]),
    group('系统管理', '/admin/system', 'SettingOutlined', [
      leaf('用户管理', '/admin/system/UserSearch/route', 'UserSearch', 'user', ALL),
      hidden('新增用户', '/admin/system/UserAdd/route', 'UserAdd', 'user', ['add']),
      hidden('编辑用户', '/admin/system/UserEdit/route', 'UserEdit', 'user', ['edit']),
      hidden('用户详情', '/admin/system/UserDetail/route', 'UserDetail', 'user'),
      grantOnly('用户敏感信息', '/admin/system/UserSensitive', 'userSensitive', ['get', 'export']),
      leaf('角色权限', '/admin/system/RoleManage/route', 'RoleManage', 'role', CRUD),
      leaf('菜单资源', '/admin/system/ResourceManage/route', 'ResourceManage', 'resource', CRUD),
      leaf('数据字典', '/admin/system/DictManage/route', 'DictManage', 'dict', CRUD),
      leaf('行业分类', '/admin/system/IndustryManage/route', 'IndustryManage', 'industry', CRUD),
      leaf('子系统', '/admin/system/SubsystemManage/route', 'SubsystemManage', 'subsystem', CRUD),
      leaf('平台设置', '/admin/system/AdminSetting/route', 'AdminSetting', 'setting', ['query', 'edit']),
      leaf('工作日历', '/admin/system/AdminWorkCalendar/route', 'AdminWorkCalendar', 'setting', [
        'query',
        'edit',
      ]),
      // The development SMS outbox (codes the outbox provider kept; empty in production).
      leaf('短信发件箱', '/admin/system/AdminSmsOutbox/route', 'AdminSmsOutbox', 'smsOutbox', ['query']),
    ]),
  ],

  // 三权分立 (security.md Z04, admin-duty.ts): the security policy and the accounts' security state, and the
  // platform's logs, are not the operations (system) administrator's.
  ROLE_SECURITY_ADMIN: [
    group('安全管理', '/security/manage', 'SafetyCertificateOutlined', [
      leaf('安全设置', '/security/manage/SecuritySetting/route', 'SecuritySetting', 'security', [
        'query',
        'edit',
      ]),
      leaf('账号安全', '/security/manage/AccountSecurity/route', 'AccountSecurity', 'userSecurity', [
        'query',
        'get',
        'edit',
      ]),
      // The account list that page reads (read only: changing accounts is the system administrator's).
      grantOnly('账号查询', '/security/manage/AccountLookup', 'user', ['query', 'get']),
      leaf('安全机制', '/security/manage/SafetyMechanism/route', 'SafetyMechanism', 'safetymechanism', CRUD),
      // The subsystems a safety mechanism is bound to (read only).
      grantOnly('子系统查询', '/security/manage/SubsystemLookup', 'subsystem', ['query']),
      // The audit administrators' own operation-log rows, which the audit administrator does not read.
      leaf('审计员日志', '/security/manage/AuditorLog/route', 'AuditorLog', 'log', ['query']),
    ]),
  ],
  ROLE_AUDIT_ADMIN: [
    group('安全审计', '/audit/log', 'FileSearchOutlined', [
      leaf('审计概览', '/audit/log/AuditIndex/route', 'AuditIndex', 'audit', ['query']),
      leaf('操作日志', '/audit/log/AdminLog/route', 'AdminLog', 'audit', ['query', 'get', 'export']),
      leaf('请求日志', '/audit/log/RequestLog/route', 'RequestLog', 'audit', ['query']),
      leaf('推送日志', '/audit/log/PushLog/route', 'PushLog', 'audit', ['query']),
    ]),
  ],

  ROLE_USER: [
    group('个人中心', '/user-center', 'UserOutlined', [
      leaf('消息中心', '/user-center/UserMessage/route', 'UserMessage', 'message', READ),
    ]),
  ],
  ROLE_TECHNOLOGY: [
    group('个人中心', '/tech-center', 'UserOutlined', [
      leaf('消息中心', '/tech-center/UserMessage/route', 'UserMessage', 'message', READ),
    ]),
  ],
};

/** Service organisations and experts share one screen set (spec 2.2), under their own prefix. */
function serviceLike(prefix: 'service' | 'expert', who: string): ResourceSeed[] {
  const P = prefix === 'service' ? 'Service' : 'Expert';
  return [
    group('事故预防', `/${prefix}/ap`, 'SafetyOutlined', [
      leaf('预防服务', `/${prefix}/${prefix}Ap`, `${P}Ap`, 'ap', ['query', 'get', 'edit']),
      leaf('工作台', `/${prefix}/ap/${P}Index/route`, `${P}Index`, 'dashboard', ['query']),
      leaf('服务跟进', `/${prefix}/ap/${P}ApFollow/route`, `${P}ApFollow`, 'ap', ['query', 'get', 'edit']),
      leaf('培训服务', `/${prefix}/ap/${P}ApTrain/route`, `${P}ApTrain`, 'ap', [
        'add',
        'query',
        'get',
        'edit',
      ]),
      leaf('隐患处置', `/${prefix}/ap/${P}ApDispose/route`, `${P}ApDispose`, 'risk', [
        'query',
        'get',
        'edit',
      ]),
      leaf('隐患排查', `/${prefix}/ap/${P}DangerCheck/route`, `${P}DangerCheck`, 'risk', [
        'add',
        'query',
        'get',
        'edit',
      ]),
      leaf('服务报表', `/${prefix}/ap/${P}Statement/route`, `${P}Statement`, 'statement', [
        'query',
        'export',
      ]),
    ]),
    group(`${who}中心`, `/${prefix}/center`, 'UserOutlined', [
      leaf('咨询答复', `/${prefix}/center/${P}ConsultQuery/route`, `${P}ConsultQuery`, 'consult', [
        'query',
        'get',
        'edit',
      ]),
      hidden('咨询详情', `/${prefix}/center/${P}ConsultDetail/route`, `${P}ConsultDetail`, 'consult'),
      leaf('消息中心', `/${prefix}/center/${P}Message/route`, `${P}Message`, 'message', READ),
      leaf(
        prefix === 'service' ? '机构资料' : '专家资料',
        `/${prefix}/center/${P}Profile/route`,
        `${P}Profile`,
        'poolProfile',
        ['query', 'edit'],
      ),
      leaf('我的投诉', `/${prefix}/center/${P}Complaint/route`, `${P}Complaint`, 'complaint', [
        'add',
        'query',
        'get',
      ]),
      hidden('新增投诉', `/${prefix}/center/${P}ComplaintAdd/route`, `${P}ComplaintAdd`, 'complaint', [
        'add',
      ]),
      hidden('投诉详情', `/${prefix}/center/${P}ComplaintDetail/route`, `${P}ComplaintDetail`, 'complaint'),
    ]),
  ];
}
