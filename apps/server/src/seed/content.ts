import { ArticleStatus, ConsultStatus } from '@aqzrx/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CmsRuleTable } from '../db/tables/content.ts';
import { searchColumns, syncFooterLinks } from '../modules/content/index.ts';
import { htmlToText } from '../platform/sanitize.ts';

/**
 * Portal reference content, added on every start when missing (never overwriting what an
 * administrator edited): help and consult classes, the instruments of domain.md 1.1 in the rules
 * library, and the single pages behind the footer links and the portal's explanation pages.
 * Demo content (notices, news, help articles, a consultation) is in seedContentDemo.
 */

const HELP_CLASSES = ['平台使用', '投保指南', '理赔指南', '事故预防'];
const CONSULT_CLASSES = ['投保咨询', '理赔咨询', '事故预防服务', '政策法规', '其他'];

interface RuleSeed {
  refKey: string;
  name: string;
  docNo: string;
  issuer: string;
  level: CmsRuleTable['level'];
  publishDate: string;
  effectiveDate: string | null;
  status: 'current' | 'revised' | 'repealed';
  repealedDate?: string;
  /** refKey of the instrument that replaced this one. */
  replacedBy?: string;
  summary: string;
  body: string;
  sourceUrl: string;
  sort: number;
}

const SOURCE_NOTE = '<p>本条目为摘要，全文以发布机关公布的正式文本为准。</p>';

