import {
  CITY_CODE,
  formatChinaTime,
  maskIdCard,
  maskMobile,
  OrgStatus,
  REG_KINDS,
  REG_STATUS,
  type RegCreateInput,
  type RegDetail,
  type RegManagerInput,
  type RegResubmitInput,
  RegStatus,
  RoleKey,
  UserStatus,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { SysRegistrationTable } from '../../db/tables/registration.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { AppError, badRequest, conflict, notFound, staleVersion } from '../../platform/errors.ts';
import { serverPasswordProblem } from '../../platform/password-strength.ts';
import { hashPassword } from '../../platform/passwords.ts';
import {
  blindIndex,
  decryptPhone,
  decryptPii,
  encryptPhone,
  encryptPii,
  phoneIndex,
} from '../../platform/pii.ts';
import { closeTodos, notify, type Side } from '../message/index.ts';
import { createExpert, upsertServiceOrgProfile } from '../pool/index.ts';

/** The city's expert panel an expert joins when they choose none (seeded by the base demo and production setup). */
export const DEFAULT_EXPERT_PANEL = '宿迁市安全生产专家委员会';

type Kind = SysRegistrationTable['kind'];
const ROLE_OF_KIND: Record<Exclude<Kind, 'manager'>, string> = {
  enterprise: RoleKey.ENT,
  service: RoleKey.SERVICE,
  expert: RoleKey.EXPERT,
};
const SIDE_OF_ROLE: Record<string, Side> = {
  [RoleKey.ENT]: 'enterprise',
  [RoleKey.SERVICE]: 'service',
  [RoleKey.EXPERT]: 'expert',
  [RoleKey.GOVERNMENT]: 'government',
  [RoleKey.INSURANCE]: 'insurer',
};

const usernameTaken = (name: string) => conflict(`用户名 ${name} 已被使用，请换一个`);
const MOBILE_TAKEN = '该手机号已注册，请直接登录，忘记密码可通过“找回密码”重置';

/** Whether a username is free: no account and no open application holds it (case-insensitive). */
export async function usernameFree(db: Db, username: string): Promise<boolean> {
  const lower = username.trim().toLowerCase();
  const user = await db
    .selectFrom('sysUser')
    .select('id')
    .where(sql<boolean>`lower(username) = ${lower}`)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (user) return false;
  const reg = await db
    .selectFrom('sysRegistration')
    .select('id')
    .where(sql<boolean>`lower(username) = ${lower}`)
    .where('status', 'in', [RegStatus.PENDING, RegStatus.RETURNED])
    .executeTakeFirst();
  return !reg;
}

/** The fields a kind keeps in `form` (everything but account, identity columns and the ID number). */
function formOf(input: RegResubmitInput): Record<string, unknown> {
  const { kind: _k, name: _n, ...rest } = input as Record<string, unknown> & { kind: string; name: string };
  delete rest.idNo;
  delete rest.uscc;
  delete rest.districtCode;
  delete rest.targetOrgId;
  return rest;
}

async function orgByUscc(db: Db, uscc: string) {
  return db
    .selectFrom('sysOrg')
    .select(['id', 'orgType', 'name'])
    .where('uscc', '=', uscc)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/**
 * The identity checks of a kind (409 for what is already registered, 400 for what does not exist). An
 * enterprise whose USCC the regulator imported is linked to that record unless it already has an account.
 */
async function checkIdentity(
  db: Db,
  input: RegResubmitInput,
  exceptId?: number,
): Promise<{ roleKey: string; targetOrgId: number | null }> {
  const openReg = (col: 'uscc' | 'idNoHash', value: string) => {
    let q = db
      .selectFrom('sysRegistration')
      .select('id')
      .where(col, '=', value)
      .where('status', 'in', [RegStatus.PENDING, RegStatus.RETURNED]);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return q.executeTakeFirst();
  };
  switch (input.kind) {
    case 'enterprise':
    case 'service': {
      const org = await orgByUscc(db, input.uscc);
      if (org) {
        if (input.kind === 'service' || org.orgType !== 'enterprise')
          throw conflict('该统一社会信用代码已登记在平台，请直接登录，或联系运营中心');
        const users = await db
          .selectFrom('sysUser')
          .select('id')
          .where('orgId', '=', org.id)
          .where('deletedAt', 'is', null)
          .executeTakeFirst();
        if (users) throw conflict('该企业已开通账号，请直接登录；忘记密码可通过“找回密码”重置');
      }
      if (await openReg('uscc', input.uscc)) throw conflict('该统一社会信用代码已有注册申请正在审核');
      return { roleKey: ROLE_OF_KIND[input.kind], targetOrgId: org?.id ?? null };
    }
    case 'expert': {
      if (input.idNo) {
        const hash = blindIndex(input.idNo);
        const expert = await db
          .selectFrom('svExpert')
          .select('id')
          .where('idNoHash', '=', hash)
          .where('deletedAt', 'is', null)
          .executeTakeFirst();
        if (expert || (await openReg('idNoHash', hash)))
          throw conflict('该身份证号已登记为专家或已有注册申请，请直接登录或联系运营中心');
      }
      let target = input.targetOrgId;
      if (target === null) {
        const panel = await db
          .selectFrom('sysOrg')
          .select('id')
          .where('name', '=', DEFAULT_EXPERT_PANEL)
          .where('orgType', '=', 'expert')
          .where('deletedAt', 'is', null)
          .executeTakeFirst();
        target = panel?.id ?? null;
      } else {
        await requireJoinable(db, target, ['expert', 'service'], '所属专家机构或服务机构不存在，请重新选择');
      }
      return { roleKey: RoleKey.EXPERT, targetOrgId: target };
    }
    case 'manager': {
      const org = await requireJoinable(
        db,
        input.targetOrgId,
        ['government', 'insurer'],
        '所属机构不存在，请重新选择',
      );
      return {
        roleKey: org.orgType === 'government' ? RoleKey.GOVERNMENT : RoleKey.INSURANCE,
        targetOrgId: org.id,
      };
    }
  }
}

async function requireJoinable(db: Db, id: number, types: string[], message: string) {
  const org = await db
    .selectFrom('sysOrg')
    .select(['id', 'orgType', 'districtCode'])
    .where('id', '=', id)
    .where('orgType', 'in', types as never[])
    .where('status', '=', OrgStatus.ACTIVE)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!org) throw badRequest(message);
  return org;
}

function identityColumns(input: RegResubmitInput) {
  return {
    name: input.name,
    uscc: input.kind === 'enterprise' || input.kind === 'service' ? input.uscc : null,
    districtCode: input.kind === 'enterprise' || input.kind === 'service' ? input.districtCode : null,
    form: JSON.stringify(formOf(input)),
    ...(input.kind === 'expert' && input.idNo
      ? {
          idNoEnc: encryptPii(input.idNo),
          idNoHash: blindIndex(input.idNo),
          idNoMask: maskIdCard(input.idNo),
        }
      : {}),
  };
}

/**
 * Files an application (createUser, createUserManager): the mobile was proven by the caller (ticket spent in
 * this transaction), the password follows the rule, username, mobile and identity are not taken. Every
 * operations administrator gets a to-do.
 */
export async function submitRegistration(
  trx: Tx,
  input: RegCreateInput | RegManagerInput,
  now: Date,
): Promise<number> {
  const problem = serverPasswordProblem(input.password, { username: input.username, mobile: input.mobile });
  if (problem) throw badRequest(problem);
  if (!(await usernameFree(trx, input.username))) throw usernameTaken(input.username);
  // The numbers are stored encrypted: taken or not is asked of their blind indexes (security.md P03).
  const mobileHash = phoneIndex(input.mobile);
  const mobileUser = await trx
    .selectFrom('sysUser')
    .select('id')
    .where('mobileHash', '=', mobileHash)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  const mobileReg = await trx
    .selectFrom('sysRegistration')
    .select('id')
    .where('mobileHash', '=', mobileHash)
    .where('status', 'in', [RegStatus.PENDING, RegStatus.RETURNED])
    .executeTakeFirst();
  if (mobileUser || mobileReg) throw conflict(MOBILE_TAKEN);
  const { username, password, mobile, mobileTicket: _t, ...fields } = input;
  const { roleKey, targetOrgId } = await checkIdentity(trx, fields as RegResubmitInput);
  const row = await trx
    .insertInto('sysRegistration')
    .values({
      kind: input.kind,
      status: RegStatus.PENDING,
      username: username.trim(),
      passwordHash: await hashPassword(password),
      mobileEnc: encryptPhone(mobile),
      mobileHash,
      roleKey,
      targetOrgId,
      ...identityColumns(fields as RegResubmitInput),
      submittedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await notifySubmitted(trx, row.id, input.kind, input.name, now, false);
  return row.id;
}

async function notifySubmitted(trx: Tx, id: number, kind: Kind, name: string, now: Date, again: boolean) {
  await notify(
    trx,
    'registration.submitted',
    {
      id,
      no: `${REG_KINDS.label(kind)}注册申请`,
      enterpriseName: name,
      ...(again ? { detail: '（申请人已按退回意见修改后重新提交）' } : {}),
    },
    { now, actorId: null },
  );
}

/** The applicant answers a return: the kind's fields again; back to 待审核 with a new to-do. */
export async function resubmitRegistration(
  trx: Tx,
  id: number,
  input: RegResubmitInput,
  now: Date,
): Promise<void> {
  const reg = await trx
    .selectFrom('sysRegistration')
    .select(['id', 'kind', 'status', 'version'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!reg) throw notFound();
  if (reg.kind !== input.kind) throw badRequest('申请类型不能修改');
  if (reg.status !== RegStatus.RETURNED)
    throw conflict(reg.status === RegStatus.PENDING ? '申请正在审核中，无需重新提交' : '申请已审核通过');
  const { roleKey, targetOrgId } = await checkIdentity(trx, input, id);
  await trx
    .updateTable('sysRegistration')
    .set({
      ...identityColumns(input),
      roleKey,
      targetOrgId,
      status: RegStatus.PENDING,
      submittedAt: now,
      submitCount: sql`submit_count + 1`,
      updatedAt: now,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .execute();
  await notifySubmitted(trx, id, reg.kind, input.name, now, true);
}

/** The admin's decision: approve → the account (and organisation or pool rows) exist; return → with a reason. */
export async function reviewRegistration(
  trx: Tx,
  q: { id: number; version: number; approve: boolean; reason?: string | undefined },
  actorId: number,
  now: Date,
): Promise<number> {
  const reg = await trx
    .selectFrom('sysRegistration')
    .selectAll()
    .where('id', '=', q.id)
    .forUpdate()
    .executeTakeFirst();
  if (!reg) throw notFound();
  if (reg.version !== q.version) throw staleVersion();
  if (reg.status !== RegStatus.PENDING)
    throw conflict(`该申请${REG_STATUS.label(reg.status)}，只能审核待审核的申请`);
  if (!q.approve) {
    await trx
      .updateTable('sysRegistration')
      .set({
        status: RegStatus.RETURNED,
        reason: q.reason ?? '',
        reviewedAt: now,
        reviewedBy: actorId,
        updatedAt: now,
        updatedBy: actorId,
        version: reg.version + 1,
      })
      .where('id', '=', reg.id)
      .execute();
    await notify(
      trx,
      'registration.returned',
      {
        id: reg.id,
        no: `${REG_KINDS.label(reg.kind)}注册申请`,
        enterpriseName: reg.name,
        detail: q.reason ?? '',
      },
      { now, actorId },
    );
    return reg.version + 1;
  }
  const { userId, orgId } = await createAccount(trx, reg, actorId, now);
  await trx
    .updateTable('sysRegistration')
    .set({
      status: RegStatus.APPROVED,
      reason: '',
      reviewedAt: now,
      reviewedBy: actorId,
      userId,
      orgId,
      appTokenHash: null,
      appTokenExpiresAt: null,
      updatedAt: now,
      updatedBy: actorId,
      version: reg.version + 1,
    })
    .where('id', '=', reg.id)
    .execute();
  await notify(
    trx,
    'registration.approved',
    {
      id: reg.id,
      no: `${REG_KINDS.label(reg.kind)}注册申请`,
      enterpriseName: reg.name,
      registrantUserId: userId,
      registrantSide: SIDE_OF_ROLE[reg.roleKey] ?? 'enterprise',
    },
    { now, actorId },
  );
  await closeTodos(trx, { bizType: 'registration', bizId: reg.id }, now);
  return reg.version + 1;
}

type RegRow = Awaited<ReturnType<typeof loadReg>>;
function loadReg(trx: Tx, id: number) {
  return trx.selectFrom('sysRegistration').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Makes the organisation (or links the imported enterprise), the pool row and the user of an approved application. */
async function createAccount(trx: Tx, reg: RegRow, actorId: number, now: Date) {
  const form = reg.form as Record<string, unknown>;
  const mobile = decryptPhone(reg.mobileEnc);
  const audit = { createdAt: now, updatedAt: now, createdBy: actorId, updatedBy: actorId };
  let orgId: number | null = reg.targetOrgId;
  let status: number = UserStatus.ACTIVE;
  let districtCodes = '';
  if (reg.kind === 'enterprise' || reg.kind === 'service') {
    // Checked again: the imported enterprise may have got an account, or the code an organisation, meanwhile.
    const existing = reg.uscc ? await orgByUscc(trx, reg.uscc) : undefined;
    if (existing && (reg.kind === 'service' || existing.orgType !== 'enterprise'))
      throw conflict('该统一社会信用代码已登记为其他机构，请退回申请并说明');
    if (existing) {
      const user = await trx
        .selectFrom('sysUser')
        .select('id')
        .where('orgId', '=', existing.id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (user) throw conflict('该企业已开通账号，请退回申请并说明');
      orgId = existing.id;
    } else {
      countsChanged(trx);
      orgId = (
        await trx
          .insertInto('sysOrg')
          .values({
            orgType: reg.kind,
            name: reg.name,
            uscc: reg.uscc,
            districtCode: reg.districtCode,
            contactName: String(form.contactName ?? ''),
            contactPhoneEnc: reg.mobileEnc,
            ...audit,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    if (reg.kind === 'enterprise') {
      const ent = await trx
        .selectFrom('insEnterprise')
        .select('infoComplete')
        .where('id', '=', orgId)
        .executeTakeFirst();
      if (!ent?.infoComplete) status = UserStatus.ENT_INFO_INCOMPLETE;
    } else {
      // The pool's own write: the same schema (item 07's text, dates, ranges) as the admin's and the
      // organisation's edits. A form the schema refuses (an application filed before a rule existed) is
      // answered with what the applicant must add, so the admin can return it.
      await upsertServiceOrgProfile(
        trx,
        orgId,
        {
          serviceItems: (form.serviceItems as string[] | undefined) ?? [],
          itemOther: String(form.itemOther ?? ''),
          regionCodes: (form.regionCodes as string[] | undefined) ?? [],
          safetyName: String(form.contactName ?? '').slice(0, 20),
          safetyPhone: mobile,
          certType: '安全生产技术服务机构资质',
          certNo: String(form.certNo ?? ''),
          certExpiry: (form.certExpiry as string | undefined) ?? '',
          certFileId: (form.certFileId as string | undefined) ?? null,
          staffCount: Number(form.staffCount ?? 0),
        } as Parameters<typeof upsertServiceOrgProfile>[2],
        { userId: actorId, now },
      ).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 400)
          throw badRequest(`申请资料不完整：${err.message}。请退回申请，请申请人补充后重新提交`);
        throw err;
      });
      if (form.certFileId)
        await trx
          .updateTable('sysFile')
          .set({ ownerOrgId: orgId })
          .where('id', '=', String(form.certFileId))
          .where('ownerOrgId', 'is', null)
          .execute();
    }
  } else if (reg.kind === 'manager' && orgId !== null) {
    const org = await trx
      .selectFrom('sysOrg')
      .select('districtCode')
      .where('id', '=', orgId)
      .executeTakeFirst();
    if (reg.roleKey === RoleKey.GOVERNMENT && org?.districtCode && org.districtCode !== CITY_CODE)
      districtCodes = org.districtCode;
  }
  if (!(await usernameFreeExcept(trx, reg.username, reg.id))) throw usernameTaken(reg.username);
  const role = await trx
    .selectFrom('sysRole')
    .select('id')
    .where('roleKey', '=', reg.roleKey)
    .executeTakeFirstOrThrow();
  const user = await trx
    .insertInto('sysUser')
    .values({
      username: reg.username,
      nickname: reg.name.slice(0, 64),
      mobileEnc: reg.mobileEnc,
      mobileHash: reg.mobileHash,
      passwordHash: reg.passwordHash,
      passwordChangedAt: now,
      status,
      roleId: role.id,
      orgId,
      districtCodes,
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      if ((err as { code?: string }).code === '23505') throw conflict(MOBILE_TAKEN);
      throw err;
    });
  if (reg.kind === 'expert') {
    // The pool's own creation: the same checks, encryption and expiry as an expert the admin adds.
    const certs = (form.certificates as { type: string; no: string; validTo: string | null }[]) ?? [];
    await createExpert(
      trx,
      {
        userId: user.id,
        orgId,
        name: reg.name,
        idNo: decryptPii(reg.idNoEnc ?? ''),
        mobile,
        title: String(form.title ?? ''),
        employer: String(form.employer ?? ''),
        serviceItems: (form.serviceItems as string[] | undefined) ?? [],
        industries: (form.industries as string[] | undefined) ?? [],
        certificates: certs.map((c) => ({ ...c, fileId: null })),
      } as Parameters<typeof createExpert>[1],
      { userId: actorId, now },
    );
  }
  return { userId: user.id, orgId };
}

async function usernameFreeExcept(trx: Tx, username: string, _regId: number): Promise<boolean> {
  const user = await trx
    .selectFrom('sysUser')
    .select('id')
    .where(sql<boolean>`lower(username) = ${username.toLowerCase()}`)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return !user;
}

/** One application as the admin (and the applicant) sees it: mobile and ID number masked. */
export async function registrationDetail(db: Db, id: number): Promise<RegDetail> {
  const r = await db
    .selectFrom('sysRegistration as g')
    .leftJoin('sysOrg as o', 'o.id', 'g.targetOrgId')
    .selectAll('g')
    .select('o.name as targetOrgName')
    .where('g.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound();
  let linkedOrgName: string | null = null;
  if (r.kind === 'enterprise' && r.uscc && r.status !== RegStatus.APPROVED)
    linkedOrgName = (await orgByUscc(db, r.uscc))?.name ?? null;
  return {
    ...rowOf(r),
    form: r.form as Record<string, unknown>,
    targetOrgId: r.targetOrgId,
    idNoMask: r.idNoMask,
    linkedOrgName,
  };
}

export function rowOf(r: {
  id: number;
  kind: Kind;
  status: number;
  username: string;
  name: string;
  mobileEnc: string;
  uscc: string | null;
  districtCode: string | null;
  targetOrgName: string | null;
  reason: string;
  submittedAt: Date;
  submitCount: number;
  reviewedAt: Date | null;
  version: number;
}) {
  return {
    id: r.id,
    kind: r.kind,
    kindLabel: REG_KINDS.label(r.kind),
    status: r.status,
    statusLabel: REG_STATUS.label(r.status),
    username: r.username,
    name: r.name,
    mobile: maskMobile(decryptPhone(r.mobileEnc)),
    uscc: r.uscc,
    districtCode: r.districtCode,
    targetOrgName: r.targetOrgName,
    reason: r.reason,
    submittedAt: formatChinaTime(r.submittedAt, 'second'),
    submitCount: r.submitCount,
    reviewedAt: r.reviewedAt ? formatChinaTime(r.reviewedAt, 'second') : null,
    version: r.version,
  };
}

export { AppError };
