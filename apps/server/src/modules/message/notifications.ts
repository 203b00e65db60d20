import type { MessageKind } from '@aqzrx/contracts';
import { COMPLAINT_NOTIFICATIONS } from './notifications-complaint.ts';
import { POOL_NOTIFICATIONS } from './notifications-pool.ts';
import { REGISTRATION_NOTIFICATIONS } from './notifications-registration.ts';

/**
 * The catalogue of business events that tell someone (domain 3.8: every state change another party must
 * see or act on sends that party a message; a to-do where action is needed, closed when the task moves
 * on). One entry per event: the record it is about, who receives what (party, kind, texts) and which open
 * to-dos on the same record it closes. `notify()` (notify.ts) reads it; docs/NOTIFICATIONS.md is rendered
 * from it (notificationTable) and a test keeps the two equal and sends every row through the API.
 *
 * A new area (prevention, hazards, complaints) adds its record type to RECORD_PAGES and its events here,
 * then calls notify(trx, event, record, opts) next to each state change.
 */

/** Business records that messages link to (sys_message.biz_type). */
export type RecordType =
  | 'policy'
  | 'endorsement'
  | 'claim'
  | 'enterprise'
  | 'training'
  | 'serviceRequest'
  | 'preventionFiling'
  | 'apPlan'
  | 'complaint'
  | 'hazard'
  | 'pool'
  | 'registration';

/**
 * Who receives a message, resolved from the record (notify.ts):
 *  - enterprise: the users of the enterprise the record belongs to;
 *  - insurer: the users of the lead (issuing) insurer;
 *  - coinsurers: the users of the other insurers on the record's policy (共保);
 *  - regulators: government users whose districts include the record's district (city-wide ones too);
 *  - applicant: the side that entered the policy application (enterprise, or the insurer entering for it);
 *  - publisher: the users of the organisation that published the record (a training session: an insurer,
 *    a service organisation or an expert panel — `publisherSide` says which);
 *  - enterprises: the users of the enterprises the record lists (`enterpriseIds`: those a training session
 *    targets, or those signed up for it);
 *  - provider: the users of the service organisation or expert panel a prevention plan is assigned to
 *    (`providerOrgId`; `publisherSide` says which of the two sides' pages it opens);
 *  - complainant: the users of the organisation that filed a complaint (`complainantOrgId`, its side in
 *    `complainantSide`);
 *  - handler: the users of the unit handling a complaint (`handlerOrgId`, side `handlerSide`; the operations
 *    centre: every administrator).
 *  - operators: every operations administrator (they review self-registrations);
 *  - registrant: the account an approved registration created (`registrantUserId`, its side in
 *    `registrantSide`).
 * The person whose action sent the message never receives it.
 */
export type Party =
  | 'enterprise'
  | 'insurer'
  | 'coinsurers'
  | 'regulators'
  | 'applicant'
  | 'publisher'
  | 'enterprises'
  | 'provider'
  | 'complainant'
  | 'handler'
  | 'operators'
  | 'registrant';

/** The role side whose pages a recipient opens. */
export type Side = 'enterprise' | 'insurer' | 'government' | 'service' | 'expert' | 'admin';
/** The sides that file complaints, and those that handle them. */
export type ComplainantSide = Extract<Side, 'enterprise' | 'insurer' | 'service' | 'expert'>;
export type HandlerSide = Extract<Side, 'insurer' | 'admin' | 'government'>;
/** The sides that publish training sessions. */
export type PublisherSide = Extract<Side, 'insurer' | 'service' | 'expert'>;

export const PARTY_NAMES: Record<Party, string> = {
  enterprise: '投保企业',
  insurer: '主承（出单）保险机构',
  coinsurers: '共保保险机构',
  regulators: '属地监管部门',
  applicant: '投保方（企业投保为企业，保险机构代录为该机构）',
  publisher: '发布机构（保险机构、服务机构或专家）',
  enterprises: '相关企业（培训面向的企业，或已报名的企业）',
  provider: '承担服务的服务机构或专家机构',
  complainant: '投诉人（提交投诉的单位）',
  handler: '投诉办理单位（被投诉的保险机构或委托服务的保险机构、运营中心或接办的监管部门）',
  operators: '运营中心管理员',
  registrant: '注册申请人（审核通过后开通的账号）',
};