/** domain.md 1.1, newest first. The 应急厅函〔2026〕352号 entry there is unverified and not seeded. */
export const RULE_SEEDS: RuleSeed[] = [
  {
    refKey: 'ajzrx-banfa-2025',
    name: '安全生产责任保险实施办法（2025年修订）',
    docNo: '应急〔2025〕27号',
    issuer: '应急管理部、财政部、金融监管总局、工业和信息化部、住房城乡建设部、交通运输部、农业农村部',
    level: 'normative',
    publishDate: '2025-03-29',
    effectiveDate: '2025-03-29',
    status: 'current',
    summary:
      '七部门联合印发的安全生产责任保险实施办法，共6章48条，自印发之日起施行，2017年印发的《安全生产责任保险实施办法》（安监总办〔2017〕140号）同时废止。',
    body:
      '<p>《安全生产责任保险实施办法》由应急管理部、财政部、金融监管总局、工业和信息化部、住房城乡建设部、交通运输部、农业农村部联合印发（应急〔2025〕27号），2025年3月29日起施行，共6章48条。</p>' +
      '<p>办法对应当投保安全生产责任保险的行业领域、保险责任与保障范围、费率与浮动、事故预防技术服务、理赔服务以及监督管理作出规定。</p>' +
      '<p>来源：中国政府网政策文件库。</p>' +
      SOURCE_NOTE,
    sourceUrl: 'https://www.gov.cn/zhengce/zhengceku/202504/content_7017006.htm',
    sort: 10,
  },
  {
    refKey: 'aqscf-2021',
    name: '中华人民共和国安全生产法（2021年修正）',
    docNo: '中华人民共和国主席令第八十八号',
    issuer: '全国人民代表大会常务委员会',
    level: 'law',
    publishDate: '2021-06-10',
    effectiveDate: '2021-09-01',
    status: 'current',
    summary:
      '2021年修正的安全生产法，自2021年9月1日起施行。第五十一条第二款规定属于国家规定的高危行业、领域的生产经营单位应当投保安全生产责任保险；第一百零九条规定了未按规定投保的法律责任。',
    body:
      '<p>《中华人民共和国安全生产法》（2021年修正）自2021年9月1日起施行。</p>' +
      '<p>第五十一条第二款：属于国家规定的高危行业、领域的生产经营单位，应当投保安全生产责任保险。</p>' +
      '<p>第一百零九条：高危行业、领域的生产经营单位未按照国家规定投保安全生产责任保险的，责令限期改正，处罚款；逾期未改正的，处以更高罚款。</p>' +
      '<p>来源：全国人民代表大会常务委员会公布文本。</p>' +
      SOURCE_NOTE,
    sourceUrl: '',
    sort: 20,
  },
  {
    refKey: 'aq-9010-2019',
    name: '安全生产责任保险事故预防技术服务规范',
    docNo: 'AQ 9010-2019',
    issuer: '应急管理部',
    level: 'standard',
    publishDate: '2019-08-12',
    effectiveDate: '2020-02-01',
    status: 'current',
    summary:
      '安全生产行业标准，规定承保安全生产责任保险的保险机构开展事故预防技术服务的内容、方式、人员和记录要求；全部技术内容为强制性。',
    body:
      '<p>AQ 9010-2019《安全生产责任保险事故预防技术服务规范》由应急管理部于2019年8月12日发布，2020年2月1日起实施，全部技术内容为强制性。</p>' +
      '<p>标准规定了事故预防技术服务的服务内容（宣传培训、风险辨识评估、隐患排查、应急演练等）、服务流程、服务人员和服务记录要求。</p>' +
      '<p>来源：应急管理部发布的安全生产行业标准。</p>' +
      SOURCE_NOTE,
    sourceUrl: '',
    sort: 30,
  },
  {
    refKey: 'ajzrx-banfa-2017',
    name: '安全生产责任保险实施办法',
    docNo: '安监总办〔2017〕140号',
    issuer: '国家安全监管总局、保监会、财政部',
    level: 'normative',
    publishDate: '2017-12-12',
    effectiveDate: '2018-01-01',
    status: 'repealed',
    repealedDate: '2025-03-29',
    replacedBy: 'ajzrx-banfa-2025',
    summary:
      '原国家安全监管总局、保监会、财政部印发的安全生产责任保险实施办法，2018年1月1日起施行；已被应急〔2025〕27号文件废止，部分地方规定仍引用本办法。',
    body:
      '<p>《安全生产责任保险实施办法》（安监总办〔2017〕140号）于2017年12月12日印发，自2018年1月1日起施行。</p>' +
      '<p>2025年3月29日，应急管理部等七部门印发新修订的《安全生产责任保险实施办法》（应急〔2025〕27号），本办法同时废止。</p>' +
      '<p>来源：新华网2017年12月21日报道。</p>' +
      SOURCE_NOTE,
    sourceUrl: '',
    sort: 40,
  },
  {
    refKey: 'bxf',
    name: '中华人民共和国保险法',
    // The 2015 amendment (计量法等五部法律的修改决定) was promulgated by this order.
    docNo: '中华人民共和国主席令第二十六号',
    issuer: '全国人民代表大会常务委员会',
    level: 'law',
    publishDate: '2015-04-24',
    effectiveDate: '2015-04-24',
    status: 'current',
    summary:
      '保险法第二十一条至第二十五条规定了保险事故通知、索赔资料、核定赔付与先行赔付的时限，是安全生产责任保险理赔时限的依据。',
    body:
      '<p>《中华人民共和国保险法》第二十一条至第二十五条：投保人、被保险人知道保险事故发生后应当及时通知保险人；保险人收到赔偿请求后应当及时核定，情形复杂的应当在三十日内作出核定，但合同另有约定的除外；达成赔偿协议后十日内履行赔偿义务；自收到赔偿请求和有关证明、资料之日起六十日内，对其赔偿数额不能确定的，应当根据已有证明和资料可以确定的数额先予支付。</p>' +
      '<p>来源：全国人民代表大会常务委员会公布文本（2015年修正）。</p>' +
      SOURCE_NOTE,
    sourceUrl: '',
    sort: 50,
  },
  {
    refKey: 'gwyl-493',
    name: '生产安全事故报告和调查处理条例',
    docNo: '国务院令第493号',
    issuer: '国务院',
    level: 'regulation',
    publishDate: '2007-04-09',
    effectiveDate: '2007-06-01',
    status: 'current',
    summary:
      '规定生产安全事故按死亡、重伤人数和直接经济损失分为特别重大、重大、较大和一般事故四个等级，以及事故报告和调查处理的程序与时限。',
    body:
      '<p>《生产安全事故报告和调查处理条例》（国务院令第493号）自2007年6月1日起施行。</p>' +
      '<p>条例将生产安全事故分为特别重大事故、重大事故、较大事故和一般事故四个等级，规定事故发生后单位负责人应当于1小时内向事故发生地县级以上人民政府安全生产监督管理部门和负有安全生产监督管理职责的有关部门报告。</p>' +
      '<p>来源：国务院公布文本。</p>' +
      SOURCE_NOTE,
    sourceUrl: '',
    sort: 60,
  },
  {
    refKey: 'ajzjl-16',
    name: '安全生产事故隐患排查治理暂行规定',
    docNo: '国家安全生产监督管理总局令第16号',
    issuer: '原国家安全生产监督管理总局',
    level: 'deptRule',
    publishDate: '2007-12-28',
    effectiveDate: '2008-02-01',
    status: 'current',
    summary: '规定事故隐患分为一般事故隐患和重大事故隐患，以及生产经营单位排查治理和报告隐患的责任。',
    body:
      '<p>《安全生产事故隐患排查治理暂行规定》（原国家安全生产监督管理总局令第16号）自2008年2月1日起施行。</p>' +
      '<p>规定将事故隐患分为一般事故隐患和重大事故隐患，要求生产经营单位建立隐患排查治理制度，定期排查并如实记录，重大事故隐患应当向安全监管监察部门和有关部门报告。</p>' +
      '<p>来源：原国家安全生产监督管理总局公布文本。效力状态请以应急管理部公布的现行规章目录为准。</p>' +
      SOURCE_NOTE,
    sourceUrl: '',
    sort: 70,
  },
];

