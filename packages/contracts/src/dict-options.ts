/** Zod-free constants of the data dictionary (数据字典): root, categories, status, code rule. */

/** The root entry every category hangs under (spec 9: "Dictionary root parent id 031"). */
export const DICT_ROOT_CODE = '031';

/** Category codes (spec 9 names 032-035; 036 drives the category cascader). */
export const DictCategory = {
  /** 事故类型: GB 6441-1986 twenty classes. */
  ACCIDENT_TYPE: '032',
  /** 事故预防服务项目: AQ 9010-2019 items 01-07 with sub-items (domain 1.5, 2.10). */
  SERVICE_ITEM: '033',
  /** 隐患等级: 0 一般, 1 重大 (spec 3 major/general flag). */
  HAZARD_LEVEL: '034',
  /** 结案类型: 401-405 (domain 2.8). */
  CLAIM_CLOSE_TYPE: '035',
  /** 企业类型: registration-type tree, the category cascader of findChildrenByPid?pid=036. */
  ENTERPRISE_TYPE: '036',
  /** 特殊行业领域事故类型: industry -> industry-specific accident types (domain 2.8). */
  SPECIAL_ACCIDENT_TYPE: '037',
  /** 事故等级: 1-5, the same values as ACCIDENT_LEVELS (domain 1.7). */
  ACCIDENT_LEVEL: '038',
  /** 付款类型: 1 预付, 2 垫付, 3 快付 (domain 1.6, 2.8). */
  PAYMENT_TYPE: '039',
  /** 定损项目: loss assessment items (domain 2.8). */
  LOSS_ITEM: '040',
  /** 伤亡情况: 01 轻伤, 02 重伤, 03 死亡. */
  CASUALTY_TYPE: '041',
  /** 人员类型: 1 从业人员, 2 第三者. */
  PERSON_TYPE: '042',
  /** 证件类型: 01-04 (domain 2.4). */
  ID_TYPE: '043',
  /** 安全生产标准化等级 (domain 2.1). */
  STANDARDIZATION_GRADE: '044',
  /** 安全风险等级: red/orange/yellow/blue (domain 1.8). */
  RISK_LEVEL: '045',
  /** 批改类型 (domain 2.7). */
  ENDORSEMENT_TYPE: '046',
  /** 承保类型 (co-insurance role, domain 2.2). */
  UNDERWRITING_ROLE: '047',
  /** 经营状态 (domain 2.1). */
  OPERATING_STATUS: '048',
  /** 保险机构类型 (domain 2.2). */
  INSURER_ORG_TYPE: '049',
  /** 专家职称等级 (domain 2.4). */
  EXPERT_TITLE: '050',
  /** 功能区: functional zones linked to their region with linkArea (domain intro). */
  FUNCTIONAL_ZONE: '051',
} as const;
export type DictCategoryCode = (typeof DictCategory)[keyof typeof DictCategory];

export const DictStatus = { DISABLED: 0, ENABLED: 1 } as const;

/** Dictionary and industry codes: letters, digits, dot, underscore, hyphen; 1-32 characters. */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const DICT_CODE_MESSAGE = '字典编码只能包含字母、数字、点、下划线和短横线';
export const CODE_MAX = 32;
