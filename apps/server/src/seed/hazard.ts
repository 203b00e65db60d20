import { addDays, chinaDate } from '@aqzrx/contracts';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { recomputeAllRisk, runAlarmRules } from '../modules/hazard/index.ts';

/**
 * Demo hidden dangers (issue 14), after the prevention demo: the service checks' rows get their finder
 * and enter rectification once their record was submitted; then the demo enterprises get hazards in every
 * rectification state (−1, 0, 1, 2 — one rejected twice), some overdue, major ones with and without a
 * governance plan, insurer checks and self-checks, in 宿城区 (ent, for `gov`) and 泗阳县 (for `gov_sy`),
 * regulator handlings (an urge, a penalty), the risk level of every enterprise (all four colours) and the
 * alarm job's first run (alarms for `gov`, `gov_sy` and `insurer`). Idempotent by a marker description.
 */
const MARK = '【演示】';

export async function seedHazardDemo(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  const today = chinaDate(now);
  const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`);
  await sql`UPDATE ap_hazard h SET finder_org_id = p.provider_org_id, live = (r.state <> 'draft')
    FROM ap_plan p, ap_record r WHERE p.id = h.plan_id AND r.id = h.record_id AND h.finder_org_id IS NULL`.execute(
    db,
  );
  const done = await db
    .selectFrom('apHazard')
    .select('id')
    .where('description', 'like', `${MARK}%`)
    .executeTakeFirst();
  if (done) return;

  await db.transaction().execute(async (trx: Transaction<DB>) => {
    const user = async (username: string) =>
      (await trx
        .selectFrom('sysUser')
        .select(['id', 'orgId', 'nickname'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow()) as { id: number; orgId: number; nickname: string };
    const ins = await user('insurer');
    const ent = await user('ent');
    const gov = await user('gov');
    const svc = await user('service');
    const insuredBy = async (district: string) =>
      trx
        .selectFrom('sysOrg as o')
        .innerJoin('insPolicy as ip', 'ip.enterpriseId', 'o.id')
        .select(['o.id', 'o.districtCode', 'ip.insurerId'])
        .where('o.orgType', '=', 'enterprise')
        .where('o.districtCode', '=', district)
        .where('ip.status', '=', 'approved')
        .where('ip.startDate', '<=', today)
        .where('ip.endDate', '>=', today)
        .where('ip.insurerId', '=', ins.orgId)
        .where('o.id', '!=', ent.orgId)
        .orderBy('o.id')
        .executeTakeFirst();
    const siyang = await insuredBy('321323');
    const sucheng2 = await insuredBy('321302');
    const photos =
      (
        await trx
          .selectFrom('apHazard')
          .select('photos')
          .where('source', '=', 1)
          .orderBy('id')
          .executeTakeFirst()
      )?.photos ?? [];

    // Service-check hazards of ent still open: one submitted (0), one rejected twice (2), one overdue.
    const open = await trx
      .selectFrom('apHazard')
      .select(['id', 'level', 'checkDate'])
      .select(sql<string>`to_char(check_date, 'YYYY-MM-DD')`.as('checkDay'))
      .where('enterpriseId', '=', ent.orgId)
      .where('live', '=', true)
      .where('rectifyStatus', '=', -1)
      .orderBy('id')
      .execute();
    const rect = (hazardId: number, seq: number, day: string, result: 'pass' | 'reject' | null) => ({
      hazardId,
      seq,
      rectifiedOn: day,
      dept: '生产部',
      person: '恒安安全员',
      description: seq > 1 ? '按复查意见返工，补充整改照片' : '已按整改建议完成整改',
      photos: JSON.stringify(photos.slice(0, 1)),
      submittedAt: at(day, 15),
      submittedBy: ent.id,
      submittedByName: ent.nickname,
      result,
      reviewDate: result ? day : null,
      reviewer: result ? '吴志明' : '',
      reviewDesc: result === 'pass' ? '现场复查，已整改到位' : '',
      rejectReason: result === 'reject' ? '整改照片未体现整改后状态，请补充' : '',
      reviewPhotos: '[]',
      reviewedAt: result ? at(day, 17) : null,
      reviewedBy: result ? svc.id : null,
      reviewedByName: result ? '安泰安全技术服务' : '',
    });
    const [a, b, c] = open;
    if (a) {
      await trx
        .insertInto('apHazardRectification')
        .values(rect(a.id, 1, addDays(today, -1), null))
        .execute();
      await trx
        .updateTable('apHazard')
        .set({ rectifyStatus: 0, rectifiedAt: at(addDays(today, -1), 15), rectifiedBy: ent.id })
        .where('id', '=', a.id)
        .execute();
    }
    if (b) {
      await trx
        .insertInto('apHazardRectification')
        .values([rect(b.id, 1, addDays(today, -6), 'reject'), rect(b.id, 2, addDays(today, -3), 'reject')])
        .execute();
      await trx
        .updateTable('apHazard')
        .set({
          rectifyStatus: 2,
          rejectCount: 2,
          reworkCount: 1,
          rejectReason: '整改照片未体现整改后状态，请补充',
        })
        .where('id', '=', b.id)
        .execute();
    }
    if (c)
      await trx
        .updateTable('apHazard')
        .set({ deadline: addDays(today, -5) })
        .where('id', '=', c.id)
        .execute();

    const plan = (principal: string, days: number) =>
      JSON.stringify({
        objectives: '消除重大事故隐患，恢复安全生产条件',
        methods: '停用相关设备，委托有资质单位检修改造，完成后组织验收',
        funding: '企业列支专项资金5万元，物资由设备部采购',
        responsible: '总经理负责，安全部监督，设备部实施',
        timeLimit: `${days}日内完成，每周报告进度`,
        safetyMeasures: '设置警戒区域，专人值守，停止相关区域作业',
        contingency: '启动企业综合应急预案，配备应急物资',
        principal,
        plannedDate: addDays(today, days),
        files: [],
        savedAt: at(addDays(today, -2), 10).toISOString(),
        savedBy: ent.id,
        savedByName: principal,
      });
    const base = {
      basis: '《重大事故隐患判定标准》',
      checkItem: '现场检查',
      hazardType: '设备设施',
      photos: JSON.stringify(photos.slice(0, 2)),
      createdAt: now,
      updatedAt: now,
      createdBy: null,
      updatedBy: null,
    };
    const rows: Insertable<DB['apHazard']>[] = [
      // ent (宿城区): an insurer check of a major hazard, overdue, with its governance plan.
      {
        ...base,
        source: 2,
        enterpriseId: ent.orgId,
        insurerId: ins.orgId,
        finderOrgId: ins.orgId,
        districtCode: '321302',
        checkDate: addDays(today, -30),
        description: `${MARK}液氨储罐区可燃气体报警装置失效`,
        level: 2,
        location: '储罐区',
        recommendation: '立即停用储罐区作业，更换报警装置并联动切断阀',
        foundBy: '人保风控 周工',
        rectifyDept: '设备部',
        deadline: addDays(today, -3),
        reportedAt: at(addDays(today, -30), 11),
        governancePlan: plan('恒安化工总经理', 10),
      },
      // ent: an insurer check, general, to be rectified.
      {
        ...base,
        source: 2,
        enterpriseId: ent.orgId,
        insurerId: ins.orgId,
        finderOrgId: ins.orgId,
        districtCode: '321302',
        checkDate: addDays(today, -4),
        description: `${MARK}危化品仓库未张贴安全周知卡`,
        level: 1,
        location: '危化品仓库',
        recommendation: '张贴安全周知卡',
        foundBy: '人保风控 周工',
        rectifyDept: '仓储部',
        deadline: addDays(today, 6),
      },
      // ent self-checks: −1 (major, no plan yet), 0 (submitted for acceptance), 1 (accepted).
      {
        ...base,
        source: 3,
        enterpriseId: ent.orgId,
        insurerId: ins.orgId,
        finderOrgId: ent.orgId,
        districtCode: '321302',
        checkDate: addDays(today, -2),
        description: `${MARK}反应釜安全阀校验过期`,
        level: 2,
        location: '合成车间',
        recommendation: '停用反应釜，送检安全阀',
        foundBy: '恒安安全员',
        rectifyDept: '设备部',
        acceptDept: '安全部',
        deadline: addDays(today, 12),
        reportedAt: at(addDays(today, -2), 9),
      },
      {
        ...base,
        source: 3,
        enterpriseId: ent.orgId,
        insurerId: ins.orgId,
        finderOrgId: ent.orgId,
        districtCode: '321302',
        checkDate: addDays(today, -8),
        description: `${MARK}车间消防通道堆放杂物`,
        level: 1,
        location: '包装车间',
        recommendation: '清理通道',
        foundBy: '恒安安全员',
        rectifyDept: '生产部',
        acceptDept: '安全部',
        deadline: addDays(today, 2),
        rectifyStatus: 0,
        rectifiedAt: at(addDays(today, -1), 16),
      },
      {
        ...base,
        source: 3,
        enterpriseId: ent.orgId,
        insurerId: ins.orgId,
        finderOrgId: ent.orgId,
        districtCode: '321302',
        checkDate: addDays(today, -20),
        description: `${MARK}配电房门未上锁`,
        level: 1,
        location: '配电房',
        recommendation: '加装门锁',
        foundBy: '恒安安全员',
        rectifyDept: '设备部',
        acceptDept: '安全部',
        fixImmediately: true,
        rectifyStatus: 1,
        state: 2,
        completedAt: at(addDays(today, -19), 10),
        acceptedAt: at(addDays(today, -19), 10),
      },
    ];
    if (siyang)
      rows.push(
        // 泗阳县 (gov_sy): a major hazard open past its deadline with no plan, and a general one rejected.
        {
          ...base,
          source: 2,
          enterpriseId: siyang.id,
          insurerId: ins.orgId,
          finderOrgId: ins.orgId,
          districtCode: '321323',
          checkDate: addDays(today, -25),
          description: `${MARK}粉尘涉爆车间除尘系统未设置泄爆装置`,
          level: 2,
          location: '打磨车间',
          recommendation: '停止打磨作业，加装泄爆片和火花探测装置',
          foundBy: '人保风控 周工',
          rectifyDept: '设备部',
          deadline: addDays(today, -10),
          reportedAt: at(addDays(today, -25), 10),
        },
        {
          ...base,
          source: 2,
          enterpriseId: siyang.id,
          insurerId: ins.orgId,
          finderOrgId: ins.orgId,
          districtCode: '321323',
          checkDate: addDays(today, -12),
          description: `${MARK}叉车司机无证上岗`,
          level: 1,
          location: '仓库',
          recommendation: '安排持证司机，组织培训取证',
          foundBy: '人保风控 周工',
          rectifyDept: '物流部',
          deadline: addDays(today, -2),
          rectifyStatus: 2,
          rejectCount: 1,
          reworkCount: 0,
          rejectReason: '未提供司机特种作业操作证',
        },
      );
    if (sucheng2)
      rows.push({
        // Another 宿城区 enterprise: a major hazard under rectification (its risk level 较大 or above).
        ...base,
        source: 2,
        enterpriseId: sucheng2.id,
        insurerId: ins.orgId,
        finderOrgId: ins.orgId,
        districtCode: '321302',
        checkDate: addDays(today, -6),
        description: `${MARK}有限空间作业未执行审批和检测`,
        level: 2,
        location: '污水池',
        recommendation: '暂停有限空间作业，建立审批制度，配备检测仪',
        foundBy: '人保风控 周工',
        rectifyDept: '生产部',
        deadline: addDays(today, 20),
        reportedAt: at(addDays(today, -6), 10),
        governancePlan: plan('企业负责人', 20),
      });
    const inserted = await trx
      .insertInto('apHazard')
      .values(rows)
      .returning(['id', 'description', 'rectifyStatus'])
      .execute();
    const idOf = (text: string) => inserted.find((r) => r.description.includes(text))?.id;
    const submitted = idOf('消防通道堆放杂物');
    if (submitted)
      await trx
        .insertInto('apHazardRectification')
        .values(rect(submitted, 1, addDays(today, -1), null))
        .execute();
    const rejected = idOf('叉车司机无证上岗');
    if (rejected)
      await trx
        .insertInto('apHazardRectification')
        .values({
          ...rect(rejected, 1, addDays(today, -4), 'reject'),
          rejectReason: '未提供司机特种作业操作证',
        })
        .execute();
    // The regulator's handlings: an urge on ent's overdue major hazard, a penalty in 泗阳县.
    const handling = async (
      hazardId: number | undefined,
      kind: 'urge' | 'penalty',
      text: string,
      amount: number | null,
    ) => {
      if (!hazardId) return;
      await trx
        .insertInto('apHazardHandling')
        .values({
          hazardId,
          kind,
          handledOn: addDays(today, -1),
          description: text,
          penaltyAmount: amount,
          files: '[]',
          orgId: gov.orgId,
          byUser: gov.id,
          byName: gov.nickname,
          createdAt: at(addDays(today, -1), 14),
        })
        .execute();
      await trx
        .updateTable('apHazard')
        .set({ handlingCount: sql`handling_count + 1`, lastHandling: kind })
        .where('id', '=', hazardId)
        .execute();
    };
    await handling(idOf('可燃气体报警装置失效'), 'urge', '电话督促企业按治理方案限期完成整改', null);
    await handling(idOf('泄爆装置'), 'penalty', '现场检查发现未整改，依法责令停产整顿并处罚款', 30000);
  });

  // Every enterprise's risk level, then the alarm job's first run.
  await recomputeAllRisk(db, 'initial', now);
  await db.transaction().execute((trx) => runAlarmRules(trx, now));
}
