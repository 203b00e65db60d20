import path from 'node:path';
import {
  addDays,
  chinaDate,
  computeEnterpriseScore,
  DISTRICTS,
  type EntParamValues,
  industryMustInsure,
  maskIdCard,
  minAccidentLevel,
  oneYearEnd,
  scoreGradeOf,
  usccCheckChar,
} from '@aqzrx/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { policyFigures } from '../modules/policy/index.ts';
import { blindIndex, configurePii, encryptPhone, encryptPii } from '../platform/pii.ts';

/** Accident types of the demo claims (GB 6441 codes of the dictionary) with an activity that fits each. */
const DEMO_ACCIDENTS = [
  { code: '01', label: '物体打击', activity: '装卸作业' },
  { code: '02', label: '车辆伤害', activity: '厂内运输' },
  { code: '03', label: '机械伤害', activity: '设备检修' },
  { code: '04', label: '起重伤害', activity: '吊装作业' },
  { code: '07', label: '灼烫', activity: '焊接作业' },
  { code: '09', label: '高处坠落', activity: '高处作业' },
] as const;

/**
 * A believable city for the insurance screens (issue 5): 300 enterprises over the five districts and
 * the high-risk industries, 3 insurers (the demo insurer is one), two years of policies that respect the
 * rules (one-year periods, renewals back to back, full headcount, limits at or above the floor, fee ratio
 * under the cap, co-insurance shares summing to 100%), insured-person rosters (up to 30 named persons
 * per issued policy, ID numbers encrypted like the endorsement service stores them), endorsements, and
 * 60 claims at every step.
 * Deterministic (seeded PRNG, dates relative to `now`), batched inserts.
 */

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

const INDUSTRIES: Array<{
  top: string;
  subs: string[];
  gb: string[];
  suffix: string[];
  weight: number;
  rate: number;
}> = [
  {
    top: 'AQ02',
    subs: ['AQ0201', 'AQ020201', 'AQ020203', 'AQ0203', 'AQ0204'],
    gb: ['C26', 'C2614', 'F5265'],
    suffix: ['化工有限公司', '石化有限公司', '新材料科技有限公司'],
    weight: 25,
    rate: 1.8,
  },
  {
    top: 'AQ05',
    subs: ['AQ0501', 'AQ0502', 'AQ0503', 'AQ0506'],
    gb: ['E47', 'E48', 'E4811'],
    suffix: ['建筑工程有限公司', '建设集团有限公司', '市政工程有限公司'],
    weight: 20,
    rate: 1.2,
  },
  {
    top: 'AQ04',
    subs: ['AQ040102', 'AQ040103', 'AQ040201', 'AQ0403'],
    gb: ['G54', 'G5430', 'G55'],
    suffix: ['运输有限公司', '物流有限公司', '航运有限公司'],
    weight: 15,
    rate: 1.5,
  },
  {
    top: 'AQ01',
    subs: ['AQ010201', 'AQ010203'],
    gb: ['B10', 'B1011'],
    suffix: ['矿业有限公司', '石料有限公司'],
    weight: 8,
    rate: 2.5,
  },
  {
    top: 'AQ07',
    subs: ['AQ0701', 'AQ0702'],
    gb: ['C31', 'C32'],
    suffix: ['冶金有限公司', '特钢有限公司'],
    weight: 6,
    rate: 1.6,
  },
  {
    top: 'AQ03',
    subs: ['AQ0302', 'AQ0303'],
    gb: ['C2672', 'F5133'],
    suffix: ['烟花爆竹有限公司', '烟花爆竹经营部'],
    weight: 6,
    rate: 2.2,
  },
  {
    top: 'AQ06',
    subs: ['AQ0602', 'AQ0603'],
    gb: ['C2671', 'E4910'],
    suffix: ['民爆器材有限公司', '爆破工程有限公司'],
    weight: 3,
    rate: 2.4,
  },
  {
    top: 'AQ08',
    subs: ['AQ0802'],
    gb: ['A04', 'A0412'],
    suffix: ['渔业有限公司', '水产养殖有限公司'],
    weight: 5,
    rate: 2.0,
  },
  {
    top: 'AQ09',
    subs: ['AQ090104', 'AQ0902', 'AQ0903', 'AQ0906'],
    gb: ['C34', 'C13', 'O81'],
    suffix: ['机械制造有限公司', '食品有限公司', '汽车服务有限公司'],
    weight: 12,
    rate: 0.8,
  },
];

const WORDS = [
  '恒',
  '泰',
  '华',
  '安',
  '盛',
  '鑫',
  '永',
  '宏',
  '信',
  '达',
  '瑞',
  '丰',
  '源',
  '通',
  '联',
  '润',
  '金',
  '昌',
  '嘉',
  '禾',
  '远',
  '洪',
  '运',
  '祥',
  '隆',
  '兴',
  '广',
  '诚',
  '新',
  '宇',
  '天',
  '海',
  '晨',
  '辰',
  '卓',
  '凯',
  '腾',
  '旭',
  '德',
  '锦',
];
const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '朱',
  '马',
  '胡',
  '郭',
  '何',
  '高',
  '林',
  '罗',
];
const GIVEN = [
  '建国',
  '志强',
  '海燕',
  '文军',
  '晓东',
  '丽华',
  '明',
  '伟',
  '静',
  '敏',
  '军',
  '磊',
  '洋',
  '超',
  '勇',
  '艳',
  '杰',
  '涛',
  '娟',
  '峰',
];
const STREETS = [
  '人民路',
  '发展大道',
  '洪泽湖路',
  '黄河路',
  '太湖路',
  '珠江路',
  '青海湖路',
  '双庄路',
  '经济开发区',
  '工业园区',
];