interface PageSeed {
  slug: string;
  title: string;
  inFooter: boolean;
  body: string;
  sort: number;
}

export const PAGE_SEEDS: PageSeed[] = [
  {
    slug: 'about',
    title: '关于我们',
    inFooter: true,
    sort: 10,
    body: '<p>宿迁市安全生产责任保险监管服务平台由宿迁市应急管理局建设和管理，面向投保企业、保险机构、安全生产技术服务机构和专家，提供安全生产责任保险投保、理赔、事故预防服务的在线办理和监管服务。</p>',
  },
  {
    slug: 'contact',
    title: '联系我们',
    inFooter: true,
    sort: 20,
    body: '<p>主办单位：宿迁市应急管理局</p><p>联系电话、电子邮箱见页面底部的联系信息。</p>',
  },
  {
    slug: 'privacy',
    title: '隐私政策',
    inFooter: true,
    sort: 30,
    body: '<p>本平台仅为办理安全生产责任保险业务和履行监管职责收集必要的个人信息（姓名、手机号码、身份证件号码等），依照《中华人民共和国个人信息保护法》处理，采取加密、脱敏和访问控制措施保护，不用于与上述目的无关的用途。</p>',
  },
  {
    slug: 'agreement',
    title: '用户协议',
    inFooter: true,
    sort: 40,
    body: '<p>用户注册和使用本平台，应当提供真实、准确的单位和个人信息，妥善保管账号和密码，不得利用平台从事违法活动。平台发布的通知、法规和答复仅供参考，以主管部门的正式文件为准。</p>',
  },
  {
    slug: 'sitemap',
    title: '网站地图',
    inFooter: true,
    sort: 50,
    body: '<ul><li><a href="/portal/index">首页</a></li><li><a href="/portal/notice?currentTab=1">通知公告</a></li><li><a href="/portal/notice?currentTab=2">政策动态</a></li><li><a href="/portal/help">帮助中心</a></li><li><a href="/portal/insure">企业投保</a></li><li><a href="/portal/claim">事故理赔</a></li><li><a href="/portal/ap">事故预防</a></li><li><a href="/portal/policy">保单与法规</a></li></ul>',
  },
  {
    slug: 'portal-insure',
    title: '企业投保',
    inFooter: false,
    sort: 110,
    body: '<p>依照《中华人民共和国安全生产法》第五十一条和《安全生产责任保险实施办法》（应急〔2025〕27号），高危行业、领域的生产经营单位应当投保安全生产责任保险。企业用户登录后可在线填写投保信息、查看保单。</p>',
  },
  {
    slug: 'portal-claim',
    title: '事故理赔',
    inFooter: false,
    sort: 120,
    body: '<p>发生生产安全事故后，投保企业应当及时向承保保险机构报案。保险机构按照《中华人民共和国保险法》规定的时限核定和赔付，企业和保险机构用户登录后可在线报案、查看理赔进度。</p>',
  },
  {
    slug: 'portal-ap',
    title: '事故预防',
    inFooter: false,
    sort: 130,
    body: '<p>承保安全生产责任保险的保险机构应当按照AQ 9010-2019《安全生产责任保险事故预防技术服务规范》，为投保企业提供宣传培训、风险评估、隐患排查、应急演练等事故预防技术服务。</p>',
  },
  {
    slug: 'portal-policy',
    title: '保单与法规',
    inFooter: false,
    sort: 140,
    body: '<p>本栏目汇集安全生产责任保险相关的法律、行政法规、部门规章、规范性文件和标准，可按层级和效力状态查询。</p>',
  },
];