export const SIDE_ROLES: Record<Side, string> = {
  enterprise: 'ROLE_ENT',
  insurer: 'ROLE_INSURANCE',
  government: 'ROLE_GOVERNMENT',
  service: 'ROLE_SERVICE',
  expert: 'ROLE_EXPERT',
  admin: 'ROLE_ADMIN',
};

/**
 * The detail page of a record for each side (routes of apps/server/src/db/seeds/resources.ts) and the
 * query parameter it reads the record id from ('' when the page shows the user's own record).
 */
export const RECORD_PAGES: Record<RecordType, Partial<Record<Side, { path: string; param: string }>>> = {
  policy: {
    enterprise: { path: '/ent/Entazx/EntInsuranceDetail/route', param: 'id' },
    insurer: { path: '/insurance/azx/PolicyDetail/route', param: 'id' },
  },
  endorsement: {
    enterprise: { path: '/ent/Entazx/EntEndorsementDetail/route', param: 'id' },
    // The insurer reviews endorsements in a drawer of 批改管理, opened by ?id=.
    insurer: { path: '/insurance/azx/EndorsementManage/route', param: 'id' },
  },
  claim: {
    enterprise: { path: '/ent/Entazx/EntClaimDetail/route', param: 'id' },
    insurer: { path: '/insurance/azx/ClaimDetail/route', param: 'id' },
    // 保险业务 opens its claim tab with the claim's drawer for ?claim=.
    government: { path: '/government/govInsurance/GovInsurance/route', param: 'claim' },
  },
  enterprise: {
    enterprise: { path: '/ent/EntInfoEdit', param: '' },
  },
  // A prevention service plan and its record (modules/prevention): each role's page of one plan.
  apPlan: {
    enterprise: { path: '/ent/EntAPDetail/route', param: 'id' },
    // The insurer's 服务详情 shows a project for ?id= and a plan for ?planId=.
    insurer: { path: '/insurance/InsuranceAp/InsuranceApDetail/route', param: 'planId' },
    government: { path: '/government/govAp/GovApDetail/route', param: 'id' },
    service: { path: '/service/serviceAp', param: 'planId' },
    expert: { path: '/expert/expertAp', param: 'planId' },
  },
  training: {
    enterprise: { path: '/ent/EntAPSignUp/route', param: 'id' },
    insurer: { path: '/insurance/InsuranceAp/InsuranceApTrain/route', param: 'id' },
    service: { path: '/service/ap/ServiceApTrain/route', param: 'id' },
    expert: { path: '/expert/ap/ExpertApTrain/route', param: 'id' },
    government: { path: '/government/govAp/GovApTrain/route', param: 'id' },
  },
  serviceRequest: {
    enterprise: { path: '/ent/EntAPRequirement/route', param: 'id' },
    insurer: { path: '/insurance/InsuranceAp/InsuranceApRequirement/route', param: 'id' },
  },
  preventionFiling: {
    insurer: { path: '/insurance/InsuranceAp/InsuranceApApply/route', param: 'id' },
    government: { path: '/government/govAp/GovApPlan/route', param: 'id' },
  },
  // A complaint (modules/complaint): the complaint detail page of each side.
  complaint: {
    enterprise: { path: '/ent/center/EntComplaintDetail/route', param: 'id' },
    insurer: { path: '/insurance/org/InsuranceComplaintDetail/route', param: 'id' },
    service: { path: '/service/center/ServiceComplaintDetail/route', param: 'id' },
    expert: { path: '/expert/center/ExpertComplaintDetail/route', param: 'id' },
    government: { path: '/government/govComplaint/GovComplaintDetail/route', param: 'id' },
    admin: { path: '/admin/biz/AdminComplaintDetail/route', param: 'id' },
  },
  // A hidden danger (modules/hazard): each side's hazard list, which opens the hazard's drawer for ?id=.
  hazard: {
    enterprise: { path: '/ent/EntDangerCheck/route', param: 'id' },
    insurer: { path: '/insurance/InsuranceAp/InsuranceDangerCheck/route', param: 'id' },
    government: { path: '/government/govAp/GovApDispose/route', param: 'id' },
    service: { path: '/service/ap/ServiceApDispose/route', param: 'id' },
    expert: { path: '/expert/ap/ExpertApDispose/route', param: 'id' },
  },
  // The pool of service organisations and experts (modules/pool): the own profile page.
  pool: {
    service: { path: '/service/center/ServiceProfile/route', param: '' },
    expert: { path: '/expert/center/ExpertProfile/route', param: '' },
    insurer: { path: '/insurance/org/InsuranceServices/route', param: '' },
  },
  // A self-registration (modules/registration): the admin's review page; the approved account's landing.
  registration: {
    admin: { path: '/admin/biz/AdminRegistration/route', param: 'id' },
    enterprise: { path: '/ent/EntInfoEdit', param: '' },
    service: { path: '/service/serviceAp', param: '' },
    expert: { path: '/expert/expertAp', param: '' },
    government: { path: '/government/govAp/GovernmentAp/route', param: '' },
    insurer: { path: '/insurance/InsuranceAp/InsuranceApManage/route', param: '' },
  },
};

