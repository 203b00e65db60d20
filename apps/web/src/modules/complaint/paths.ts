/**
 * Routes of the complaint screens (packages/contracts/src/resource-tree.ts): each complaining role has
 * 我的投诉, 新增投诉 and 投诉详情; the insurer also the named routes insuranceComplaintQuery and
 * insuranceComplaintManage (spec 2.1); the regulator and the operations centre their handling lists.
 */

/** The four roles that file complaints. */
export type Complainant = 'ent' | 'insurer' | 'service' | 'expert';
/** Whose handling screens: the insurer's, the operations centre's, the regulator's. */
export type HandlerSide = 'insurer' | 'admin' | 'gov';

export const COMPLAINANT_PATHS: Record<Complainant, { list: string; add: string; detail: string }> = {
  ent: {
    list: '/ent/center/EntComplaint/route',
    add: '/ent/center/EntComplaintAdd/route',
    detail: '/ent/center/EntComplaintDetail/route',
  },
  insurer: {
    list: '/insurance/org/InsuranceComplaint/route',
    add: '/insurance/org/InsuranceComplaintAdd/route',
    detail: '/insurance/org/InsuranceComplaintDetail/route',
  },
  service: {
    list: '/service/center/ServiceComplaint/route',
    add: '/service/center/ServiceComplaintAdd/route',
    detail: '/service/center/ServiceComplaintDetail/route',
  },
  expert: {
    list: '/expert/center/ExpertComplaint/route',
    add: '/expert/center/ExpertComplaintAdd/route',
    detail: '/expert/center/ExpertComplaintDetail/route',
  },
};

export const HANDLER_PATHS: Record<HandlerSide, { list: string; detail: string }> = {
  insurer: {
    list: '/insurance/org/insuranceComplaintManage',
    detail: '/insurance/org/InsuranceComplaintDetail/route',
  },
  admin: { list: '/admin/biz/AdminComplaint/route', detail: '/admin/biz/AdminComplaintDetail/route' },
  gov: {
    list: '/government/govComplaint/GovComplaint/route',
    detail: '/government/govComplaint/GovComplaintDetail/route',
  },
};

export const INSURANCE_COMPLAINT_QUERY_PATH = '/insurance/org/insuranceComplaintQuery';
export const GOV_COMPLAINT_STATS_PATH = '/government/govComplaint/GovComplaintStats/route';

/** A positive integer query parameter, or null. */
export function idParam(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}
