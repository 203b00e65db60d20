import { chinaDate, DISTRICTS, optionLabel, STAT_LABELS, WS_INDUSTRIES } from '@aqzrx/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/context.ts';
import { claimScope } from '../claims/index.ts';
import type { Actor } from '../enterprises/index.ts';
import { policyScope } from '../policies/index.ts';

/**
 * Insurer data pages (保费数据, 理赔数据, 预防数据, 综合查询): aggregates over the insurer's own
 * policies (lead or co-insurer) and their claims, by month, district or work-safety industry, with the
 * labels and units of spec 9. Issued policies only (approved or cancelled); a year is the policies'
 * start year and the claims' report year (China time).
 */
export type GroupBy = 'month' | 'district' | 'industry';
export type Dataset = 'premium' | 'claim' | 'ap';

const dayStart = (d: string) => new Date(`${d}T00:00:00+08:00`);
/** Month of a timestamptz in China time, independent of the session time zone. */
const chinaMonth = (col: string) =>
  sql<string>`to_char((${sql.ref(col)} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`;

function groupExpr(groupBy: GroupBy, kind: 'policy' | 'claim'): RawBuilder<string> {
  if (groupBy === 'district')
    return sql<string>`${sql.ref(kind === 'policy' ? 'p.districtCode' : 'c.districtCode')}`;
  if (groupBy === 'industry')
    return sql<string>`substring(${sql.ref(kind === 'policy' ? 'p.wsIndustryCode' : 'c.wsIndustryCode')} from 1 for 4)`;
  return kind === 'policy' ? sql<string>`to_char(p.start_date, 'YYYY-MM')` : chinaMonth('c.reportedAt');
}

/** Every group key of the dimension, so charts show zero bars instead of gaps. */
function allKeys(groupBy: GroupBy, year: number): Array<{ key: string; name: string }> {
  if (groupBy === 'month')
    return Array.from({ length: 12 }, (_, i) => {
      const key = `${year}-${String(i + 1).padStart(2, '0')}`;
      return { key, name: `${i + 1}月` };
    });
  if (groupBy === 'district') return DISTRICTS.map((d) => ({ key: d.value, name: d.label }));
  return WS_INDUSTRIES.map((i) => ({ key: i.value, name: i.label }));
}

function nameOf(groupBy: GroupBy, key: string): string {
  if (groupBy === 'district') return optionLabel(DISTRICTS, key) || key || '未知';
  if (groupBy === 'industry') return optionLabel(WS_INDUSTRIES, key) || key || '未分类';
  return key;
}

