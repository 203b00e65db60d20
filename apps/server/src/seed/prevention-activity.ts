import { chinaDate } from '@aqzrx/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { storeFileBytes } from '../modules/file/index.ts';
import { encodePng } from '../platform/captcha/png.ts';
import { encryptPhone } from '../platform/pii.ts';
import type { FileStorage } from '../platform/storage/storage.ts';

/**
 * Demo rows of the accident prevention activities (issue 13) for the demo accounts:
 *  - trainings of the service organisation, the insurer and the expert panel: completed with attendance
 *    and photos, waiting for attendance (待登记), open, full, cancelled; 恒安化工 (ent) signed up for some;
 *  - service requests of ent and other insured enterprises to the demo insurer in every state;
 *  - yearly plan filings of the three insurers in every state, the demo insurer's current year in two
 *    versions (v1 returned, v2 waiting for review).
 * Deterministic (dates relative to `now`). With `storage`, training photos and plan documents are files
 * drawn here and stored like uploads; without it (test templates) those lists stay empty.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A photo of a training room: a screen, a lectern and rows of seats (PNG, 320 × 200). */
function trainingPhoto(tint: number): Buffer {
  const W = 320;
  const H = 200;
  const px = new Uint8Array(W * H * 3);
  const rect = (x0: number, y0: number, w: number, h: number, c: readonly [number, number, number]) => {
    for (let y = Math.max(0, y0); y < Math.min(H, y0 + h); y++)
      for (let x = Math.max(0, x0); x < Math.min(W, x0 + w); x++) {
        const i = (y * W + x) * 3;
        px[i] = c[0];
        px[i + 1] = c[1];
        px[i + 2] = c[2];
      }
  };
  rect(0, 0, W, H, [232, 228, 218]);
  rect(0, 150, W, 50, [180, 160, 130]);
  rect(90, 18, 140, 70, [40, 80 + tint * 20, 150]);
  rect(100, 28, 120, 8, [240, 240, 240]);
  rect(100, 44, 90, 5, [210, 220, 235]);
  rect(100, 56, 100, 5, [210, 220, 235]);
  rect(250, 90, 26, 50, [120, 80, 50]);
  for (let row = 0; row < 3; row++)
    for (let seat = 0; seat < 8; seat++) {
      const x = 20 + seat * 36;
      const y = 112 + row * 28;
      rect(x, y, 24, 12, [70, 90, 120]);
      rect(x + 8, y - 10, 8, 10, [60, 45, 40]);
    }
  return encodePng(W, H, px, 3);
}

