/** Routes of the hazard, risk and alarm screens (seeded in packages/contracts/src/resource-tree.ts). */

export type Provider = 'service' | 'expert';

export const HAZARD_PATHS = {
  govApDispose: '/government/govAp/GovApDispose/route',
  govRiskDispose: '/government/govRisk/GovRiskDispose/route',
  govRiskQuery: '/government/govRisk/GovRiskQuery/route',
  /** ?enterpriseId= */
  govRiskDetail: '/government/govRisk/GovRiskDetail/route',
  govRP: '/government/govRisk/GovRP/route',
  govSupervised: '/government/govEnt/GovSupervisedUser/route',
  insurerDangerCheck: '/insurance/InsuranceAp/InsuranceDangerCheck/route',
  insurerAlarm: '/insurance/InsuranceAp/InsuranceAlarm/route',
  /** ?id= */
  insurerPolicy: '/insurance/azx/PolicyDetail/route',
  /** ?id= */
  insurerClaim: '/insurance/azx/ClaimDetail/route',
  insurerFund: '/insurance/InsuranceAp/InsuranceApManage/route',
  entDangerCheck: '/ent/EntDangerCheck/route',
  /** The provider's landing (its plans and record forms). */
  providerAp: (p: Provider) => `/${p}/${p}Ap`,
  providerDangerCheck: (p: Provider) => `/${p}/ap/${p === 'service' ? 'Service' : 'Expert'}DangerCheck/route`,
  providerDispose: (p: Provider) => `/${p}/ap/${p === 'service' ? 'Service' : 'Expert'}ApDispose/route`,
} as const;
