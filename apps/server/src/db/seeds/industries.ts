import { IndustryBranch } from '@aqzrx/contracts';

/**
 * Seeded industry tree (below the root id 1, which the migration creates):
 * - GB4754: GB/T 4754-2017《国民经济行业分类》 sections (门类 A-T) and divisions (大类 01-97);
 * - AQ: work-safety industry fields (安全生产行业领域). The eight fields of 《安全生产责任保险实施办法》
 *   (2025) Art. 2 (mining split into coal and non-coal as in the 2017 办法) are high-risk and must insure;
 *   the other fields domain 2.1 lists (工贸, 涉氨制冷, 粉尘涉爆, …) are local extensions, seeded as
 *   "encouraged" (must_insure false) for the administrator to switch on where a local rule requires it.
 * syncReference adds missing nodes on every start and never changes existing ones.
 */
export interface IndustrySeed {
  code: string;
  name: string;
  isHighRisk?: boolean;
  mustInsure?: boolean;
  remark?: string;
  children?: IndustrySeed[];
}

type Division = [code: string, name: string];
const GB_SECTIONS: Array<[code: string, name: string, divisions: Division[]]> = [
  [
    'A',
    '农、林、牧、渔业',
    [
      ['01', '农业'],
      ['02', '林业'],
      ['03', '畜牧业'],
      ['04', '渔业'],
      ['05', '农、林、牧、渔专业及辅助性活动'],
    ],
  ],
  [
    'B',
    '采矿业',
    [
      ['06', '煤炭开采和洗选业'],
      ['07', '石油和天然气开采业'],
      ['08', '黑色金属矿采选业'],
      ['09', '有色金属矿采选业'],
      ['10', '非金属矿采选业'],
      ['11', '开采专业及辅助性活动'],
      ['12', '其他采矿业'],
    ],
  ],
  [
    'C',
    '制造业',
    [
      ['13', '农副食品加工业'],
      ['14', '食品制造业'],
      ['15', '酒、饮料和精制茶制造业'],
      ['16', '烟草制品业'],
      ['17', '纺织业'],
      ['18', '纺织服装、服饰业'],
      ['19', '皮革、毛皮、羽毛及其制品和制鞋业'],
      ['20', '木材加工和木、竹、藤、棕、草制品业'],
      ['21', '家具制造业'],
      ['22', '造纸和纸制品业'],
      ['23', '印刷和记录媒介复制业'],
      ['24', '文教、工美、体育和娱乐用品制造业'],
      ['25', '石油、煤炭及其他燃料加工业'],
      ['26', '化学原料和化学制品制造业'],
      ['27', '医药制造业'],
      ['28', '化学纤维制造业'],
      ['29', '橡胶和塑料制品业'],
      ['30', '非金属矿物制品业'],
      ['31', '黑色金属冶炼和压延加工业'],
      ['32', '有色金属冶炼和压延加工业'],
      ['33', '金属制品业'],
      ['34', '通用设备制造业'],
      ['35', '专用设备制造业'],
      ['36', '汽车制造业'],
      ['37', '铁路、船舶、航空航天和其他运输设备制造业'],
      ['38', '电气机械和器材制造业'],
      ['39', '计算机、通信和其他电子设备制造业'],
      ['40', '仪器仪表制造业'],
      ['41', '其他制造业'],
      ['42', '废弃资源综合利用业'],
      ['43', '金属制品、机械和设备修理业'],
    ],
  ],
  [
    'D',
    '电力、热力、燃气及水生产和供应业',
    [
      ['44', '电力、热力生产和供应业'],
      ['45', '燃气生产和供应业'],
      ['46', '水的生产和供应业'],
    ],
  ],
  [
    'E',
    '建筑业',
    [
      ['47', '房屋建筑业'],
      ['48', '土木工程建筑业'],
      ['49', '建筑安装业'],
      ['50', '建筑装饰、装修和其他建筑业'],
    ],
  ],
  [
    'F',
    '批发和零售业',
    [
      ['51', '批发业'],
      ['52', '零售业'],
    ],
  ],
  [
    'G',
    '交通运输、仓储和邮政业',
    [
      ['53', '铁路运输业'],
      ['54', '道路运输业'],
      ['55', '水上运输业'],
      ['56', '航空运输业'],
      ['57', '管道运输业'],
      ['58', '多式联运和运输代理业'],
      ['59', '装卸搬运和仓储业'],
      ['60', '邮政业'],
    ],
  ],
  [
    'H',
    '住宿和餐饮业',
    [
      ['61', '住宿业'],
      ['62', '餐饮业'],
    ],
  ],
  [
    'I',
    '信息传输、软件和信息技术服务业',
    [
      ['63', '电信、广播电视和卫星传输服务'],
      ['64', '互联网和相关服务'],
      ['65', '软件和信息技术服务业'],
    ],
  ],
  [
    'J',
    '金融业',
    [
      ['66', '货币金融服务'],
      ['67', '资本市场服务'],
      ['68', '保险业'],
      ['69', '其他金融业'],
    ],
  ],
  ['K', '房地产业', [['70', '房地产业']]],
  [
    'L',
    '租赁和商务服务业',
    [
      ['71', '租赁业'],
      ['72', '商务服务业'],
    ],
  ],
  [
    'M',
    '科学研究和技术服务业',
    [
      ['73', '研究和试验发展'],
      ['74', '专业技术服务业'],
      ['75', '科技推广和应用服务业'],
    ],
  ],
  [
    'N',
    '水利、环境和公共设施管理业',
    [
      ['76', '水利管理业'],
      ['77', '生态保护和环境治理业'],
      ['78', '公共设施管理业'],
      ['79', '土地管理业'],
    ],
  ],
  [
    'O',
    '居民服务、修理和其他服务业',
    [
      ['80', '居民服务业'],
      ['81', '机动车、电子产品和日用产品修理业'],
      ['82', '其他服务业'],
    ],
  ],
  ['P', '教育', [['83', '教育']]],
  [
    'Q',
    '卫生和社会工作',
    [
      ['84', '卫生'],
      ['85', '社会工作'],
    ],
  ],
  [
    'R',
    '文化、体育和娱乐业',
    [
      ['86', '新闻和出版业'],
      ['87', '广播、电视、电影和录音制作业'],
      ['88', '文化艺术业'],
      ['89', '体育'],
      ['90', '娱乐业'],
    ],
  ],
  [
    'S',
    '公共管理、社会保障和社会组织',
    [
      ['91', '中国共产党机关'],
      ['92', '国家机构'],
      ['93', '人民政协、民主党派'],
      ['94', '社会保障'],
      ['95', '群众团体、社会团体和其他成员组织'],
      ['96', '基层群众自治组织及其他组织'],
    ],
  ],
  ['T', '国际组织', [['97', '国际组织']]],
];

