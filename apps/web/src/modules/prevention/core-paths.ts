/** Routes of the prevention screens (seeded in packages/contracts/src/resource-tree.ts). */

export type Provider = 'service' | 'expert';

export const AP_PATHS = {
  insurerManage: '/insurance/InsuranceAp/InsuranceApManage/route',
  /** ?id= project, or ?planId= one plan and its record. */
  insurerDetail: '/insurance/InsuranceAp/InsuranceApDetail/route',
  entQuery: '/ent/EntAPQuery/route',
  /** ?id= plan. */
  entDetail: '/ent/EntAPDetail/route',
  govManage: '/government/govAp/GovApManage/route',
  govQuery: '/government/govAp/GovApQuery/route',
  /** ?id= plan, or ?projectId= a project. */
  govDetail: '/government/govAp/GovApDetail/route',
  /** The provider's landing; ?planId= opens a plan and its record form. */
  providerAp: (p: Provider) => `/${p}/${p}Ap`,
  providerFollow: (p: Provider) => `/${p}/ap/${p === 'service' ? 'Service' : 'Expert'}ApFollow/route`,
  providerIndex: (p: Provider) => `/${p}/ap/${p === 'service' ? 'Service' : 'Expert'}Index/route`,
} as const;
