import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_HANDLER_KINDS,
  COMPLAINT_RELATED_KINDS,
  COMPLAINT_STATES,
  COMPLAINT_STEPS,
  COMPLAINT_TARGET_KINDS,
  type ComplaintDetail,
  type ComplaintListQuery,
  type ComplaintRow,
  ComplaintState,
  type ComplaintTimelineEntry,
  chinaDate,
} from '@aqzrx/contracts';
import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../../db/sql.ts';
import type { CpComplaintTable } from '../../db/tables/complaint.ts';
import type { Db } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { decryptPhone } from '../../platform/pii.ts';
import { maskedPhone } from '../../platform/reveal.ts';
import { attachmentFiles } from '../policy/index.ts';
import { type ComplaintRelation, complaintActions } from './complaint.machine.ts';
import { type CpActor, complaintScope, complaintVisible, regulatorDistricts } from './scope.ts';
import { loadCalendar, type WorkCalendarDays, workdaysLeft } from './workdays.ts';

export type ComplaintDbRow = Selectable<CpComplaintTable>;
export type ComplaintFilters = Omit<ComplaintListQuery, 'pageNo' | 'pageSize' | 'sortField' | 'sortOrder'>;

const iso = (d: Date | string | null): string | null =>
  d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

/** States in which the handler owes a reply against a running deadline. */
const TIMED: number[] = [ComplaintState.ACCEPTED, ComplaintState.HANDLING];

export interface RowContext {
  cal: WorkCalendarDays;
  today: string;
  warnDays: number;
}

export async function rowContext(db: Db, now: Date, warnDays: number): Promise<RowContext> {
  return { cal: await loadCalendar(db), today: chinaDate(now), warnDays };
}

export function toComplaintRow(r: ComplaintDbRow, ctx: RowContext): ComplaintRow {
  const timed = TIMED.includes(r.state) && r.deadline !== null;
  const left = timed && r.deadline ? workdaysLeft(ctx.cal, ctx.today, r.deadline) : null;
  const overdue = timed && r.deadline !== null && ctx.today > r.deadline;
  return {
    id: r.id,
    complaintNo: r.complaintNo,
    title: r.title,
    state: r.state,
    stateLabel: COMPLAINT_STATES.label(r.state),
    category: r.category,
    categoryLabel: COMPLAINT_CATEGORIES.label(r.category),
    targetKind: r.targetKind,
    targetKindLabel: COMPLAINT_TARGET_KINDS.label(r.targetKind),
    targetOrgId: r.targetOrgId,
    targetName: r.targetName,
    complainantName: r.complainantName,
    complainantUscc: r.complainantUscc,
    complainantRole: r.complainantSide,
    handlerKind: r.handlerKind,
    handlerOrgId: r.handlerOrgId,
    handlerName: r.handlerName,
    districtCode: r.districtCode ?? '',
    submittedAt: iso(r.submittedAt)!,
    acceptedAt: iso(r.acceptedAt),
    deadline: r.deadline,
    workDaysLeft: left,
    nearDeadline: timed && !overdue && left !== null && left <= ctx.warnDays,
    overdue,
    repliedLate: r.repliedLate,
    verificationNeeded: r.verificationNeeded,
    extended: r.extState === 'approved',
    repliedAt: iso(r.repliedAt),
    closedAt: iso(r.closedAt),
    satisfied: r.satisfied,
    version: r.version,
  };
}

/** The complaints of a view with the filters applied (select added by the caller). */
export function filtered(db: Db, a: CpActor, q: ComplaintFilters, today: string) {
  let s = db.selectFrom('cpComplaint as c').where(complaintScope(a, q.view));
  if (q.state !== undefined) s = s.where('c.state', '=', q.state);
  if (q.targetKind) s = s.where('c.targetKind', '=', q.targetKind);
  if (q.category) s = s.where('c.category', '=', q.category);
  if (q.orgId !== undefined) {
    const org = q.orgId;
    s = s.where((eb) => eb.or([eb('c.targetOrgId', '=', org), eb('c.handlerOrgId', '=', org)]));
  }
  if (q.districtCode) s = s.where('c.districtCode', '=', q.districtCode);
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    s = s.where((eb) =>
      eb.or([
        eb('c.complaintNo', 'ilike', p),
        eb('c.title', 'ilike', p),
        eb('c.complainantName', 'ilike', p),
        eb('c.targetName', 'ilike', p),
      ]),
    );
  }
  if (q.from) s = s.where('c.submittedAt', '>=', new Date(`${q.from}T00:00:00+08:00`));
  if (q.to)
    s = s.where('c.submittedAt', '<', new Date(new Date(`${q.to}T00:00:00+08:00`).getTime() + 86_400_000));
  if (q.overdue !== undefined) {
    const cond = sql<boolean>`(c.state IN (2, 3) AND c.deadline IS NOT NULL AND c.deadline < ${today})`;
    s = s.where(q.overdue ? cond : sql<boolean>`NOT ${cond}`);
  }
  return s;
}

