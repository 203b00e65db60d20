import { addDays, chinaDate, toCents } from '@aqzrx/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { storeFileBytes } from '../modules/file/index.ts';
import { encodePng } from '../platform/captcha/png.ts';
import { encryptPhone } from '../platform/pii.ts';
import type { FileStorage } from '../platform/storage/storage.ts';

/**
 * Accident-prevention demo (issue 13): projects of the demo insurer for most of the enterprises it
 * insures today (and a few of last year, ended and written off), delivered by the demo service
 * organisation `service` and expert committee `expert`; plans in every status, records of every type
 * (01-07) with their summaries, hazards of the checks, follow-ups, and fund ledgers that add up (every
 * completed record's spend is an entry; Σ spend ≤ accrued). Site photos are drawn here and stored through
 * the upload's storage when a storage is given (the running platform); the test template has
 * none and its records carry no files. No messages are sent (the demo inboxes stay as the walkthroughs
 * expect).
 */

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = readonly [number, number, number];

/** A site photo (PNG 320 × 240): sky, floor, a building or shelves, a warning sign, by `variant`. */
export function sitePhotoPng(variant: number): Buffer {
  const W = 320;
  const H = 240;
  const px = new Uint8Array(W * H * 3);
  const rect = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(H, y0 + h); y++)
      for (let x = Math.max(0, x0); x < Math.min(W, x0 + w); x++) {
        const i = (y * W + x) * 3;
        px[i] = c[0];
        px[i + 1] = c[1];
        px[i + 2] = c[2];
      }
  };
  const palettes: Array<readonly [Rgb, Rgb, Rgb]> = [
    [
      [176, 206, 230],
      [120, 120, 120],
      [200, 170, 120],
    ],
    [
      [210, 210, 200],
      [90, 110, 90],
      [70, 90, 140],
    ],
    [
      [190, 220, 240],
      [150, 140, 120],
      [180, 60, 50],
    ],
    [
      [230, 225, 210],
      [110, 100, 90],
      [60, 120, 160],
    ],
  ];
  const [sky, floor, body] = palettes[variant % palettes.length]!;
  rect(0, 0, W, 140, sky);
  rect(0, 140, W, 100, floor);
  for (let k = 0; k < 4; k++) rect(20 + k * 75, 60 + ((k * 17 + variant * 11) % 40), 55, 120, body);
  // A yellow warning triangle with its mark.
  for (let y = 0; y < 50; y++) rect(230 - y / 2, 150 + y, y, 1, [240, 200, 40]);
  rect(228, 165, 4, 20, [30, 30, 30]);
  rect(228, 190, 4, 4, [30, 30, 30]);
  return encodePng(W, H, px, 3);
}

const HAZARDS: Array<[string, 1 | 2, string, string]> = [
  ['仓库安全出口被货物堵塞', 2, 'GB 50016-2014 第6.4条', '立即清理安全出口，设置禁止堆放标识'],
  ['配电箱未上锁且箱门破损', 1, 'GB 50194-2014', '更换箱门并加锁，指定专人管理'],
  ['动火作业未办理作业票', 2, 'GB 30871-2022 第5条', '停止作业，按规定办理动火作业票'],
  ['灭火器压力不足', 1, 'GB 50444-2008', '更换或充装灭火器，建立月检记录'],
  ['有限空间无警示标识', 1, 'GB 30871-2022 第9条', '设置有限空间警示标识和作业审批'],
  ['叉车司机无证上岗', 2, '《特种设备安全法》第14条', '停止无证人员作业，组织取证培训'],
  ['危化品储存未分区分类', 2, 'GB 15603-2022', '按性质分区分类存放并设置标识'],
];
const RISKS: Array<[string, 1 | 2 | 3 | 4, string]> = [
  ['液氨储罐区', 1, '设置泄漏报警并与喷淋联锁'],
  ['粉尘爆炸危险场所', 2, '定期清扫积尘，使用防爆电气'],
  ['冲压设备', 3, '安装双手操作按钮和光电保护'],
  ['办公区域', 4, '保持疏散通道畅通'],
];
const ITEM_NAMES: Record<string, string> = {
  '01': '全员安全生产教育培训',
  '02': '安全风险辨识评估',
  '03': '综合隐患排查',
  '04': '安全生产标准化咨询',
  '05': '应急预案修订与演练',
  '06': '安全生产新技术推广',
  '07': '安全文化建设指导',
};
const SUBTYPE: Record<string, string | null> = {
  '01': '102',
  '02': '201',
  '03': '301',
  '04': '401',
  '05': '502',
  '06': null,
  '07': null,
};