/** Insured-person rosters: Suqian county-level area codes (GB/T 2260) for the generated ID numbers. */
const SUQIAN_AREAS = ['321302', '321311', '321322', '321323', '321324'];
const ROSTER_SURNAMES = [...SURNAMES, ...'蔡仲沈顾葛许丁叶戴倪潘陆邵程袁夏蒋魏'];
const MALE_GIVEN = [
  ...['建国', '志强', '文军', '晓东', '明', '伟', '军', '磊', '洋', '超', '勇', '杰', '涛', '峰', '海波'],
  ...['国庆', '春雷', '立新', '卫东', '宏伟', '俊杰', '浩然', '子豪', '宇航', '鹏', '强', '刚', '斌', '亮'],
];
const FEMALE_GIVEN = [
  ...['海燕', '丽华', '静', '敏', '艳', '娟', '秀英', '桂兰', '玉梅', '春梅', '红霞', '晓丽', '婷婷'],
  ...['雪', '芳', '丹', '慧', '萍', '琳', '佳怡'],
];
/** Positions on a roster: the common ones, then those of each high-risk industry (by top code). */
const COMMON_POSITIONS = ['操作工', '操作工', '电工', '司机', '仓管员', '维修工'];
const INDUSTRY_POSITIONS: Record<string, string[]> = {
  AQ01: ['爆破工', '挖掘机司机', '破碎工', '运输司机'],
  AQ02: ['化工操作工', '中控员', '巡检工', '化验员'],
  AQ03: ['装药工', '包装工', '搬运工'],
  AQ04: ['驾驶员', '押运员', '装卸工', '调度员'],
  AQ05: ['施工员', '钢筋工', '架子工', '木工', '焊工', '塔吊司机'],
  AQ06: ['爆破员', '保管员', '押运员'],
  AQ07: ['炉前工', '行车工', '质检员'],
  AQ08: ['船员', '轮机员', '养殖工'],
  AQ09: ['焊工', '叉车司机', '质检员'],
};
/** At most this many persons are seeded per policy (seed speed); the rest of the headcount is unnamed. */
const ROSTER_MAX = 30;

const DISTRICT_NAMES: Record<string, string> = Object.fromEntries(DISTRICTS.map((d) => [d.value, d.label]));

async function batchInsert<T>(rows: T[], size: number, fn: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await fn(rows.slice(i, i + size));
}

