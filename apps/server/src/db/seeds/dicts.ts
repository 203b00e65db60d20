import { ACCIDENT_LEVELS, DICT_ROOT_CODE, DictCategory } from '@aqzrx/contracts';

/**
 * Seeded dictionaries (domain.md). One tree under the root 031; each category's entries have codes
 * `<category><nn>` (sub-entries `<entry><nn>`), unique across the tree, and carry the business value the
 * records store. syncReference adds missing entries on every start and never changes existing ones.
 *
 * Sources: GB 6441-1986 (accident types), AQ 9010-2019 and domain 1.5/2.10 (service items; level-2 names
 * are this platform's wording, only the "other" codes 104/204/303/404/503 come from the brief), spec 3
 * (0 general / 1 major), domain 2.8 (close types 401-405, payment types 1-3, loss items, casualties),
 * domain 1.7 (accident levels, the values of ACCIDENT_LEVELS), 国统字〔2011〕86号 (enterprise
 * registration types), the coal-mine / road-traffic / construction accident statistics categories
 * (special-industry accident types).
 */
export interface DictSeed {
  code: string;
  name: string;
  value?: string;
  remark?: string;
  /** Region codes the entry is linked to (linkArea); none = everywhere. */
  areas?: string[];
  children?: DictSeed[];
}

/** Entries `<parent>01`, `<parent>02`, … with the given values. */
function entries(parent: string, list: Array<[value: string, name: string, remark?: string]>): DictSeed[] {
  return list.map(([value, name, remark], i) => ({
    code: `${parent}${String(i + 1).padStart(2, '0')}`,
    name,
    value,
    ...(remark ? { remark } : {}),
  }));
}

const C = DictCategory;

const GB6441: Array<[string, string]> = [
  ['01', '物体打击'],
  ['02', '车辆伤害'],
  ['03', '机械伤害'],
  ['04', '起重伤害'],
  ['05', '触电'],
  ['06', '淹溺'],
  ['07', '灼烫'],
  ['08', '火灾'],
  ['09', '高处坠落'],
  ['10', '坍塌'],
  ['11', '冒顶片帮'],
  ['12', '透水'],
  ['13', '放炮'],
  ['14', '火药爆炸'],
  ['15', '瓦斯爆炸'],
  ['16', '锅炉爆炸'],
  ['17', '容器爆炸'],
  ['18', '其他爆炸'],
  ['19', '中毒和窒息'],
  ['20', '其他伤害'],
];

const serviceItems: DictSeed[] = [
  {
    code: `${C.SERVICE_ITEM}01`,
    name: '安全生产宣传教育培训',
    value: '01',
    children: entries(`${C.SERVICE_ITEM}01`, [
      ['101', '主要负责人和安全管理人员培训'],
      ['102', '从业人员安全教育培训'],
      ['103', '安全生产宣传活动'],
      ['104', '其他宣传教育培训'],
    ]),
  },
  {
    code: `${C.SERVICE_ITEM}02`,
    name: '安全风险辨识、评估和安全评价',
    value: '02',
    children: entries(`${C.SERVICE_ITEM}02`, [
      ['201', '安全风险辨识'],
      ['202', '安全风险评估与分级'],
      ['203', '安全评价'],
      ['204', '其他风险辨识评估'],
    ]),
  },
  {
    code: `${C.SERVICE_ITEM}03`,
    name: '生产安全事故隐患排查',
    value: '03',
    children: entries(`${C.SERVICE_ITEM}03`, [
      ['301', '综合隐患排查'],
      ['302', '专项隐患排查'],
      ['303', '其他隐患排查'],
    ]),
  },
  {
    code: `${C.SERVICE_ITEM}04`,
    name: '安全生产标准化建设',
    value: '04',
    children: entries(`${C.SERVICE_ITEM}04`, [
      ['401', '标准化建设咨询'],
      ['402', '安全管理制度和操作规程完善'],
      ['403', '标准化自评指导'],
      ['404', '其他标准化建设'],
    ]),
  },
  {
    code: `${C.SERVICE_ITEM}05`,
    name: '生产安全事故应急预案编制和演练',
    value: '05',
    children: entries(`${C.SERVICE_ITEM}05`, [
      ['501', '应急预案编制与修订'],
      ['502', '应急演练'],
      ['503', '其他应急管理服务'],
    ]),
  },
  { code: `${C.SERVICE_ITEM}06`, name: '安全生产科技推广应用', value: '06' },
  { code: `${C.SERVICE_ITEM}07`, name: '其他有关事故预防工作', value: '07', remark: '须填写具体服务内容' },
];

