/** Routes of the policy screens (resource paths seeded in packages/contracts/src/resource-tree.ts). */
export const PATHS = {
  entManage: '/ent/Entazx/EntInsuranceManage/route',
  entQuery: '/ent/Entazx/EntInsuranceQuery/route',
  entAdd: '/ent/Entazx/EntInsuranceAdd/route',
  entDetail: '/ent/Entazx/EntInsuranceDetail/route',
  entEndorseManage: '/ent/Entazx/EntEndorsementManage/route',
  entEndorseAdd: '/ent/Entazx/EntEndorsementAdd/route',
  entEndorseDetail: '/ent/Entazx/EntEndorsementDetail/route',
  entClaimAdd: '/ent/Entazx/EntClaimAdd/route',
  insManage: '/insurance/azx/PolicyManage/route',
  insAdd: '/insurance/azx/PolicyAdd/route',
  insEdit: '/insurance/azx/PolicyEdit/route',
  insDetail: '/insurance/azx/PolicyDetail/route',
  insEndorseManage: '/insurance/azx/EndorsementManage/route',
} as const;

export type Side = 'enterprise' | 'insurer';

export const detailPath = (side: Side, id: number) =>
  `${side === 'enterprise' ? PATHS.entDetail : PATHS.insDetail}?id=${id}`;
export const editPath = (side: Side, id: number) =>
  `${side === 'enterprise' ? PATHS.entAdd : PATHS.insEdit}?id=${id}`;