export async function seedInsuranceDemo(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  // The seed runs before the app is built (main.ts prepare): pick the same key the app will use.
  configurePii({
    nodeEnv: process.env.NODE_ENV ?? 'development',
    dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
  });
  const rnd = mulberry32(20260522);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const today = chinaDate(now);
  const usedUscc = new Set<string>();
  const uscc = (district: string, kind = '91') => {
    for (;;) {
      let body = `${kind}${district}`;
      while (body.length < 17) body += USCC_CHARS[int(0, 30)];
      const code = body + usccCheckChar(body);
      if (!usedUscc.has(code)) {
        usedUscc.add(code);
        return code;
      }
    }
  };
  const idCard = (district: string) => {
    const birth = `${int(1965, 2000)}${String(int(1, 12)).padStart(2, '0')}${String(int(1, 28)).padStart(2, '0')}`;
    const body = `${district}${birth}${String(int(0, 999)).padStart(3, '0')}`;
    let s = 0;
    for (let i = 0; i < 17; i++) s += Number(body[i]) * ID_WEIGHTS[i]!;
    return body + ID_CHECK[s % 11];
  };
  const mobile = () => `1${pick(['3', '5', '7', '8', '9'])}${String(int(0, 999_999_999)).padStart(9, '0')}`;
  const person = () => pick(SURNAMES) + pick(GIVEN);
  const audit = { createdAt: now, updatedAt: now, createdBy: null, updatedBy: null };

  await db.transaction().execute(async (trx) => {
    // Insurers: the demo insurer plus two more.
    const demoInsurer = await trx
      .selectFrom('sysOrg')
      .select(['id', 'name'])
      .where('orgType', '=', 'insurer')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const moreInsurers = await trx
      .insertInto('sysOrg')
      .values([
        {
          orgType: 'insurer',
          name: '中国平安财产保险股份有限公司宿迁中心支公司',
          uscc: uscc('321302'),
          districtCode: '321302',
          ...audit,
        },
        {
          orgType: 'insurer',
          name: '中国太平洋财产保险股份有限公司宿迁中心支公司',
          uscc: uscc('321311'),
          districtCode: '321311',
          ...audit,
        },
      ])
      .returning(['id', 'name'])
      .execute();
    const insurers = [demoInsurer, ...moreInsurers];
    await trx
      .insertInto('insInsurer')
      .values(
        insurers.map((ins, i) => ({
          id: ins.id,
          insurerType: 2,
          orgCode: ['PICC-SQ-000001', 'PAIC-SQ-000002', 'CPIC-SQ-000003'][i]!,
          parentName: [
            '中国人民财产保险股份有限公司',
            '中国平安财产保险股份有限公司',
            '中国太平洋财产保险股份有限公司',
          ][i]!,
          parentCode: ['000001', '000002', '000003'][i]!,
          // The street part: city and district come from the organisation's district (机构信息 shows them).
          address: `${STREETS[i]}${int(1, 200)}号`,
          headName: person(),
          headMobileEnc: encryptPhone(mobile()),
          ...audit,
        })),
      )
      .execute();
    const techRows = insurers.flatMap((ins) =>
      Array.from({ length: 4 }, (_, k) => {
        const id = idCard(pick(DISTRICTS).value);
        return {
          insurerId: ins.id,
          staffType: k < 2 ? 1 : 2,
          name: person(),
          idType: '01',
          idNoEnc: encryptPii(id),
          idNoHash: blindIndex(id),
          idNoMask: maskIdCard(id),
          mobileEnc: encryptPhone(mobile()),
          title: pick(['注册安全工程师', '高级工程师', '工程师', '安全评价师']),
          education: pick(['本科', '硕士研究生', '大专']),
          major: pick(['安全工程', '化学工程', '土木工程', '采矿工程']),
          employer: k < 2 ? ins.name : '宿迁市安泰安全技术服务有限公司',
          years: int(3, 25),
          serviceItems: JSON.stringify(['01', '03', pick(['02', '04', '05'])]),
          ...audit,
        };
      }),
    );
    await trx.insertInto('insTechnicist').values(techRows).execute();

    // Enterprises: the two demo enterprises plus 298 generated (300 in all).
    const demoEnts = await trx
      .selectFrom('sysOrg')
      .select(['id', 'name', 'uscc', 'districtCode'])
      .where('orgType', '=', 'enterprise')
      .orderBy('id')
      .execute();
    for (const e of demoEnts) if (e.uscc) usedUscc.add(e.uscc);
    const totalWeight = INDUSTRIES.reduce((s, i) => s + i.weight, 0);
    const industryPick = () => {
      let r = rnd() * totalWeight;
      for (const i of INDUSTRIES) {
        r -= i.weight;
        if (r < 0) return i;
      }
      return INDUSTRIES[0]!;
    };
    const usedNames = new Set(demoEnts.map((e) => e.name));
    const generated = Array.from({ length: 300 - demoEnts.length }, (_, n) => {
      const district = DISTRICTS[n % DISTRICTS.length]!.value;
      const ind = industryPick();
      let name = '';
      do name = `${DISTRICT_NAMES[district]}${pick(WORDS)}${pick(WORDS)}${pick(ind.suffix)}`;
      while (usedNames.has(name));
      usedNames.add(name);
      return { district, ind, name, uscc: uscc(district) };
    });
    const orgRows = await trx
      .insertInto('sysOrg')
      .values(
        generated.map((g) => ({
          orgType: 'enterprise' as const,
          name: g.name,
          uscc: g.uscc,
          districtCode: g.district,
          ...audit,
        })),
      )
      .returning(['id', 'uscc'])
      .execute();
    const idByUscc = new Map(orgRows.map((r) => [r.uscc, r.id]));

    interface Ent {
      id: number;
      name: string;
      uscc: string;
      district: string;
      ind: (typeof INDUSTRIES)[number];
      ws: string;
      gb: string;
      employees: number;
      operating: number;
      stdGrade: number;
      mustInsure: boolean;
      onRegister: boolean;
      licenceEnd: string | null;
      address: string;
    }
    const ents: Ent[] = [];
    const heng = demoEnts.find((e) => e.name === '宿迁市恒安化工有限公司') ?? demoEnts[0]!;
    const hengInd = INDUSTRIES[0]!;
    ents.push({
      id: heng.id,
      name: heng.name,
      uscc: heng.uscc ?? '',
      district: heng.districtCode ?? '321302',
      ind: hengInd,
      ws: 'AQ0201',
      gb: 'C2614',
      employees: 86,
      operating: 1,
      stdGrade: 2,
      mustInsure: true,
      onRegister: true,
      licenceEnd: addDays(today, 400),
      address: '宿迁市宿城区化工园区洪泽湖路18号',
    });
    for (const g of generated) {
      const ws = pick(g.ind.subs);
      const must = industryMustInsure(ws);
      const r = rnd();
      ents.push({
        id: idByUscc.get(g.uscc)!,
        name: g.name,
        uscc: g.uscc,
        district: g.district,
        ind: g.ind,
        ws,
        gb: pick(g.ind.gb),
        employees: Math.max(8, Math.round(Math.exp(2.5 + rnd() * 3.6))),
        operating: r < 0.95 ? 1 : r < 0.98 ? 2 : 3,
        stdGrade: pick([1, 2, 2, 3, 3, 3, 0]),
        mustInsure: must,
        onRegister: must && rnd() < 0.7,
        licenceEnd: ['AQ01', 'AQ02', 'AQ03', 'AQ06', 'AQ05'].includes(g.ind.top)
          ? addDays(today, rnd() < 0.08 ? -int(10, 200) : int(30, 1000))
          : null,
        address: `${DISTRICT_NAMES[g.district]}${pick(STREETS)}${int(1, 300)}号`,
      });
    }
    await batchInsert(ents, 150, (chunk) =>
      trx
        .insertInto('insEnterprise')
        .values(
          chunk.map((e) => ({
            id: e.id,
            address: e.address,
            wsIndustryCode: e.ws,
            gbIndustryCode: e.gb,
            employees: e.employees,
            annualTurnover: e.employees * int(20, 120) * 10000,
            operatingStatus: e.operating,
            businessScope: `${e.ind.suffix[0]!.replace('有限公司', '')}相关业务`,
            legalName: person(),
            legalMobileEnc: encryptPhone(mobile()),
            legalDutyPhoneEnc: encryptPhone(`0527-8${String(int(0, 9_999_999)).padStart(7, '0')}`),
            safetyName: person(),
            safetyMobileEnc: encryptPhone(mobile()),
            licenceNo: e.licenceEnd
              ? `（苏）WH安许证字〔${int(2019, 2024)}〕${int(100, 999)}号`.slice(0, 30)
              : '',
            licenceStart: e.licenceEnd ? addDays(e.licenceEnd, -1095) : null,
            licenceEnd: e.licenceEnd,
            stdGrade: e.stdGrade,
            onRegister: e.onRegister,
            registerYear: e.onRegister ? Number(today.slice(0, 4)) : null,
            mustInsure: e.mustInsure || e.onRegister,
            infoComplete: true,
            ...audit,
          })),
        )
        .execute(),
    );

    // Policies: two years. Insured enterprises have last year's (expired) policy and its renewal in force;
    // some let it lapse; a few newcomers start next month; a few applications wait in the workflow.
    let seq = 0;
    const no = (prefix: string, day: string) =>
      `${prefix}${day.replace(/-/g, '')}${String(++seq).padStart(8, '0')}`;
    const insurerPick = () => {
      const r = rnd();
      return insurers[r < 0.45 ? 0 : r < 0.75 ? 1 : 2]!;
    };
    interface PolicyPlan {
      ent: Ent;
      insurerId: number;
      coinsurer?: { insurerId: number; share: number };
      start: string;
      end: string;
      status: 'approved' | 'submitted' | 'draft' | 'rejected';
      isRenewal: boolean;
      perPerson: number;
    }
    const plans: PolicyPlan[] = [];
    const entsToInsure = ents.filter((e) => e.operating === 1);
    for (const [i, e] of entsToInsure.entries()) {
      const isHeng = i === 0;
      const insured = isHeng || rnd() < (e.mustInsure || e.onRegister ? 0.86 : 0.3);
      if (!insured) continue;
      const ins = isHeng ? insurers[0]! : insurerPick();
      const co =
        !isHeng && rnd() < 0.15
          ? { insurerId: insurers.find((x) => x.id !== ins.id)!.id, share: pick([30, 40]) }
          : undefined;
      const perPerson = pick([400000, 400000, 500000, 600000, 800000, 1000000]);
      const start1 = addDays(today, -730 + (isHeng ? 120 : int(0, 364)));
      const end1 = oneYearEnd(start1);
      plans.push({
        ent: e,
        insurerId: ins.id,
        ...(co ? { coinsurer: co } : {}),
        start: start1,
        end: end1,
        status: 'approved',
        isRenewal: false,
        perPerson,
      });
      if (isHeng || rnd() < 0.9) {
        const start2 = addDays(end1, 1);
        plans.push({
          ent: e,
          insurerId: ins.id,
          ...(co ? { coinsurer: co } : {}),
          start: start2,
          end: oneYearEnd(start2),
          status: 'approved',
          isRenewal: true,
          perPerson,
        });
      }
    }
    const uninsured = entsToInsure.filter((e) => !plans.some((p) => p.ent === e));
    for (const [k, e] of uninsured.slice(0, 12).entries()) {
      const start = addDays(today, int(3, 40));
      const status = k < 5 ? 'approved' : k < 8 ? 'submitted' : k < 10 ? 'draft' : 'rejected';
      plans.push({
        ent: e,
        insurerId: insurerPick().id,
        start,
        end: oneYearEnd(start),
        status,
        isRenewal: false,
        perPerson: 400000,
      });
    }
    const policyRows = plans.map((p) => {
      const factors =
        p.ent.stdGrade === 1
          ? [{ code: 'stdGrade', pct: -10, reason: '安全生产标准化一级企业' }]
          : p.ent.stdGrade === 0
            ? [{ code: 'stdGrade', pct: 10, reason: '安全生产标准化未达标' }]
            : rnd() < 0.2
              ? [{ code: 'accident', pct: 10, reason: '上一保险年度发生一般事故1起' }]
              : [];
      const rate = p.ent.ind.rate;
      const provisional = policyFigures({
        perPersonLimit: p.perPerson,
        headcount: p.ent.employees,
        benchmarkRate: rate,
        factors,
        premium: 1,
        preventionFeePct: 0,
      });
      const premium = Math.max(300, Math.round(provisional.premiumCalc * (0.95 + rnd() * 0.05)));
      const feePct = pick([10, 12, 15, 18, 20]);
      const fig = policyFigures({
        perPersonLimit: p.perPerson,
        headcount: p.ent.employees,
        benchmarkRate: rate,
        factors,
        premium,
        preventionFeePct: feePct,
      });
      const issued = p.status === 'approved';
      const signDate = addDays(p.start, -int(1, 10));
      const ins = insurers.find((x) => x.id === p.insurerId)!;
      return {
        plan: p,
        factors,
        row: {
          applicationNo: no('TB', signDate),
          policyNo: issued
            ? `${['PICC', 'PAIC', 'CPIC'][insurers.indexOf(ins)]}${p.start.slice(0, 4)}${p.ent.district}${String(seq).padStart(6, '0')}`
            : null,
          enterpriseId: p.ent.id,
          insurerId: p.insurerId,
          holderName: p.ent.name,
          holderUscc: p.ent.uscc,
          districtCode: p.ent.district,
          address: p.ent.address,
          wsIndustryCode: p.ent.ws,
          gbIndustryCode: p.ent.gb,
          status: p.status,
          enteredBy: rnd() < 0.5 ? ('enterprise' as const) : ('insurer' as const),
          isRenewal: p.isRenewal,
          startDate: p.start,
          endDate: p.end,
          signDate: issued ? signDate : null,
          headcount: p.ent.employees,
          perPersonLimit: p.perPerson,
          medicalLimit: p.perPerson * 0.1,
          perAccidentLimit: fig.perAccidentLimit,
          benchmarkRate: rate,
          floatPct: fig.floatPct,
          premiumCalc: fig.premiumCalc,
          premium,
          preventionFeePct: feePct,
          preventionFee: fig.preventionFee,
          preventionFrequency: int(2, 6),
          serviceItems: JSON.stringify(['01', '03', pick(['02', '04', '05'])]),
          submittedAt: p.status === 'draft' ? null : new Date(`${signDate}T09:00:00+08:00`),
          reviewedAt: issued || p.status === 'rejected' ? new Date(`${signDate}T15:00:00+08:00`) : null,
          reviewRemark: p.status === 'rejected' ? '参保人数与从业人员总数不一致，请核实后重新提交' : '',
          createdAt: new Date(`${signDate}T08:00:00+08:00`),
          updatedAt: now,
          createdBy: null,
          updatedBy: null,
        },
      };
    });
    const policyIds: number[] = [];
    await batchInsert(policyRows, 150, async (chunk) => {
      const ids = await trx
        .insertInto('insPolicy')
        .values(chunk.map((c) => c.row))
        .returning('id')
        .execute();
      policyIds.push(...ids.map((r) => r.id));
    });
    const coRows = policyRows.flatMap((p, i) => {
      const id = policyIds[i]!;
      const co = p.plan.coinsurer;
      return co
        ? [
            { policyId: id, insurerId: p.plan.insurerId, role: '01', share: 100 - co.share },
            { policyId: id, insurerId: co.insurerId, role: '02', share: co.share },
          ]
        : [{ policyId: id, insurerId: p.plan.insurerId, role: '03', share: 100 }];
    });
    await batchInsert(coRows, 500, (chunk) => trx.insertInto('insPolicyCoinsurer').values(chunk).execute());
    const factorRows = policyRows.flatMap((p, i) =>
      p.factors.map((f, k) => ({
        policyId: policyIds[i]!,
        code: f.code,
        pct: f.pct,
        reason: f.reason,
        sort: k,
      })),
    );
    if (factorRows.length)
      await batchInsert(factorRows, 500, (chunk) =>
        trx.insertInto('insPolicyFactor').values(chunk).execute(),
      );

    // Insured-person rosters (domain 2.6 人员清单): every issued policy names its persons, as many as the
    // headcount but at most ROSTER_MAX (the rules never need the list to be as long as the headcount: a
    // person leaving must be on it, one joining must not). A renewal keeps last year's persons except one
    // or two who left and were replaced. Persons join on the policy's start date. ID numbers are stored
    // as the endorsement service stores them (security P03/P04): SM4 ciphertext, blind index, masked
    // form. A PRNG of their own leaves every other demo value as it was.
    const rr = mulberry32(20260611);
    const rInt = (lo: number, hi: number) => lo + Math.floor(rr() * (hi - lo + 1));
    const rPick = <T>(xs: readonly T[]): T => xs[Math.floor(rr() * xs.length)]!;
    const usedIds = new Set<string>();
    const rosterIdNo = (male: boolean) => {
      for (;;) {
        const y = rInt(1965, 2003);
        const m = rInt(1, 12);
        const d = rInt(1, new Date(Date.UTC(y, m, 0)).getUTCDate());
        // The 17th digit is odd for men, even for women (GB 11643).
        const order = rInt(0, 99) * 10 + 2 * rInt(0, 4) + (male ? 1 : 0);
        const body = `${rPick(SUQIAN_AREAS)}${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}${String(order).padStart(3, '0')}`;
        let sum = 0;
        for (let i = 0; i < 17; i++) sum += Number(body[i]) * ID_WEIGHTS[i]!;
        const id = body + ID_CHECK[sum % 11];
        if (!usedIds.has(id)) {
          usedIds.add(id);
          return id;
        }
      }
    };
    interface RosterPerson {
      name: string;
      idNo: string;
      idNoEnc: string;
      idNoHash: string;
      idNoMask: string;
      position: string;
    }
    const rosterPerson = (top: string, position?: string): RosterPerson => {
      const male = rr() < 0.78;
      const idNo = rosterIdNo(male);
      return {
        name: rPick(ROSTER_SURNAMES) + rPick(male ? MALE_GIVEN : FEMALE_GIVEN),
        idNo,
        idNoEnc: encryptPii(idNo),
        idNoHash: blindIndex(idNo),
        idNoMask: maskIdCard(idNo),
        position:
          position ??
          (rr() < 0.5 ? rPick(COMMON_POSITIONS) : rPick(INDUSTRY_POSITIONS[top] ?? COMMON_POSITIONS)),
      };
    };
    /** The persons each issued policy covers now, in list order, with the day they joined. */
    const rosterOf = new Map<number, Array<RosterPerson & { joinedOn: string }>>();
    const issuedByEnt = new Map<Ent, Array<{ id: number; start: string }>>();
    for (const [i, p] of policyRows.entries())
      if (p.row.status === 'approved') {
        const list = issuedByEnt.get(p.plan.ent) ?? [];
        list.push({ id: policyIds[i]!, start: p.row.startDate });
        issuedByEnt.set(p.plan.ent, list);
      }
    for (const [e, policies] of issuedByEnt) {
      const n = Math.min(e.employees, ROSTER_MAX);
      const turnover = n >= 10 ? rInt(1, 2) : 0;
      const pool = Array.from({ length: n + turnover }, (_, k) =>
        rosterPerson(e.ind.top, k === 0 ? '班组长' : k === 1 ? '安全员' : undefined),
      );
      // Oldest first: earlier policies list the leavers (pool[n..]) instead of the latest hires.
      policies.sort((a, b) => a.start.localeCompare(b.start));
      for (const [k, pol] of policies.entries()) {
        const latest = k === policies.length - 1;
        const persons = latest ? pool.slice(0, n) : [...pool.slice(0, n - turnover), ...pool.slice(n)];
        rosterOf.set(
          pol.id,
          persons.map((x) => ({ ...x, joinedOn: pol.start })),
        );
      }
    }
    const personRows = [...rosterOf].flatMap(([policyId, persons]) =>
      persons.map((x) => ({
        policyId,
        name: x.name,
        idType: '01',
        idNoEnc: x.idNoEnc,
        idNoHash: x.idNoHash,
        idNoMask: x.idNoMask,
        position: x.position,
        joinedOn: x.joinedOn,
        joinedEndorsementId: null,
        createdAt: now,
        createdBy: null,
      })),
    );
    await batchInsert(personRows, 1000, (chunk) => trx.insertInto('insPolicyPerson').values(chunk).execute());
    const snapshotPersons = (persons: Array<RosterPerson & { joinedOn: string }>) =>
      persons.map((x) => ({
        name: x.name,
        idType: '01',
        idNo: x.idNoMask,
        position: x.position,
        joinedOn: x.joinedOn,
      }));

    // Policies in force today, with their index.
    const inForce = policyRows
      .map((p, i) => ({ ...p, id: policyIds[i]! }))
      .filter((p) => p.row.status === 'approved' && p.row.startDate <= today && p.row.endDate >= today);
    const expired = policyRows
      .map((p, i) => ({ ...p, id: policyIds[i]! }))
      .filter((p) => p.row.status === 'approved' && p.row.endDate < today);

    // Endorsements: a few applied, returned and approved (approved ones change the policy through a
    // versioned snapshot, as the review does).
    const endorsable = inForce.filter((p) => p.plan.ent !== ents[0]).slice(0, 14);
    const hengPolicy = inForce.find((p) => p.plan.ent === ents[0]);
    if (hengPolicy) endorsable.unshift(hengPolicy);
    for (const [k, p] of endorsable.entries()) {
      const status = k % 3 === 0 ? 'applied' : k % 3 === 1 ? 'approved' : 'returned';
      const type = k % 3 === 1 ? '01' : pick(['03', '04', '07']);
      const add = int(2, 6);
      const change =
        type === '01'
          ? { headcount: p.row.headcount + add }
          : type === '03'
            ? { personsIn: [person()], personsOut: [person()] }
            : type === '04'
              ? { address: `${p.row.address}（新址）`.slice(0, 300) }
              : {};
      // Add and replace endorsements name their persons, stored like the service stores them (the names
      // drawn for `change` above only keep the main PRNG's sequence): the change keeps the names and the
      // resulting headcount, ins_endorsement_person the ID numbers (encrypted, blind index, masked).
      const current = rosterOf.get(p.id) ?? [];
      const leaving = type === '03' && current.length ? rPick(current) : undefined;
      const roster: Array<RosterPerson & { direction: 'in' | 'out' }> =
        type === '01'
          ? Array.from({ length: add }, () => ({
              ...rosterPerson(p.plan.ent.ind.top),
              direction: 'in' as const,
            }))
          : leaving
            ? [
                { ...leaving, direction: 'out' },
                { ...rosterPerson(p.plan.ent.ind.top, leaving.position), direction: 'in' },
              ]
            : [];
      const names = (d: 'in' | 'out') => roster.filter((r) => r.direction === d).map((r) => r.name);
      const storedChange = roster.length
        ? {
            ...(type === '01' ? { headcount: p.row.headcount + add } : {}),
            ...(names('in').length ? { personsIn: names('in') } : {}),
            ...(names('out').length ? { personsOut: names('out') } : {}),
          }
        : change;
      const delta = type === '01' ? Math.round((Number(p.row.premium) / p.row.headcount) * add) : 0;
      const perAccident = p.row.perPersonLimit * (p.row.headcount + add);
      const before =
        type === '01'
          ? { headcount: p.row.headcount, premium: p.row.premium }
          : type === '04'
            ? { address: p.row.address }
            : {};
      const after =
        type === '01'
          ? {
              headcount: p.row.headcount + add,
              perAccidentLimit: perAccident,
              premium: Number(p.row.premium) + delta,
            }
          : type === '04'
            ? { address: change.address }
            : {};
      const appliedAt = new Date(now.getTime() - int(2, 40) * 86_400_000);
      const appliedDay = chinaDate(appliedAt);
      const eff = [appliedDay, p.row.startDate].sort()[1]!;
      const en = await trx
        .insertInto('insEndorsement')
        .values({
          endorsementNo: no('PG', appliedDay),
          policyId: p.id,
          enterpriseId: p.row.enterpriseId,
          insurerId: p.row.insurerId,
          type,
          reason:
            type === '01'
              ? '新招录员工，增加参保人员'
              : type === '03'
                ? '人员岗位调整'
                : type === '04'
                  ? '经营地址变更'
                  : '补充约定事项',
          effectiveDate: eff,
          change: JSON.stringify(storedChange),
          before: JSON.stringify(before),
          after: JSON.stringify(after),
          premiumDelta: delta,
          attachments: JSON.stringify([]),
          status,
          policyVersion: 1,
          appliedBy: null,
          appliedAt,
          reviewedAt: status === 'applied' ? null : new Date(appliedAt.getTime() + 86_400_000),
          reviewRemark: status === 'returned' ? '请补充新增人员名单后重新申请' : '',
          ...audit,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (roster.length)
        await trx
          .insertInto('insEndorsementPerson')
          .values(
            roster.map((r, sort) => ({
              endorsementId: en.id,
              sort,
              direction: r.direction,
              name: r.name,
              idType: '01',
              idNoEnc: r.idNoEnc,
              idNoHash: r.idNoHash,
              idNoMask: r.idNoMask,
              position: r.position,
            })),
          )
          .execute();
      if (status === 'approved' && type === '01') {
        // The persons it named join the policy's list on the effective date.
        const joined = roster.map((r) => ({ ...r, joinedOn: eff }));
        await trx
          .insertInto('insPolicyPerson')
          .values(
            joined.map((r) => ({
              policyId: p.id,
              name: r.name,
              idType: '01',
              idNoEnc: r.idNoEnc,
              idNoHash: r.idNoHash,
              idNoMask: r.idNoMask,
              position: r.position,
              joinedOn: eff,
              joinedEndorsementId: en.id,
              createdAt: now,
              createdBy: null,
            })),
          )
          .execute();
        const personsBefore = snapshotPersons(current);
        const personsAfter = snapshotPersons([...current, ...joined]);
        rosterOf.set(p.id, [...current, ...joined]);
        const snap = (version: number, row: Record<string, unknown>) => ({
          policyId: p.id,
          policyVersion: version,
          reason: version === 1 ? 'issue' : 'endorse',
          endorsementId: version === 1 ? null : en.id,
          snapshot: JSON.stringify({
            ...row,
            id: p.id,
            version,
            persons: version === 1 ? personsBefore : personsAfter,
          }),
          createdAt: now,
          createdBy: null,
        });
        const fig = policyFigures({
          perPersonLimit: p.row.perPersonLimit,
          headcount: p.row.headcount + add,
          benchmarkRate: p.row.benchmarkRate,
          factors: p.factors,
          premium: Number(p.row.premium) + delta,
          preventionFeePct: p.row.preventionFeePct,
        });
        const changed = {
          headcount: p.row.headcount + add,
          perAccidentLimit: fig.perAccidentLimit,
          premiumCalc: fig.premiumCalc,
          premium: Number(p.row.premium) + delta,
          preventionFee: fig.preventionFee,
        };
        await trx
          .insertInto('insPolicySnapshot')
          .values([snap(1, p.row), snap(2, { ...p.row, ...changed })])
          .execute();
        await trx
          .updateTable('insPolicy')
          .set({ ...changed, version: 2 })
          .where('id', '=', p.id)
          .execute();
        await trx
          .updateTable('insEnterprise')
          .set({ employees: p.row.headcount + add })
          .where('id', '=', p.row.enterpriseId)
          .execute();
      }
    }

    // Claims: 60 over every step. Each plan is the list of steps after the report, in order.
    type StepPlan =
      | 'report'
      | 'withdraw'
      | 'register'
      | 'advance'
      | 'survey'
      | 'assess'
      | 'payout'
      | `close:${string}`;
    const shapes: Array<{ n: number; steps: StepPlan[] }> = [
      { n: 6, steps: ['report'] },
      { n: 5, steps: ['report', 'withdraw'] },
      { n: 7, steps: ['report', 'register'] },
      { n: 6, steps: ['report', 'register', 'survey', 'advance'] },
      { n: 7, steps: ['report', 'register', 'survey'] },
      { n: 7, steps: ['report', 'register', 'survey', 'assess'] },
      { n: 6, steps: ['report', 'register', 'survey', 'assess', 'payout'] },
      { n: 8, steps: ['report', 'register', 'advance', 'survey', 'assess', 'payout', 'close:paid'] },
      { n: 3, steps: ['report', 'register', 'survey', 'close:denied'] },
      { n: 2, steps: ['report', 'register', 'survey', 'assess', 'close:zero'] },
      { n: 2, steps: ['report', 'close:invalid'] },
      { n: 1, steps: ['report', 'register', 'close:withdrawn'] },
    ];
    const claimPolicies = [...inForce, ...expired];
    // The demo enterprise gets claims at several steps so its screens have content.
    const hengPolicies = claimPolicies.filter((p) => p.plan.ent === ents[0]);
    const others = claimPolicies.filter((p) => p.plan.ent !== ents[0]);
    let claimNo = 0;
    const dayMs = 86_400_000;
    // A few claims reported after the 30-day deadline (720 h, the default report deadline), over several
    // steps, insurers and districts (the demo enterprise's claim 41 among them), so the 逾期报案 flag, its
    // filter and its count have cases for the enterprise, the insurers and the regulator.
    const LATE_REPORTS = new Set([3, 14, 26, 41, 47]);
    for (const shape of shapes) {
      for (let k = 0; k < shape.n; k++) {
        claimNo++;
        const useHeng = hengPolicies.length > 0 && claimNo % 10 === 1;
        const p = useHeng
          ? hengPolicies[claimNo % hengPolicies.length]!
          : others[(claimNo * 7) % others.length]!;
        const steps = shape.steps;
        // Time budget: the chain ends before now and the accident lies within the policy period.
        const late = LATE_REPORTS.has(claimNo);
        const gaps = steps.map((_s, i) =>
          i === 0
            ? (late ? int(730, 1000) : claimNo % 5 === 0 ? int(60, 120) : int(2, 30)) * 3600_000
            : int(1, 9) * dayMs,
        );
        const chain = gaps.reduce((a, b) => a + b, 0);
        const periodStart = new Date(`${p.row.startDate}T00:00:00+08:00`).getTime();
        const periodEnd = Math.min(
          new Date(`${p.row.endDate}T23:59:59+08:00`).getTime(),
          now.getTime() - chain - dayMs,
        );
        if (periodEnd <= periodStart) continue;
        // Open claims registered 60+ days ago and never paid raise the regulator flag.
        const old = claimNo % 4 === 0;
        const accidentMs = old
          ? periodStart + rnd() * (periodEnd - periodStart) * 0.5
          : periodEnd - rnd() * Math.min(120 * dayMs, periodEnd - periodStart);
        const accidentAt = new Date(Math.floor(accidentMs / 60_000) * 60_000);
        const deaths = rnd() < 0.15 ? 1 : 0;
        const injuries = int(deaths ? 0 : 1, 4);
        // Injury of each injured person (01 minor / 02 serious), known when the claim is registered: the
        // payout lists them and the serious ones grade the accident (domain 1.7).
        const injuryCodes = steps.includes('payout')
          ? Array.from({ length: injuries }, () => pick(['01', '02']))
          : Array.from({ length: injuries }, (_, j) => (j === 0 && claimNo % 3 === 0 ? '02' : '01'));
        const seriousInjuries = injuryCodes.filter((x) => x === '02').length;
        const perPerson = p.row.perPersonLimit;
        const assessed = Math.min(
          Number(p.row.perAccidentLimit),
          Math.round((deaths * perPerson * 0.9 + injuries * int(8000, 60000) + int(2000, 20000)) / 100) * 100,
        );
        let t = accidentAt.getTime();
        const times = gaps.map((g) => {
          t += g;
          return new Date(t);
        });
        const reportedAt = times[0]!;
        const ent = p.plan.ent;
        // The accident type (GB 6441) the claim is registered with, and a description that agrees with it.
        const accident = pick(DEMO_ACCIDENTS);
        const claimRow: Record<string, unknown> = {
          reportNo: no('BA', chinaDate(reportedAt)),
          policyId: p.id,
          enterpriseId: ent.id,
          insurerId: p.row.insurerId,
          districtCode: ent.district,
          wsIndustryCode: ent.ws,
          phase: 'reported',
          step: 1,
          reporterName: person(),
          reporterPhoneEnc: encryptPhone(mobile()),
          reportedAt,
          accidentAt,
          accidentDistrictCode: ent.district,
          accidentAddress: ent.address,
          accidentDesc: `${pick(['作业人员在', '员工在', '施工人员在'])}${accident.activity}过程中发生${accident.label}事故，${deaths ? `造成${deaths}人死亡、` : ''}${injuries}人受伤。`,
          deaths,
          injuries,
          attachments: JSON.stringify([]),
          advanceTotal: 0,
          ...audit,
          createdAt: reportedAt,
        };
        const stepRows: Array<{
          step: number;
          actedAt: Date;
          data: Record<string, unknown>;
          note: string;
          byEnterprise: boolean;
        }> = [];
        const payments: Array<{ payType: number; amount: number; paidAt: Date }> = [];
        let losses: Array<{ category: string; amount: number }> = [];
        let persons: Array<Record<string, unknown>> = [];
        let advance = 0;
        for (const [i, s] of steps.entries()) {
          const at = times[i]!;
          switch (s) {
            case 'report':
              stepRows.push({
                step: 1,
                actedAt: at,
                data: { accidentAt: accidentAt.toISOString(), deaths, injuries },
                note: claimRow.accidentDesc as string,
                byEnterprise: true,
              });
              break;
            case 'withdraw':
              stepRows.push({
                step: 2,
                actedAt: at,
                data: { reason: '经核实未造成人员伤亡，企业自行撤案' },
                note: '',
                byEnterprise: true,
              });
              Object.assign(claimRow, { phase: 'withdrawn', step: 2, closedAt: at, closeType: 'withdrawn' });
              break;
            case 'register': {
              const level = minAccidentLevel({ deaths, seriousInjuries, directLoss: assessed }).level;
              const accidentType = accident.code;
              stepRows.push({
                step: 3,
                actedAt: at,
                data: {
                  accidentType,
                  accidentLevel: level,
                  seriousInjuries,
                  cause: '违章作业，安全防护措施不到位',
                  estimatedLoss: assessed,
                },
                note: '',
                byEnterprise: false,
              });
              Object.assign(claimRow, {
                phase: 'registered',
                step: 3,
                registerNo: no('LA', chinaDate(at)),
                registeredAt: at,
                accidentType,
                accidentLevel: level,
                cause: '违章作业，安全防护措施不到位',
                estimatedLoss: assessed,
              });
              break;
            }
            case 'advance': {
              const amount = Math.round((assessed * 0.3) / 100) * 100;
              const payType = pick([1, 1, 2, 3]);
              advance += amount;
              payments.push({ payType, amount, paidAt: at });
              stepRows.push({
                step: 4,
                actedAt: at,
                data: { payType, amount, payee: ent.name },
                note: '',
                byEnterprise: false,
              });
              Object.assign(claimRow, {
                step: 4,
                advanceTotal: advance,
                firstPaidAt: claimRow.firstPaidAt ?? at,
              });
              break;
            }
            case 'survey':
              stepRows.push({
                step: 5,
                actedAt: at,
                data: {
                  surveyorName: person(),
                  surveyorPhoneEnc: encryptPhone(mobile()),
                  description: '已到现场查勘，拍照取证，询问当事人',
                },
                note: '',
                byEnterprise: false,
              });
              Object.assign(claimRow, { phase: 'surveyed', step: 5 });
              break;
            case 'assess': {
              const a1 = Math.round(assessed * 0.7);
              losses = [
                { category: '01', amount: a1 },
                { category: '05', amount: assessed - a1 },
              ];
              stepRows.push({
                step: 6,
                actedAt: at,
                data: { items: losses, total: assessed },
                note: '',
                byEnterprise: false,
              });
              Object.assign(claimRow, { phase: 'assessed', step: 6, assessedTotal: assessed });
              break;
            }
            case 'payout': {
              const n = Math.max(1, deaths + injuries);
              const personsTotal = Math.round(assessed * 0.7);
              const each = Math.floor(personsTotal / n);
              const list = Array.from({ length: n }, (_, j) => {
                const id = idCard(ent.district);
                return {
                  personType: 1,
                  name: person(),
                  idType: '01',
                  idNoEnc: encryptPii(id),
                  idNoMask: maskIdCard(id),
                  injury: j < deaths ? '03' : injuryCodes[j - deaths]!,
                  amount: j === n - 1 ? personsTotal - each * (n - 1) : each,
                  proofs: JSON.stringify([]),
                };
              });
              persons = list;
              const fees = [{ category: '05', amount: assessed - personsTotal }];
              stepRows.push({
                step: 7,
                actedAt: at,
                data: {
                  persons: list.map(({ idNoEnc: _e, idNoMask, proofs: _p, ...rest }) => ({
                    ...rest,
                    idNo: idNoMask,
                  })),
                  properties: [],
                  fees,
                  total: assessed,
                  balance: assessed - advance,
                },
                note: '',
                byEnterprise: false,
              });
              Object.assign(claimRow, {
                phase: 'paid',
                step: 7,
                payoutTotal: assessed,
                paidAt: at,
                firstPaidAt: claimRow.firstPaidAt ?? at,
              });
              break;
            }
            default: {
              const closeType = s.slice(6);
              stepRows.push({
                step: 8,
                actedAt: at,
                data: { closeType, deniedReason: closeType === 'denied' ? '事故不属于保险责任范围' : '' },
                note: '',
                byEnterprise: false,
              });
              Object.assign(claimRow, {
                phase: 'closed',
                step: 8,
                closedAt: at,
                closeType,
                deniedReason: closeType === 'denied' ? '事故不属于保险责任范围' : '',
                ...(closeType === 'paid' && rnd() < 0.6
                  ? {
                      satisfaction: int(3, 5),
                      satisfactionComment: '理赔及时，服务周到',
                      satisfactionAt: new Date(Math.min(at.getTime() + dayMs, now.getTime())),
                    }
                  : {}),
              });
            }
          }
        }
        claimRow.updatedAt = times[times.length - 1]!;
        const c = await trx
          .insertInto('insClaim')
          .values(claimRow as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        const insName = insurers.find((x) => x.id === p.row.insurerId)!.name;
        const stepIds = await trx
          .insertInto('insClaimStep')
          .values(
            stepRows.map((s) => ({
              claimId: c.id,
              step: s.step,
              actedAt: s.actedAt,
              actorUserId: null,
              actorName: s.byEnterprise ? String(claimRow.reporterName) : '理赔专员',
              actorOrgId: s.byEnterprise ? ent.id : p.row.insurerId,
              actorOrgName: s.byEnterprise ? ent.name : insName,
              data: JSON.stringify(s.data),
              note: s.note,
              attachments: JSON.stringify([]),
              createdAt: s.actedAt,
            })),
          )
          .returning(['id', 'step'])
          .execute();
        const advanceSteps = stepIds.filter((s) => s.step === 4);
        if (payments.length)
          await trx
            .insertInto('insClaimPayment')
            .values(
              payments.map((pm, j) => ({
                claimId: c.id,
                stepId: advanceSteps[j]!.id,
                payType: pm.payType,
                amount: pm.amount,
                payee: ent.name,
                paidAt: pm.paidAt,
              })),
            )
            .execute();
        if (losses.length)
          await trx
            .insertInto('insClaimLoss')
            .values(losses.map((l) => ({ claimId: c.id, ...l })))
            .execute();
        if (persons.length)
          await trx
            .insertInto('insClaimPerson')
            .values(persons.map((pp) => ({ claimId: c.id, ...pp }) as never))
            .execute();
      }
    }

    // Parameters and scores, computed here in one pass (the service computes the same on every change).
    const yearAgo = new Date(now.getTime() - 365 * dayMs);
    const acc = await trx
      .selectFrom('insClaim')
      .select((eb) => [
        'enterpriseId',
        eb.fn.countAll<number>().as('n'),
        eb.fn.max('accidentLevel').as('lvl'),
      ])
      .where('accidentAt', '>=', yearAgo)
      .where('phase', '!=', 'withdrawn')
      .where((eb) =>
        eb.or([eb('closeType', 'is', null), eb('closeType', 'not in', ['withdrawn', 'invalid'])]),
      )
      .groupBy('enterpriseId')
      .execute();
    const accBy = new Map(acc.map((a) => [a.enterpriseId, a]));
    const insuredNow = new Set(inForce.map((p) => p.row.enterpriseId));
    const manual: Array<{
      enterpriseId: number;
      key: string;
      source: number;
      value: number;
      remark: string;
      updatedAt: Date;
      updatedBy: null;
    }> = [];
    const scoreRows: Array<Record<string, unknown>> = [];
    const entUpdates: Array<{ id: number; score: number; grade: number; blacklist: boolean }> = [];
    for (const [i, e] of ents.entries()) {
      const a = accBy.get(e.id);
      const blacklist = i > 0 && i % 97 === 0 ? 1 : 0;
      const honour = i % 23 === 0 ? 2 : i % 11 === 0 ? 1 : 0;
      const majorHazards = i % 17 === 0 ? 1 : 0;
      if (blacklist)
        manual.push({
          enterpriseId: e.id,
          key: 'blacklist',
          source: 2,
          value: 1,
          remark: '近三年内因安全生产违法行为被列入不良记录',
          updatedAt: now,
          updatedBy: null,
        });
      if (honour)
        manual.push({
          enterpriseId: e.id,
          key: 'honour',
          source: 2,
          value: honour,
          remark: honour === 2 ? '省级安全生产先进单位' : '市级安全生产先进单位',
          updatedAt: now,
          updatedBy: null,
        });
      if (majorHazards)
        manual.push({
          enterpriseId: e.id,
          key: 'majorHazards',
          source: 2,
          value: 1,
          remark: '检查发现重大事故隐患1项，整改中',
          updatedAt: now,
          updatedBy: null,
        });
      const values: EntParamValues = {
        accidentCount: Number(a?.n ?? 0),
        maxAccidentLevel: Number(a?.lvl ?? 0),
        stdGrade: e.stdGrade,
        licenceValid: e.licenceEnd && e.licenceEnd < today ? 0 : 1,
        insured: !(e.mustInsure || e.onRegister) || insuredNow.has(e.id) ? 1 : 0,
        majorHazards,
        blacklist,
        honour,
      };
      const { score, lines } = computeEnterpriseScore(values);
      const grade = scoreGradeOf(score);
      entUpdates.push({ id: e.id, score, grade, blacklist: blacklist === 1 });
      const lastYear = Math.min(100, score + int(-5, 8));
      scoreRows.push(
        {
          enterpriseId: e.id,
          score: lastYear,
          scoreGrade: scoreGradeOf(lastYear),
          params: JSON.stringify({ values, lines }),
          reason: '年度评分',
          createdAt: new Date(now.getTime() - 300 * dayMs),
          createdBy: null,
        },
        {
          enterpriseId: e.id,
          score,
          scoreGrade: grade,
          params: JSON.stringify({ values, lines }),
          reason: '初始评分',
          createdAt: now,
          createdBy: null,
        },
      );
    }
    if (manual.length) await trx.insertInto('insEntParam').values(manual).execute();
    await batchInsert(scoreRows, 300, (chunk) =>
      trx
        .insertInto('insEntScore')
        .values(chunk as never)
        .execute(),
    );
    const valuesList = sql.join(
      entUpdates.map(
        (u) => sql`(${u.id}::int, ${u.score}::numeric, ${u.grade}::smallint, ${u.blacklist}::boolean)`,
      ),
    );
    await sql`UPDATE ins_enterprise e SET score = v.score, score_grade = v.grade, blacklist = v.bl, scored_at = ${now}
      FROM (VALUES ${valuesList}) AS v(id, score, grade, bl) WHERE e.id = v.id`.execute(trx);
    // Numbers issued by the application continue after the seeded ones.
    await sql`SELECT setval('ins_no_seq', ${seq + 1000})`.execute(trx);
  });
}
