/** The portal's headline figures (spec 9), zod-free. */

export const STAT_LABELS = {
  insuredEnterprises: { label: '投保企业', unit: '家' },
  premium: { label: '保费', unit: '元' },
  sumInsured: { label: '保额', unit: '万元' },
  preventionFee: { label: '事故预防费用', unit: '元' },
  claims: { label: '理赔案件', unit: '件' },
  claimPaid: { label: '理赔费用', unit: '元' },
} as const;