export const RECORD_NAMES: Record<RecordType, string> = {
  policy: '保单',
  endorsement: '批改',
  claim: '理赔案件',
  enterprise: '企业信息',
  apPlan: '预防服务',
  training: '培训',
  serviceRequest: '服务需求',
  preventionFiling: '预防计划备案',
  complaint: '投诉',
  hazard: '隐患',
  pool: '机构与专家资料',
  registration: '注册申请',
};

/** The link of a record for a side, or '' when the side has no page for it. */
export function recordLink(type: RecordType, side: Side, id: number | string): string {
  const page = RECORD_PAGES[type][side];
  if (!page) return '';
  return page.param ? `${page.path}?${page.param}=${id}` : page.path;
}

/** What the texts of a message are made from (loaded by the module that owns the record). */
export interface NotifyRecord {
  /** The record id (sys_message.biz_id). */
  id: number;
  /** What people call the record: 投保单号/保单号, 批单号, 报案号, a training's topic, 需求编号. */
  no: string;
  /** The enterprise of the record (absent for records of no single enterprise: trainings, plan filings). */
  enterpriseId?: number;
  enterpriseName: string;
  /** The lead (issuing) insurer, or the insurer whose record it is. */
  insurerId?: number;
  insurerName?: string;
  /** `publisher` messages: the publishing organisation and the side whose pages it opens. */
  publisherOrgId?: number;
  publisherSide?: PublisherSide;
  /** `enterprises` messages: the enterprises told. */
  enterpriseIds?: readonly number[];
  /** `regulators` messages of a record covering several districts. */
  districtCodes?: readonly string[];
  /** The policy whose co-insurers receive `coinsurers` messages. */
  policyId?: number;
  /** The district whose regulators receive `regulators` messages. */
  districtCode?: string;
  /** Which side entered the policy application (`applicant` messages). */
  enteredBy?: 'enterprise' | 'insurer';
  /** Event-specific text (a reason, an amount, a date), completing the content. */
  detail?: string;
  /** `provider` messages: the organisation a prevention plan is assigned to (its side in publisherSide). */
  providerOrgId?: number;
  /** Complaints: who filed it and who handles it (their sides decide the pages). */
  complainantOrgId?: number;
  complainantSide?: ComplainantSide;
  handlerOrgId?: number | null;
  handlerSide?: HandlerSide;
  /** Registrations: the account an approval created and the side whose pages it opens. */
  registrantUserId?: number;
  registrantSide?: Side;
}

type Text = (r: NotifyRecord) => string;

export interface Recipient {
  party: Party;
  kind: Extract<MessageKind, 'system' | 'todo'>;
  /** Texts for this recipient when they differ from the event's. */
  title?: Text;
  content?: Text;
}

export interface NotificationDef {
  /** What happened, as the table in docs/NOTIFICATIONS.md says it. */
  when: string;
  record: RecordType;
  to: Recipient[];
  title: Text;
  content: Text;
  /**
   * Open to-dos of these events (codes of this catalogue, checked by its test) on the same record are
   * done when this event happens.
   */
  closes?: readonly string[];
}

const withDetail = (text: string, r: NotifyRecord) => (r.detail ? `${text}${r.detail}` : text);

