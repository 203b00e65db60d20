import { z } from 'zod';
import { CODE_MAX, DICT_CODE_MESSAGE, DICT_CODE_PATTERN, DictCategory } from './dict-options.ts';

/**
 * Data dictionaries (sys_dict): one tree under the root entry 031. Each category below the root holds the
 * entries of one option list; `code` is unique across the whole tree, `value` is the business code stored
 * on records (e.g. claim close type 401). Categories and seeded entries are listed in
 * apps/server/src/db/seeds/dicts.ts and docs/ARCHITECTURE.md.
 */

/** Categories whose subtree findChildrenByAccidentType answers for. */
export const ACCIDENT_TYPE_ROOTS: readonly string[] = [
  DictCategory.ACCIDENT_TYPE,
  DictCategory.SPECIAL_ACCIDENT_TYPE,
];

const dictCodeText = z
  .string()
  .trim()
  .min(1, '请输入字典编码')
  .max(CODE_MAX, '字典编码最多32个字符')
  .regex(DICT_CODE_PATTERN, DICT_CODE_MESSAGE);

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
    status: z.coerce.number<number>().int().min(0).max(1).optional(),
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
    sort: z
      .number()
      .int('排序号须为0至999,999之间的整数')
      .min(0, '排序号须为0至999,999之间的整数')
      .max(999999, '排序号须为0至999,999之间的整数')
      .default(0),
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