/** 企业登记注册类型 (国统字〔2011〕86号), three levels: the category cascader (pid 036). */
const enterpriseTypes: DictSeed[] = [
  {
    code: `${C.ENTERPRISE_TYPE}01`,
    name: '内资企业',
    value: '100',
    children: [
      { code: `${C.ENTERPRISE_TYPE}0101`, name: '国有企业', value: '110' },
      { code: `${C.ENTERPRISE_TYPE}0102`, name: '集体企业', value: '120' },
      { code: `${C.ENTERPRISE_TYPE}0103`, name: '股份合作企业', value: '130' },
      {
        code: `${C.ENTERPRISE_TYPE}0104`,
        name: '联营企业',
        value: '140',
        children: entries(`${C.ENTERPRISE_TYPE}0104`, [
          ['141', '国有联营企业'],
          ['142', '集体联营企业'],
          ['143', '国有与集体联营企业'],
          ['149', '其他联营企业'],
        ]),
      },
      {
        code: `${C.ENTERPRISE_TYPE}0105`,
        name: '有限责任公司',
        value: '150',
        children: entries(`${C.ENTERPRISE_TYPE}0105`, [
          ['151', '国有独资公司'],
          ['159', '其他有限责任公司'],
        ]),
      },
      { code: `${C.ENTERPRISE_TYPE}0106`, name: '股份有限公司', value: '160' },
      {
        code: `${C.ENTERPRISE_TYPE}0107`,
        name: '私营企业',
        value: '170',
        children: entries(`${C.ENTERPRISE_TYPE}0107`, [
          ['171', '私营独资企业'],
          ['172', '私营合伙企业'],
          ['173', '私营有限责任公司'],
          ['174', '私营股份有限公司'],
        ]),
      },
      { code: `${C.ENTERPRISE_TYPE}0108`, name: '其他企业', value: '190' },
    ],
  },
  {
    code: `${C.ENTERPRISE_TYPE}02`,
    name: '港、澳、台商投资企业',
    value: '200',
    children: entries(`${C.ENTERPRISE_TYPE}02`, [
      ['210', '合资经营企业（港或澳、台资）'],
      ['220', '合作经营企业（港或澳、台资）'],
      ['230', '港、澳、台商独资经营企业'],
      ['240', '港、澳、台商投资股份有限公司'],
      ['290', '其他港、澳、台商投资企业'],
    ]),
  },
  {
    code: `${C.ENTERPRISE_TYPE}03`,
    name: '外商投资企业',
    value: '300',
    children: entries(`${C.ENTERPRISE_TYPE}03`, [
      ['310', '中外合资经营企业'],
      ['320', '中外合作经营企业'],
      ['330', '外资企业'],
      ['340', '外商投资股份有限公司'],
      ['390', '其他外商投资企业'],
    ]),
  },
];

