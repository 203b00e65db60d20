import { addDays, chinaDate } from '@aqzrx/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { addWorkdays, buildCalendar } from '../modules/complaint/index.ts';
import { storeFileBytes } from '../modules/file/index.ts';
import { encryptPhone } from '../platform/pii.ts';
import type { FileStorage } from '../platform/storage/storage.ts';

/**
 * Demo rows of complaints, satisfaction and service evaluations (issue 15) for the demo accounts:
 *  - complaints filed by ent (against the demo insurer), the insurer (about the platform), the service
 *    organisation (against the insurer) and the expert panel (about the platform), each in every state of
 *    domain 3.7, with their timelines (an internal note among them); one of ent's is overdue, one of the
 *    service organisation's was extended, and every complainant has an escalated one (已转监管);
 *  - 投保满意度 and 企业配合度 answers of enterprises other than ent (ent keeps its own to answer), beside the
 *    claims' and the follow-up visits' ratings the insurance and prevention demos already hold;
 *  - one annual service evaluation of every insurer by the city regulator (with its report when files are
 *    stored).
 * Rows are written directly (no messages: the demo inboxes stay as the other demos leave them).
 * Deterministic: dates relative to `now`.
 */
const DAY = 86_400_000;
const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type Side = 'enterprise' | 'insurer' | 'service' | 'expert';
interface Party {
  id: number;
  name: string;
  uscc: string | null;
  districtCode: string | null;
  userId: number;
  nickname: string;
}

const TEXTS: Record<Side, { title: string; category: string; content: string; demand: string }> = {
  enterprise: {
    title: '理赔核定拖延',
    category: '02',
    content: '我公司2026年发生一起员工受伤事故，报案后三十日仍未收到核定结果，多次电话联系未获答复。',
    demand: '尽快完成核定并书面告知赔付时间',
  },
  insurer: {
    title: '平台保单导入报错',
    category: '06',
    content: '批量导入保单时多次提示格式错误，但模板为平台下载的最新版本，影响出单效率。',
    demand: '核查导入功能并给出处理意见',
  },
  service: {
    title: '服务费用结算延迟',
    category: '05',
    content: '我单位按合同完成隐患排查服务并经企业确认，服务费用超过约定期限仍未结算。',
    demand: '按合同约定结算服务费用',
  },
  expert: {
    title: '专家账号无法上传报告',
    category: '06',
    content: '上传评估报告时页面长时间无响应，更换浏览器后仍无法上传，影响报告按时提交。',
    demand: '排查上传功能并告知处理结果',
  },
};

