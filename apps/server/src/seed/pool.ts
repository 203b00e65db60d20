import { addDays, chinaDate, type poolExpertInput, usccCheckChar } from '@aqzrx/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema.ts';
import { createExpert, upsertServiceOrgProfile } from '../modules/pool/index.ts';
import { encryptPhone } from '../platform/pii.ts';

/**
 * Pool demo (issue 16): the profile of the demo service organisation `service`, six more service
 * organisations across the five districts (one suspended, one whose qualification runs out within 30 days,
 * one expired) and fifteen experts with titles, specialities and certificates — 吴志明 of the expert
 * committee is the `expert` account's own record (the name the prevention demo's records carry, so his
 * services and ratings show), one expert's certificate ends this month (by the seed's clock), one has
 * expired, one is suspended. Written through the pool module's own entry, as the live code writes.
 */

type ExpertIn = z.input<typeof poolExpertInput>;

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function idNo(prefix17: string): string {
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(prefix17[i]) * W[i]!;
  return prefix17 + '10X98765432'[s % 11];
}

/** The last day of the China calendar month of `today` (YYYY-MM-DD). */
function monthEnd(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

const ORGS = [
  {
    name: '宿迁市宿城区众安安全咨询有限公司',
    code: '91321302MA21KQ7X3',
    district: '321302',
    contact: ['刘众安', '0527-84210001'],
    items: ['01', '03', '05'],
    industries: ['AQ02', 'AQ05'],
    regions: ['321302', '321311'],
    certDays: 400,
  },
  {
    name: '江苏沭安安全技术服务有限公司',
    code: '91321322MA22LR8Y4',
    district: '321322',
    contact: ['徐沭安', '0527-83510002'],
    items: ['02', '03', '04'],
    industries: ['AQ02', 'AQ07', 'AQ09'],
    regions: ['321322'],
    certDays: 12, // within 30 days: flagged
  },
  {
    name: '泗阳县平安职业安全评价有限公司',
    code: '91321323MA23MS9Z5',
    district: '321323',
    contact: ['王平安', '0527-85210003'],
    items: ['02', '04', '06'],
    industries: ['AQ01', 'AQ03', 'AQ09'],
    regions: ['321323', '321324'],
    certDays: 700,
  },
  {
    name: '泗洪县洪泽湖应急技术服务中心',
    code: '91321324MA24NT0A6',
    district: '321324',
    contact: ['朱洪', '0527-86210004'],
    items: ['01', '05', '07'],
    industries: ['AQ04', 'AQ08'],
    regions: ['321324'],
    certDays: -20, // expired
  },
  {
    name: '宿迁市宿豫区恒信安全工程有限公司',
    code: '91321311MA25PU1B7',
    district: '321311',
    contact: ['孙恒信', '0527-84410005'],
    items: ['03', '04'],
    industries: ['AQ05', 'AQ09'],
    regions: ['321311', '321302'],
    certDays: 520,
    suspended: true,
  },
  {
    name: '江苏宿安检测评价有限公司',
    code: '91321302MA26QV2C8',
    district: '321302',
    contact: ['高宿安', '0527-84110006'],
    items: ['02', '03', '06'],
    industries: ['AQ02', 'AQ06', 'AQ07'],
    regions: ['321302', '321311', '321322', '321323', '321324'],
    certDays: 900,
  },
] as const;

const TITLES = ['注册安全工程师', '高级工程师', '教授级高级工程师', '工程师', '一级注册消防工程师'];
const EXPERTS: Array<{
  name: string;
  birth: string;
  district: string;
  org: number | 'svc' | 'panel';
  items: string[];
  industries: string[];
  cert: string;
  certDays: number | 'monthEnd';
  suspended?: boolean;
  mobile: string;
}> = [
  {
    name: '李国强',
    birth: '19720315',
    district: '321302',
    org: 'panel',
    items: ['02', '03'],
    industries: ['AQ02'],
    cert: '注册安全工程师',
    certDays: 800,
    mobile: '13905270101',
  },
  {
    name: '张秀兰',
    birth: '19800622',
    district: '321302',
    org: 0,
    items: ['01', '05'],
    industries: ['AQ05'],
    cert: '注册安全工程师',
    certDays: 'monthEnd',
    mobile: '13905270102',
  },
  {
    name: '王建华',
    birth: '19680909',
    district: '321311',
    org: 'svc',
    items: ['03', '04'],
    industries: ['AQ02', 'AQ07'],
    cert: '高级工程师',
    certDays: 600,
    mobile: '13905270103',
  },
  {
    name: '陈志刚',
    birth: '19751120',
    district: '321322',
    org: 1,
    items: ['02', '04'],
    industries: ['AQ07'],
    cert: '安全评价师（一级）',
    certDays: 300,
    mobile: '13905270104',
  },
  {
    name: '刘海燕',
    birth: '19850503',
    district: '321322',
    org: 1,
    items: ['01'],
    industries: ['AQ09'],
    cert: '注册安全工程师',
    certDays: -5,
    mobile: '13905270105',
  },
  {
    name: '杨文军',
    birth: '19700228',
    district: '321323',
    org: 2,
    items: ['02', '06'],
    industries: ['AQ01', 'AQ03'],
    cert: '教授级高级工程师',
    certDays: 1000,
    mobile: '13905270106',
  },
  {
    name: '赵明亮',
    birth: '19820817',
    district: '321323',
    org: 'panel',
    items: ['03'],
    industries: ['AQ03'],
    cert: '注册安全工程师',
    certDays: 450,
    mobile: '13905270107',
  },
  {
    name: '黄丽萍',
    birth: '19780412',
    district: '321324',
    org: 3,
    items: ['01', '05'],
    industries: ['AQ04', 'AQ08'],
    cert: '一级注册消防工程师',
    certDays: 380,
    mobile: '13905270108',
  },
  {
    name: '周海涛',
    birth: '19890130',
    district: '321324',
    org: 3,
    items: ['05', '07'],
    industries: ['AQ08'],
    cert: '应急救援员（高级）',
    certDays: 200,
    mobile: '13905270109',
    suspended: true,
  },
  {
    name: '吴晓东',
    birth: '19740705',
    district: '321311',
    org: 4,
    items: ['03', '04'],
    industries: ['AQ05'],
    cert: '注册安全工程师',
    certDays: 650,
    mobile: '13905270110',
  },
  {
    name: '郑红梅',
    birth: '19830918',
    district: '321302',
    org: 5,
    items: ['02', '03'],
    industries: ['AQ02', 'AQ06'],
    cert: '安全评价师（二级）',
    certDays: 720,
    mobile: '13905270111',
  },
  {
    name: '孙卫东',
    birth: '19660601',
    district: '321311',
    org: 'panel',
    items: ['02', '04', '06'],
    industries: ['AQ01', 'AQ07'],
    cert: '教授级高级工程师',
    certDays: 1100,
    mobile: '13905270112',
  },
  {
    name: '马俊峰',
    birth: '19870224',
    district: '321322',
    org: 'svc',
    items: ['01', '03'],
    industries: ['AQ09'],
    cert: '注册安全工程师',
    certDays: 90,
    mobile: '13905270113',
  },
  {
    name: '胡静',
    birth: '19911011',
    district: '321323',
    org: 5,
    items: ['06'],
    industries: ['AQ06'],
    cert: '工程师',
    certDays: 540,
    mobile: '13905270114',
  },
];

export async function seedPoolDemo(db: Kysely<DB>, now: Date): Promise<void> {
  const today = chinaDate(now);
  await db.transaction().execute(async (trx) => {
    const user = async (username: string) =>
      trx
        .selectFrom('sysUser')
        .select(['id', 'orgId'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
    const svc = await user('service');
    const expertUser = await user('expert');
    const audit = { createdAt: now, updatedAt: now, createdBy: null, updatedBy: null };
    await upsertServiceOrgProfile(
      trx,
      svc.orgId!,
      {
        address: '宿迁市宿豫区洪泽湖东路19号',
        serviceItems: ['01', '02', '03', '04', '05'],
        industries: ['AQ02', 'AQ05', 'AQ09'],
        regionCodes: ['321302', '321311', '321322', '321323', '321324'],
        legalName: '陈安泰',
        legalPhone: '13805276601',
        safetyName: '王工程师',
        safetyPhone: '13805276602',
        certType: '安全生产检测检验机构资质',
        certNo: 'SQ-AQFW-2023-0015',
        certValidFrom: addDays(today, -500),
        certExpiry: addDays(today, 600),
        staffCount: 36,
        intro: '专业从事安全生产培训、风险评估、隐患排查与标准化建设咨询服务。',
      },
      { now },
    );
    const orgIds: number[] = [];
    for (const o of ORGS) {
      const row = await trx
        .insertInto('sysOrg')
        .values({
          orgType: 'service',
          name: o.name,
          uscc: o.code + usccCheckChar(o.code),
          districtCode: o.district,
          contactName: o.contact[0],
          contactPhoneEnc: encryptPhone(o.contact[1]),
          status: 'suspended' in o && o.suspended ? 2 : 1,
          ...audit,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orgIds.push(row.id);
      await upsertServiceOrgProfile(
        trx,
        row.id,
        {
          address: `${o.name.slice(0, 5)}人民路${orgIds.length * 8}号`,
          serviceItems: [...o.items],
          itemOther: (o.items as readonly string[]).includes('07') ? '水上作业应急演练' : '',
          industries: [...o.industries],
          regionCodes: [...o.regions],
          legalName: o.contact[0],
          legalPhone: `1390527${String(2000 + orgIds.length).padStart(4, '0')}`,
          safetyName: `${o.contact[0].slice(0, 1)}工`,
          safetyPhone: o.contact[1],
          certType: '安全评价机构资质',
          certNo: `APJ-(苏)-${String(100 + orgIds.length)}`,
          certValidFrom: addDays(today, o.certDays - 1095),
          certExpiry: addDays(today, o.certDays),
          staffCount: 10 + orgIds.length * 4,
          intro: `${o.name}，服务宿迁市安全生产责任保险事故预防项目。`,
        },
        { now },
      );
    }
    // The expert committee's own member, linked to the `expert` account.
    await createExpert(
      trx,
      {
        userId: expertUser.id,
        orgId: expertUser.orgId,
        staffType: 1,
        name: '吴志明',
        idType: '01',
        idNo: idNo('32130219700101123'),
        mobile: '13805279988',
        title: '注册安全工程师',
        education: '研究生',
        major: '安全技术及工程',
        employer: '宿迁市安全生产专家委员会',
        years: 22,
        districtCode: '321302',
        serviceItems: ['01', '02', '03', '04', '05'],
        industries: ['AQ02', 'AQ05'],
        certificates: [
          { type: '注册安全工程师', no: 'ZA-32-2012-0088', validTo: addDays(today, 480), fileId: null },
          { type: '江苏省安全生产专家证', no: 'SZJ-2021-0306', validTo: addDays(today, 900), fileId: null },
        ],
      },
      { now },
    );
    for (const [i, e] of EXPERTS.entries()) {
      const orgId = e.org === 'svc' ? svc.orgId! : e.org === 'panel' ? expertUser.orgId! : orgIds[e.org]!;
      const validTo = e.certDays === 'monthEnd' ? monthEnd(today) : addDays(today, e.certDays);
      const id = await createExpert(
        trx,
        {
          orgId,
          staffType: e.org === 'panel' ? 2 : 1,
          name: e.name,
          idType: '01',
          idNo: idNo(`${e.district}${e.birth}${String(201 + i * 7).padStart(3, '0')}`),
          mobile: e.mobile,
          title: e.cert.includes('工程师') ? e.cert : TITLES[i % TITLES.length]!,
          education: i % 3 === 0 ? '研究生' : '本科',
          major: ['安全工程', '化学工程', '土木工程', '消防工程', '采矿工程'][i % 5]!,
          employer:
            e.org === 'panel'
              ? '宿迁市安全生产专家委员会'
              : e.org === 'svc'
                ? '宿迁市安泰安全技术服务有限公司'
                : ORGS[e.org]!.name,
          years: 5 + ((i * 3) % 20),
          districtCode: e.district,
          serviceItems: e.items,
          industries: e.industries,
          certificates: [
            { type: e.cert, no: `ZS-${2020 + (i % 5)}-${String(1000 + i * 37)}`, validTo, fileId: null },
          ],
        } as ExpertIn,
        { now },
      );
      if (e.suspended) await trx.updateTable('svExpert').set({ status: 2 }).where('id', '=', id).execute();
    }
  });
}