/** 特殊行业领域事故类型: industry field -> the accident types its statistics use. */
const specialAccidentTypes: DictSeed[] = [
  {
    code: `${C.SPECIAL_ACCIDENT_TYPE}01`,
    name: '煤矿',
    value: 'coal',
    children: entries(`${C.SPECIAL_ACCIDENT_TYPE}01`, [
      ['01', '顶板事故'],
      ['02', '冲击地压事故'],
      ['03', '瓦斯事故'],
      ['04', '煤尘事故'],
      ['05', '机电事故'],
      ['06', '运输事故'],
      ['07', '爆破事故'],
      ['08', '水害事故'],
      ['09', '火灾事故'],
      ['10', '其他事故'],
    ]),
  },
  {
    code: `${C.SPECIAL_ACCIDENT_TYPE}02`,
    name: '金属非金属矿山',
    value: 'mine',
    children: entries(`${C.SPECIAL_ACCIDENT_TYPE}02`, [
      ['01', '冒顶片帮'],
      ['02', '透水'],
      ['03', '中毒和窒息'],
      ['04', '爆破'],
      ['05', '坠罐跑车'],
      ['06', '尾矿库溃坝'],
      ['07', '火灾'],
      ['08', '其他'],
    ]),
  },
  {
    code: `${C.SPECIAL_ACCIDENT_TYPE}03`,
    name: '危险化学品',
    value: 'hazchem',
    children: entries(`${C.SPECIAL_ACCIDENT_TYPE}03`, [
      ['01', '火灾'],
      ['02', '爆炸'],
      ['03', '泄漏'],
      ['04', '中毒和窒息'],
      ['05', '灼烫'],
      ['06', '其他'],
    ]),
  },
  {
    code: `${C.SPECIAL_ACCIDENT_TYPE}04`,
    name: '烟花爆竹',
    value: 'fireworks',
    children: entries(`${C.SPECIAL_ACCIDENT_TYPE}04`, [
      ['01', '生产环节爆炸'],
      ['02', '储存环节爆炸'],
      ['03', '运输环节爆炸'],
      ['04', '经营环节爆炸'],
      ['05', '火灾'],
      ['06', '其他'],
    ]),
  },
  {
    code: `${C.SPECIAL_ACCIDENT_TYPE}05`,
    name: '道路运输',
    value: 'road',
    children: entries(`${C.SPECIAL_ACCIDENT_TYPE}05`, [
      ['01', '碰撞'],
      ['02', '刮擦'],
      ['03', '碾压'],
      ['04', '翻车'],
      ['05', '坠车'],
      ['06', '失火'],
      ['07', '爆炸'],
      ['08', '其他'],
    ]),
  },
  {
    code: `${C.SPECIAL_ACCIDENT_TYPE}06`,
    name: '水上运输和渔业船舶',
    value: 'water',
    children: entries(`${C.SPECIAL_ACCIDENT_TYPE}06`, [
      ['01', '碰撞'],
      ['02', '搁浅'],
      ['03', '触碰'],
      ['04', '触损'],
      ['05', '浪损'],
      ['06', '火灾、爆炸'],
      ['07', '风灾'],
      ['08', '自沉'],
      ['09', '人员落水'],
      ['10', '其他'],
    ]),
  },
  {
    code: `${C.SPECIAL_ACCIDENT_TYPE}07`,
    name: '建筑施工',
    value: 'construction',
    children: entries(`${C.SPECIAL_ACCIDENT_TYPE}07`, [
      ['01', '高处坠落'],
      ['02', '物体打击'],
      ['03', '坍塌'],
      ['04', '起重伤害'],
      ['05', '机械伤害'],
      ['06', '触电'],
      ['07', '车辆伤害'],
      ['08', '中毒和窒息'],
      ['09', '火灾和爆炸'],
      ['10', '其他'],
    ]),
  },
  {
    code: `${C.SPECIAL_ACCIDENT_TYPE}08`,
    name: '工贸行业',
    value: 'industry',
    children: entries(`${C.SPECIAL_ACCIDENT_TYPE}08`, [
      ['01', '粉尘爆炸'],
      ['02', '涉氨制冷液氨泄漏'],
      ['03', '有限空间中毒和窒息'],
      ['04', '高温熔融金属喷溅'],
      ['05', '煤气中毒'],
      ['06', '其他'],
    ]),
  },
];