export const NOTIFICATIONS = {
  // ----------------------------------------------------------------------------------------- policies
  'policy.submitted': {
    when: '投保申请提交审核',
    record: 'policy',
    to: [{ party: 'insurer', kind: 'todo' }],
    title: (r) => `审核投保申请：${r.enterpriseName}`,
    content: (r) => `投保单号 ${r.no}，请审核后出单或退回。`,
    closes: ['policy.returned'],
  },
  'policy.returned': {
    when: '投保申请审核不通过（退回）',
    record: 'policy',
    to: [{ party: 'applicant', kind: 'todo' }],
    title: (r) => `修改投保申请后重新提交：${r.enterpriseName}`,
    content: (r) => `投保单号 ${r.no} 审核未通过，原因：${r.detail ?? ''}。请修改后重新提交。`,
    closes: ['policy.submitted'],
  },
  'policy.issued': {
    when: '保单出单（投保申请审核通过，或保险机构系统上报已出单保单）',
    record: 'policy',
    to: [
      { party: 'enterprise', kind: 'system' },
      {
        party: 'coinsurers',
        kind: 'system',
        title: (r) => `共保保单已出单：${r.no}`,
        content: (r) =>
          withDetail(`${r.enterpriseName}的保单 ${r.no} 已由主承保险机构出单，贵机构为共保机构。`, r),
      },
    ],
    title: (r) => `保单已出单：${r.no}`,
    content: (r) => withDetail(`${r.enterpriseName}的投保申请已审核通过，保单号 ${r.no}。`, r),
    closes: ['policy.submitted'],
  },
  'policy.cancelled': {
    when: '保单注销（退保批改生效）',
    record: 'policy',
    to: [
      { party: 'enterprise', kind: 'system' },
      { party: 'coinsurers', kind: 'system' },
    ],
    title: (r) => `保单已注销：${r.no}`,
    content: (r) => withDetail(`${r.enterpriseName}的保单 ${r.no} 已注销。`, r),
  },
  'policy.employeesChanged': {
    when: '投保企业变更从业人员总数（有待审核或未到期的保单时）',
    record: 'policy',
    to: [{ party: 'insurer', kind: 'system' }],
    title: (r) => `投保企业从业人员总数变更：${r.enterpriseName}`,
    content: (r) => withDetail(`保单 ${r.no}：`, r),
  },
  'policy.holderStatusChanged': {
    when: '监管部门变更投保企业的经营状态（有未到期的保单时）',
    record: 'policy',
    to: [
      { party: 'insurer', kind: 'system' },
      { party: 'coinsurers', kind: 'system' },
    ],
    title: (r) => `投保企业经营状态变更：${r.enterpriseName}`,
    content: (r) => withDetail(`保单 ${r.no}：`, r),
  },
  'enterprise.statusChanged': {
    when: '监管部门变更企业的经营状态',
    record: 'enterprise',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: () => '企业经营状态已由监管部门变更',
    content: (r) => withDetail(`${r.enterpriseName}：`, r),
  },

  // ------------------------------------------------------------------------------------- endorsements
  'endorsement.applied': {
    when: '企业申请批改',
    record: 'endorsement',
    to: [{ party: 'insurer', kind: 'todo' }],
    title: (r) => `审核批改申请：${r.enterpriseName}`,
    content: (r) => `批单号 ${r.no}，请审核后通过或退回。`,
  },
  'endorsement.withdrawn': {
    when: '企业撤回批改申请',
    record: 'endorsement',
    to: [{ party: 'insurer', kind: 'system' }],
    title: (r) => `批改申请已撤回：${r.no}`,
    content: (r) => `${r.enterpriseName}撤回了批改申请 ${r.no}，无需审核。`,
    closes: ['endorsement.applied'],
  },
  'endorsement.approved': {
    when: '批改审核通过（生效日已到则立即生效）',
    record: 'endorsement',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `批改申请已审核通过：${r.no}`,
    content: (r) => withDetail(`批单号 ${r.no}。`, r),
    closes: ['endorsement.applied'],
  },
  'endorsement.returned': {
    when: '批改申请被退回',
    record: 'endorsement',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `批改申请被退回：${r.no}`,
    content: (r) => `批单号 ${r.no} 被退回，原因：${r.detail ?? ''}。如仍需批改，请重新申请。`,
    closes: ['endorsement.applied'],
  },
  'endorsement.effective': {
    when: '审核通过的批改到生效日期自动生效',
    record: 'endorsement',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `批改已生效：${r.no}`,
    content: (r) => withDetail(`批单号 ${r.no} 已生效，保单已生成新版本。`, r),
  },
  'endorsement.lapsed': {
    when: '审核通过的批改到生效日期未能生效（退回）',
    record: 'endorsement',
    to: [
      { party: 'enterprise', kind: 'system' },
      { party: 'insurer', kind: 'system' },
    ],
    title: (r) => `批改未能生效：${r.no}`,
    content: (r) => `批单号 ${r.no} 到生效日期未能生效，已退回：${r.detail ?? ''}`,
  },

  // ------------------------------------------------------------------------------------------- claims
  'claim.reported': {
    when: '企业报案',
    record: 'claim',
    to: [
      { party: 'insurer', kind: 'todo' },
      {
        party: 'coinsurers',
        kind: 'system',
        title: (r) => `共保保单报案：${r.enterpriseName}`,
        content: (r) => `报案号 ${r.no}，由主承保险机构办理，贵机构可查看案件进展。`,
      },
    ],
    title: (r) => `受理报案：${r.enterpriseName}`,
    content: (r) => `报案号 ${r.no}，请核实后立案或撤案。`,
  },
  'claim.reportedByInsurer': {
    when: '保险机构代企业报案',
    record: 'claim',
    to: [
      { party: 'enterprise', kind: 'system' },
      {
        party: 'coinsurers',
        kind: 'system',
        title: (r) => `共保保单报案：${r.enterpriseName}`,
        content: (r) => `报案号 ${r.no}，由主承保险机构办理，贵机构可查看案件进展。`,
      },
    ],
    title: (r) => `保险机构已为贵企业登记报案：${r.no}`,
    content: (r) => `报案号 ${r.no}，可在理赔管理中查看案件进展。`,
  },
  'claim.major': {
    when: '较大及以上事故报案或立案（死亡3人以上，或立案事故等级为较大事故及以上）',
    record: 'claim',
    to: [{ party: 'regulators', kind: 'system' }],
    title: (r) => `较大及以上事故：${r.enterpriseName}`,
    content: (r) => withDetail(`报案号 ${r.no}。`, r),
  },
  'claim.registered': {
    when: '理赔案件立案',
    record: 'claim',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `理赔案件已立案：${r.no}`,
    content: (r) => withDetail(`报案号 ${r.no} 已立案。`, r),
    closes: ['claim.reported'],
  },
  'claim.advancePaid': {
    when: '理赔预付、垫付或快付',
    record: 'claim',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `理赔款已预付：${r.no}`,
    content: (r) => withDetail(`报案号 ${r.no}：`, r),
  },
  'claim.surveyed': {
    when: '理赔案件现场查勘',
    record: 'claim',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `理赔案件已查勘：${r.no}`,
    content: (r) => withDetail(`报案号 ${r.no} 已完成现场查勘。`, r),
  },
  'claim.assessed': {
    when: '理赔案件定损',
    record: 'claim',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `理赔案件已定损：${r.no}`,
    content: (r) => withDetail(`报案号 ${r.no}：`, r),
  },
  'claim.paid': {
    when: '理赔案件赔付',
    record: 'claim',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `理赔款已赔付：${r.no}`,
    content: (r) => withDetail(`报案号 ${r.no}：`, r),
  },
  'claim.closed': {
    when: '理赔案件结案',
    record: 'claim',
    to: [
      { party: 'enterprise', kind: 'todo' },
      {
        party: 'coinsurers',
        kind: 'system',
        title: (r) => `共保保单理赔案件已结案：${r.no}`,
        content: (r) => withDetail(`${r.enterpriseName}的案件 ${r.no} 已结案。`, r),
      },
    ],
    title: (r) => `评价理赔满意度：${r.no}`,
    content: (r) => withDetail(`案件 ${r.no} 已结案`, r).concat('。请对本次理赔服务作出评价。'),
    closes: ['claim.reported'],
  },
  'claim.withdrawn': {
    when: '保险机构撤案',
    record: 'claim',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `理赔案件已撤案：${r.no}`,
    content: (r) => `报案号 ${r.no} 已撤案，原因：${r.detail ?? ''}`,
    closes: ['claim.reported'],
  },
  'claim.withdrawnByEnterprise': {
    when: '企业撤案',
    record: 'claim',
    to: [{ party: 'insurer', kind: 'system' }],
    title: (r) => `企业已撤案：${r.no}`,
    content: (r) => `${r.enterpriseName}撤回了报案 ${r.no}，原因：${r.detail ?? ''}`,
    closes: ['claim.reported'],
  },
  'claim.rated': {
    when: '企业评价理赔满意度',
    record: 'claim',
    to: [{ party: 'insurer', kind: 'system' }],
    title: (r) => `企业已评价理赔满意度：${r.no}`,
    content: (r) => withDetail(`${r.enterpriseName}对案件 ${r.no} 的评价：`, r),
    closes: ['claim.closed'],
  },

  // ------------------------------------------------------------------------------- accident prevention
  'ap.planAssigned': {
    when: '制定事故预防服务计划（分派给服务机构或专家机构）',
    record: 'apPlan',
    to: [{ party: 'provider', kind: 'todo' }],
    title: (r) => `执行预防服务：${r.enterpriseName}`,
    content: (r) => withDetail(`服务计划“${r.no}”已分派给贵机构，请按计划开展服务并填写服务记录。`, r),
  },
  'ap.visitToConfirm': {
    when: '服务计划制定或服务时间变更（AQ 9010：服务前与企业确认服务项目和时间）',
    record: 'apPlan',
    to: [{ party: 'enterprise', kind: 'todo' }],
    title: (r) => `确认预防服务时间：${r.no}`,
    content: (r) => withDetail(`保险机构安排的事故预防服务“${r.no}”，请确认服务项目和时间。`, r),
    closes: ['ap.visitToConfirm'],
  },
  'ap.visitConfirmed': {
    when: '企业确认服务项目和时间',
    record: 'apPlan',
    to: [{ party: 'provider', kind: 'system' }],
    title: (r) => `企业已确认服务时间：${r.enterpriseName}`,
    content: (r) => withDetail(`${r.enterpriseName}已确认服务“${r.no}”的项目和时间。`, r),
    closes: ['ap.visitToConfirm'],
  },
  'ap.recordSubmitted': {
    when: '服务记录提交（待企业确认）',
    record: 'apPlan',
    to: [{ party: 'enterprise', kind: 'todo' }],
    title: (r) => `确认服务记录：${r.no}`,
    content: (r) => withDetail(`服务“${r.no}”的服务记录已提交，请核对后确认。`, r),
    closes: ['ap.planAssigned', 'ap.visitToConfirm'],
  },
  'ap.recordConfirmed': {
    when: '企业确认服务记录',
    record: 'apPlan',
    to: [
      { party: 'insurer', kind: 'system' },
      {
        party: 'provider',
        kind: 'system',
        title: (r) => `企业已确认服务记录：${r.no}`,
        content: (r) => withDetail(`${r.enterpriseName}已确认服务记录“${r.no}”，可安排回访。`, r),
      },
    ],
    title: (r) => `企业已确认服务记录：${r.no}`,
    content: (r) => withDetail(`${r.enterpriseName}已确认服务记录“${r.no}”。`, r),
    closes: ['ap.recordSubmitted'],
  },
  // ------------------------------------------------------------------- accident prevention activities
  'training.published': {
    when: '保险机构、服务机构或专家发布培训',
    record: 'training',
    to: [{ party: 'enterprises', kind: 'system' }],
    title: (r) => `培训报名：${r.no}`,
    content: (r) => withDetail(`新的安全生产培训“${r.no}”已开放报名。`, r),
  },
  'training.signedUp': {
    when: '企业报名培训',
    record: 'training',
    to: [{ party: 'publisher', kind: 'system' }],
    title: (r) => `新的培训报名：${r.enterpriseName}`,
    content: (r) => withDetail(`${r.enterpriseName}报名参加培训“${r.no}”。`, r),
  },
  'training.signUpCancelled': {
    when: '企业取消培训报名',
    record: 'training',
    to: [{ party: 'publisher', kind: 'system' }],
    title: (r) => `培训报名已取消：${r.enterpriseName}`,
    content: (r) => withDetail(`${r.enterpriseName}取消了培训“${r.no}”的报名。`, r),
  },
  'training.cancelled': {
    when: '发布机构取消培训',
    record: 'training',
    to: [{ party: 'enterprises', kind: 'system' }],
    title: (r) => `培训已取消：${r.no}`,
    content: (r) => `您报名的培训“${r.no}”已取消，原因：${r.detail ?? ''}`,
  },
  'serviceRequest.submitted': {
    when: '企业向保险机构提出服务需求',
    record: 'serviceRequest',
    to: [{ party: 'insurer', kind: 'todo' }],
    title: (r) => `处理服务需求：${r.enterpriseName}`,
    content: (r) => withDetail(`需求编号 ${r.no}，请受理或拒绝。`, r),
  },
  'serviceRequest.withdrawn': {
    when: '企业撤回服务需求',
    record: 'serviceRequest',
    to: [{ party: 'insurer', kind: 'system' }],
    title: (r) => `服务需求已撤回：${r.no}`,
    content: (r) => `${r.enterpriseName}撤回了服务需求 ${r.no}，无需处理。`,
    closes: ['serviceRequest.submitted'],
  },
  'serviceRequest.accepted': {
    when: '保险机构受理服务需求',
    record: 'serviceRequest',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `服务需求已受理：${r.no}`,
    content: (r) =>
      withDetail(`${r.insurerName ?? '保险机构'}已受理服务需求 ${r.no}，将据此安排服务计划。`, r),
    closes: ['serviceRequest.submitted'],
  },
  'serviceRequest.declined': {
    when: '保险机构拒绝服务需求',
    record: 'serviceRequest',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `服务需求未被受理：${r.no}`,
    content: (r) => `${r.insurerName ?? '保险机构'}未受理服务需求 ${r.no}，原因：${r.detail ?? ''}`,
    closes: ['serviceRequest.submitted'],
  },
  'preventionFiling.submitted': {
    when: '保险机构提交年度预防计划备案（含重新备案的新版本）',
    record: 'preventionFiling',
    to: [{ party: 'regulators', kind: 'todo' }],
    title: (r) => `审核预防计划备案：${r.insurerName ?? ''}`,
    content: (r) => withDetail(`${r.insurerName ?? ''}提交了${r.no}，请审核后备案或退回。`, r),
    closes: ['preventionFiling.returned'],
  },
  'preventionFiling.filed': {
    when: '监管部门备案通过年度预防计划',
    record: 'preventionFiling',
    to: [{ party: 'insurer', kind: 'system' }],
    title: (r) => `预防计划已备案：${r.no}`,
    content: (r) => withDetail(`${r.no}已由监管部门备案。`, r),
    closes: ['preventionFiling.submitted'],
  },
  'preventionFiling.returned': {
    when: '监管部门退回年度预防计划备案',
    record: 'preventionFiling',
    to: [{ party: 'insurer', kind: 'todo' }],
    title: (r) => `修改后重新备案：${r.no}`,
    content: (r) => `${r.no}被退回，原因：${r.detail ?? ''}。请修改后重新备案。`,
    closes: ['preventionFiling.submitted'],
  },
  // ------------------------------------------------------------------ hidden dangers (modules/hazard)
  'hazard.registered': {
    when: '服务机构、专家或保险机构登记隐患（企业自查登记时告知企业其他用户）',
    record: 'hazard',
    to: [{ party: 'enterprise', kind: 'todo' }],
    title: (r) => `隐患整改：${r.no}`,
    content: (r) => withDetail(`${r.enterpriseName}的隐患“${r.no}”待整改，请按期整改并提交整改情况。`, r),
  },
  'hazard.majorReported': {
    when: '登记重大隐患（即时报告属地监管部门，16号令第十四条）',
    record: 'hazard',
    to: [
      { party: 'regulators', kind: 'todo' },
      {
        party: 'insurer',
        kind: 'system',
        title: (r) => `承保企业发现重大隐患：${r.enterpriseName}`,
      },
    ],
    title: (r) => `重大隐患报告：${r.enterpriseName}`,
    content: (r) => withDetail(`${r.enterpriseName}存在重大隐患“${r.no}”，请跟踪督办。`, r),
  },
  'hazard.submitted': {
    when: '企业提交隐患整改（待复查/验收）',
    record: 'hazard',
    to: [
      { party: 'provider', kind: 'todo' },
      { party: 'insurer', kind: 'todo' },
      { party: 'enterprise', kind: 'todo', title: (r) => `验收隐患整改：${r.no}` },
    ],
    title: (r) => `复查隐患整改：${r.enterpriseName}`,
    content: (r) => withDetail(`${r.enterpriseName}已提交隐患“${r.no}”的整改情况，请复查。`, r),
    closes: ['hazard.registered', 'hazard.rejected'],
  },
  'hazard.rejected': {
    when: '复查驳回隐患整改',
    record: 'hazard',
    to: [{ party: 'enterprise', kind: 'todo' }],
    title: (r) => `隐患整改被驳回：${r.no}`,
    content: (r) => `隐患“${r.no}”的整改未通过复查，原因：${r.detail ?? ''}。请重新整改后提交。`,
    closes: ['hazard.submitted'],
  },
  'hazard.completed': {
    when: '复查通过，隐患整改完成',
    record: 'hazard',
    to: [
      { party: 'enterprise', kind: 'system' },
      { party: 'regulators', kind: 'system' },
    ],
    title: (r) => `隐患整改已完成：${r.no}`,
    content: (r) => withDetail(`${r.enterpriseName}的隐患“${r.no}”复查通过，整改完成。`, r),
    closes: ['hazard.submitted', 'hazard.registered', 'hazard.majorReported', 'hazard.majorOverdue'],
  },
  'hazard.handled': {
    when: '监管部门处置隐患（督促整改、现场检查、行政处罚、处置完毕）',
    record: 'hazard',
    to: [{ party: 'enterprise', kind: 'system' }],
    title: (r) => `监管部门处置隐患：${r.no}`,
    content: (r) => withDetail(`监管部门对隐患“${r.no}”作出处置：`, r),
  },
  'hazard.majorOverdue': {
    when: '重大隐患逾期未整改（预警任务发现时）',
    record: 'hazard',
    to: [
      { party: 'regulators', kind: 'todo' },
      { party: 'insurer', kind: 'system' },
    ],
    title: (r) => `重大隐患逾期未整改：${r.enterpriseName}`,
    content: (r) => withDetail(`${r.enterpriseName}的重大隐患“${r.no}”已超过限时整改日期仍未完成整改。`, r),
  },
  ...COMPLAINT_NOTIFICATIONS,

  ...POOL_NOTIFICATIONS,
  ...REGISTRATION_NOTIFICATIONS,
} as const satisfies Record<string, NotificationDef>;