/** A one-page PDF standing for a plan document. */
function planPdf(title: string): Buffer {
  const text = `BT /F1 16 Tf 60 760 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

interface Org {
  id: number;
  name: string;
  districtCode: string;
}

export async function seedPreventionActivityDemo(
  db: Kysely<DB>,
  now: Date = new Date(),
  options: { storage?: FileStorage } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const org = async (username: string): Promise<Org & { userId: number }> => {
      const r = await trx
        .selectFrom('sysUser as u')
        .innerJoin('sysOrg as o', 'o.id', 'u.orgId')
        .select(['u.id as userId', 'o.id', 'o.name', 'o.districtCode'])
        .where('u.username', '=', username)
        .executeTakeFirstOrThrow();
      return { ...r, districtCode: r.districtCode ?? '' };
    };
    const ent = await org('ent');
    const insurer = await org('insurer');
    const service = await org('service');
    const expert = await org('expert');
    const govUser = await org('gov');
    const enterprisesOf = async (districts: string[], industry: string | null, limit: number) => {
      let q = trx
        .selectFrom('sysOrg as o')
        .innerJoin('insEnterprise as e', 'e.id', 'o.id')
        .select(['o.id', 'o.name', 'o.districtCode'])
        .where('o.orgType', '=', 'enterprise')
        .where('o.deletedAt', 'is', null)
        .where('o.id', '!=', ent.id)
        .where('o.districtCode', 'in', districts);
      if (industry) q = q.where('e.wsIndustryCode', 'like', `${industry}%`);
      const rows = await q.orderBy('o.id').limit(limit).execute();
      return rows.map((r) => ({ ...r, districtCode: r.districtCode ?? '' }));
    };
    const file = async (bytes: Buffer, name: string, owner: { userId: number | null; id: number }) =>
      options.storage
        ? [
            await storeFileBytes(
              trx,
              options.storage,
              bytes,
              name,
              { userId: owner.userId, orgId: owner.id },
              now,
            ),
          ]
        : [];

    // ------------------------------------------------------------------------------------- trainings
    type Publisher = Org & { userId: number; side: 'insurer' | 'service' | 'expert' };
    const pub = {
      service: { ...service, side: 'service' as const },
      insurer: { ...insurer, side: 'insurer' as const },
      expert: { ...expert, side: 'expert' as const },
    } satisfies Record<string, Publisher>;
    const training = async (
      p: Publisher,
      t: {
        topic: string;
        startDays: number;
        hours: number;
        mode?: 'offline' | 'online';
        place?: string;
        capacity: number;
        districts: string[];
        industries?: string[];
        description: string;
        status?: 'published' | 'completed' | 'cancelled';
        summary?: string;
        cancelReason?: string;
      },
    ) => {
      const startsAt = new Date(Math.floor((now.getTime() + t.startDays * DAY) / HOUR) * HOUR);
      const online = t.mode === 'online';
      const completed = t.status === 'completed';
      const photos = completed ? await file(trainingPhoto(t.topic.length % 4), `${t.topic}现场.png`, p) : [];
      const row = await trx
        .insertInto('apTraining')
        .values({
          publisherOrgId: p.id,
          publisherType: p.side,
          topic: t.topic,
          mode: online ? 'online' : 'offline',
          startsAt,
          endsAt: new Date(startsAt.getTime() + t.hours * HOUR),
          place: online ? '' : (t.place ?? '宿迁市应急管理局三楼会议室'),
          onlineLink: online ? 'https://meeting.example.cn/aqzrx-training' : '',
          capacity: t.capacity,
          targetDistricts: t.districts.join(','),
          targetIndustries: (t.industries ?? []).join(','),
          description: t.description,
          contactName: p.side === 'service' ? '陈安泰' : p.side === 'expert' ? '吴志明' : '李预防',
          contactPhoneEnc: encryptPhone(p.side === 'service' ? '0527-84213366' : '13805279988'),
          materials: '[]',
          photos: JSON.stringify(photos),
          summary: t.summary ?? '',
          status: t.status ?? 'published',
          recordedAt: completed ? new Date(startsAt.getTime() + (t.hours + 20) * HOUR) : null,
          recordedBy: completed ? p.userId : null,
          cancelReason: t.cancelReason ?? '',
          cancelledAt: t.status === 'cancelled' ? new Date(now.getTime() - 2 * DAY) : null,
          createdAt: new Date(startsAt.getTime() - 14 * DAY),
          updatedAt: now,
          createdBy: p.userId,
          updatedBy: p.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, startsAt, completed };
    };
    const signUps = async (
      tr: { id: number; startsAt: Date; completed: boolean },
      list: Array<{ org: Org; participants: number; attended?: number | false }>,
    ) => {
      for (const [i, s] of list.entries()) {
        const signedAt = new Date(tr.startsAt.getTime() - (10 - (i % 7)) * DAY);
        await trx
          .insertInto('apTrainingSignup')
          .values({
            trainingId: tr.id,
            enterpriseId: s.org.id,
            participants: s.participants,
            contactName: ['王安全', '刘建设', '陈立新', '周志强', '孙海燕', '吴晓东'][i % 6]!,
            contactPhoneEnc: encryptPhone(`1390527${String(1000 + i * 37).slice(-4)}`),
            remark: '',
            signedAt,
            attended: tr.completed ? s.attended !== false : null,
            attendeeCount: tr.completed ? (s.attended === false ? 0 : (s.attended ?? s.participants)) : null,
            createdAt: signedAt,
            updatedAt: signedAt,
            createdBy: null,
            updatedBy: null,
          })
          .execute();
      }
    };
    const chem = await enterprisesOf(['321302', '321311'], 'AQ02', 6);
    const builders = await enterprisesOf(['321324', '321322'], 'AQ05', 8);
    const sucheng = await enterprisesOf(['321302'], null, 12);
    const all = await enterprisesOf(['321302', '321311', '321322', '321323', '321324'], null, 40);

    const t1 = await training(pub.service, {
      topic: '危险化学品企业重大危险源安全管理培训',
      startDays: -20,
      hours: 3,
      capacity: 60,
      districts: ['321302', '321311'],
      industries: ['AQ02'],
      description: '讲解重大危险源辨识、分级管控和在线监测预警要求，结合近年化工事故案例分析。',
      status: 'completed',
      summary:
        '培训按计划完成，讲解重大危险源辨识与分级管控，组织现场答疑和闭卷测试，参训人员测试合格率96%。',
    });
    await signUps(t1, [
      { org: ent, participants: 4, attended: 4 },
      ...chem.map((o, i) => ({
        org: o,
        participants: 2 + (i % 3),
        attended: i === 2 ? (false as const) : 2 + (i % 3),
      })),
    ]);
    const t2 = await training(pub.insurer, {
      topic: '安全生产责任保险与事故预防政策解读',
      startDays: -10,
      hours: 2,
      mode: 'online',
      capacity: 200,
      districts: ['321302', '321311', '321322', '321323', '321324'],
      description: '解读2025年《安全生产责任保险实施办法》事故预防服务条款、服务项目和企业的配合义务。',
      status: 'completed',
      summary: '线上直播培训，企业负责人和安全管理人员参加，讲解事故预防服务的七类项目和企业配合义务。',
    });
    await signUps(t2, [
      { org: ent, participants: 2, attended: 3 },
      ...all.slice(0, 14).map((o, i) => ({
        org: o,
        participants: 1 + (i % 4),
        attended: i % 5 === 4 ? (false as const) : 1 + (i % 4),
      })),
    ]);
    const t3 = await training(pub.insurer, {
      topic: '冬季安全生产检查要点培训',
      startDays: -2,
      hours: 3,
      capacity: 50,
      districts: ['321302', '321323'],
      description: '冬季防火、防冻、防滑和有限空间作业的检查要点。',
    });
    await signUps(t3, [
      { org: ent, participants: 3 },
      ...sucheng.slice(0, 4).map((o, i) => ({ org: o, participants: 2 + (i % 2) })),
    ]);
    const t4 = await training(pub.service, {
      topic: '消防安全与应急疏散演练培训',
      startDays: 3,
      hours: 3,
      capacity: 20,
      districts: ['321302'],
      place: '宿城区消防救援大队训练场',
      description: '灭火器和室内消火栓实操，结合厂区疏散路线开展演练。',
    });
    await signUps(t4, [
      { org: ent, participants: 3 },
      ...sucheng.slice(4, 7).map((o) => ({ org: o, participants: 3 })),
    ]);
    await training(pub.service, {
      topic: '有限空间作业安全培训',
      startDays: 5,
      hours: 2,
      capacity: 30,
      districts: ['321302', '321311'],
      description: '有限空间辨识、作业审批、通风检测和应急救援装备使用。',
    });
    const t6 = await training(pub.expert, {
      topic: '建筑施工企业安全生产标准化建设培训',
      startDays: 7,
      hours: 4,
      capacity: 40,
      districts: ['321324', '321322'],
      industries: ['AQ05'],
      place: '泗洪县住建局培训中心',
      description: '对照建筑施工安全生产标准化考评要求，逐项讲解资料和现场管理。',
    });
    await signUps(
      t6,
      builders.slice(0, 5).map((o, i) => ({ org: o, participants: 2 + (i % 3) })),
    );
    const t7 = await training(pub.expert, {
      topic: '事故隐患排查治理专题培训',
      startDays: 9,
      hours: 3,
      capacity: 10,
      districts: ['321302'],
      description: '重大事故隐患判定标准解读与隐患排查清单编制。',
    });
    await signUps(t7, [
      { org: sucheng[7] ?? sucheng[0]!, participants: 4 },
      { org: sucheng[8] ?? sucheng[1]!, participants: 6 },
    ]);
    await training(pub.service, {
      topic: '粉尘防爆专项培训',
      startDays: 4,
      hours: 2,
      capacity: 30,
      districts: ['321311'],
      description: '涉爆粉尘企业除尘系统和防爆电气的安全要求。',
      status: 'cancelled',
      cancelReason: '授课专家临时出差，培训延期，另行通知',
    });

    // -------------------------------------------------------------------------------- service requests
    const today = chinaDate(now);
    const inForce = await trx
      .selectFrom('insPolicy')
      .select(['id', 'enterpriseId', 'insurerId', 'districtCode'])
      .where('status', '=', 'approved')
      .where('startDate', '<=', today)
      .where('endDate', '>=', today)
      .where('insurerId', '=', insurer.id)
      .orderBy('id')
      .limit(12)
      .execute();
    const entPolicies = await trx
      .selectFrom('insPolicy')
      .select(['id', 'enterpriseId', 'insurerId', 'districtCode'])
      .where('status', '=', 'approved')
      .where('startDate', '<=', today)
      .where('endDate', '>=', today)
      .where('enterpriseId', '=', ent.id)
      .orderBy('id')
      .execute();
    const others = inForce.filter((p) => p.enterpriseId !== ent.id);
    // ent's requests (one in each state) go to the insurer of its policy in force; others' to the demo insurer.
    const REQUESTS = [
      {
        ent: true,
        item: '03',
        status: 'pending',
        text: '新建储罐区投用前，请安排一次全面的隐患排查。',
        days: -2,
      },
      {
        ent: false,
        item: '05',
        status: 'pending',
        text: '请协助修订综合应急预案，并指导开展一次泄漏应急演练。',
        days: -1,
      },
      {
        ent: true,
        item: '02',
        status: 'accepted',
        text: '工艺调整后需要重新开展安全风险辨识评估。',
        days: -8,
        answer: '已受理，将安排服务机构制定服务计划。',
      },
      {
        ent: true,
        item: '01',
        status: 'scheduled',
        text: '新员工较多，希望安排一次三级安全教育培训。',
        days: -20,
        answer: '已受理并安排服务机构上门培训。',
      },
      {
        ent: true,
        item: '04',
        status: 'declined',
        text: '希望协助完成安全生产标准化二级达标评审。',
        days: -15,
        answer: '标准化达标评审不属于事故预防服务范围，可委托评审机构办理。',
      },
      { ent: true, item: '06', status: 'withdrawn', text: '了解可燃气体在线监测系统的推广应用。', days: -12 },
      { ent: false, item: '03', status: 'pending', text: '请安排复查上次检查发现的两项一般隐患。', days: -3 },
      {
        ent: false,
        item: '07',
        status: 'accepted',
        text: '请对厂区安全警示标识设置提出改进建议。',
        days: -6,
        answer: '已受理，下周安排专家现场查看。',
      },
      {
        ent: false,
        item: '02',
        status: 'declined',
        text: '希望评估新上生产线的职业病危害。',
        days: -9,
        answer: '职业病危害评价不属于事故预防服务项目，请委托有资质的评价机构。',
      },
      {
        ent: false,
        item: '01',
        status: 'scheduled',
        text: '请为班组长安排一次安全管理能力培训。',
        days: -18,
        answer: '已安排，培训时间另行通知。',
      },
    ] as const;
    let other = 0;
    for (const r of REQUESTS) {
      const p = r.ent ? (entPolicies[0] ?? others[0]) : others[other++ % Math.max(1, others.length)];
      if (!p) continue;
      const created = new Date(now.getTime() + r.days * DAY);
      const answered = r.status === 'accepted' || r.status === 'declined' || r.status === 'scheduled';
      await trx
        .insertInto('apServiceRequest')
        .values({
          enterpriseId: p.enterpriseId,
          policyId: p.id,
          insurerId: p.insurerId,
          districtCode: p.districtCode,
          item: r.item,
          description: r.text,
          wishedFrom: chinaDate(new Date(created.getTime() + 7 * DAY)),
          wishedTo: chinaDate(new Date(created.getTime() + 30 * DAY)),
          contactName: '王安全',
          contactPhoneEnc: encryptPhone('13905271111'),
          status: r.status,
          answerRemark: 'answer' in r ? r.answer : '',
          answeredAt: answered ? new Date(created.getTime() + DAY) : null,
          answeredBy: answered ? insurer.userId : null,
          planId: null,
          scheduledAt: r.status === 'scheduled' ? new Date(created.getTime() + 3 * DAY) : null,
          withdrawnAt: r.status === 'withdrawn' ? new Date(created.getTime() + DAY) : null,
          createdAt: created,
          updatedAt: created,
          createdBy: null,
          updatedBy: null,
        })
        .execute();
    }

    // ------------------------------------------------------------------------------------ plan filings
    const year = Number(today.slice(0, 4));
    const insurers = await trx
      .selectFrom('sysOrg as o')
      .leftJoin('sysUser as u', (j) => j.onRef('u.orgId', '=', 'o.id'))
      .select(['o.id', 'o.name', 'o.districtCode', (eb) => eb.fn.min('u.id').as('userId')])
      .where('o.orgType', '=', 'insurer')
      .where('o.deletedAt', 'is', null)
      .where('o.id', '!=', insurer.id)
      .groupBy(['o.id', 'o.name', 'o.districtCode'])
      .orderBy('o.id')
      .limit(2)
      .execute();
    const filing = async (
      who: { id: number; name: string; userId: number | null },
      f: {
        year: number;
        versionNo: number;
        latest: boolean;
        districts: string[];
        planned: Record<string, number>;
        premium: number;
        budget: number;
        status: 'pending' | 'filed' | 'returned';
        days: number;
        remark?: string;
      },
    ) => {
      const submittedAt = new Date(now.getTime() + f.days * DAY);
      const reviewed = f.status !== 'pending';
      const attachments = await file(
        planPdf(`Prevention plan ${f.year} v${f.versionNo}`),
        `${f.year}年度事故预防服务计划（第${f.versionNo}版）.pdf`,
        { userId: who.userId, id: who.id },
      );
      await trx
        .insertInto('apPreventionFiling')
        .values({
          insurerId: who.id,
          year: f.year,
          versionNo: f.versionNo,
          latest: f.latest,
          districts: f.districts.join(','),
          plannedServices: JSON.stringify(f.planned),
          plannedTotal: Object.values(f.planned).reduce((a, b) => a + b, 0),
          expectedPremium: f.premium,
          budgetAmount: f.budget,
          budgetRatio: (f.budget / f.premium).toFixed(4),
          description: `${who.name}${f.year}年度事故预防服务计划：按承保企业风险等级分类安排服务，重点开展隐患排查和培训。`,
          attachments: JSON.stringify(attachments),
          status: f.status,
          submittedAt,
          submittedBy: who.userId,
          reviewedAt: reviewed ? new Date(submittedAt.getTime() + 3 * DAY) : null,
          reviewedBy: reviewed ? govUser.userId : null,
          reviewRemark: f.remark ?? '',
          createdAt: submittedAt,
          updatedAt: reviewed ? new Date(submittedAt.getTime() + 3 * DAY) : submittedAt,
          createdBy: who.userId,
          updatedBy: who.userId,
        })
        .execute();
    };
    const five = ['321302', '321311', '321322', '321323', '321324'];
    const demoIns = { id: insurer.id, name: insurer.name, userId: insurer.userId };
    await filing(demoIns, {
      year: year - 1,
      versionNo: 1,
      latest: true,
      districts: five,
      planned: { '01': 12, '02': 30, '03': 120, '04': 10, '05': 8, '06': 2, '07': 4 },
      premium: 8_600_000,
      budget: 1_720_000,
      status: 'filed',
      days: -330,
      remark: '同意备案，请按季度报送服务开展情况。',
    });
    const current = ['321302', '321311', '321322', '321324'];
    await filing(demoIns, {
      year,
      versionNo: 1,
      latest: false,
      districts: current,
      planned: { '01': 10, '03': 150, '05': 6 },
      premium: 9_200_000,
      budget: 1_930_000,
      status: 'returned',
      days: -25,
      remark: '隐患排查计划次数与承保企业数不匹配，未安排风险辨识评估，请补充后重新备案。',
    });
    await filing(demoIns, {
      year,
      versionNo: 2,
      latest: true,
      districts: current,
      planned: { '01': 12, '02': 40, '03': 160, '04': 12, '05': 8, '06': 3, '07': 5 },
      premium: 9_200_000,
      budget: 1_880_000,
      status: 'pending',
      days: -5,
    });
    const [other1, other2] = insurers;
    if (other1)
      await filing(
        { id: other1.id, name: other1.name, userId: other1.userId === null ? null : Number(other1.userId) },
        {
          year,
          versionNo: 1,
          latest: true,
          districts: ['321322', '321323'],
          planned: { '01': 6, '02': 20, '03': 80, '05': 4 },
          premium: 4_100_000,
          budget: 820_000,
          status: 'filed',
          days: -40,
          remark: '同意备案。',
        },
      );
    if (other2) {
      const who = {
        id: other2.id,
        name: other2.name,
        userId: other2.userId === null ? null : Number(other2.userId),
      };
      await filing(who, {
        year,
        versionNo: 1,
        latest: true,
        districts: ['321323', '321324'],
        planned: { '01': 4, '03': 60, '04': 6 },
        premium: 3_300_000,
        budget: 690_000,
        status: 'pending',
        days: -3,
      });
      await filing(who, {
        year: year - 1,
        versionNo: 1,
        latest: true,
        districts: ['321323', '321324'],
        planned: { '01': 4, '03': 50 },
        premium: 3_000_000,
        budget: 700_000,
        status: 'returned',
        days: -300,
        remark: '预算占比超过本地规定的20%，请调整后重新备案。',
      });
    }
  });
}
