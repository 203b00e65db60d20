import type { ScreenLoader } from '../../screens.ts';

const mine = () => import('./MyComplaints.tsx');
const handler = () => import('./HandlerScreens.tsx');

/**
 * Screens of complaints (投诉), keyed by the component name the server seeds (merged in src/screens.ts):
 * 我的投诉 / 新增投诉 / 投诉详情 of the four complaining roles, the handling lists of the insurer, the
 * operations centre and the regulator, the regulator's statistics and the administrator's work calendar.
 */
export const complaintScreens: Readonly<Record<string, ScreenLoader>> = {
  EntComplaint: () => mine().then((m) => m.EntComplaint),
  EntComplaintAdd: () => mine().then((m) => m.EntComplaintAdd),
  EntComplaintDetail: () => mine().then((m) => m.EntComplaintDetail),
  InsuranceComplaint: () => mine().then((m) => m.InsuranceComplaint),
  InsuranceComplaintAdd: () => mine().then((m) => m.InsuranceComplaintAdd),
  InsuranceComplaintDetail: () => handler().then((m) => m.InsuranceComplaintDetail),
  ServiceComplaint: () => mine().then((m) => m.ServiceComplaint),
  ServiceComplaintAdd: () => mine().then((m) => m.ServiceComplaintAdd),
  ServiceComplaintDetail: () => mine().then((m) => m.ServiceComplaintDetail),
  ExpertComplaint: () => mine().then((m) => m.ExpertComplaint),
  ExpertComplaintAdd: () => mine().then((m) => m.ExpertComplaintAdd),
  ExpertComplaintDetail: () => mine().then((m) => m.ExpertComplaintDetail),
  InsuranceComplaintQuery: () => handler().then((m) => m.InsuranceComplaintQuery),
  InsuranceComplaintManage: () => handler().then((m) => m.InsuranceComplaintManage),
  AdminComplaint: () => handler().then((m) => m.AdminComplaint),
  AdminComplaintDetail: () => handler().then((m) => m.AdminComplaintDetail),
  GovComplaint: () => handler().then((m) => m.GovComplaint),
  GovComplaintDetail: () => handler().then((m) => m.GovComplaintDetail),
  GovComplaintStats: () => import('./GovComplaintStats.tsx').then((m) => m.GovComplaintStats),
  AdminWorkCalendar: () => import('./AdminWorkCalendar.tsx').then((m) => m.AdminWorkCalendar),
};