export type NotificationEvent = keyof typeof NOTIFICATIONS;

export const NOTIFICATION_EVENTS = Object.keys(NOTIFICATIONS) as NotificationEvent[];

export function notificationDef(event: NotificationEvent): NotificationDef {
  return NOTIFICATIONS[event];
}

/** The side whose pages a party opens (the applicant's and the publisher's from the record). */
export function partySide(
  party: Party,
  enteredBy?: 'enterprise' | 'insurer',
  publisherSide?: PublisherSide,
  complaint?: { complainantSide?: ComplainantSide; handlerSide?: HandlerSide; registrantSide?: Side },
): Side {
  switch (party) {
    case 'operators':
      return 'admin';
    case 'registrant':
      return complaint?.registrantSide ?? 'enterprise';
    case 'complainant':
      return complaint?.complainantSide ?? 'enterprise';
    case 'handler':
      return complaint?.handlerSide ?? 'insurer';
    case 'enterprises':
      return 'enterprise';
    case 'publisher':
      return publisherSide ?? 'insurer';
    case 'provider':
      return publisherSide === 'expert' ? 'expert' : 'service';
    case 'enterprise':
      return 'enterprise';
    case 'insurer':
    case 'coinsurers':
      return 'insurer';
    case 'regulators':
      return 'government';
    case 'applicant':
      return enteredBy === 'insurer' ? 'insurer' : 'enterprise';
  }
}

