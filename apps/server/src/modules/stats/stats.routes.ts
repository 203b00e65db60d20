import {
  chinaDate,
  cockpit,
  cockpitQuery,
  DISTRICTS,
  duePeriods,
  envelope,
  paged,
  periodBounds,
  periodKey,
  type StatPeriod,
  statReportGenerateInput,
  statReportListQuery,
  statReportRow,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { chinaHourSlot, runClaimed } from '../../platform/job-claim.ts';
import { sendXlsx } from '../../platform/xlsx.ts';
import { cachedCockpit } from './cache.ts';
import { defaultCutoff, generateReport, listReports, reportFile } from './report.service.ts';
import { refreshRollups, warmUptake } from './rollup.ts';
import { statDistricts } from './scope.ts';
import { cityClaimTotals, computeCockpit } from './stats.service.ts';

const TAGS = ['stats'];
/** How often the per-day rollups are brought up to date in the background. */
const ROLLUP_REFRESH_MS = 60_000;
const MODULE = '统计报表';

/** The cockpit of the districts and period from the cache (stale-while-revalidate; cache.ts). */
function cockpitOf(app: FastifyInstance, ds: string[], period: StatPeriod, now: Date, unpaidDays: number) {
  const key = `${ds.join(',')}|${periodKey(period)}|${chinaDate(now)}|${unpaidDays}`;
  return cachedCockpit(app.db, key, now, () =>
    computeCockpit(app.db, ds, period, { now, unpaidDays, snapshotDb: app.deps.database.jobs() }),
  );
}

/**
 * Computes this year's cockpit of the city and of each district ahead of the first request (at start and
 * with each hourly tick), one after another, so a wall screen or a regulator opening the cockpit is answered
 * from the cache.
 */
async function warmCockpits(app: FastifyInstance): Promise<void> {
  const now = app.deps.clock.now();
  const unpaidDays = (await app.deps.settings.get('insurance')).claimUnpaidFlagDays;
  const period: StatPeriod = { kind: 'year', year: Number(chinaDate(now).slice(0, 4)), n: 0 };
  for (const ds of [DISTRICTS.map((d) => d.value), ...DISTRICTS.map((d) => [d.value])])
    await cockpitOf(app, ds, period, now, unpaidDays);
}

/** A period that has not begun yet cannot be counted (400 naming it). */
function assertStarted(p: StatPeriod, today: string) {
  if (periodBounds(p).from > today) throw badRequest(`统计周期尚未开始：${periodKey(p)}`);
}

/** The cockpit (数据驾驶舱) and the statistical reports (统计报表): README.md of this module. */
export function statsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, settings } = app.deps;

  const claimTotals = async () =>
    cityClaimTotals(app.db, clock.now(), (await settings.get('insurance')).claimUnpaidFlagDays);
  app.portalStats.register('claims', async () => (await claimTotals()).claims);
  app.portalStats.register('claimPaid', async () => (await claimTotals()).paid);

  r.post(
    '/api/stats/cockpit',
    {
      schema: {
        tags: TAGS,
        summary:
          '数据驾驶舱（参保、业务、理赔、事故预防、隐患、投诉与满意度、专家；本年度起默认，含同比；监管部门本辖区，运营中心全市）',
        querystring: cockpitQuery,
        response: { 200: envelope(cockpit) },
      },
      config: { permission: 'cockpit.query' },
    },
    async (req) => {
      const q = req.query;
      const now = clock.now();
      const today = chinaDate(now);
      const period: StatPeriod = { kind: q.kind, year: q.year ?? Number(today.slice(0, 4)), n: q.n };
      if (period.kind !== 'year' && q.n === 0) throw badRequest('请选择月份或季度（n）');
      assertStarted(period, today);
      const ds = await statDistricts(app.db, requireAuth(req), q.districtCode);
      const unpaidDays = (await settings.get('insurance')).claimUnpaidFlagDays;
      return ok(await cockpitOf(app, ds, period, now, unpaidDays));
    },
  );

  r.post(
    '/api/stats/report/list',
    {
      schema: {
        tags: TAGS,
        summary: '统计报表（月报、季报、年报）存档列表：区县监管部门本区县的，市级全市及各区县的',
        querystring: statReportListQuery,
        response: { 200: envelope(paged(statReportRow)) },
      },
      config: { permission: 'statReport.query' },
    },
    async (req) => ok(await listReports(app.db, await statDistricts(app.db, requireAuth(req)), req.query)),
  );

  r.post(
    '/api/stats/report/generate',
    {
      schema: {
        tags: TAGS,
        summary: '生成统计报表（同一周期、范围与数据截止日只生成一次，再次请求返回已存档的报表）',
        body: statReportGenerateInput,
        response: { 200: envelope(statReportRow.extend({ created: z.boolean() })) },
      },
      config: { permission: 'statReport.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req) => {
      const b = req.body;
      const now = clock.now();
      const today = chinaDate(now);
      const period: StatPeriod = { kind: b.kind, year: b.year, n: b.n };
      assertStarted(period, today);
      const { from } = periodBounds(period);
      const cutoff = b.cutoff ?? defaultCutoff(period, now);
      if (cutoff > today) throw badRequest('数据截止日不能晚于今天');
      if (cutoff < from) throw badRequest('数据截止日不能早于统计周期的第一天');
      if (cutoff > periodBounds(period).to) throw badRequest('数据截止日不能晚于统计周期的最后一天');
      const auth = requireAuth(req);
      const ds = await statDistricts(app.db, auth, b.districtCode);
      const unpaidDays = (await settings.get('insurance')).claimUnpaidFlagDays;
      const res = await req.tx(
        (trx) =>
          generateReport(trx, ds, period, {
            cutoff,
            now,
            unpaidDays,
            userId: auth.userId,
            trigger: 'manual',
          }),
        { targetId: (x) => x.row.id },
      );
      return ok(
        { ...res.row, created: res.created },
        res.created ? '报表已生成' : '该报表已存在，未重复生成',
      );
    },
  );

  r.get(
    '/api/stats/report/download',
    {
      schema: {
        tags: TAGS,
        summary: '下载存档的统计报表（与生成时的文件相同）',
        querystring: z.object({ id: z.coerce.number<number>().int().positive('请提供报表编号') }).strict(),
        response: { 200: xlsxResponse('统计报表工作簿') },
      },
      config: { permission: 'statReport.export', audit: { module: MODULE, kind: 'export' } },
    },
    async (req, reply) => {
      const f = await reportFile(app.db, await statDistricts(app.db, requireAuth(req)), req.query.id);
      if (!f) throw notFound('报表不存在');
      reply.header('x-content-sha256', f.sha256);
      return sendXlsx(reply, f.fileName, Buffer.from(f.content), 'report.xlsx');
    },
  );
}