/** Nodes `<parent>01`, `<parent>02`, … */
function nodes(parent: string, names: string[], flags: Partial<IndustrySeed> = {}): IndustrySeed[] {
  return names.map((name, i) => ({ code: `${parent}${String(i + 1).padStart(2, '0')}`, name, ...flags }));
}

/** A high-risk field of 2025 办法 Art. 2: it and everything below it must insure. */
function highRisk(code: string, name: string, children: IndustrySeed[], remark = ''): IndustrySeed {
  const flag = (n: IndustrySeed): IndustrySeed => ({
    ...n,
    isHighRisk: true,
    mustInsure: true,
    ...(n.children ? { children: n.children.map(flag) } : {}),
  });
  return flag({ code, name, children, ...(remark ? { remark } : {}) });
}

const AQ = IndustryBranch.SAFETY;

const SAFETY_FIELDS: IndustrySeed[] = [
  highRisk(`${AQ}01`, '矿山', [
    { code: `${AQ}0101`, name: '煤矿' },
    {
      code: `${AQ}0102`,
      name: '非煤矿山',
      children: nodes(`${AQ}0102`, ['金属非金属露天矿山', '金属非金属地下矿山', '尾矿库', '石油天然气开采']),
    },
  ]),
  highRisk(`${AQ}02`, '危险化学品', [
    { code: `${AQ}0201`, name: '危险化学品生产' },
    {
      code: `${AQ}0202`,
      name: '危险化学品经营',
      children: nodes(`${AQ}0202`, ['带储存设施经营', '不带储存设施经营', '加油加气站']),
    },
    { code: `${AQ}0203`, name: '危险化学品使用' },
    { code: `${AQ}0204`, name: '危险化学品储存（油库、仓储）' },
    { code: `${AQ}0205`, name: '危险化学品管道输送' },
    { code: `${AQ}0206`, name: '危险废物处置' },
  ]),
  highRisk(`${AQ}03`, '烟花爆竹', nodes(`${AQ}03`, ['烟花爆竹生产', '烟花爆竹批发', '烟花爆竹零售'])),
  highRisk(`${AQ}04`, '交通运输', [
    {
      code: `${AQ}0401`,
      name: '道路运输',
      children: nodes(`${AQ}0401`, [
        '道路旅客运输',
        '道路普通货物运输',
        '道路危险货物运输',
        '城市公共交通',
        '出租汽车',
        '机动车驾驶员培训',
      ]),
    },
    {
      code: `${AQ}0402`,
      name: '水路运输',
      children: nodes(`${AQ}0402`, ['水路旅客运输', '水路货物运输', '水路危险货物运输', '港口经营']),
    },
    { code: `${AQ}0403`, name: '邮政快递' },
  ]),
  highRisk(
    `${AQ}05`,
    '建筑施工',
    nodes(`${AQ}05`, [
      '房屋建筑工程',
      '市政公用工程',
      '公路工程（道路桥涵隧道）',
      '铁路工程',
      '城市轨道交通工程',
      '水利水电工程',
      '港口与航道工程',
      '电力工程',
      '石油化工工程',
      '通信工程',
      '矿山工程',
      '其他建筑施工',
    ]),
    '可按项目投保',
  ),
  highRisk(`${AQ}06`, '民用爆炸物品', nodes(`${AQ}06`, ['民用爆炸物品生产', '民用爆炸物品销售', '爆破作业'])),
  highRisk(`${AQ}07`, '金属冶炼', nodes(`${AQ}07`, ['黑色金属冶炼', '有色金属冶炼'])),
  highRisk(`${AQ}08`, '渔业生产', nodes(`${AQ}08`, ['海洋渔业船舶', '内陆渔业船舶'])),
  {
    code: `${AQ}09`,
    name: '其他行业领域',
    remark: '国家鼓励投保；地方规定须投保的，可将对应节点设为应保',
    children: [
      {
        code: `${AQ}0901`,
        name: '工贸行业',
        children: nodes(`${AQ}0901`, ['冶金', '有色', '建材', '机械', '轻工', '纺织', '烟草', '商贸']),
      },
      ...nodes(`${AQ}09`, [
        '涉氨制冷',
        '粉尘涉爆',
        '有限空间作业',
        '船舶修造和拆解',
        '机动车维修（含4S店）',
        '人员密集场所',
      ]).map((n, i) => ({ ...n, code: `${AQ}09${String(i + 2).padStart(2, '0')}` })),
    ],
  },
];

export const INDUSTRY_SEEDS: IndustrySeed[] = [
  {
    code: IndustryBranch.NATIONAL,
    name: '国民经济行业分类',
    remark: 'GB/T 4754-2017 门类和大类',
    children: GB_SECTIONS.map(([code, name, divisions]) => ({
      code,
      name,
      children: divisions.map(([c, n]) => ({ code: c, name: n })),
    })),
  },
  {
    code: AQ,
    name: '安全生产行业领域',
    remark: '高危行业领域依《安全生产责任保险实施办法》应当投保',
    children: SAFETY_FIELDS,
  },
];