/** Additive reference content; runs inside syncBase's transaction on every start. */
export async function syncContentReference(db: Kysely<DB>, now: Date): Promise<void> {
  for (const [kind, names] of [
    ['help', HELP_CLASSES],
    ['consult', CONSULT_CLASSES],
  ] as const) {
    const existing = new Set(
      (await db.selectFrom('cmsClass').select('name').where('kind', '=', kind).execute()).map((r) => r.name),
    );
    for (const [i, name] of names.entries()) {
      if (existing.has(name)) continue;
      await db
        .insertInto('cmsClass')
        .values({
          kind,
          name,
          sort: (i + 1) * 10,
          createdAt: now,
          updatedAt: now,
          createdBy: null,
          updatedBy: null,
        })
        .execute();
    }
  }

  const rules = new Map(
    (await db.selectFrom('cmsRule').select(['id', 'refKey']).where('refKey', 'is not', null).execute()).map(
      (r) => [r.refKey!, r.id],
    ),
  );
  // Replacements first, so a repealed instrument can point at its successor.
  const ordered = [...RULE_SEEDS].sort(
    (a, b) => Number(Boolean(a.replacedBy)) - Number(Boolean(b.replacedBy)),
  );
  for (const r of ordered) {
    if (rules.has(r.refKey)) continue;
    const row = await db
      .insertInto('cmsRule')
      .values({
        refKey: r.refKey,
        name: r.name,
        docNo: r.docNo,
        issuer: r.issuer,
        level: r.level,
        publishDate: r.publishDate,
        effectiveDate: r.effectiveDate,
        status: r.status,
        revisedById: r.replacedBy ? (rules.get(r.replacedBy) ?? null) : null,
        repealedDate: r.repealedDate ?? null,
        summary: r.summary,
        body: r.body,
        ...searchColumns(r.name, [r.docNo, r.issuer, r.summary, htmlToText(r.body)]),
        attachments: '[]',
        sourceUrl: r.sourceUrl,
        sort: r.sort,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rules.set(r.refKey, row.id);
  }

  const slugs = new Set(
    (
      await db
        .selectFrom('cmsArticle')
        .select('slug')
        .where('kind', '=', 'page')
        .where('slug', 'is not', null)
        .execute()
    ).map((r) => r.slug),
  );
  for (const p of PAGE_SEEDS) {
    if (slugs.has(p.slug)) continue;
    await db
      .insertInto('cmsArticle')
      .values({
        kind: 'page',
        classId: null,
        title: p.title,
        body: p.body,
        ...searchColumns(p.title, [htmlToText(p.body)]),
        coverFileId: null,
        attachments: '[]',
        publishAt: now,
        status: ArticleStatus.PUBLISHED,
        slug: p.slug,
        inFooter: p.inFooter,
        sort: p.sort,
        notifiedAt: null,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
      })
      .execute();
  }
  // Demo text that described a feature the platform does not offer, where nobody has edited it.
  await db
    .updateTable('cmsArticle')
    .set((eb) => ({
      summary: REGISTER_HELP.summary,
      body: REGISTER_HELP.body,
      ...searchColumns(REGISTER_HELP.title, [REGISTER_HELP.summary, htmlToText(REGISTER_HELP.body)]),
      updatedAt: now,
      version: eb('version', '+', 1),
    }))
    .where('kind', '=', 'help')
    .where('title', '=', REGISTER_HELP.title)
    .where('body', '=', REGISTER_HELP.oldBody)
    .execute();

  // The footer links follow the pages; set them once, later page edits keep them in step.
  const footer = await db
    .selectFrom('sysSetting')
    .select('key')
    .where('key', '=', 'footerLinks')
    .executeTakeFirst();
  if (!footer) await syncFooterLinks(db, now, null);
}

/**
 * 如何注册企业账号: online registration is not open yet (/portal/reg says 功能尚未开放), so the article
 * describes how accounts are opened now. `oldBody` is what earlier seeds wrote (clicking 注册 and an
 * SMS code): syncContentReference replaces that text where nobody has edited it since.
 */
export const REGISTER_HELP = {
  title: '如何注册企业账号',
  summary: '企业账号目前由平台运营中心开通；首次登录修改初始密码并完善企业信息。',
  body:
    '<p>平台暂未开放企业在线注册，企业账号目前由平台运营中心统一开通。</p>' +
    '<ol>' +
    '<li>联系平台运营中心（联系电话、邮箱见门户页面底部），提供统一社会信用代码、企业名称、所属区县，以及账号使用人的姓名和手机号。</li>' +
    '<li>运营中心核实企业信息后开通企业账号，并将用户名和初始密码告知账号使用人。</li>' +
    '<li>使用该账号登录平台，首次登录须先修改初始密码，再按提示完善企业信息（基本信息、联系人、营业执照等）。信息完善后即可使用事故预防、企业投保、事故理赔等功能。</li>' +
    '</ol>' +
    '<p>在线注册开放后将另行通知，届时可在门户首页点击“注册”自助办理。</p>',
  oldBody:
    '<p>在门户首页点击“注册”，选择企业注册，填写统一社会信用代码、企业名称、联系人手机号并完成短信验证；登录后按提示完善企业信息。</p>',
};

interface DemoArticle {
  kind: 'notice' | 'policy' | 'news' | 'help';
  title: string;
  summary: string;
  body: string;
  helpClass?: string;
  status: number;
  pinned?: boolean;
  targetRoles?: string;
  targetDistricts?: string;
  daysAgo: number;
  source?: string;
}

const DEMO_ARTICLES: DemoArticle[] = [
  {
    kind: 'notice',
    title: '关于做好2026年度安全生产责任保险投保工作的通知',
    summary: '请高危行业领域生产经营单位按时投保安全生产责任保险，并在平台完成投保信息登记。',
    body: '<p>各县区应急管理局、各有关生产经营单位：</p><p>根据《安全生产责任保险实施办法》（应急〔2025〕27号），请高危行业领域生产经营单位于规定期限内完成2026年度安全生产责任保险投保，并在本平台登记保单信息。</p>',
    status: ArticleStatus.PUBLISHED,
    pinned: true,
    daysAgo: 3,
    source: '宿迁市应急管理局',
  },
  {
    kind: 'notice',
    title: '关于泗洪县建筑施工企业开展事故预防服务的通知',
    summary: '泗洪县建筑施工类投保企业请配合保险机构开展事故预防技术服务。',
    body: '<p>泗洪县各建筑施工类投保企业：请配合承保保险机构按照AQ 9010-2019开展事故预防技术服务，并在平台签收服务记录。</p>',
    status: ArticleStatus.PUBLISHED,
    targetRoles: 'ROLE_ENT',
    targetDistricts: '321324',
    daysAgo: 2,
    source: '宿迁市应急管理局',
  },
  {
    kind: 'notice',
    title: '关于开展安全生产责任保险专项检查的通知（草稿）',
    summary: '',
    body: '<p>草稿内容。</p>',
    status: ArticleStatus.DRAFT,
    daysAgo: 1,
  },
  {
    kind: 'policy',
    title: '政策解读：新修订的《安全生产责任保险实施办法》要点',
    summary: '新办法共6章48条，明确了投保范围、事故预防服务和理赔服务要求。',
    body: '<p>2025年3月，应急管理部等七部门印发新修订的《安全生产责任保险实施办法》，共6章48条，自印发之日起施行。本文从投保范围、保障范围、事故预防服务、理赔服务四个方面解读要点。</p>',
    status: ArticleStatus.PUBLISHED,
    daysAgo: 10,
    source: '宿迁市应急管理局',
  },
  {
    kind: 'news',
    title: '市应急管理局召开安全生产责任保险工作推进会',
    summary: '会议部署了2026年度安全生产责任保险扩面提质工作。',
    body: '<p>近日，市应急管理局召开全市安全生产责任保险工作推进会，部署扩面提质和事故预防服务工作。</p>',
    status: ArticleStatus.PUBLISHED,
    daysAgo: 5,
    source: '宿迁市应急管理局',
  },
  {
    kind: 'help',
    helpClass: '平台使用',
    title: REGISTER_HELP.title,
    summary: REGISTER_HELP.summary,
    body: REGISTER_HELP.body,
    status: ArticleStatus.PUBLISHED,
    daysAgo: 20,
  },
  {
    kind: 'help',
    helpClass: '投保指南',
    title: '如何在线投保安全生产责任保险',
    summary: '企业在线投保的操作流程。',
    body: '<p>企业用户登录后进入“企业投保”，选择承保保险机构，填写从业人员数量和保额，确认保费后提交投保申请，保险机构审核出单后可在平台查看电子保单。</p>',
    status: ArticleStatus.PUBLISHED,
    daysAgo: 18,
  },
  {
    kind: 'help',
    helpClass: '理赔指南',
    title: '发生事故后如何报案理赔',
    summary: '事故报案与理赔材料说明。',
    body: '<p>发生生产安全事故后，请在48小时内通过平台“事故理赔”向承保保险机构报案，并按提示上传事故证明、伤亡人员身份证明和医疗费用票据等材料。</p>',
    status: ArticleStatus.PUBLISHED,
    daysAgo: 15,
  },
];

/** Demo notices, news, help articles and consultations (the demo users must exist). */
export async function seedContentDemo(db: Kysely<DB>, now: Date): Promise<void> {
  const admin = await db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirst();
  const classes = await db.selectFrom('cmsClass').select(['id', 'kind', 'name']).execute();
  const classId = (kind: 'help' | 'consult', name: string) =>
    classes.find((c) => c.kind === kind && c.name === name)?.id ?? null;
  for (const a of DEMO_ARTICLES) {
    const at = new Date(now.getTime() - a.daysAgo * 86_400_000);
    await db
      .insertInto('cmsArticle')
      .values({
        kind: a.kind,
        classId: a.helpClass ? classId('help', a.helpClass) : null,
        title: a.title,
        summary: a.summary,
        body: a.body,
        ...searchColumns(a.title, [a.summary, htmlToText(a.body)]),
        coverFileId: null,
        attachments: '[]',
        source: a.source ?? '',
        publishAt: a.status === ArticleStatus.PUBLISHED ? at : null,
        pinned: a.pinned ?? false,
        status: a.status,
        targetRoles: a.targetRoles ?? '',
        targetDistricts: a.targetDistricts ?? '',
        slug: null,
        // Demo notices do not message anyone.
        notifiedAt: a.status === ArticleStatus.PUBLISHED ? at : null,
        createdAt: at,
        updatedAt: at,
        createdBy: admin?.id ?? null,
        updatedBy: admin?.id ?? null,
      })
      .execute();
  }

  const ent = await db
    .selectFrom('sysUser as u')
    .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
    .select(['u.id', 'u.orgId', 'o.districtCode'])
    .where('u.username', '=', 'ent')
    .executeTakeFirst();
  const service = await db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', 'service')
    .executeTakeFirst();
  const insureClass = classId('consult', '投保咨询');
  if (!ent || !insureClass) return;
  const asked = new Date(now.getTime() - 7 * 86_400_000);
  const answered = new Date(now.getTime() - 6 * 86_400_000);
  const q1 = {
    title: '员工人数变化后保单需要批改吗？',
    content: '我公司年中新招了20名员工，已投保的安全生产责任保险是否需要办理批改增加人数？',
    answer:
      '需要。从业人员增加的，应当及时通过平台向承保保险机构申请批改，增加被保险人员，保费按剩余保险期间计算。',
  };
  await db
    .insertInto('cmsConsult')
    .values({
      classId: insureClass,
      title: q1.title,
      content: q1.content,
      askerUserId: ent.id,
      askerOrgId: ent.orgId,
      askerDistrict: ent.districtCode,
      status: ConsultStatus.ANSWERED,
      answer: q1.answer,
      answerUserId: service?.id ?? null,
      answeredAt: answered,
      isPublic: true,
      ...searchColumns(q1.title, [q1.content, q1.answer]),
      createdAt: asked,
      updatedAt: answered,
      createdBy: ent.id,
      updatedBy: service?.id ?? null,
    })
    .execute();
  const q2 = {
    title: '事故预防服务费用由谁承担？',
    content: '保险机构提供的事故预防技术服务是否需要企业另外付费？',
  };
  await db
    .insertInto('cmsConsult')
    .values({
      classId: classId('consult', '事故预防服务') ?? insureClass,
      title: q2.title,
      content: q2.content,
      askerUserId: ent.id,
      askerOrgId: ent.orgId,
      askerDistrict: ent.districtCode,
      ...searchColumns(q2.title, [q2.content]),
      createdAt: now,
      updatedAt: now,
      createdBy: ent.id,
      updatedBy: ent.id,
    })
    .execute();
}