function merge<R extends Record<string, number>>(
  groupBy: GroupBy,
  year: number,
  rows: Array<{ key: string | null } & R>,
  zero: R,
): Array<{ key: string; name: string } & R> {
  const by = new Map(rows.map((r) => [r.key ?? '', r]));
  const keys = allKeys(groupBy, year);
  const out = keys.map((k) => ({ ...zero, ...(by.get(k.key) ?? {}), key: k.key, name: k.name }));
  for (const r of rows)
    if (!keys.some((k) => k.key === (r.key ?? '')))
      out.push({ ...r, key: r.key ?? '', name: nameOf(groupBy, r.key ?? '') });
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function issuedPolicies(db: Db, actor: Actor, year: number) {
  return policyScope(db.selectFrom('insPolicy as p'), actor)
    .where('p.status', 'in', ['approved', 'cancelled'])
    .where('p.startDate', '>=', `${year}-01-01`)
    .where('p.startDate', '<=', `${year}-12-31`);
}

export async function premiumData(db: Db, actor: Actor, year: number, groupBy: GroupBy) {
  const g = groupExpr(groupBy, 'policy');
  const rows = await issuedPolicies(db, actor, year)
    .select((eb) => [
      g.as('key'),
      eb.fn.countAll<number>().as('policies'),
      eb.fn.count<number>('p.enterpriseId').distinct().as('enterprises'),
      eb.fn.coalesce(eb.fn.sum<string>('p.premium'), sql<string>`0`).as('premium'),
      eb.fn.coalesce(eb.fn.sum<string>('p.perAccidentLimit'), sql<string>`0`).as('sumInsured'),
      eb.fn.coalesce(eb.fn.sum<string>('p.headcount'), sql<string>`0`).as('headcount'),
    ])
    .groupBy(g)
    .execute();
  const data = merge(
    groupBy,
    year,
    rows.map((r) => ({
      key: r.key,
      policies: Number(r.policies),
      enterprises: Number(r.enterprises),
      premium: round2(Number(r.premium)),
      sumInsuredWan: round2(Number(r.sumInsured) / 10000),
      headcount: Number(r.headcount),
    })),
    { policies: 0, enterprises: 0, premium: 0, sumInsuredWan: 0, headcount: 0 },
  );
  return {
    year,
    groupBy,
    columns: [
      { key: 'policies', label: '保单数', unit: '件' },
      {
        key: 'enterprises',
        label: STAT_LABELS.insuredEnterprises.label,
        unit: STAT_LABELS.insuredEnterprises.unit,
      },
      { key: 'premium', label: STAT_LABELS.premium.label, unit: STAT_LABELS.premium.unit },
      { key: 'sumInsuredWan', label: STAT_LABELS.sumInsured.label, unit: STAT_LABELS.sumInsured.unit },
      { key: 'headcount', label: '参保人数', unit: '人' },
    ],
    rows: data,
  };
}

export async function apData(db: Db, actor: Actor, year: number, groupBy: GroupBy) {
  const g = groupExpr(groupBy, 'policy');
  const rows = await issuedPolicies(db, actor, year)
    .select((eb) => [
      g.as('key'),
      eb.fn.countAll<number>().as('policies'),
      eb.fn.coalesce(eb.fn.sum<string>('p.preventionFee'), sql<string>`0`).as('preventionFee'),
      eb.fn.coalesce(eb.fn.sum<string>('p.premium'), sql<string>`0`).as('premium'),
      eb.fn.coalesce(eb.fn.sum<string>('p.preventionFrequency'), sql<string>`0`).as('services'),
    ])
    .groupBy(g)
    .execute();
  const data = merge(
    groupBy,
    year,
    rows.map((r) => {
      const premium = Number(r.premium);
      const fee = Number(r.preventionFee);
      return {
        key: r.key,
        policies: Number(r.policies),
        preventionFee: round2(fee),
        feeRatio: premium > 0 ? round2((fee / premium) * 100) : 0,
        services: Number(r.services),
      };
    }),
    { policies: 0, preventionFee: 0, feeRatio: 0, services: 0 },
  );
  return {
    year,
    groupBy,
    columns: [
      { key: 'policies', label: '保单数', unit: '件' },
      { key: 'preventionFee', label: STAT_LABELS.preventionFee.label, unit: STAT_LABELS.preventionFee.unit },
      { key: 'feeRatio', label: '占保费比例', unit: '%' },
      { key: 'services', label: '约定服务次数', unit: '次' },
    ],
    rows: data,
  };
}

export async function claimData(db: Db, actor: Actor, year: number, groupBy: GroupBy) {
  const g = groupExpr(groupBy, 'claim');
  const rows = await claimScope(db.selectFrom('insClaim as c'), actor)
    .where('c.reportedAt', '>=', dayStart(`${year}-01-01`))
    .where('c.reportedAt', '<', dayStart(`${year + 1}-01-01`))
    .where('c.phase', '!=', 'withdrawn')
    .select((eb) => [
      g.as('key'),
      eb.fn.countAll<number>().as('claims'),
      eb.fn.count<number>(sql`case when c.phase = 'closed' then 1 end`).as('closed'),
      eb.fn
        .coalesce(eb.fn.sum<string>(sql`coalesce(c.payout_total, c.advance_total)`), sql<string>`0`)
        .as('paid'),
      eb.fn.coalesce(eb.fn.sum<string>('c.deaths'), sql<string>`0`).as('deaths'),
      eb.fn.coalesce(eb.fn.sum<string>('c.injuries'), sql<string>`0`).as('injuries'),
    ])
    .groupBy(g)
    .execute();
  const data = merge(
    groupBy,
    year,
    rows.map((r) => {
      const claims = Number(r.claims);
      const closed = Number(r.closed);
      const paid = Number(r.paid);
      return {
        key: r.key,
        claims,
        closed,
        closeRate: claims > 0 ? round2((closed / claims) * 100) : 0,
        paid: round2(paid),
        avgPaid: closed > 0 ? round2(paid / closed) : 0,
        deaths: Number(r.deaths),
        injuries: Number(r.injuries),
      };
    }),
    { claims: 0, closed: 0, closeRate: 0, paid: 0, avgPaid: 0, deaths: 0, injuries: 0 },
  );
  return {
    year,
    groupBy,
    columns: [
      { key: 'claims', label: STAT_LABELS.claims.label, unit: STAT_LABELS.claims.unit },
      { key: 'closed', label: '结案数', unit: '件' },
      { key: 'closeRate', label: '结案率', unit: '%' },
      { key: 'paid', label: STAT_LABELS.claimPaid.label, unit: STAT_LABELS.claimPaid.unit },
      { key: 'avgPaid', label: '案均赔付金额', unit: '元' },
      { key: 'deaths', label: '死亡人数', unit: '人' },
      { key: 'injuries', label: '受伤人数', unit: '人' },
    ],
    rows: data,
  };
}

/** 综合查询: the six portal figures of spec 9 for this insurer and year, plus claim satisfaction. */
export async function summaryData(db: Db, actor: Actor, year: number, now: Date) {
  const today = chinaDate(now);
  const p = await issuedPolicies(db, actor, year)
    .select((eb) => [
      eb.fn.count<number>('p.enterpriseId').distinct().as('enterprises'),
      eb.fn.coalesce(eb.fn.sum<string>('p.premium'), sql<string>`0`).as('premium'),
      eb.fn.coalesce(eb.fn.sum<string>('p.perAccidentLimit'), sql<string>`0`).as('sumInsured'),
      eb.fn.coalesce(eb.fn.sum<string>('p.preventionFee'), sql<string>`0`).as('preventionFee'),
      eb.fn
        .count<number>(
          sql`case when p.status = 'approved' and p.start_date <= ${today} and p.end_date >= ${today} then 1 end`,
        )
        .as('inForce'),
    ])
    .executeTakeFirstOrThrow();
  const c = await claimScope(db.selectFrom('insClaim as c'), actor)
    .where('c.reportedAt', '>=', dayStart(`${year}-01-01`))
    .where('c.reportedAt', '<', dayStart(`${year + 1}-01-01`))
    .where('c.phase', '!=', 'withdrawn')
    .select((eb) => [
      eb.fn.countAll<number>().as('claims'),
      eb.fn
        .coalesce(eb.fn.sum<string>(sql`coalesce(c.payout_total, c.advance_total)`), sql<string>`0`)
        .as('paid'),
      eb.fn.avg<string>('c.satisfaction').as('satisfaction'),
    ])
    .executeTakeFirstOrThrow();
  const value = {
    insuredEnterprises: Number(p.enterprises),
    premium: round2(Number(p.premium)),
    sumInsured: round2(Number(p.sumInsured) / 10000),
    preventionFee: round2(Number(p.preventionFee)),
    claims: Number(c.claims),
    claimPaid: round2(Number(c.paid)),
  };
  return {
    year,
    items: (Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>).map((name) => ({
      name,
      ...STAT_LABELS[name],
      value: value[name],
    })),
    policiesInForce: Number(p.inForce),
    claimSatisfaction: c.satisfaction === null ? null : round2(Number(c.satisfaction)),
  };
}
