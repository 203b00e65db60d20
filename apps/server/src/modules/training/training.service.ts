import {
  DISTRICTS,
  formatChinaTime,
  maskContactPhone,
  ORG_TYPES,
  type Paged,
  TRAINING_MODES,
  TRAINING_PHASES,
  TRAINING_SIGNUP_STATUS,
  TRAINING_STATUS,
  type TrainingDetail,
  type TrainingRow,
  type TrainingSignUpRow,
  type trainingAttendanceInput,
  type trainingCancelInput,
  trainingCapacityMessage,
  type trainingEditInput,
  type trainingInput,
  type trainingListFilters,
  type trainingListQuery,
  trainingPhase,
  type trainingSignUpCancelInput,
  type trainingSignUpInput,
  WS_INDUSTRIES,
} from '@aqzrx/contracts';
import type { z } from 'zod';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { decryptPhone, encryptPhone } from '../../platform/pii.ts';
import { maskedPhone, unmaskPhone } from '../../platform/reveal.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { notify } from '../message/index.ts';
import type { ActivityActor } from './activity-actor.ts';
import { assertAttachableFiles, fileInfos } from './files.ts';
import {
  type EnterpriseProfile,
  enterpriseProfile,
  filteredTrainings,
  latestSignUps,
  lockTraining,
  type SignUpDbRow,
  seatsTaken,
  signedEnterpriseIds,
  signUpSelect,
  type TrainingDbRow,
  targetEnterprises,
  trainingScope,
  trainingSelect,
} from './training.repo.ts';

const NOT_FOUND = '培训不存在';
const SIGNUP_NOT_FOUND = '培训报名不存在';

const split = (s: string) => (s ? s.split(',') : []);
const districtNames = (codes: string[]) => codes.map((c) => DISTRICTS.label(c) || c).join('、');
const industryNames = (codes: string[]) =>
  codes.length === 0 ? '全部行业' : codes.map((c) => WS_INDUSTRIES.label(c) || c).join('、');

function toSignUp(s: SignUpDbRow): TrainingSignUpRow {
  return {
    id: s.id,
    trainingId: s.trainingId,
    enterpriseId: s.enterpriseId,
    enterpriseName: s.enterpriseName,
    districtCode: s.districtCode ?? '',
    districtName: DISTRICTS.label(s.districtCode) || '',
    participants: s.participants,
    contactName: s.contactName,
    contactPhone: maskedPhone(decryptPhone(s.contactPhoneEnc)),
    remark: s.remark,
    status: s.status,
    statusLabel: TRAINING_SIGNUP_STATUS.label(s.status),
    signedAt: s.signedAt.toISOString(),
    cancelledAt: s.cancelledAt?.toISOString() ?? null,
    attended: s.attended,
    attendeeCount: s.attendeeCount,
    version: s.version,
  };
}

function toRow(
  r: TrainingDbRow,
  actor: ActivityActor,
  now: Date,
  mine: SignUpDbRow | undefined,
  ent: EnterpriseProfile | undefined,
): TrainingRow {
  const signed = Number(r.signedParticipants);
  const phase = trainingPhase({ ...r, signedParticipants: signed }, now);
  const own = actor.kind === 'publisher' && actor.orgId === r.publisherOrgId;
  const published = r.status === 'published';
  const before = now < r.startsAt;
  const targets = split(r.targetDistricts);
  const industries = split(r.targetIndustries);
  const eligible =
    ent !== undefined &&
    targets.includes(ent.districtCode) &&
    (industries.length === 0 || industries.includes(ent.industryTop));
  const active = mine?.status === 'signed';
  return {
    id: r.id,
    topic: r.topic,
    mode: r.mode,
    modeLabel: TRAINING_MODES.label(r.mode),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    place: r.place,
    onlineLink: r.onlineLink,
    capacity: r.capacity,
    signedParticipants: signed,
    signedEnterprises: Number(r.signedEnterprises),
    seatsLeft: Math.max(0, r.capacity - signed),
    targetDistricts: targets,
    targetDistrictNames: districtNames(targets),
    targetIndustries: industries,
    targetIndustryNames: industryNames(industries),
    status: r.status,
    statusLabel: TRAINING_STATUS.label(r.status),
    phase,
    phaseLabel: TRAINING_PHASES.label(phase),
    publisherId: r.publisherOrgId,
    publisherName: r.publisherName,
    publisherType: r.publisherType,
    publisherTypeLabel: ORG_TYPES.label(r.publisherType),
    attendedEnterprises: Number(r.attendedEnterprises),
    attendees: Number(r.attendees),
    createdAt: r.createdAt.toISOString(),
    version: r.version,
    mySignUp: mine ? toSignUp(mine) : null,
    actions: {
      edit: own && published && before,
      cancel: own && published && now < r.endsAt,
      record: own && r.status !== 'cancelled' && !before,
      signUp:
        actor.kind === 'enterprise' && published && before && eligible && !active && signed < r.capacity,
      cancelSignUp: actor.kind === 'enterprise' && published && before && active,
    },
  };
}