export async function seedComplaintDemo(
  db: Kysely<DB>,
  now: Date = new Date(),
  options: { storage?: FileStorage } = {},
): Promise<void> {
  const cal = buildCalendar([]);
  await db.transaction().execute(async (trx) => {
    const party = async (username: string): Promise<Party> =>
      trx
        .selectFrom('sysUser as u')
        .innerJoin('sysOrg as o', 'o.id', 'u.orgId')
        .select(['o.id', 'o.name', 'o.uscc', 'o.districtCode', 'u.id as userId', 'u.nickname'])
        .where('u.username', '=', username)
        .executeTakeFirstOrThrow();
    const ent = await party('ent');
    const insurer = await party('insurer');
    const service = await party('service');
    const expert = await party('expert');
    const gov = await party('gov');
    const admin = await trx
      .selectFrom('sysUser')
      .select(['id', 'nickname'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const seqOf = new Map<string, number>();
    const nextNo = (at: Date) => {
      const prefix = `TS${chinaDate(at).replaceAll('-', '')}`;
      const n = (seqOf.get(prefix) ?? 0) + 1;
      seqOf.set(prefix, n);
      return `${prefix}${String(n).padStart(4, '0')}`;
    };
    const at = (daysAgo: number, hour = 10) => {
      const d = addDays(chinaDate(now), -daysAgo);
      return new Date(`${d}T${String(hour).padStart(2, '0')}:00:00+08:00`);
    };

    const file = async (
      who: Party,
      side: Side,
      target: { kind: 'insurer' | 'platform'; org: Party | null },
      state: number,
      opts: { daysAgo: number; overdue?: boolean; extended?: boolean },
    ) => {
      const t = TEXTS[side];
      const handler =
        target.kind === 'insurer' && target.org
          ? { kind: 'insurer' as const, orgId: target.org.id, name: target.org.name, actor: target.org }
          : { kind: 'admin' as const, orgId: null, name: '运营中心', actor: null };
      const handlerUser = handler.actor
        ? { userId: handler.actor.userId, name: handler.actor.nickname, unit: handler.actor.name }
        : { userId: admin.id, name: admin.nickname, unit: '运营中心' };
      const submittedAt = at(opts.daysAgo, 9);
      const acceptedAt = new Date(submittedAt.getTime() + DAY);
      const start = chinaDate(acceptedAt);
      let deadline = state >= 2 ? addWorkdays(cal, start, 10) : null;
      const extDeadline = deadline;
      if (opts.extended && deadline) deadline = addDays(deadline, 15);
      const repliedAt = new Date(acceptedAt.getTime() + 3 * DAY);
      const confirmedAt = new Date(repliedAt.getTime() + DAY);
      const district =
        (who.districtCode && who.districtCode !== '321300' ? who.districtCode : null) ??
        target.org?.districtCode ??
        '321300';
      const steps: Array<{
        step: string;
        at: Date;
        by: { userId: number; name: string; unit: string } | null;
        text: string;
        internal?: boolean;
      }> = [];
      const self = { userId: who.userId, name: who.nickname, unit: who.name };
      steps.push({
        step: 'submit',
        at: submittedAt,
        by: self,
        text: `投诉${target.org?.name ?? '平台'}：${t.title}。转${handler.name}办理。`,
      });
      if (state >= 2)
        steps.push({ step: 'accept', at: acceptedAt, by: handlerUser, text: `答复期限：${extDeadline}` });
      if (state >= 3 || opts.extended) {
        steps.push({
          step: 'note',
          at: new Date(acceptedAt.getTime() + 2 * 3600_000),
          by: handlerUser,
          text: '已调取相关业务记录，内部核对中。',
          internal: true,
        });
        steps.push({
          step: 'note',
          at: new Date(acceptedAt.getTime() + 4 * 3600_000),
          by: handlerUser,
          text: '已电话联系投诉人了解情况。',
        });
      }
      if (opts.extended) {
        steps.push({
          step: 'extendRequest',
          at: new Date(acceptedAt.getTime() + DAY),
          by: handlerUser,
          text: '申请延期15天，理由：需等待企业补充结算凭证',
        });
        steps.push({
          step: 'extendApprove',
          at: new Date(acceptedAt.getTime() + 2 * DAY),
          by: { userId: gov.userId, name: gov.nickname, unit: gov.name },
          text: `同意延期15天，答复期限延至 ${deadline}。延期理由：需等待企业补充结算凭证`,
        });
      }
      if (opts.overdue && deadline)
        steps.push({
          step: 'overdue',
          at: at(0, 8),
          by: null,
          text: `答复期限 ${deadline} 已过，仍未答复。`,
          internal: true,
        });
      const reply = {
        facts: '经核实，投诉反映的情况属实，相关业务处理超出了内部时限。',
        basis: 'AQ 9010-2019 及双方合同约定',
        measures: '已责成业务部门五个工作日内处理完毕，并书面告知投诉人。',
      };
      if (state >= 4)
        steps.push({
          step: 'reply',
          at: repliedAt,
          by: handlerUser,
          text: `调查核实的事实：${reply.facts}\n处理依据：${reply.basis}\n处理措施：${reply.measures}`,
        });
      if (state === 5)
        steps.push({ step: 'satisfied', at: confirmedAt, by: self, text: '处理及时，表示满意。' });
      if (state === 6)
        steps.push({
          step: 'escalate',
          at: confirmedAt,
          by: self,
          text: '答复未说明具体处理时间，提请监管部门处理。',
        });
      const row = await trx
        .insertInto('cpComplaint')
        .values({
          complaintNo: nextNo(submittedAt),
          complainantOrgId: who.id,
          complainantSide: side,
          complainantName: who.name,
          complainantUscc: who.uscc ?? '',
          districtCode: district,
          targetKind: target.kind,
          targetOrgId: target.org?.id ?? null,
          targetName: target.org?.name ?? '平台',
          category: t.category,
          title: t.title,
          content: t.content,
          demand: t.demand,
          contactName: who.nickname.slice(0, 20) || '联系人',
          contactPhoneEnc: encryptPhone('13805271234'),
          attachments: '[]',
          handlerKind: handler.kind,
          handlerOrgId: handler.orgId,
          handlerName: handler.name,
          state,
          submittedAt,
          acceptedAt: state >= 2 ? acceptedAt : null,
          timerStart: state >= 2 ? start : null,
          baseDays: state >= 2 ? 10 : null,
          deadline,
          ...(opts.extended
            ? {
                extDays: 15,
                extReason: '需等待企业补充结算凭证',
                extState: 'approved' as const,
                extRequestedAt: new Date(acceptedAt.getTime() + DAY),
                extDecidedAt: new Date(acceptedAt.getTime() + 2 * DAY),
                extPrevDeadline: extDeadline,
              }
            : {}),
          ...(state >= 4
            ? {
                replyFacts: reply.facts,
                replyBasis: reply.basis,
                replyMeasures: reply.measures,
                repliedAt,
                repliedBy: `${handlerUser.unit} ${handlerUser.name}`.slice(0, 50),
                replyCount: 1,
                result: reply.measures,
              }
            : {}),
          ...(state >= 5
            ? {
                confirmedAt,
                satisfied: state === 5,
                score: state === 5 ? 5 : 2,
                confirmOpinion: state === 5 ? '处理及时' : '答复未说明具体处理时间',
              }
            : {}),
          closedAt: state === 5 ? confirmedAt : null,
          overdueFor: opts.overdue ? deadline : null,
          createdAt: submittedAt,
          updatedAt: state >= 5 ? confirmedAt : submittedAt,
          createdBy: who.userId,
          updatedBy: who.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('cpComplaintStep')
        .values(
          steps.map((s) => ({
            complaintId: row.id,
            step: s.step,
            at: s.at,
            actorUserId: s.by?.userId ?? null,
            actorName: s.by?.name ?? '系统',
            actorUnit: s.by?.unit ?? '',
            text: s.text,
            internal: s.internal ?? false,
          })),
        )
        .execute();
    };

    const plans: Array<[Party, Side, { kind: 'insurer' | 'platform'; org: Party | null }]> = [
      [ent, 'enterprise', { kind: 'insurer', org: insurer }],
      [insurer, 'insurer', { kind: 'platform', org: null }],
      [service, 'service', { kind: 'insurer', org: insurer }],
      [expert, 'expert', { kind: 'platform', org: null }],
    ];
    for (const [who, side, target] of plans) {
      for (const state of [1, 2, 3, 4, 5, 6]) {
        // State 1 today, 2 and 3 within their deadline, the answered ones some weeks back.
        const daysAgo = state === 1 ? 0 : state <= 3 ? 3 : 20 + state;
        await file(who, side, target, state, {
          daysAgo,
          extended: side === 'service' && state === 3,
        });
      }
    }
    // Overdue: accepted five weeks ago and still in handling.
    await file(ent, 'enterprise', { kind: 'insurer', org: insurer }, 3, { daysAgo: 35, overdue: true });

    // Satisfaction answers of enterprises other than ent.
    const policies = await trx
      .selectFrom('insPolicy')
      .select(['id', 'enterpriseId', 'insurerId', 'districtCode', 'policyNo', 'createdBy'])
      .where('status', '=', 'approved')
      .where('policyNo', 'is not', null)
      .where('enterpriseId', '!=', ent.id)
      .orderBy('id')
      .limit(16)
      .execute();
    const comments = ['服务周到，出单及时', '条款讲解清楚', '', '保费说明不够详细', '办理效率高', ''];
    if (policies.length)
      await trx
        .insertInto('evSatisfaction')
        .values(
          policies.map((p, i) => ({
            item: 'policy' as const,
            targetId: p.id,
            enterpriseId: p.enterpriseId,
            insurerId: p.insurerId,
            serviceOrgId: null,
            districtCode: p.districtCode,
            source: `保单 ${p.policyNo}`,
            score: [5, 4, 5, 3, 4, 2][i % 6]!,
            comment: comments[i % comments.length]!,
            createdAt: new Date(now.getTime() - (i + 1) * 5 * DAY),
            createdBy: null,
          })),
        )
        .execute();
    const confirmed = await trx
      .selectFrom('apPlan')
      .select(['id', 'enterpriseId', 'insurerId', 'providerOrgId', 'districtCode', 'name'])
      .where('recordState', '=', 'confirmed')
      .where('enterpriseId', '!=', ent.id)
      .orderBy('id')
      .limit(10)
      .execute();
    if (confirmed.length)
      await trx
        .insertInto('evSatisfaction')
        .values(
          confirmed.map((p, i) => ({
            item: 'record' as const,
            targetId: p.id,
            enterpriseId: p.enterpriseId,
            insurerId: p.insurerId,
            serviceOrgId: p.providerOrgId,
            districtCode: p.districtCode,
            source: `事故预防服务 ${p.name}`,
            score: [5, 4, 4, 3, 5][i % 5]!,
            comment: ['服务人员专业，配合顺畅', '', '检查细致', '现场时间安排较紧', ''][i % 5]!,
            createdAt: new Date(now.getTime() - (i + 2) * 4 * DAY),
            createdBy: null,
          })),
        )
        .execute();

    // One annual evaluation of every insurer, recorded by the city regulator.
    const insurers = await trx
      .selectFrom('sysOrg')
      .select(['id', 'name'])
      .where('orgType', '=', 'insurer')
      .where('deletedAt', 'is', null)
      .orderBy('id')
      .execute();
    const year = Number(chinaDate(now).slice(0, 4)) - 1;
    const results = ['good', 'excellent', 'pass', 'good', 'fail'];
    for (const [i, ins] of insurers.entries()) {
      const reports = options.storage
        ? [
            await storeFileBytes(
              trx,
              options.storage,
              MINIMAL_PDF,
              `${ins.name}${year}年度事故预防服务评估报告.pdf`,
              { userId: gov.userId, orgId: gov.id },
              now,
            ),
          ]
        : [];
      await trx
        .insertInto('evApEval')
        .values({
          evalType: '01',
          year,
          projectName: `${year}年度安责险事故预防服务评估`,
          commissioningUnit: gov.name,
          insurerId: ins.id,
          implementingUnit: '江苏安评技术咨询有限公司',
          evalDate: `${year + 1}-03-${String(10 + i).padStart(2, '0')}`,
          result: results[i % results.length]!,
          score: [86, 93, 72, 84, 58][i % 5]!,
          summary: '服务计划执行基本到位，隐患排查覆盖率较高；培训频次与回访记录有待加强。',
          reports: JSON.stringify(reports),
          recorderOrgId: gov.id,
          recorderName: gov.nickname,
          createdAt: now,
          updatedAt: now,
          createdBy: gov.userId,
          updatedBy: gov.userId,
        })
        .execute();
    }
  });
}
