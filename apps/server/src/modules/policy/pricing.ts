import {
  type PolicyDraftField,
  type PolicyPricingInput,
  policyPricingMissingMessage,
} from '@aqzrx/contracts';
import type { Tx } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { policyFigures } from './policy.machine.ts';

/**
 * The price a policy is issued at (issue 11 item 7, domain 1.4): the lead insurer's benchmark rate,
 * floating factors and premium from the review request, else what is stored (an insurer's own entry is
 * priced before it is submitted). Both rate and premium are required to issue; the derived figures
 * (float, calculated premium, prevention fee) follow from them. 400 in Chinese naming what is missing.
 */
export async function issuePricing(trx: Tx, policyId: number, input: PolicyPricingInput) {
  const [p, stored] = await Promise.all([
    trx
      .selectFrom('insPolicy')
      .select(['headcount', 'perPersonLimit', 'benchmarkRate', 'premium', 'preventionFeePct'])
      .where('id', '=', policyId)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('insPolicyFactor')
      .select(['code', 'pct', 'reason'])
      .where('policyId', '=', policyId)
      .orderBy('sort')
      .execute(),
  ]);
  // A stored 0 is a price not set yet (an enterprise's application stores 0 for it).
  const given = (v: number | undefined, s: string) => v ?? (Number(s) > 0 ? Number(s) : undefined);
  const benchmarkRate = given(input.benchmarkRate, p.benchmarkRate);
  const premium = given(input.premium, p.premium);
  const missing: PolicyDraftField[] = [];
  if (benchmarkRate === undefined) missing.push('benchmarkRate');
  if (premium === undefined) missing.push('premium');
  if (benchmarkRate === undefined || premium === undefined) {
    const message = policyPricingMissingMessage(missing);
    throw badRequest(message, { problems: [message], missing });
  }
  const factors = input.factors ?? stored.map((f) => ({ ...f, pct: Number(f.pct) }));
  const f = policyFigures({
    perPersonLimit: Number(p.perPersonLimit),
    headcount: p.headcount,
    benchmarkRate,
    premium,
    preventionFeePct: Number(p.preventionFeePct),
    factors,
  });
  if (f.floatPct <= -100)
    throw badRequest('费率浮动合计须大于-100%', { problems: ['费率浮动合计须大于-100%'] });
  return {
    /** The row's pricing columns. */
    values: {
      benchmarkRate,
      premium,
      floatPct: f.floatPct,
      premiumCalc: f.premiumCalc,
      preventionFee: f.preventionFee,
    },
    /** The factor table to store, when the request gave one. */
    factors: input.factors,
  };
}

/** Replaces the floating factors of a policy. */
export async function writeFactors(
  trx: Tx,
  policyId: number,
  factors: NonNullable<PolicyPricingInput['factors']>,
): Promise<void> {
  await trx.deleteFrom('insPolicyFactor').where('policyId', '=', policyId).execute();
  if (factors.length)
    await trx
      .insertInto('insPolicyFactor')
      .values(factors.map((f, i) => ({ policyId, code: f.code, pct: f.pct, reason: f.reason, sort: i })))
      .execute();
}