/**
 * Makes the scheduled reports that are due and missing (the 5th of the next month, the 15th after a
 * quarter, 31 January): for the city and each district, cut off at the period's last day. Idempotent, so
 * a run after a missed day catches up and a second run makes nothing.
 */
export async function runDueReports(
  db: Parameters<typeof generateReport>[0],
  now: Date,
  unpaidDays: number,
): Promise<number> {
  let made = 0;
  const scopes = [DISTRICTS.map((d) => d.value), ...DISTRICTS.map((d) => [d.value])];
  for (const p of duePeriods(chinaDate(now))) {
    for (const ds of scopes) {
      const res = await generateReport(db, ds, p, {
        cutoff: periodBounds(p).to,
        now,
        unpaidDays,
        userId: null,
        trigger: 'schedule',
      });
      if (res.created) made++;
    }
  }
  return made;
}

/**
 * Brings the per-day rollups up to date every `rollupEveryMs` (a minute; rollup.ts) and makes today's uptake
 * snapshots ahead of the first request, then checks hourly for due reports and warms this year's cockpits
 * (all on the jobs connection: a year's figures of a city, or a bulk import's days, may take a while).
 */
export function registerReportSchedule(
  app: FastifyInstance,
  opts: { enabled: boolean; everyMs?: number; rollupEveryMs?: number },
): void {
  if (!opts.enabled) return;
  const { clock, settings } = app.deps;
  const timers: NodeJS.Timeout[] = [];
  let running = false;
  let lastReports = 0;
  const reportEvery = opts.everyMs ?? 3_600_000;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const jobs = app.deps.database.jobs();
      const now = clock.now();
      await refreshRollups(jobs, now);
      await warmUptake(jobs, now);
      if (Date.now() - lastReports >= reportEvery) {
        lastReports = Date.now();
        const days = (await settings.get('insurance')).claimUnpaidFlagDays;
        // Due reports are made by one instance an hour (platform/job-claim.ts); each warms its own cockpits.
        await runClaimed(app.db, 'statReports', chinaHourSlot(now), now, 50 * 60_000, async () => {
          const made = await runDueReports(jobs, now, days);
          if (made) app.log.info({ made }, 'scheduled statistical reports made');
        });
        await warmCockpits(app);
      }
    } catch (err) {
      app.log.error({ err }, 'statistics refresh or scheduled reports failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    const t = setInterval(() => void tick(), Math.min(reportEvery, opts.rollupEveryMs ?? ROLLUP_REFRESH_MS));
    t.unref();
    timers.push(t);
    void tick();
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
  });
}
