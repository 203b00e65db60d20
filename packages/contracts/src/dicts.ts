import { z } from 'zod';

/**
 * Data dictionaries (sys_dict): one tree under the root entry 031. Each category below the root holds the
 * entries of one option list; `code` is unique across the whole tree, `value` is the business code stored
 * on records (e.g. claim close type 401). Categories and seeded entries are listed in
 * apps/server/src/db/seeds/dicts.ts and docs/ARCHITECTURE.md.
 */

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

/** Categories whose subtree findChildrenByAccidentType answers for. */
export const ACCIDENT_TYPE_ROOTS: readonly string[] = [
  DictCategory.ACCIDENT_TYPE,
  DictCategory.SPECIAL_ACCIDENT_TYPE,
];

export const DictStatus = { DISABLED: 0, ENABLED: 1 } as const;

const dictCodeText = z
  .string()
  .trim()
  .min(1, '请输入字典编码')
  .max(32, '字典编码最多32个字符')
  .regex(/^[A-Za-z0-9_.-]+$/, '字典编码只能包含字母、数字、点、下划线和短横线');

/** A region code a dictionary entry may be linked to (GB/T 2260, 6 digits). */
export const dictAreaCode = z.string().regex(/^\d{6}$/, '行政区划代码须为6位数字');

export const dictItem = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  /** Parent code ('' for the root). */
  pid: z.string(),
  code: z.string(),
  name: z.string(),
  value: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  isSystem: z.boolean(),
  /** Regions this entry is linked to; empty = applies everywhere. */
  areaCodes: z.array(z.string()),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DictItem = z.infer<typeof dictItem>;

export type DictNode = DictItem & { children: DictNode[] };
export const dictNode: z.ZodType<DictNode> = z.lazy(() => dictItem.extend({ children: z.array(dictNode) }));

/** The short node the selects and cascaders use. */
export interface DictOptionNode {
  id: number;
  code: string;
  name: string;
  value: string;
  sort: number;
  isLeaf: boolean;
  children: DictOptionNode[];
}
export const dictOptionNode: z.ZodType<DictOptionNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    value: z.string(),
    sort: z.number().int(),
    isLeaf: z.boolean(),
    children: z.array(dictOptionNode),
  }),
);

const boolParam = z
  .enum(['true', 'false', '1', '0'], { message: '只能是 true 或 false' })
  .transform((v) => v === 'true' || v === '1');

export const dictFindAllQuery = z
  .object({
    /** Parent code; default the root 031. */
    pid: dictCodeText.optional(),
    /** Exact code (any depth under pid). */
    code: dictCodeText.optional(),
    /** Part of the name (any depth under pid). */
    name: z.string().trim().max(100).optional(),
    status: z.coerce.number().int().min(0).max(1).optional(),
    /** Entries applying to this region: unlinked ones and those linked to it or to its city/province. */
    areaCode: dictAreaCode.optional(),
    /** true: the whole subtree under pid as a tree; default: the direct children of pid. */
    tree: boolParam.optional(),
  })
  .strict();
export type DictFindAllQuery = z.infer<typeof dictFindAllQuery>;

export const dictAddBody = z
  .object({
    /** Parent code; a category (e.g. 032) or an entry under one. */
    pid: dictCodeText,
    code: dictCodeText,
    name: z.string().trim().min(1, '请输入字典名称').max(100, '字典名称最多100个字符'),
    value: z.string().trim().max(100, '字典值最多100个字符').default(''),
    sort: z.number().int().min(0).max(999999).default(0),
    status: z.number().int().min(0).max(1).default(1),
    remark: z.string().trim().max(500, '备注最多500个字符').default(''),
  })
  .strict();
export type DictAddBody = z.infer<typeof dictAddBody>;

export const dictUpdateBody = dictAddBody
  .omit({ pid: true })
  .extend({
    id: z.number().int().positive(),
    version: z.number().int().positive(),
  })
  .strict();
export type DictUpdateBody = z.infer<typeof dictUpdateBody>;

/** linkArea: the regions an entry applies to (replaces the previous set; empty = everywhere). */
export const dictLinkAreaBody = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive(),
    areaCodes: z.array(dictAreaCode).max(200, '最多关联200个行政区划'),
  })
  .strict();
export type DictLinkAreaBody = z.infer<typeof dictLinkAreaBody>;

export const dictPidQuery = z.object({ pid: dictCodeText }).strict();
export const dictAccidentTypeQuery = z.object({ accidentType: dictCodeText }).strict();
