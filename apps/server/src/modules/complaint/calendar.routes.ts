import { envelope, RoleKey, workCalendar, workCalendarQuery, workCalendarSaveInput } from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Tx } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, forbidden, staleVersion } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { runComplaintTimers } from './timers.ts';
import { invalidateCalendar, isPackageYear, PACKAGE_YEARS, packageYear } from './workdays.ts';

const TAGS = ['complaint'];

async function calendarOf(db: Db, year: number) {
  if (isPackageYear(year))
    return {
      year,
      source: 'package',
      days: packageYear(year),
      packageYears: [...PACKAGE_YEARS],
      version: 0,
      updatedAt: null,
    };
  const head = await db
    .selectFrom('sysWorkCalendarYear')
    .selectAll()
    .where('year', '=', year)
    .executeTakeFirst();
  const days = await db
    .selectFrom('sysWorkCalendarDay')
    .select(['day', 'kind', 'name'])
    .where('year', '=', year)
    .orderBy('day')
    .execute();
  return {
    year,
    source: head ? 'custom' : 'none',
    days: days.map((d) => ({ date: d.day, kind: d.kind, name: d.name })),
    packageYears: [...PACKAGE_YEARS],
    version: head?.version ?? 0,
    updatedAt: head ? new Date(head.updatedAt).toISOString() : null,
  };
}

/** The administrator's working-day calendar (years the built-in package does not cover) and the timer job. */
export function calendarRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, settings } = app.deps;

  r.post(
    '/api/workCalendar/get',
    {
      schema: {
        tags: TAGS,
        summary: '工作日历（法定节假日与调休上班日；内置日历覆盖的年度只读）',
        querystring: workCalendarQuery,
        response: { 200: envelope(workCalendar) },
      },
      config: { permission: 'setting.query' },
    },
    async (req) => ok(await calendarOf(app.db, req.query.year)),
  );

  r.post(
    '/api/workCalendar/save',
    {
      schema: {
        tags: TAGS,
        summary: '保存某年度的法定节假日与调休上班日（内置日历未覆盖的年度；需提供 version，新年度为 0）',
        body: workCalendarSaveInput,
        response: { 200: envelope(z.object({ year: z.number(), version: z.number() })) },
      },
      config: { permission: 'setting.edit', audit: { module: '工作日历', kind: 'edit' } },
    },
    async (req) => {
      const { year, version: expected, days } = req.body;
      if (requireAuth(req).roleKey !== RoleKey.ADMIN) throw forbidden('只有运营中心管理员可以维护工作日历');
      if (isPackageYear(year))
        throw badRequest(`${year}年的节假日由内置日历（国务院办公厅通知）提供，无需维护`);
      const userId = requireAuth(req).userId;
      const now = clock.now();
      const version = await req.tx(
        async (trx: Tx) => {
          const head = await trx
            .selectFrom('sysWorkCalendarYear')
            .select('version')
            .where('year', '=', year)
            .forUpdate()
            .executeTakeFirst();
          if ((head?.version ?? 0) !== expected) throw staleVersion();
          let v = 1;
          if (head) {
            const row = await trx
              .updateTable('sysWorkCalendarYear')
              .set({ version: head.version + 1, updatedAt: now, updatedBy: userId })
              .where('year', '=', year)
              .returning('version')
              .executeTakeFirstOrThrow();
            v = row.version;
          } else {
            await trx
              .insertInto('sysWorkCalendarYear')
              .values({ year, updatedAt: now, updatedBy: userId })
              .execute();
          }
          await trx.deleteFrom('sysWorkCalendarDay').where('year', '=', year).execute();
          if (days.length)
            await trx
              .insertInto('sysWorkCalendarDay')
              .values(days.map((d) => ({ day: d.date, year, kind: d.kind, name: d.name })))
              .execute();
          afterCommit(trx, (db) => invalidateCalendar(db));
          return v;
        },
        { targetId: year },
      );
      invalidateCalendar(app.db);
      return ok({ year, version }, '工作日历已保存');
    },
  );

  r.post(
    '/api/complaint/timers/run',
    {
      schema: {
        tags: TAGS,
        summary: '立即运行投诉期限检查（临期提醒、超期标记；平时每小时自动运行）',
        response: { 200: envelope(z.object({ warned: z.number(), overdue: z.number() })) },
      },
      config: { permission: 'setting.edit', audit: { module: '投诉管理', kind: 'edit' } },
    },
    async (req) => {
      if (requireAuth(req).roleKey !== RoleKey.ADMIN) throw forbidden('只有运营中心管理员可以运行期限检查');
      return ok(await runComplaintTimers(app.db, clock.now(), (await settings.get('complaint')).warnDays));
    },
  );
}
