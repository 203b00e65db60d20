import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Demo subsystems (external systems linked from the platform) with the help text the public page
 * /oauth-center-help/:code shows. Addresses are placeholders: a deployment enters its real ones.
 */
export const DEMO_SUBSYSTEMS = [
  {
    code: 'sqfx',
    name: '双重预防机制信息系统',
    url: 'https://sqfx.example.gov.cn/',
    sort: 10,
    helpContent:
      '<h3>系统简介</h3><p>双重预防机制信息系统用于企业安全风险分级管控和隐患排查治理，企业在该系统中登记风险点、制定管控措施并开展隐患自查。</p>' +
      '<h3>如何登录</h3><ol><li>先登录本平台（宿迁市安全生产责任保险监管服务平台）。</li><li>在首页“相关系统”中点击“双重预防机制信息系统”，系统将自动完成统一认证，无需再次输入密码。</li><li>首次进入时请核对企业名称和统一社会信用代码，如有错误请先在本平台“企业信息”中修改。</li></ol>' +
      '<p>遇到问题请联系市应急管理局信息中心。</p>',
  },
  {
    code: 'aqzf',
    name: '安全生产执法系统',
    url: 'https://aqzf.example.gov.cn/',
    sort: 20,
    helpContent:
      '<h3>系统简介</h3><p>安全生产执法系统供各级应急管理部门开展监督检查、行政处罚和执法文书管理，仅向政府监管用户开放。</p>' +
      '<h3>如何登录</h3><ol><li>使用政府监管中心账号登录本平台。</li><li>在“系统管理—子系统”列表中点击“安全生产执法系统”进入。</li></ol>' +
      '<p>账号权限由市应急管理局统一分配，如无法进入请联系本单位系统管理员。</p>',
  },
  {
    code: 'yjjy',
    name: '应急救援指挥系统',
    url: 'https://yjjy.example.gov.cn/',
    sort: 30,
    helpContent:
      '<h3>系统简介</h3><p>应急救援指挥系统汇集应急预案、救援队伍、物资储备和值班值守信息，用于生产安全事故的应急响应与指挥调度。</p>' +
      '<h3>如何登录</h3><p>通过本平台统一认证进入，进入后请先确认值班人员和联系电话。</p>',
  },
] as const;

/** Adds the demo subsystems that are missing (by code). */
export async function seedDemoSubsystems(db: Kysely<DB>, now: Date = new Date()): Promise<void> {
  const have = new Set(
    (await db.selectFrom('sysSubsystem').select('code').execute()).map((r) => r.code.toLowerCase()),
  );
  for (const s of DEMO_SUBSYSTEMS) {
    if (have.has(s.code)) continue;
    await db
      .insertInto('sysSubsystem')
      .values({ ...s, createdAt: now, updatedAt: now, createdBy: null, updatedBy: null })
      .execute();
  }
}
