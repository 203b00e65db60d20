import { UserStatus, usccCheckChar } from '@aqzrx/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { syncReference } from '../db/seeds/reference.ts';
import { LEGACY_ROLE_NAMES, type ResourceSeed, ROLE_RESOURCES, ROLE_SEEDS } from '../db/seeds/resources.ts';
import { hashPassword } from '../platform/passwords.ts';
import { encryptPhone, phoneIndex } from '../platform/pii.ts';
import { SETTING_DEFAULTS } from '../platform/settings.ts';
import type { FileStorage } from '../platform/storage/storage.ts';
import { seedComplaintDemo } from './complaint.ts';
import { seedContentDemo, syncContentReference } from './content.ts';
import { seedHazardDemo } from './hazard.ts';
import { seedInsuranceDemo } from './insurance-demo.ts';
import { seedLicenceImages } from './licence-images.ts';
import { seedPoolDemo } from './pool.ts';
import { seedPreventionDemo } from './prevention.ts';
import { seedPreventionActivityDemo } from './prevention-activity.ts';
import { seedRegistrationDemo } from './registration.ts';
import { seedStatsDemo } from './stats.ts';
import { seedDemoSubsystems } from './subsystems.ts';
import { seedWechatDemo } from './wechat.ts';

/*
 * The seed layer: what the server writes into a database beyond its migrations — the base sync on every
 * start (roles, resource tree, reference data, portal reference content), the demo data, the production
 * administrator. It sits above the feature modules and composes their public entries (the content
 * tokenizer, policy figures, the file store), so seeded rows are what the live code would write; only
 * main.ts and tests import it. Plain reference data that modules read too (the resource tree,
 * dictionaries, industries) stays in db/seeds/, which imports nothing above db/.
 */

export const DEMO_PASSWORD = 'Safe2026';

/**
 * Roles and the resource tree. Runs on every start: missing roles and resources are added (and the
 * new resources granted to the role they were written for), new actions of existing resources are added
 * (extendActions); rows an administrator edited are otherwise left alone.
 */
