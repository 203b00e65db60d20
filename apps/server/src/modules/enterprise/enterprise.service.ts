/**
 * Enterprise profile writes and their rules: add (regulator, own districts), save (regulator or the
 * enterprise itself; USCC unique, operating status locked while insured), inside the caller's transaction.
 * Reads are in enterprise.repo.ts.
 */
import { chinaDate, type EnterpriseProfileInput, industryMustInsure, UserStatus } from '@aqzrx/contracts';
import type { Actor } from '../../platform/actor.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { decryptPhone, encryptPhone } from '../../platform/pii.ts';
import { unmaskPhone } from '../../platform/reveal.ts';
import { assertVersion, bumpVersion, updateVersioned } from '../../platform/versioned.ts';
import { type EnterpriseEditFields, enterpriseScope, hasIssuedPolicy } from './enterprise.repo.ts';
import { rescoreEnterprise } from './enterprise.score.ts';
import { notifyEnterpriseChange } from './notices.ts';

function profileValues(input: EnterpriseEditFields) {
  return {
    address: input.address,
    wsIndustryCode: input.wsIndustryCode,
    gbIndustryCode: input.gbIndustryCode,
    employees: input.employees,
    annualTurnover: input.annualTurnover ?? null,
    operatingStatus: input.operatingStatus,
    businessScope: input.businessScope,
    legalName: input.legalName,
    legalDutyPhoneEnc: encryptPhone(input.legalDutyPhone ?? ''),
    legalEmail: input.legalEmail ?? '',
    safetyName: input.safetyName,
    businessLicenceFileId: input.businessLicenceFileId ?? null,
    licenceNo: input.licenceNo ?? '',
    licenceFileId: input.licenceFileId ?? null,
    licenceStart: input.licenceStart ?? null,
    licenceEnd: input.licenceEnd ?? null,
    stdGrade: input.stdGrade,
  };
}