export async function seedPreventionDemo(
  db: Kysely<DB>,
  now: Date = new Date(),
  options: { storage?: FileStorage } = {},
): Promise<void> {
  const rnd = mulberry32(20261313);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const today = chinaDate(now);
  const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`);
  const audit = { createdAt: now, updatedAt: now, createdBy: null, updatedBy: null };

  await db.transaction().execute(async (trx: Transaction<DB>) => {
    const orgOf = async (username: string) =>
      (await trx
        .selectFrom('sysUser')
        .select(['id', 'orgId'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow()) as { id: number; orgId: number };
    const ins = await orgOf('insurer');
    const svc = await orgOf('service');
    const exp = await orgOf('expert');
    const heng = await orgOf('ent');
    // Site photos, owned by the service organisation (its users uploaded them).
    const photos: string[] = [];
    if (options.storage)
      for (let v = 0; v < 4; v++)
        photos.push(
          await storeFileBytes(
            trx,
            options.storage,
            sitePhotoPng(v),
            `现场照片${v + 1}.png`,
            { userId: svc.id, orgId: svc.orgId },
            now,
          ),
        );
    const photo = (k: number) => (photos.length ? [photos[k % photos.length]!] : []);

    // The demo insurer's issued policies (lead or co-insurer) in force today, and some of last year.
    const policies = await trx
      .selectFrom('insPolicy as p')
      .innerJoin('insPolicyCoinsurer as c', (j) =>
        j.onRef('c.policyId', '=', 'p.id').on('c.insurerId', '=', ins.orgId),
      )
      .innerJoin('sysOrg as e', 'e.id', 'p.enterpriseId')
      .select([
        'p.id',
        'p.enterpriseId',
        'e.name as enterpriseName',
        'p.districtCode',
        'p.premium',
        'p.preventionFeePct',
        'c.share',
        sql<string>`to_char(p.start_date, 'YYYY-MM-DD')`.as('startDate'),
        sql<string>`to_char(p.end_date, 'YYYY-MM-DD')`.as('endDate'),
      ])
      .where('p.status', '=', 'approved')
      .where('p.endDate', '>=', addDays(today, -400))
      .where('p.startDate', '<=', today)
      .orderBy('p.id')
      .execute();
    const current = policies.filter((p) => p.endDate >= today);
    const past = policies.filter((p) => p.endDate < today);
    // Most insured enterprises (every fifth is left without a project); 恒安化工 always.
    const chosen = current.filter((p, i) => p.enterpriseId === heng.orgId || i % 5 !== 4).slice(0, 60);
    const group = chosen.filter((p) => p.enterpriseId !== heng.orgId).slice(0, 3);
    const singles = chosen.filter((p) => !group.includes(p));
    const projects: Array<{ policies: typeof policies; ended: boolean }> = [
      ...singles.map((p) => ({ policies: [p], ended: false })),
      ...(group.length ? [{ policies: group, ended: false }] : []),
      ...past.slice(0, 6).map((p) => ({ policies: [p], ended: true })),
    ];

    let contract = 0;
    for (const pj of projects) {
      const first = pj.policies[0]!;
      const isHeng = first.enterpriseId === heng.orgId;
      const ratio = Math.min(Number(first.preventionFeePct) || 15, 21);
      const shareCents = (p: (typeof policies)[number]) =>
        Math.round((toCents(Number(p.premium)) * Number(p.share)) / 100);
      const accruable = pj.policies.reduce((s, p) => s + Math.round((shareCents(p) * ratio) / 100), 0);
      contract += 1;
      const { id: projectId } = await trx
        .insertInto('apProject')
        .values({
          name:
            pj.policies.length > 1
              ? `重点企业联合事故预防服务（${pj.policies.length}家）`
              : `${first.enterpriseName}事故预防服务`,
          contractNo: `AP${first.startDate.slice(0, 4)}-${String(contract).padStart(4, '0')}`,
          insurerId: ins.orgId,
          startDate: first.startDate,
          endDate: first.endDate,
          feeRatio: ratio,
          feeAmount: Math.floor((accruable * 0.6) / 100),
          serviceOrgId: svc.orgId,
          contactName: '刘预防',
          contactPhoneEnc: encryptPhone('0527-84367788'),
          description: '按照AQ 9010-2019开展安全培训、风险辨识、隐患排查等事故预防服务。',
          state: 1,
          ...audit,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('apProjectPolicy')
        .values(
          pj.policies.map((p) => ({
            projectId,
            policyId: p.id,
            enterpriseId: p.enterpriseId,
            districtCode: p.districtCode,
          })),
        )
        .execute();
      await trx
        .insertInto('apProjectOrg')
        .values([
          { projectId, orgId: svc.orgId, orgType: 'service' },
          { projectId, orgId: exp.orgId, orgType: 'expert' },
        ])
        .execute();
      const items = isHeng
        ? ['01', '02', '03', '04', '05', '06', '07']
        : ['03', '01', int(0, 1) ? '02' : '05'];
      await trx
        .insertInto('apProjectItem')
        .values(
          items.map((item, seq) => ({
            projectId,
            seq,
            item,
            subType: SUBTYPE[item] ?? null,
            frequency: item === '03' ? 2 : 1,
            note: item === '07' ? '安全文化建设' : '',
          })),
        )
        .execute();

      // Funds: accrued for all but every seventh (待计提); ended ones written off after their spend.
      const funds = new Map<number, { id: number; accrued: number; spent: number }>();
      for (const p of pj.policies) {
        const premiumCents = shareCents(p);
        const pending = !isHeng && contract % 7 === 0;
        const accruedCents = pending ? 0 : Math.round((premiumCents * ratio) / 100);
        const { id } = await trx
          .insertInto('apFund')
          .values({
            policyId: p.id,
            insurerId: ins.orgId,
            enterpriseId: p.enterpriseId,
            districtCode: p.districtCode,
            premium: premiumCents / 100,
            share: Number(p.share),
            ratio,
            accrued: accruedCents / 100,
            spent: 0,
            state: pending ? 'pending' : 'available',
            ...audit,
          })
          .onConflict((oc) => oc.columns(['policyId', 'insurerId']).doNothing())
          .returning('id')
          .executeTakeFirst()
          .then((r) => r ?? { id: 0 });
        if (!id) continue;
        if (accruedCents > 0)
          await trx
            .insertInto('apFundEntry')
            .values({
              fundId: id,
              policyId: p.id,
              insurerId: ins.orgId,
              kind: 'accrue',
              affects: 'accrued',
              amount: accruedCents / 100,
              occurredOn: p.startDate,
              description: `按实收保费${(premiumCents / 100).toFixed(2)}元的${ratio}%计提`,
              byName: '人保财险宿迁分公司',
              createdAt: at(p.startDate, 10),
            })
            .execute();
        funds.set(p.id, { id, accrued: accruedCents, spent: 0 });
      }

      // Plans: completed ones in the past, open ones around today and ahead, for each covered enterprise.
      for (const p of pj.policies) {
        const fund = funds.get(p.id);
        const span = Math.max(
          1,
          Math.min(
            today < p.endDate ? daysBetween(p.startDate, today) : daysBetween(p.startDate, p.endDate),
            360,
          ),
        );
        const kinds: Array<{
          item: string;
          stage: 'pending' | 'visit' | 'draft' | 'submitted' | 'confirmed' | 'followed';
        }> = isHeng
          ? [
              { item: '01', stage: 'followed' },
              { item: '02', stage: 'confirmed' },
              { item: '03', stage: 'submitted' },
              { item: '04', stage: 'followed' },
              { item: '05', stage: 'confirmed' },
              { item: '06', stage: 'draft' },
              { item: '07', stage: 'visit' },
              { item: '03', stage: 'pending' },
            ]
          : items.slice(0, int(2, 3)).map((item, k) => ({
              item,
              stage: (['followed', 'confirmed', 'submitted', 'draft', 'visit', 'pending'] as const)[
                (k + contract) % 6
              ]!,
            }));
        for (const [k, plan] of kinds.entries()) {
          const done = plan.stage === 'submitted' || plan.stage === 'confirmed' || plan.stage === 'followed';
          const day =
            done || plan.stage === 'draft'
              ? addDays(p.startDate, Math.min(span - 1, Math.floor(((k + 1) * span) / (kinds.length + 1))))
              : addDays(today, plan.stage === 'visit' ? 0 : int(3, 40));
          if (day > p.endDate) continue;
          const provider = plan.item === '02' || plan.item === '04' ? exp.orgId : svc.orgId;
          let spend = done ? int(2, 8) * 100 : 0;
          if (fund && fund.spent + spend * 100 > fund.accrued) spend = 0;
          const hazards =
            plan.item === '03' && (done || plan.stage === 'draft')
              ? HAZARDS.slice((k + contract) % 5, ((k + contract) % 5) + int(1, 3))
              : [];
          const { id: planId } = await trx
            .insertInto('apPlan')
            .values({
              projectId,
              insurerId: ins.orgId,
              enterpriseId: p.enterpriseId,
              policyId: p.id,
              districtCode: p.districtCode,
              item: plan.item,
              subType: SUBTYPE[plan.item] ?? null,
              name: `${ITEM_NAMES[plan.item]}（${p.enterpriseName.slice(0, 6)}）`,
              providerOrgId: provider,
              plannedStart: at(day, 9),
              plannedEnd: at(day, 16),
              placeDistrictCode: p.districtCode,
              address: '企业生产经营场所',
              staff: JSON.stringify(['陈安泰', '王工程师']),
              experts: JSON.stringify([
                { name: '吴志明', orgId: exp.orgId, title: '注册安全工程师', phoneEnc: '' },
              ]),
              budget: 500,
              description: `${ITEM_NAMES[plan.item]}，按服务方案实施。`,
              status: done ? 2 : plan.stage === 'draft' ? 1 : 0,
              visitState: plan.stage === 'visit' ? 'unconfirmed' : 'confirmed',
              visitConfirmedAt:
                plan.stage === 'visit' ? null : at(addDays(day, plan.stage === 'pending' ? -30 : -2), 10),
              recordState: done
                ? plan.stage === 'submitted'
                  ? 'submitted'
                  : 'confirmed'
                : plan.stage === 'draft'
                  ? 'draft'
                  : null,
              spend,
              hazardCount: done ? hazards.length : 0,
              majorHazardCount: done ? hazards.filter((h) => h[1] === 2).length : 0,
              submittedAt: done ? at(day, 18) : null,
              ...audit,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (!done && plan.stage !== 'draft') continue;
          const summary = summaryOf(plan.item, day, k, photo, p.enterpriseName);
          const { id: recordId } = await trx
            .insertInto('apRecord')
            .values({
              planId,
              state: done ? (plan.stage === 'submitted' ? 'submitted' : 'confirmed') : 'draft',
              actualStart: at(day, 9),
              actualEnd: at(day, 16),
              districtCode: p.districtCode,
              address: '企业生产经营场所',
              summaryText: `${ITEM_NAMES[plan.item]}已完成：${summaryLine(plan.item, hazards.length)}`,
              spend,
              summary: JSON.stringify(summary),
              files: JSON.stringify(
                photo(k + 1).map((fileId, i) => ({ fileId, fileName: `现场照片${i + 1}.png`, fileSize: 0 })),
              ),
              enteredBy: svc.id,
              enteredByName: '安泰安全技术服务',
              savedAt: at(day, 17),
              submittedAt: done ? at(day, 18) : null,
              submittedBy: done ? svc.id : null,
              confirmedAt: done && plan.stage !== 'submitted' ? at(addDays(day, 1), 10) : null,
              confirmOpinion: done && plan.stage !== 'submitted' ? '服务情况属实' : '',
              ...audit,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (['01', '02', '03', '04', '05'].includes(plan.item))
            await trx
              .insertInto('apRecordExpert')
              .values({
                recordId,
                seq: 0,
                name: '吴志明',
                orgId: exp.orgId,
                title: '注册安全工程师',
                phoneEnc: '',
              })
              .execute();
          if (hazards.length)
            await trx
              .insertInto('apHazard')
              .values(
                hazards.map(([description, level, basis, recommendation], seq) => {
                  const rectified = done && plan.stage !== 'submitted' && seq % 2 === 0;
                  return {
                    planId,
                    recordId,
                    insurerId: ins.orgId,
                    enterpriseId: p.enterpriseId,
                    districtCode: p.districtCode,
                    seq,
                    checkDate: day,
                    basis,
                    checkItem: '现场检查',
                    description,
                    level,
                    recommendation,
                    photos: JSON.stringify(photo(seq)),
                    foundBy: '吴志明',
                    deadline: addDays(day, level === 2 ? 15 : 7),
                    state: rectified
                      ? 2
                      : addDays(day, level === 2 ? 15 : 7) < today && !rectified && pj.ended
                        ? 3
                        : 1,
                    rectifyStatus: rectified ? 1 : -1,
                    rectifiedAt: rectified ? at(addDays(day, 5), 15) : null,
                    rectifyDesc: rectified ? '已按整改建议完成整改' : '',
                    ...audit,
                  };
                }),
              )
              .execute();
          if (plan.stage === 'followed')
            await trx
              .insertInto('apFollowUp')
              .values({
                planId,
                providerOrgId: provider,
                visitedAt: at(addDays(day, 7), 15),
                contactName: '企业安全员',
                cooperation: int(4, 5),
                rating: int(3, 5),
                opinion: '服务专业，整改建议具体可行',
                byName: '安泰安全技术服务',
                createdAt: at(addDays(day, 7), 16),
                createdBy: svc.id,
              })
              .execute();
          if (done && spend > 0 && fund) {
            await trx
              .insertInto('apFundEntry')
              .values({
                fundId: fund.id,
                policyId: p.id,
                insurerId: ins.orgId,
                kind: 'spend',
                affects: 'spent',
                amount: spend,
                occurredOn: day,
                description: `服务记录支出：计划第${planId}号`,
                planId,
                byName: '安泰安全技术服务',
                createdAt: at(day, 18),
              })
              .execute();
            fund.spent += spend * 100;
          }
        }
      }
      // Fund totals and states; ended projects' funds are written off with their balance.
      for (const [policyId, f] of funds) {
        const writeOff = pj.ended && f.accrued > 0;
        if (writeOff)
          await trx
            .insertInto('apFundEntry')
            .values({
              fundId: f.id,
              policyId,
              insurerId: ins.orgId,
              kind: 'writeOff',
              affects: 'none',
              amount: (f.accrued - f.spent) / 100,
              occurredOn: today,
              description: `核销：结余${((f.accrued - f.spent) / 100).toFixed(2)}元`,
              byName: '人保财险宿迁分公司',
              createdAt: now,
            })
            .execute();
        await trx
          .updateTable('apFund')
          .set({
            spent: f.spent / 100,
            state: writeOff ? 'writtenOff' : f.accrued <= 0 ? 'pending' : f.spent > 0 ? 'inUse' : 'available',
            writtenOffAt: writeOff ? now : null,
          })
          .where('id', '=', f.id)
          .execute();
      }
      // Project state (domain 3.5): as the module keeps it.
      const c = await trx
        .selectFrom('apPlan')
        .select([
          sql<number>`count(*)::int`.as('n'),
          sql<number>`count(*) FILTER (WHERE status = 2)::int`.as('done'),
        ])
        .where('projectId', '=', projectId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('apProject')
        .set({ state: c.n === 0 ? 1 : c.done === c.n && pj.ended ? 3 : 2 })
        .where('id', '=', projectId)
        .execute();
    }
  });
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

function summaryLine(item: string, hazards: number): string {
  switch (item) {
    case '01':
      return '组织从业人员开展安全生产教育培训，讲解岗位风险与应急处置。';
    case '02':
      return '辨识主要安全风险并分级，提出防范措施。';
    case '03':
      return `对生产车间、仓库、配电房开展综合隐患排查，发现隐患${hazards}处，已书面告知企业。`;
    case '04':
      return '对照标准化评分细则开展咨询，指出扣分项。';
    case '05':
      return '修订生产安全事故应急预案并组织演练。';
    case '06':
      return '推广应用可燃气体报警与视频智能识别技术。';
    default:
      return '指导企业开展安全文化建设活动。';
  }
}

function summaryOf(
  item: string,
  day: string,
  k: number,
  photo: (k: number) => string[],
  enterpriseName: string,
): Record<string, unknown> {
  switch (item) {
    case '01':
      return {
        type: '01',
        form: k % 2 ? 'online' : 'offline',
        enterprises: [enterpriseName],
        attendees: 20 + k * 7,
        photos: photo(k),
      };
    case '02':
      return {
        type: '02',
        risks: RISKS.map(([source, level, measures], i) => ({
          date: day,
          source,
          level,
          basis: 'AQ/T 3046',
          measures,
          photos: photo(i),
        })),
      };
    case '03':
      return { type: '03', compliant: 36 + k, nonCompliant: 2 + (k % 3), notApplicable: 4, photos: photo(k) };
    case '04':
    case '05':
      return {
        type: item,
        problems: [
          {
            description: item === '04' ? '安全生产责任制未覆盖全部岗位' : '应急预案未结合实际风险',
            points: 4,
            scenario: item === '05' ? '火灾' : '',
            files: photo(k),
          },
          {
            description: item === '04' ? '教育培训档案不完整' : '演练后未评估总结',
            points: 2,
            scenario: '',
            files: [],
          },
        ],
      };
    default:
      return { type: item };
  }
}