export async function syncBase(db: Kysely<DB>, now: Date = new Date()): Promise<{ added: number }> {
  return db.transaction().execute(async (trx) => {
    const roles = new Map(
      (
        await trx.selectFrom('sysRole').select(['id', 'roleKey']).where('deletedAt', 'is', null).execute()
      ).map((r) => [r.roleKey, r.id]),
    );
    for (const seed of ROLE_SEEDS) {
      const legacy = LEGACY_ROLE_NAMES[seed.roleKey];
      if (legacy === undefined || !roles.has(seed.roleKey)) continue;
      // Data fix: a seeded role still named as an earlier seed named it gets its seed's name.
      await trx
        .updateTable('sysRole')
        .set((eb) => ({ roleName: seed.roleName, updatedAt: now, version: eb('version', '+', 1) }))
        .where('roleKey', '=', seed.roleKey)
        .where('roleName', '=', legacy)
        .where('deletedAt', 'is', null)
        .execute();
    }
    for (const [i, seed] of ROLE_SEEDS.entries()) {
      if (roles.has(seed.roleKey)) continue;
      const row = await trx
        .insertInto('sysRole')
        .values({
          ...seed,
          isSystem: true,
          sort: i + 1,
          createdAt: now,
          updatedAt: now,
          createdBy: null,
          updatedBy: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      roles.set(seed.roleKey, row.id);
    }
    const existing = new Map(
      (await trx.selectFrom('sysResource').select(['id', 'resUrl', 'authKey', 'actions']).execute()).map(
        (r) => [`${r.resUrl}/${r.authKey}`, r],
      ),
    );
    let added = 0;
    const insert = async (
      node: ResourceSeed,
      parentId: number | null,
      level: number,
      sort: number,
      roleId: number,
    ) => {
      const key = `${node.resUrl}/${node.authKey}`;
      let id = existing.get(key)?.id;
      if (id !== undefined)
        await extendActions(trx, id, existing.get(key)!.actions, node.actions, roleId, now);
      if (id === undefined) {
        const row = await trx
          .insertInto('sysResource')
          .values({
            parentId,
            resUrl: node.resUrl,
            authKey: node.authKey,
            name: node.name,
            resName: node.name,
            icon: node.icon,
            permission: node.permission,
            level,
            actions: node.actions.join(','),
            isMenu: node.isMenu ?? true,
            hide: node.hide,
            redirect: node.children[0] ? `/${node.children[0].resUrl}/${node.children[0].authKey}` : '',
            component: node.component,
            sort,
            createdAt: now,
            updatedAt: now,
            createdBy: null,
            updatedBy: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
        existing.set(key, {
          id,
          resUrl: node.resUrl,
          authKey: node.authKey,
          actions: node.actions.join(','),
        });
        added++;
        await trx
          .insertInto('sysRoleResource')
          .values({ roleId, resourceId: id, actions: node.actions.join(',') })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      for (const [i, child] of node.children.entries())
        await insert(child, id, level + 1, (i + 1) * 10, roleId);
    };
    for (const [roleKey, nodes] of Object.entries(ROLE_RESOURCES)) {
      const roleId = roles.get(roleKey);
      if (roleId === undefined) continue;
      for (const [i, node] of nodes.entries()) await insert(node, null, 1, (i + 1) * 10, roleId);
    }
    await syncReference(trx, now); // dictionaries and industries (additive, every start)
    await syncContentReference(trx, now); // portal classes, rules library, single pages (additive)
    return { added };
  });
}

const actionList = (csv: string) => csv.split(',').filter(Boolean);

/**
 * A resource the code now offers more actions on (a screen that was a placeholder, a list that gained
 * 新增): the resource gets the new actions, and the grant of the role it was written for gets them too when
 * that grant held every action the resource had — a role an administrator limited by hand stays limited.
 * Actions are only added, never removed. The permission-version triggers make signed-in users' menus
 * follow at their next request.
 */
async function extendActions(
  trx: Transaction<DB>,
  resourceId: number,
  stored: string,
  seeded: readonly string[],
  roleId: number,
  now: Date,
): Promise<void> {
  const had = actionList(stored);
  const missing = seeded.filter((a) => !had.includes(a));
  if (missing.length === 0) return;
  await trx
    .updateTable('sysResource')
    .set({ actions: [...had, ...missing].join(','), updatedAt: now })
    .where('id', '=', resourceId)
    .execute();
  const grant = await trx
    .selectFrom('sysRoleResource')
    .select('actions')
    .where('roleId', '=', roleId)
    .where('resourceId', '=', resourceId)
    .executeTakeFirst();
  if (!grant) return;
  const granted = actionList(grant.actions);
  if (!had.every((a) => granted.includes(a))) return;
  await trx
    .updateTable('sysRoleResource')
    .set({ actions: [...granted, ...missing.filter((a) => !granted.includes(a))].join(',') })
    .where('roleId', '=', roleId)
    .where('resourceId', '=', resourceId)
    .execute();
}

function uscc(prefix17: string): string {
  return prefix17 + usccCheckChar(prefix17);
}

export async function isSeeded(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('sysUser').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Demo organisations and one account per role, password Safe2026 (README). With `storage` (the server's file
 * storage), complete enterprise profiles also get a business-licence image file; without it (test templates,
 * whose apps use storages of their own) no file is written.
 */
export async function seedDemo(
  db: Kysely<DB>,
  now: Date = new Date(),
  options: { storage?: FileStorage } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const roleId = async (roleKey: string) =>
      (await trx.selectFrom('sysRole').select('id').where('roleKey', '=', roleKey).executeTakeFirstOrThrow())
        .id;
    // Contacts: enterprises and insurers with a profile take theirs from it (fillDemoContacts).
    const org = async (
      orgType: DB['sysOrg']['orgType'],
      name: string,
      code: string | null,
      district: string | null,
      contact: { name: string; phone: string } = { name: '', phone: '' },
    ) =>
      (
        await trx
          .insertInto('sysOrg')
          .values({
            orgType,
            name,
            uscc: code,
            districtCode: district,
            contactName: contact.name,
            contactPhoneEnc: encryptPhone(contact.phone),
            createdAt: now,
            updatedAt: now,
            createdBy: null,
            updatedBy: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const gov = await org('government', '宿迁市应急管理局', uscc('11321300MB1234567'), '321300', {
      name: '周建国',
      phone: '0527-84368110',
    });
    const ent = await org('enterprise', '宿迁市恒安化工有限公司', uscc('91321302MA1XK2P3Q'), '321302');
    const ent2 = await org('enterprise', '泗洪县顺达建筑工程有限公司', uscc('91321324MA2YB7N4R'), '321324', {
      name: '赵顺达',
      phone: '13905271234',
    });
    // A second enterprise whose information is incomplete, so that a walkthrough can complete one (which
    // activates every user of that enterprise) while ent2 stays incomplete.
    const ent3 = await org('enterprise', '沭阳县鑫源木业有限公司', uscc('91321322MA3BC5D6E'), '321322', {
      name: '孙鑫源',
      phone: '13705273456',
    });
    const ins = await org(
      'insurer',
      '中国人民财产保险股份有限公司宿迁市分公司',
      uscc('91321300MA1MC8D5T'),
      '321302',
    );
    const svc = await org('service', '宿迁市安泰安全技术服务有限公司', uscc('91321311MA20FA6G7'), '321311', {
      name: '陈安泰',
      phone: '0527-84213366',
    });
    const exp = await org('expert', '宿迁市安全生产专家委员会', uscc('51321300MJ5H7K8L9'), '321300', {
      name: '吴志明',
      phone: '13805279988',
    });
    const users: Array<{
      username: string;
      nickname: string;
      roleKey: string;
      orgId: number | null;
      status?: number;
      mobile: string;
      districtCodes?: string;
    }> = [
      {
        username: 'admin',
        nickname: '运营管理员',
        roleKey: 'ROLE_ADMIN',
        orgId: null,
        mobile: '13805270001',
      },
      // 三权分立 (security.md Z04): the security and the audit administrator, each its own account.
      {
        username: 'secadmin',
        nickname: '安全管理员',
        roleKey: 'ROLE_SECURITY_ADMIN',
        orgId: null,
        mobile: '13805270012',
      },
      {
        username: 'auditor',
        nickname: '审计管理员',
        roleKey: 'ROLE_AUDIT_ADMIN',
        orgId: null,
        mobile: '13805270013',
      },
      {
        username: 'gov',
        nickname: '市应急局监管员',
        roleKey: 'ROLE_GOVERNMENT',
        orgId: gov,
        mobile: '13805270002',
        districtCodes: '321302,321311,321322,321323,321324',
      },
      {
        // A district-level regulator: sees and addresses 泗阳县 only.
        username: 'gov_sy',
        nickname: '泗阳县应急局监管员',
        roleKey: 'ROLE_GOVERNMENT',
        orgId: gov,
        mobile: '13805270009',
        districtCodes: '321323',
      },
      { username: 'ent', nickname: '恒安化工安全员', roleKey: 'ROLE_ENT', orgId: ent, mobile: '13805270003' },
      {
        username: 'ent2',
        nickname: '顺达建筑',
        roleKey: 'ROLE_ENT',
        orgId: ent2,
        mobile: '13805270004',
        status: UserStatus.ENT_INFO_INCOMPLETE,
      },
      {
        username: 'ent3',
        nickname: '鑫源木业',
        roleKey: 'ROLE_ENT',
        orgId: ent3,
        mobile: '13805270008',
        status: UserStatus.ENT_INFO_INCOMPLETE,
      },
      {
        username: 'insurer',
        nickname: '人保财险宿迁分公司',
        roleKey: 'ROLE_INSURANCE',
        orgId: ins,
        mobile: '13805270005',
      },
      {
        username: 'service',
        nickname: '安泰安全技术服务',
        roleKey: 'ROLE_SERVICE',
        orgId: svc,
        mobile: '13805270006',
      },
      {
        username: 'expert',
        nickname: '专家委员会',
        roleKey: 'ROLE_EXPERT',
        orgId: exp,
        mobile: '13805270007',
      },
    ];
    for (const u of users) {
      await trx
        .insertInto('sysUser')
        .values({
          username: u.username,
          nickname: u.nickname,
          mobileEnc: encryptPhone(u.mobile),
          mobileHash: phoneIndex(u.mobile),
          // Each account its own salt (issue 17 finding 14: the demo accounts shared one hash).
          passwordHash: await hashPassword(DEMO_PASSWORD),
          passwordChangedAt: now,
          status: u.status ?? UserStatus.ACTIVE,
          roleId: await roleId(u.roleKey),
          orgId: u.orgId,
          districtCodes: u.districtCodes ?? '',
          createdAt: now,
          updatedAt: now,
          createdBy: null,
          updatedBy: null,
        })
        .execute();
    }
    // Two accounts 长期未登录 (security.md A08), so the user list shows the flag and the first daily job
    // reports them: one last signed in 120 days ago, one never signed in since its creation 200 days ago.
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    for (const u of [
      {
        username: 'service_idle',
        nickname: '安泰原项目员',
        roleKey: 'ROLE_SERVICE',
        orgId: svc,
        mobile: '13805270010',
        createdAt: daysAgo(400),
        lastLoginAt: daysAgo(120),
      },
      {
        username: 'expert_idle',
        nickname: '外聘专家（未启用）',
        roleKey: 'ROLE_EXPERT',
        orgId: exp,
        mobile: '13805270011',
        createdAt: daysAgo(200),
        lastLoginAt: null,
      },
    ]) {
      await trx
        .insertInto('sysUser')
        .values({
          username: u.username,
          nickname: u.nickname,
          mobileEnc: encryptPhone(u.mobile),
          mobileHash: phoneIndex(u.mobile),
          passwordHash: await hashPassword(DEMO_PASSWORD),
          passwordChangedAt: u.createdAt,
          status: UserStatus.ACTIVE,
          roleId: await roleId(u.roleKey),
          orgId: u.orgId,
          districtCodes: '',
          lastLoginAt: u.lastLoginAt,
          createdAt: u.createdAt,
          updatedAt: u.createdAt,
          createdBy: null,
          updatedBy: null,
        })
        .execute();
    }
    await seedContentDemo(trx, now);
    await seedDemoSubsystems(trx, now);
    await trx
      .insertInto('sysSetting')
      .values({
        key: 'footer',
        value: JSON.stringify({
          ...SETTING_DEFAULTS.footer,
          siteCode: '3213000000（演示）',
          icp: '苏ICP备00000000号（演示）',
          police: '苏公网安备00000000000000号（演示）',
          phone: '0527-00000000（演示）',
          email: 'aqzrx@example.gov.cn',
          supportPhone: '400-000-0000（演示）',
          supportEmail: 'support@example.gov.cn',
        }),
        updatedAt: now,
        updatedBy: null,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });
  await seedInsuranceDemo(db, now);
  await fillDemoContacts(db);
  await seedPreventionDemo(db, now, options);
  if (options.storage) await seedLicenceImages(db, options.storage, now);
  await seedPreventionActivityDemo(db, now, options);
  await seedHazardDemo(db, now);
  await seedComplaintDemo(db, now, options);
  await seedWechatDemo(db, now);
  await seedPoolDemo(db, now);
  await seedRegistrationDemo(db, DEMO_PASSWORD, now);
  await seedStatsDemo(db, now);
}

/**
 * Every demo organisation has a contact person and phone (机构管理 lists them): enterprises their legal
 * representative and insurers their head, as their own profile edits keep them; the others were given
 * theirs when made. Draws nothing from the demo's random sequence, so the rest of the demo is unchanged.
 */
async function fillDemoContacts(db: Kysely<DB>): Promise<void> {
  // The numbers' ciphertexts are copied as they are (the same key reads them).
  await sql`UPDATE sys_org o SET contact_name = e.legal_name, contact_phone_enc = e.legal_mobile_enc
    FROM ins_enterprise e WHERE e.id = o.id AND o.contact_name = '' AND e.legal_name <> ''`.execute(db);
  await sql`UPDATE sys_org o SET contact_name = i.head_name, contact_phone_enc = i.head_mobile_enc
    FROM ins_insurer i WHERE i.id = o.id AND o.contact_name = '' AND i.head_name <> ''`.execute(db);
}

/**
 * Production bootstrap: one administrator whose initial password comes from ADMIN_PASSWORD and must
 * be changed at first login (security.md A08).
 */
export async function seedProductionAdmin(
  db: Kysely<DB>,
  password: string,
  now: Date = new Date(),
): Promise<void> {
  const role = await db
    .selectFrom('sysRole')
    .select('id')
    .where('roleKey', '=', 'ROLE_ADMIN')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sysUser')
    .values({
      username: 'admin',
      nickname: '运营管理员',
      passwordHash: await hashPassword(password),
      passwordChangedAt: now,
      mustChangePassword: true,
      roleId: role.id,
      orgId: null,
      mobileEnc: null,
      mobileHash: null,
      createdAt: now,
      updatedAt: now,
      createdBy: null,
      updatedBy: null,
    })
    .execute();
}

/** The production accounts of the security and audit administrators (三权分立, security.md Z04). */
export const DUTY_ADMIN_ACCOUNTS = [
  { duty: 'security', username: 'secadmin', nickname: '安全管理员', roleKey: 'ROLE_SECURITY_ADMIN' },
  { duty: 'audit', username: 'auditor', nickname: '审计管理员', roleKey: 'ROLE_AUDIT_ADMIN' },
] as const;

/**
 * Production bootstrap of the security and audit administrators: for each duty given a password whose role no
 * active account holds, its account is created with that initial password, to be changed at first login
 * (security.md A08). Separate accounts and passwords, so no one bootstrap secret opens all three duties.
 * Returns the usernames created.
 */
export async function seedDutyAdmins(
  db: Kysely<DB>,
  passwords: { security?: string | undefined; audit?: string | undefined },
  now: Date = new Date(),
): Promise<string[]> {
  const created: string[] = [];
  for (const account of DUTY_ADMIN_ACCOUNTS) {
    const password = passwords[account.duty];
    if (!password) continue;
    const role = await db
      .selectFrom('sysRole')
      .select('id')
      .where('roleKey', '=', account.roleKey)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    const holder = await db
      .selectFrom('sysUser')
      .select('id')
      .where('roleId', '=', role.id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (holder) continue;
    await db
      .insertInto('sysUser')
      .values({
        username: account.username,
        nickname: account.nickname,
        passwordHash: await hashPassword(password),
        passwordChangedAt: now,
        mustChangePassword: true,
        roleId: role.id,
        orgId: null,
        mobileEnc: null,
        mobileHash: null,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
      })
      .execute();
    created.push(account.username);
  }
  return created;
}