const KIND_NAMES: Record<Recipient['kind'], string> = { system: '通知', todo: '待办' };

/**
 * The sides a party may be (an applicant both, a publisher any of three, a provider service or expert),
 * for the table and its test.
 */
export function partySides(party: Party): Side[] {
  if (party === 'applicant') return ['enterprise', 'insurer'];
  if (party === 'publisher') return ['insurer', 'service', 'expert'];
  if (party === 'provider') return ['service', 'expert'];
  if (party === 'complainant') return ['enterprise', 'insurer', 'service', 'expert'];
  if (party === 'handler') return ['insurer', 'admin', 'government'];
  if (party === 'registrant') return ['enterprise', 'service', 'expert', 'government', 'insurer'];
  return [partySide(party)];
}

/**
 * docs/NOTIFICATIONS.md's table, one row per event and recipient: event code, what happened, who, kind,
 * the link (the record's detail page for the recipient's role, with the id parameter) and the to-dos the
 * event closes.
 */
export function notificationTable(): string {
  const rows = [
    '| 事件 | 何时 | 接收方 | 类型 | 链接（记录详情页） | 关闭的待办 |',
    '|---|---|---|---|---|---|',
  ];
  for (const event of NOTIFICATION_EVENTS) {
    const def = notificationDef(event);
    for (const r of def.to) {
      const link = partySides(r.party)
        .map((side) => `\`${recordLink(def.record, side, '{id}')}\``)
        .join('<br>');
      const closes = (def.closes ?? []).map((c) => `\`${c}\``).join('、') || '—';
      rows.push(
        `| \`${event}\` | ${def.when} | ${PARTY_NAMES[r.party]} | ${KIND_NAMES[r.kind]} | ${link} | ${closes} |`,
      );
    }
  }
  return rows.join('\n');
}
