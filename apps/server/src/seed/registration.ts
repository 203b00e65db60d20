import { maskIdCard, RegStatus, RoleKey, usccCheckChar } from '@aqzrx/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { hashPassword } from '../platform/passwords.ts';
import { blindIndex, encryptPhone, encryptPii, phoneIndex } from '../platform/pii.ts';

/**
 * Demo self-registrations (issue 16) for 注册审核: one waiting application of each kind — an enterprise the
 * regulator already imported (approval links the account to it), a service organisation, an expert and a
 * regulator's staff member — and a service organisation returned with a reason its applicant can read after
 * signing in (username reg_returned, the demo password). Rows are written directly (no to-dos: the demo
 * inboxes stay as the other demos leave them). Deterministic: dates relative to `now`.
 */
const HOUR = 3_600_000;

const uscc = (first17: string) => `${first17}${usccCheckChar(first17)}`;
function idNo(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * w[i]!, 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
}

export async function seedRegistrationDemo(db: Kysely<DB>, password: string, now: Date): Promise<void> {
  // A hash (and salt) of its own for each application, as a real applicant's would be.
  const hashes = await Promise.all(Array.from({ length: 5 }, () => hashPassword(password)));
  await db.transaction().execute(async (trx) => {
    // An imported enterprise nobody has an account for yet.
    const imported = await trx
      .selectFrom('sysOrg as o')
      .select(['o.id', 'o.name', 'o.uscc', 'o.districtCode'])
      .where('o.orgType', '=', 'enterprise')
      .where('o.deletedAt', 'is', null)
      .where('o.uscc', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('sysUser as u').select('u.id').whereRef('u.orgId', '=', 'o.id'))),
      )
      .orderBy('o.id')
      .executeTakeFirst();
    const gov = await trx
      .selectFrom('sysOrg')
      .select('id')
      .where('orgType', '=', 'government')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const panel = await trx
      .selectFrom('sysOrg')
      .select('id')
      .where('orgType', '=', 'expert')
      .orderBy('id')
      .executeTakeFirst();
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    const base = (hoursAgo: number) => ({
      passwordHash: hashes.pop() as string,
      submittedAt: at(hoursAgo),
      createdAt: at(hoursAgo),
      updatedAt: at(hoursAgo),
    });
    const expertId = idNo('32130219800512003');
    await trx
      .insertInto('sysRegistration')
      .values([
        {
          ...base(30),
          kind: 'enterprise',
          username: 'reg_ent',
          mobileEnc: encryptPhone('13905270101'),
          mobileHash: phoneIndex('13905270101'),
          name: imported?.name ?? '宿迁市宏达包装材料有限公司',
          uscc: imported?.uscc ?? uscc('91321302MA4DEMX01'),
          districtCode: imported?.districtCode ?? '321302',
          roleKey: RoleKey.ENT,
          targetOrgId: null,
          form: JSON.stringify({ contactName: '钱宏达' }),
        },
        {
          ...base(20),
          kind: 'service',
          username: 'reg_service',
          mobileEnc: encryptPhone('13905270102'),
          mobileHash: phoneIndex('13905270102'),
          name: '江苏中安安全评价咨询有限公司',
          uscc: uscc('91321311MA4DEMX02'),
          districtCode: '321311',
          roleKey: RoleKey.SERVICE,
          targetOrgId: null,
          form: JSON.stringify({
            contactName: '刘中安',
            certNo: 'APJ-（苏）-2026-018',
            certExpiry: '2029-06-30',
            serviceItems: ['02', '03', '04'],
            staffCount: 36,
            regionCodes: ['321311', '321302'],
          }),
        },
        {
          ...base(10),
          kind: 'expert',
          username: 'reg_expert',
          mobileEnc: encryptPhone('13905270103'),
          mobileHash: phoneIndex('13905270103'),
          name: '王建安',
          roleKey: RoleKey.EXPERT,
          targetOrgId: panel?.id ?? null,
          idNoEnc: encryptPii(expertId),
          idNoHash: blindIndex(expertId),
          idNoMask: maskIdCard(expertId),
          form: JSON.stringify({
            title: '高级工程师',
            industries: ['AQ02', 'AQ09'],
            serviceItems: ['02', '03'],
            employer: '宿迁市化工研究所',
            certificates: [{ type: '注册安全工程师', no: 'AQ2019320001', validTo: '2028-12-31' }],
          }),
        },
        {
          ...base(5),
          kind: 'manager',
          username: 'reg_gov',
          mobileEnc: encryptPhone('13905270104'),
          mobileHash: phoneIndex('13905270104'),
          name: '李监管',
          roleKey: RoleKey.GOVERNMENT,
          targetOrgId: gov.id,
          form: JSON.stringify({ position: '安全生产监督管理科科员' }),
        },
        {
          ...base(50),
          kind: 'service',
          status: RegStatus.RETURNED,
          username: 'reg_returned',
          mobileEnc: encryptPhone('13905270105'),
          mobileHash: phoneIndex('13905270105'),
          name: '宿迁市平安职业卫生技术服务有限公司',
          uscc: uscc('91321322MA4DEMX03'),
          districtCode: '321322',
          roleKey: RoleKey.SERVICE,
          targetOrgId: null,
          reason: '资质证书扫描件不清晰，且有效期已过，请上传有效期内的资质证书后重新提交。',
          reviewedAt: at(40),
          form: JSON.stringify({
            contactName: '周平安',
            certNo: 'APJ-（苏）-2020-007',
            certExpiry: '2025-12-31',
            serviceItems: ['01', '03'],
            staffCount: 12,
            regionCodes: ['321322'],
          }),
        },
      ])
      .execute();
  });
}