async function assertUsccFree(db: Db, uscc: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('sysOrg').select('id').where('uscc', '=', uscc).where('deletedAt', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('该统一社会信用代码已被其他机构使用，请核对');
}

/**
 * The district of a saved profile must be one of the regulator's own. A wrong choice is a field
 * problem (400 naming it), not a missing right: a 403 would make the web client end the session.
 */
function assertDistrict(actor: Actor, districtCode: string): void {
  if (actor.kind === 'government' && !actor.districts.includes(districtCode))
    throw badRequest('所属区县不在本辖区：只能维护本辖区的企业，请选择本辖区的区县');
}

/** Government adds an enterprise of its districts; the profile is complete from the start. */
export async function addEnterprise(
  trx: Tx,
  actor: Actor,
  input: EnterpriseProfileInput,
  now: Date,
): Promise<number> {
  if (actor.kind !== 'government') throw forbidden('只有监管部门可以新增企业');
  assertDistrict(actor, input.districtCode);
  await assertUsccFree(trx, input.uscc);
  countsChanged(trx);
  const org = await trx
    .insertInto('sysOrg')
    .values({
      orgType: 'enterprise',
      name: input.name,
      uscc: input.uscc,
      districtCode: input.districtCode,
      contactName: input.legalName,
      contactPhoneEnc: encryptPhone(input.legalMobile),
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('insEnterprise')
    .values({
      id: org.id,
      ...profileValues(input),
      legalMobileEnc: encryptPhone(input.legalMobile),
      safetyMobileEnc: encryptPhone(input.safetyMobile),
      mustInsure: industryMustInsure(input.wsIndustryCode),
      infoComplete: true,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .execute();
  await rescoreEnterprise(trx, org.id, now, actor.userId, '新增企业');
  return org.id;
}

/**
 * Saves a profile (government edit within its districts, or the enterprise's own info edit). The
 * version guards concurrent edits; a registered enterprise without a profile row saves from version 0.
 * A saved profile is complete, so the enterprise's users leave status 3 (information incomplete).
 */
export async function saveEnterprise(
  trx: Tx,
  actor: Actor,
  id: number,
  version: number,
  input: EnterpriseEditFields,
  now: Date,
): Promise<number> {
  const current = await enterpriseScope(
    trx
      .selectFrom('sysOrg as o')
      .leftJoin('insEnterprise as e', 'e.id', 'o.id')
      .where('o.orgType', '=', 'enterprise')
      .where('o.deletedAt', 'is', null),
    actor,
  )
    .where('o.id', '=', id)
    .select([
      'o.id',
      'e.id as profileId',
      'e.version',
      'e.legalMobileEnc',
      'e.safetyMobileEnc',
      'e.legalDutyPhoneEnc',
      'e.onRegister',
      'e.operatingStatus',
      'e.employees',
    ])
    .forUpdate(['o'])
    .executeTakeFirst();
  if (!current) throw notFound('企业不存在');
  assertDistrict(actor, input.districtCode);
  assertVersion({ version: current.version ?? 0 }, version);
  // 经营状态 decides whether a policy may be cancelled (2025 办法 Art. 16): while the enterprise holds an
  // issued policy, only the regulator changes it (its edit is audited), never the enterprise's own edit.
  if (
    actor.kind === 'enterprise' &&
    current.profileId !== null &&
    input.operatingStatus !== (current.operatingStatus ?? 1) &&
    (await hasIssuedPolicy(trx, id, chinaDate(now)))
  )
    throw conflict(
      '本企业有未到期的保单，经营状态须由属地监管部门核实后变更；如企业已关闭取缔或全面停产停业，请联系属地监管部门',
    );
  // The forms show the numbers masked (security P04): a number left out, or sent back masked as shown, keeps the
  // stored one; a masked value that masks no stored number is refused. '' stays '' (encryptPhone).
  const kept = (typed: string | null | undefined, stored: string | null, label: string) =>
    typed !== undefined && typed !== null
      ? encryptPhone(unmaskPhone(typed, [decryptPhone(stored)], label))
      : (stored ?? '');
  const legalMobileEnc = kept(input.legalMobile, current.legalMobileEnc, '法定代表人手机号');
  const safetyMobileEnc = kept(input.safetyMobile, current.safetyMobileEnc, '安全负责人手机号');
  if (!legalMobileEnc || !safetyMobileEnc) throw conflict('请填写法定代表人和安全负责人的手机号后再保存');
  await assertUsccFree(trx, input.uscc, id);
  await bumpVersion(trx, 'sysOrg', id, {
    name: input.name,
    uscc: input.uscc,
    districtCode: input.districtCode,
    contactName: input.legalName,
    contactPhoneEnc: legalMobileEnc,
    updatedAt: now,
    updatedBy: actor.userId,
  });
  const values = {
    ...profileValues(input),
    // Shown masked like the mobiles: left out or sent back masked, the stored number stays.
    legalDutyPhoneEnc: kept(input.legalDutyPhone, current.legalDutyPhoneEnc, '应急值班电话'),
    legalMobileEnc,
    safetyMobileEnc,
    mustInsure: industryMustInsure(input.wsIndustryCode) || (current.onRegister ?? false),
    infoComplete: true,
    updatedAt: now,
    updatedBy: actor.userId,
  };
  let newVersion: number;
  countsChanged(trx);
  if (current.profileId === null) {
    await trx
      .insertInto('insEnterprise')
      .values({ id, ...values, createdAt: now, createdBy: actor.userId })
      .execute();
    newVersion = 1;
  } else {
    const resVersion = await updateVersioned(
      trx,
      'insEnterprise',
      { id: id, version: version },
      { ...values },
    );
    newVersion = resVersion;
  }
  await trx
    .updateTable('sysUser')
    .set({ status: UserStatus.ACTIVE, updatedAt: now })
    .where('orgId', '=', id)
    .where('status', '=', UserStatus.ENT_INFO_INCOMPLETE)
    .where('deletedAt', 'is', null)
    .execute();
  await rescoreEnterprise(trx, id, now, actor.userId, '企业信息变更');
  await notifyEnterpriseChange(trx, actor, id, current.profileId === null ? null : current, input, now);
  return newVersion;
}