export const DICT_SEEDS: DictSeed = {
  code: DICT_ROOT_CODE,
  name: '数据字典',
  remark: '全部字典分类的根节点',
  children: [
    {
      code: C.ACCIDENT_TYPE,
      name: '事故类型',
      remark: 'GB 6441-1986《企业职工伤亡事故分类》',
      children: entries(C.ACCIDENT_TYPE, GB6441),
    },
    {
      code: C.SERVICE_ITEM,
      name: '事故预防服务项目',
      remark: 'AQ 9010-2019 服务项目01-07及子项',
      children: serviceItems,
    },
    {
      code: C.HAZARD_LEVEL,
      name: '隐患等级',
      remark: '值与“重大/一般”标识一致：1 重大，0 一般',
      children: entries(C.HAZARD_LEVEL, [
        ['0', '一般事故隐患', '危害和整改难度较小，发现后能够立即整改排除'],
        ['1', '重大事故隐患', '需全部或局部停产停业并经一定时间整改，或难以由单位自身排除'],
      ]),
    },
    {
      code: C.CLAIM_CLOSE_TYPE,
      name: '结案类型',
      children: entries(C.CLAIM_CLOSE_TYPE, [
        ['401', '赔付结案'],
        ['402', '无效结案'],
        ['403', '销案'],
        ['404', '拒赔'],
        ['405', '零结'],
      ]),
    },
    {
      code: C.ENTERPRISE_TYPE,
      name: '企业类型',
      remark: '企业登记注册类型（国统字〔2011〕86号），用于企业分类级联选择',
      children: enterpriseTypes,
    },
    {
      code: C.SPECIAL_ACCIDENT_TYPE,
      name: '特殊行业领域事故类型',
      remark: '先选行业领域，再选该领域的事故类型',
      children: specialAccidentTypes,
    },
    {
      code: C.ACCIDENT_LEVEL,
      name: '事故等级',
      remark: '《生产安全事故报告和调查处理条例》第三条，另加“未达到事故等级”',
      children: entries(
        C.ACCIDENT_LEVEL,
        ACCIDENT_LEVELS.map((o) => [String(o.value), o.label]),
      ),
    },
    {
      code: C.PAYMENT_TYPE,
      name: '付款类型',
      children: entries(C.PAYMENT_TYPE, [
        ['1', '预付'],
        ['2', '垫付'],
        ['3', '快付'],
      ]),
    },
    {
      code: C.LOSS_ITEM,
      name: '定损项目',
      children: entries(C.LOSS_ITEM, [
        ['01', '从业人员人身伤亡'],
        ['02', '第三者人身伤亡'],
        ['03', '第三者财产损失'],
        ['04', '抢险救援费'],
        ['05', '医疗救护费'],
        ['06', '事故鉴定费'],
        ['07', '法律诉讼费'],
        ['08', '其他费用'],
      ]),
    },
    {
      code: C.CASUALTY_TYPE,
      name: '伤亡情况',
      children: entries(C.CASUALTY_TYPE, [
        ['01', '轻伤'],
        ['02', '重伤'],
        ['03', '死亡'],
      ]),
    },
    {
      code: C.PERSON_TYPE,
      name: '人员类型',
      children: entries(C.PERSON_TYPE, [
        ['1', '从业人员'],
        ['2', '第三者'],
      ]),
    },
    {
      code: C.ID_TYPE,
      name: '证件类型',
      children: entries(C.ID_TYPE, [
        ['01', '居民身份证'],
        ['02', '士官证'],
        ['03', '护照'],
        ['04', '其他'],
      ]),
    },
    {
      code: C.STANDARDIZATION_GRADE,
      name: '安全生产标准化等级',
      children: entries(C.STANDARDIZATION_GRADE, [
        ['1', '一级'],
        ['2', '二级'],
        ['3', '三级'],
        ['0', '未达标'],
      ]),
    },
    {
      code: C.RISK_LEVEL,
      name: '安全风险等级',
      remark: '安委办〔2016〕11号：红、橙、黄、蓝四级',
      children: entries(C.RISK_LEVEL, [
        ['1', '重大风险', '红色'],
        ['2', '较大风险', '橙色'],
        ['0', '一般风险', '黄色'],
        ['3', '低风险', '蓝色'],
      ]),
    },
    {
      code: C.ENDORSEMENT_TYPE,
      name: '批改类型',
      children: entries(C.ENDORSEMENT_TYPE, [
        ['01', '加人'],
        ['02', '减人'],
        ['03', '换人'],
        ['04', '信息变更'],
        ['05', '保额/限额变更'],
        ['06', '保险期间变更'],
        ['07', '一般批改'],
        ['08', '退保/注销', '仅限企业依法关闭或停止生产经营'],
      ]),
    },
    {
      code: C.UNDERWRITING_ROLE,
      name: '承保类型',
      children: entries(C.UNDERWRITING_ROLE, [
        ['01', '主承'],
        ['02', '跟单'],
        ['03', '独立承保'],
      ]),
    },
    {
      code: C.OPERATING_STATUS,
      name: '经营状态',
      children: entries(C.OPERATING_STATUS, [
        ['01', '在营'],
        ['02', '停产停业'],
        ['03', '关闭取缔'],
        ['04', '注销'],
      ]),
    },
    {
      code: C.INSURER_ORG_TYPE,
      name: '保险机构类型',
      children: entries(C.INSURER_ORG_TYPE, [
        ['01', '总部'],
        ['02', '分公司'],
        ['03', '支公司'],
        ['04', '支公司以下'],
      ]),
    },
    {
      code: C.EXPERT_TITLE,
      name: '专家职称等级',
      children: entries(C.EXPERT_TITLE, [
        ['1', '正高级'],
        ['2', '副高级'],
        ['3', '中级'],
        ['4', '初级'],
        ['9', '其他'],
      ]),
    },
    {
      code: C.FUNCTIONAL_ZONE,
      name: '功能区',
      remark: '无国标区划代码的功能区，通过“关联区划”挂到所属区县',
      children: entries(C.FUNCTIONAL_ZONE, [
        ['01', '宿迁经济技术开发区'],
        ['02', '宿迁市湖滨新区'],
        ['03', '宿迁市洋河新区'],
        ['04', '苏州宿迁工业园区'],
      ]).map((e) => ({ ...e, areas: ['321300'] })),
    },
  ],
};