async function profileOf(db: Db, actor: ActivityActor) {
  return actor.kind === 'enterprise' ? enterpriseProfile(db, actor.orgId) : undefined;
}

export async function listTrainings(
  db: Db,
  actor: ActivityActor,
  q: z.output<typeof trainingListQuery>,
  now: Date,
): Promise<Paged<TrainingRow>> {
  const ent = await profileOf(db, actor);
  const qb = filteredTrainings(db, actor, q, now, ent);
  const total = await qb
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('c'))
    .executeTakeFirstOrThrow();
  // Open sessions soonest first; other lists newest first.
  const openView = actor.kind === 'enterprise' && q.view !== 'mine';
  const rows = await qb
    .orderBy('t.startsAt', openView ? 'asc' : 'desc')
    .orderBy('t.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  const mine =
    actor.kind === 'enterprise'
      ? await latestSignUps(
          db,
          actor.orgId,
          rows.map((r) => r.id),
        )
      : new Map<number, SignUpDbRow>();
  return {
    list: rows.map((r) => toRow(r, actor, now, mine.get(r.id), ent)),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Every session under the filters (the .xlsx export), newest first. */
export async function exportTrainings(
  db: Db,
  actor: ActivityActor,
  q: z.output<typeof trainingListFilters>,
  now: Date,
  cap: number,
): Promise<TrainingRow[]> {
  const ent = await profileOf(db, actor);
  const rows = await filteredTrainings(db, actor, q, now, ent)
    .orderBy('t.startsAt', 'desc')
    .orderBy('t.id', 'desc')
    .limit(cap)
    .execute();
  return rows.map((r) => toRow(r, actor, now, undefined, ent));
}

/** One session in the caller's scope (404 otherwise), with its files and sign-ups. */
export async function getTraining(
  db: Db,
  actor: ActivityActor,
  id: number,
  now: Date,
): Promise<TrainingDetail> {
  const ent = await profileOf(db, actor);
  const r = await trainingScope(
    trainingSelect(db).select([
      't.description',
      't.contactName',
      't.contactPhoneEnc',
      't.materials',
      't.photos',
      't.summary',
      't.recordedAt',
      't.cancelReason',
      't.cancelledAt',
    ]),
    actor,
    ent,
  )
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound(NOT_FOUND);
  let signUps = signUpSelect(db).where('s.trainingId', '=', id);
  if (actor.kind === 'enterprise') signUps = signUps.where('s.enterpriseId', '=', actor.orgId);
  const [list, materials, photos] = await Promise.all([
    signUps.orderBy('s.id').execute(),
    fileInfos(db, r.materials),
    fileInfos(db, r.photos),
  ]);
  const mine =
    actor.kind === 'enterprise'
      ? (list.filter((s) => s.status === 'signed').at(-1) ?? list.at(-1))
      : undefined;
  return {
    ...toRow(r, actor, now, mine, ent),
    description: r.description,
    contactName: r.contactName,
    contactPhone: maskedPhone(decryptPhone(r.contactPhoneEnc)),
    materials,
    photos,
    summary: r.summary,
    recordedAt: r.recordedAt?.toISOString() ?? null,
    cancelReason: r.cancelReason,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    signUps: list.map(toSignUp),
  };
}

/** The full contact phone of a session in the caller's scope (the reveal of kind training, P04). */
export async function trainingContactPhone(db: Db, actor: ActivityActor, id: number): Promise<string> {
  const ent = await profileOf(db, actor);
  const r = await trainingScope(trainingSelect(db).select('t.contactPhoneEnc'), actor, ent)
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound(NOT_FOUND);
  return decryptPhone(r.contactPhoneEnc);
}

/**
 * The full contact phone of a sign-up the caller sees in a session's detail (kind trainingSignUp): a session
 * in scope, and for an enterprise only its own sign-ups.
 */
export async function signUpContactPhone(db: Db, actor: ActivityActor, id: number): Promise<string> {
  const s = await db
    .selectFrom('apTrainingSignup')
    .select(['trainingId', 'enterpriseId', 'contactPhoneEnc'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!s || (actor.kind === 'enterprise' && s.enterpriseId !== actor.orgId)) throw notFound(SIGNUP_NOT_FOUND);
  const ent = await profileOf(db, actor);
  const t = await trainingScope(trainingSelect(db), actor, ent)
    .where('t.id', '=', s.trainingId)
    .executeTakeFirst();
  if (!t) throw notFound(SIGNUP_NOT_FOUND);
  return decryptPhone(s.contactPhoneEnc);
}

/** The stored files of a session the caller may open (for the download route). */
export async function trainingFiles(db: Db, actor: ActivityActor, id: number): Promise<string[]> {
  const ent = await profileOf(db, actor);
  const r = await trainingScope(trainingSelect(db).select(['t.materials', 't.photos']), actor, ent)
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound(NOT_FOUND);
  return [...r.materials, ...r.photos];
}

function publisherOf(actor: ActivityActor) {
  if (actor.kind !== 'publisher') throw forbidden('只有保险机构、服务机构或专家可以发布和管理培训');
  return actor;
}

const timeText = (d: Date) => formatChinaTime(d, 'minute');

function announcement(
  input: { startsAt: Date; endsAt: Date; mode: string; place: string },
  publisher: string,
) {
  const where = input.mode === 'online' ? '线上' : input.place;
  return `发布机构：${publisher}；时间：${timeText(input.startsAt)} 至 ${timeText(input.endsAt)}；地点：${where}。`;
}

/** A publisher publishes a session; the enterprises it targets are told. */
export async function addTraining(
  trx: Tx,
  auth: AuthContext,
  actor: ActivityActor,
  input: z.output<typeof trainingInput>,
  now: Date,
): Promise<number> {
  const p = publisherOf(actor);
  if (input.startsAt <= now) throw badRequest('培训开始时间须晚于当前时间');
  const materials = await assertAttachableFiles(trx, auth, input.materials, '培训资料');
  const row = await trx
    .insertInto('apTraining')
    .values({
      publisherOrgId: p.orgId,
      publisherType: p.side,
      topic: input.topic,
      mode: input.mode,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      place: input.place,
      onlineLink: input.onlineLink,
      capacity: input.capacity,
      targetDistricts: input.targetDistricts.join(','),
      targetIndustries: input.targetIndustries.join(','),
      description: input.description,
      contactName: input.contactName,
      contactPhoneEnc: encryptPhone(unmaskPhone(input.contactPhone, [])),
      materials: JSON.stringify(materials),
      photos: '[]',
      createdAt: now,
      updatedAt: now,
      createdBy: p.userId,
      updatedBy: p.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const targets = await targetEnterprises(trx, input.targetDistricts, input.targetIndustries);
  await notify(
    trx,
    'training.published',
    {
      id: row.id,
      no: input.topic,
      enterpriseName: '',
      enterpriseIds: targets,
      detail: announcement(input, p.orgName),
    },
    { now, actorId: p.userId },
  );
  return row.id;
}

/** The publisher's own session, locked, or 404. */
async function ownTraining(trx: Tx, actor: ActivityActor, id: number) {
  const p = publisherOf(actor);
  const t = await lockTraining(trx, id);
  if (!t || t.publisherOrgId !== p.orgId) throw notFound(NOT_FOUND);
  return { p, t };
}

/** The publisher changes a session before it starts; seats already taken stay within the capacity. */
export async function editTraining(
  trx: Tx,
  auth: AuthContext,
  actor: ActivityActor,
  input: z.output<typeof trainingEditInput>,
  now: Date,
): Promise<void> {
  const { p, t } = await ownTraining(trx, actor, input.id);
  assertVersion(t, input.version);
  if (t.status !== 'published') throw conflict(`培训${TRAINING_STATUS.label(t.status)}，不能修改`);
  if (now >= t.startsAt) throw conflict('培训已开始，不能修改；结束后请登记签到和培训情况');
  if (input.startsAt <= now) throw badRequest('培训开始时间须晚于当前时间');
  const taken = await seatsTaken(trx, t.id);
  if (input.capacity < taken)
    throw conflict(`培训名额不能少于已报名人数：已报名${taken}人，请将名额设为${taken}或以上`);
  const materials = await assertAttachableFiles(trx, auth, input.materials, '培训资料');
  await updateVersioned(
    trx,
    'apTraining',
    { id: t.id, version: input.version },
    {
      topic: input.topic,
      mode: input.mode,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      place: input.place,
      onlineLink: input.onlineLink,
      capacity: input.capacity,
      targetDistricts: input.targetDistricts.join(','),
      targetIndustries: input.targetIndustries.join(','),
      description: input.description,
      contactName: input.contactName,
      // The edit form shows the number masked (P04): sent back unchanged, it keeps the stored one.
      contactPhoneEnc: encryptPhone(unmaskPhone(input.contactPhone, [decryptPhone(t.contactPhoneEnc)])),
      materials: JSON.stringify(materials),
      updatedAt: now,
      updatedBy: p.userId,
    },
  );
}

/** The publisher calls a session off before it ends; the enterprises signed up are told. */
export async function cancelTraining(
  trx: Tx,
  actor: ActivityActor,
  input: z.output<typeof trainingCancelInput>,
  now: Date,
): Promise<void> {
  const { p, t } = await ownTraining(trx, actor, input.id);
  assertVersion(t, input.version);
  if (t.status !== 'published') throw conflict(`培训${TRAINING_STATUS.label(t.status)}，不能取消`);
  if (now >= t.endsAt) throw conflict('培训已结束，不能取消；请登记签到和培训情况');
  await updateVersioned(
    trx,
    'apTraining',
    { id: t.id, version: input.version },
    {
      status: 'cancelled',
      cancelReason: input.reason,
      cancelledAt: now,
      updatedAt: now,
      updatedBy: p.userId,
    },
  );
  await notify(
    trx,
    'training.cancelled',
    {
      id: t.id,
      no: t.topic,
      enterpriseName: '',
      enterpriseIds: await signedEnterpriseIds(trx, t.id),
      detail: input.reason,
    },
    { now, actorId: p.userId },
  );
}

/**
 * After the start the publisher records attendance for every active sign-up, the summary and photos; the
 * session becomes 已完成 (and counts as a type-01 service for each attending enterprise). Recording again
 * corrects it.
 */
export async function recordAttendance(
  trx: Tx,
  auth: AuthContext,
  actor: ActivityActor,
  input: z.output<typeof trainingAttendanceInput>,
  now: Date,
): Promise<{ attendedEnterprises: number; attendees: number }> {
  const { p, t } = await ownTraining(trx, actor, input.id);
  assertVersion(t, input.version);
  if (t.status === 'cancelled') throw conflict('培训已取消，不能登记签到');
  if (now < t.startsAt) throw conflict(`培训尚未开始（${timeText(t.startsAt)} 开始），开始后才能登记签到`);
  const signUps = await trx
    .selectFrom('apTrainingSignup as s')
    .innerJoin('sysOrg as eo', 'eo.id', 's.enterpriseId')
    .select(['s.id', 's.version', 'eo.name'])
    .where('s.trainingId', '=', t.id)
    .where('s.status', '=', 'signed')
    .orderBy('s.id')
    .execute();
  const given = new Map(input.attendance.map((a) => [a.signUpId, a]));
  if (given.size !== input.attendance.length) throw conflict('签到记录中有重复的报名');
  const unknown = input.attendance.filter((a) => !signUps.some((s) => s.id === a.signUpId));
  if (unknown.length > 0)
    throw conflict(`签到记录中的报名 ${unknown.map((a) => a.signUpId).join('、')} 不属于本场培训或已取消`);
  const missing = signUps.filter((s) => !given.has(s.id));
  if (missing.length > 0)
    throw conflict(`请登记每家报名企业的参加情况，尚未登记：${missing.map((s) => s.name).join('、')}`);
  const photos = await assertAttachableFiles(trx, auth, input.photos, '培训照片');
  const materials = await assertAttachableFiles(trx, auth, input.materials, '培训资料');
  let attendedEnterprises = 0;
  let attendees = 0;
  for (const s of signUps) {
    const a = given.get(s.id)!;
    if (a.attended) {
      attendedEnterprises += 1;
      attendees += a.attendeeCount;
    }
    await updateVersioned(
      trx,
      'apTrainingSignup',
      { id: s.id, version: s.version },
      { attended: a.attended, attendeeCount: a.attendeeCount, updatedAt: now, updatedBy: p.userId },
    );
  }
  await updateVersioned(
    trx,
    'apTraining',
    { id: t.id, version: input.version },
    {
      status: 'completed',
      summary: input.summary,
      photos: JSON.stringify(photos),
      materials: JSON.stringify(materials),
      recordedAt: now,
      recordedBy: p.userId,
      updatedAt: now,
      updatedBy: p.userId,
    },
  );
  return { attendedEnterprises, attendees };
}

/** An enterprise signs up for a session it is targeted by, before it starts, within the seats left. */
export async function signUp(
  trx: Tx,
  actor: ActivityActor,
  input: z.output<typeof trainingSignUpInput>,
  now: Date,
): Promise<number> {
  if (actor.kind !== 'enterprise') throw forbidden('只有企业可以报名培训');
  const ent = await enterpriseProfile(trx, actor.orgId);
  const visible = await trainingScope(trx.selectFrom('apTraining as t').select('t.id'), actor, ent)
    .where('t.id', '=', input.trainingId)
    .executeTakeFirst();
  if (!visible) throw notFound(NOT_FOUND);
  const t = (await lockTraining(trx, input.trainingId))!;
  if (t.status !== 'published') throw conflict(`培训${TRAINING_STATUS.label(t.status)}，不能报名`);
  if (now >= t.startsAt) throw conflict('培训已开始，报名已截止');
  const targets = split(t.targetDistricts);
  const industries = split(t.targetIndustries);
  if (!targets.includes(ent.districtCode) || (industries.length > 0 && !industries.includes(ent.industryTop)))
    throw conflict(
      `本场培训面向${districtNames(targets)}的${industryNames(industries)}企业，贵企业不在报名范围内`,
    );
  const existing = await trx
    .selectFrom('apTrainingSignup')
    .select('id')
    .where('trainingId', '=', t.id)
    .where('enterpriseId', '=', actor.orgId)
    .where('status', '=', 'signed')
    .executeTakeFirst();
  if (existing) throw conflict('贵企业已报名本场培训，请勿重复报名；如需修改人数，请先取消报名再重新报名');
  const taken = await seatsTaken(trx, t.id);
  if (taken + input.participants > t.capacity)
    throw conflict(trainingCapacityMessage(t.capacity, taken, input.participants));
  const row = await trx
    .insertInto('apTrainingSignup')
    .values({
      trainingId: t.id,
      enterpriseId: actor.orgId,
      participants: input.participants,
      contactName: input.contactName,
      contactPhoneEnc: encryptPhone(input.contactPhone),
      remark: input.remark,
      signedAt: now,
      attended: null,
      attendeeCount: null,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await notify(
    trx,
    'training.signedUp',
    {
      id: t.id,
      no: t.topic,
      enterpriseId: actor.orgId,
      enterpriseName: ent.name,
      publisherOrgId: t.publisherOrgId,
      publisherSide: t.publisherType,
      // Messages are stored as written: the number goes in masked (the sign-up list shows it in full).
      detail: `报名${input.participants}人，联系人${input.contactName}（${maskContactPhone(input.contactPhone)}）。`,
    },
    { now, actorId: actor.userId },
  );
  return row.id;
}

/** The enterprise cancels its own sign-up before the session starts. */
export async function cancelSignUp(
  trx: Tx,
  actor: ActivityActor,
  input: z.output<typeof trainingSignUpCancelInput>,
  now: Date,
): Promise<void> {
  if (actor.kind !== 'enterprise') throw forbidden('只有企业可以取消自己的培训报名');
  const s = await trx
    .selectFrom('apTrainingSignup')
    .selectAll()
    .where('id', '=', input.id)
    .where('enterpriseId', '=', actor.orgId)
    .forUpdate()
    .executeTakeFirst();
  if (!s) throw notFound(SIGNUP_NOT_FOUND);
  assertVersion(s, input.version);
  if (s.status !== 'signed') throw conflict('该报名已取消');
  const t = (await lockTraining(trx, s.trainingId))!;
  if (t.status !== 'published') throw conflict(`培训${TRAINING_STATUS.label(t.status)}，无需取消报名`);
  if (now >= t.startsAt) throw conflict('培训已开始，不能取消报名');
  await updateVersioned(
    trx,
    'apTrainingSignup',
    { id: s.id, version: input.version },
    { status: 'cancelled', cancelledAt: now, updatedAt: now, updatedBy: actor.userId },
  );
  await notify(
    trx,
    'training.signUpCancelled',
    {
      id: t.id,
      no: t.topic,
      enterpriseId: actor.orgId,
      enterpriseName: (await enterpriseProfile(trx, actor.orgId)).name,
      publisherOrgId: t.publisherOrgId,
      publisherSide: t.publisherType,
      detail: `释放名额${s.participants}个。`,
    },
    { now, actorId: actor.userId },
  );
}