/** Overdue first, then the nearest deadline, then the newest. */
export function ordered<O>(s: SelectQueryBuilder<DB & { c: DB['cpComplaint'] }, 'c', O>, today: string) {
  return s
    .orderBy(sql`(c.state IN (2, 3) AND c.deadline IS NOT NULL AND c.deadline < ${today})`, 'desc')
    .orderBy(sql`c.deadline asc nulls last`)
    .orderBy('c.id', 'desc');
}

export async function listComplaints(db: Db, a: CpActor, q: ComplaintListQuery, ctx: RowContext) {
  const { pageNo, pageSize, sortField: _f, sortOrder: _o, ...filters } = q;
  const [count, rows] = await Promise.all([
    filtered(db, a, filters, ctx.today)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    ordered(filtered(db, a, filters, ctx.today).selectAll('c'), ctx.today)
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
  ]);
  return {
    list: rows.map((r) => toComplaintRow(r, ctx)),
    total: Number(count.n),
    pageNum: pageNo,
    pageSize,
  };
}

/** The complaint if the caller may open it, else 404. */
export async function complaintInScope(db: Db, a: CpActor, id: number): Promise<ComplaintDbRow> {
  const r = await db
    .selectFrom('cpComplaint as c')
    .selectAll('c')
    .where('c.id', '=', id)
    .where(complaintVisible(a))
    .executeTakeFirst();
  if (!r) throw notFound('投诉不存在');
  return r;
}

/** The caller's relation to a complaint (the machine's `who`). */
export function relationOf(a: CpActor, r: ComplaintDbRow): ComplaintRelation {
  const complainant = a.kind !== 'government' && 'orgId' in a && a.orgId === r.complainantOrgId;
  const regulator =
    a.kind === 'government' && r.districtCode !== null && regulatorDistricts(a).includes(r.districtCode);
  let handler = false;
  if (r.handlerKind === 'insurer') handler = a.kind === 'insurer' && a.orgId === r.handlerOrgId;
  else if (r.handlerKind === 'admin') handler = a.kind === 'admin';
  else handler = regulator;
  return { complainant, handler, regulator };
}

export async function complaintDetail(
  db: Db,
  a: CpActor,
  r: ComplaintDbRow,
  ctx: RowContext,
): Promise<ComplaintDetail> {
  const who = relationOf(a, r);
  const insider = who.handler || who.regulator || (a.kind === 'insurer' && r.targetOrgId === a.orgId);
  let steps = db
    .selectFrom('cpComplaintStep')
    .selectAll()
    .where('complaintId', '=', r.id)
    .orderBy('at')
    .orderBy('id');
  if (!insider) steps = steps.where('internal', '=', false);
  const [timeline, files, replyFiles] = await Promise.all([
    steps.execute(),
    attachmentFiles(db, r.attachments),
    attachmentFiles(db, r.replyAttachments),
  ]);
  return {
    ...toComplaintRow(r, ctx),
    content: r.content,
    demand: r.demand,
    contactName: r.contactName,
    // Masked (P04): the full number through POST /api/pii/reveal (kind complaint).
    contactPhone: maskedPhone(decryptPhone(r.contactPhoneEnc)),
    attachments: files,
    related:
      r.relatedKind && r.relatedId
        ? {
            kind: r.relatedKind,
            kindLabel: COMPLAINT_RELATED_KINDS.label(r.relatedKind),
            id: r.relatedId,
            label: r.relatedLabel,
          }
        : null,
    verificationReason: r.verificationReason,
    extension:
      r.extState === null
        ? null
        : {
            days: r.extDays ?? 0,
            reason: r.extReason,
            state: r.extState,
            requestedAt: iso(r.extRequestedAt)!,
            decidedAt: iso(r.extDecidedAt),
            opinion: r.extOpinion,
            previousDeadline: r.extPrevDeadline,
          },
    reply:
      r.repliedAt === null
        ? null
        : {
            facts: r.replyFacts,
            basis: r.replyBasis,
            measures: r.replyMeasures,
            attachments: replyFiles,
            repliedAt: iso(r.repliedAt)!,
            repliedBy: r.repliedBy,
          },
    confirmation:
      r.confirmedAt === null || r.satisfied === null
        ? null
        : {
            satisfied: r.satisfied,
            score: r.score,
            opinion: r.confirmOpinion,
            at: iso(r.confirmedAt)!,
          },
    result: r.result,
    timeline: timeline.map(
      (s): ComplaintTimelineEntry => ({
        step: s.step,
        stepLabel: COMPLAINT_STEPS.label(s.step),
        at: iso(s.at)!,
        actorName: s.actorName,
        actorUnit: s.actorUnit,
        text: s.text,
        internal: s.internal,
      }),
    ),
    actions: complaintActions(r, who, ctx.today),
  };
}

export function handlerKindLabel(kind: string): string {
  return COMPLAINT_HANDLER_KINDS.label(kind);
}
