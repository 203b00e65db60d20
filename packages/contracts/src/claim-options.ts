/** Zod-free option lists of claims (理赔, domain 1.6, 1.7, 2.8, 3.4; spec 4). */
import { defineOptions, type OptionValue } from './options.ts';

export const CLAIM_STEPS = defineOptions([
  { value: 1, label: '报案', color: '#1890ff' },
  { value: 2, label: '撤案', color: '#8c8c8c' },
  { value: 3, label: '立案', color: '#13c2c2' },
  { value: 4, label: '预赔/垫付/快赔', color: '#722ed1' },
  { value: 5, label: '现场查勘', color: '#fa8c16' },
  { value: 6, label: '定损核损', color: '#faad14' },
  { value: 7, label: '赔付', color: '#52c41a' },
  { value: 8, label: '结案', color: '#237804' },
]);

export const ACCIDENT_LEVELS = defineOptions([
  { value: 1, label: '未达到事故等级' },
  { value: 2, label: '一般事故' },
  { value: 3, label: '较大事故' },
  { value: 4, label: '重大事故' },
  { value: 5, label: '特别重大事故' },
]);

/** The eight steps of a claim (CLAIM_STEPS): 1 report ... 8 close. */
export type ClaimStep = OptionValue<typeof CLAIM_STEPS>;
/** The five accident levels (domain 1.7): 1 below accident grade ... 5 特别重大. */
export type AccidentLevel = OptionValue<typeof ACCIDENT_LEVELS>;

/** Claim phases: where a claim stands on the main line of domain 3.4 (the step list is CLAIM_STEPS). */
export const CLAIM_PHASES = defineOptions([
  { value: 'reported', label: '已报案', color: '#1890ff' },
  { value: 'registered', label: '已立案', color: '#13c2c2' },
  { value: 'surveyed', label: '已查勘', color: '#fa8c16' },
  { value: 'assessed', label: '已定损', color: '#faad14' },
  { value: 'paid', label: '已赔付', color: '#52c41a' },
  { value: 'closed', label: '已结案', color: '#237804' },
  { value: 'withdrawn', label: '已撤案', color: '#8c8c8c' },
]);
export type ClaimPhase = OptionValue<typeof CLAIM_PHASES>;

export const CLOSE_TYPES = defineOptions([
  { value: 'paid', label: '赔付结案' },
  { value: 'denied', label: '拒赔' },
  { value: 'zero', label: '零结' },
  { value: 'withdrawn', label: '销案' },
  { value: 'invalid', label: '无效结案' },
]);
export type CloseType = OptionValue<typeof CLOSE_TYPES>;

export const PAYMENT_TYPES = defineOptions([
  { value: 1, label: '预付' },
  { value: 2, label: '垫付' },
  { value: 3, label: '快付' },
]);

export const PERSON_TYPES = defineOptions([
  { value: 1, label: '从业人员' },
  { value: 2, label: '第三者' },
]);

export const INJURY_TYPES = defineOptions([
  { value: '01', label: '轻伤' },
  { value: '02', label: '重伤' },
  { value: '03', label: '死亡' },
]);

/** Loss assessment categories (domain 2.8 定损). */
export const LOSS_CATEGORIES = defineOptions([
  { value: '01', label: '从业人员人身伤亡' },
  { value: '02', label: '第三者人身伤亡' },
  { value: '03', label: '第三者财产损失' },
  { value: '04', label: '抢险救援费' },
  { value: '05', label: '医疗救护费' },
  { value: '06', label: '事故鉴定费' },
  { value: '07', label: '法律诉讼费' },
  { value: '08', label: '其他费用' },
]);
/** The fee categories of a payout (04-08): the loss categories other than casualties and property. */
export const FEE_CATEGORIES = defineOptions(LOSS_CATEGORIES.filter((c) => c.value >= '04'));

/** Accident types of GB 6441-1986 (企业职工伤亡事故分类). */
export const ACCIDENT_TYPES = defineOptions(
  [
    '物体打击',
    '车辆伤害',
    '机械伤害',
    '起重伤害',
    '触电',
    '淹溺',
    '灼烫',
    '火灾',
    '高处坠落',
    '坍塌',
    '冒顶片帮',
    '透水',
    '放炮',
    '火药爆炸',
    '瓦斯爆炸',
    '锅炉爆炸',
    '容器爆炸',
    '其他爆炸',
    '中毒和窒息',
    '其他伤害',
  ].map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label })),
);

export const SATISFACTION_SCORES = defineOptions([
  { value: 1, label: '非常不满意' },
  { value: 2, label: '不满意' },
  { value: 3, label: '一般' },
  { value: 4, label: '满意' },
  { value: 5, label: '非常满意' },
]);
