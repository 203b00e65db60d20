/** The values of the claim step forms: what they hold, their first values and the request body they make. */
import type { CloseType } from '@aqzrx/contracts';
import dayjs from 'dayjs';
import { chinaNow, type FileMapItem, fileIdOf } from '../../components/index.ts';
import { closeShortfallText, LOSS_CATEGORIES, minAccidentLevel } from '../../platform/contracts.ts';
import type { ClaimDetail, ClaimStepBody, ClaimStepNo } from './api.ts';
import { fromCents, lastStepAt, payoutStateOf, sumCents, toCents, unpaidByCategory } from './model.ts';
import type { TypedTime } from './TimeField.tsx';

/** The body of one step (contracts claimStepInput). */
type Step<N extends ClaimStepNo> = Extract<ClaimStepBody, { step: N }>;
type Person = NonNullable<Step<7>['persons']>[number];
type Fee = NonNullable<Step<7>['fees']>[number];
type LossItem = NonNullable<Step<6>['items']>[number];

/**
 * A value the form's rules require, taken as the body's type: the rules keep a step from being sent
 * without it, and the server refuses one that came without it all the same.
 */
const required = <T>(v: T | undefined, missing: string | number): T => v ?? (missing as T);

/** What the step forms hold (a union of every step's fields; each step uses its own). */
export interface StepFormValues {
  /** A time, or text typed that is not one (the field's rule refuses it). */
  at?: TypedTime;
  note?: string;
  files?: FileMapItem[];
  reason?: string;
  accidentType?: Step<3>['accidentType'];
  accidentLevel?: Step<3>['accidentLevel'];
  seriousInjuries?: number;
  cause?: string;
  estimatedLoss?: number;
  payType?: Step<4>['payType'];
  amount?: number;
  payee?: string;
  surveyorName?: string;
  surveyorPhone?: string;
  description?: string;
  losses?: Record<string, number | null | undefined>;
  persons?: Array<Partial<Omit<Person, 'proofs'>>>;
  properties?: Array<{ ownerName?: string; propertyName?: string; amount?: number }>;
  fees?: Array<Partial<Fee>>;
  closeType?: CloseType;
  deniedReason?: string;
  /** Only carries the total's error message. */
  total?: number;
}

/** A loss category as people read it. */
export const lossLabel = (category: string) =>
  LOSS_CATEGORIES.find((c) => c.value === category)?.label ?? category;

/** The loss items that were filled in (a blank category is left out; 0 is kept). */
export function lossItems(losses: StepFormValues['losses']): LossItem[] {
  return LOSS_CATEGORIES.flatMap((c) => {
    const v = losses?.[c.value];
    return v === null || v === undefined ? [] : [{ category: c.value, amount: Number(v) }];
  });
}

/** The request body of a step from the form values (trimmed texts, ISO time, file ids, totals). */
export function buildStepBody(step: ClaimStepNo, v: StepFormValues, partial = false): ClaimStepBody {
  const base = {
    ...(dayjs.isDayjs(v.at) ? { at: v.at.toISOString() } : {}),
    note: (v.note ?? '').trim(),
    attachments: (v.files ?? []).flatMap((f) => fileIdOf(f.fileUrl) ?? []),
  };
  switch (step) {
    case 2:
      return { ...base, step, reason: (v.reason ?? '').trim() };
    case 3:
      return {
        ...base,
        step,
        accidentType: required(v.accidentType, ''),
        accidentLevel: required(v.accidentLevel, 0),
        seriousInjuries: v.seriousInjuries ?? 0,
        cause: (v.cause ?? '').trim(),
        estimatedLoss: v.estimatedLoss ?? 0,
      };
    case 4:
      return {
        ...base,
        step,
        payType: required(v.payType, 0),
        amount: v.amount ?? 0,
        payee: (v.payee ?? '').trim(),
      };
    case 5:
      return {
        ...base,
        step,
        surveyorName: (v.surveyorName ?? '').trim(),
        surveyorPhone: (v.surveyorPhone ?? '').trim(),
        description: (v.description ?? '').trim(),
      };
    case 6: {
      const items = lossItems(v.losses);
      return { ...base, step, items, total: fromCents(sumCents(items)) };
    }
    case 7: {
      const persons = (v.persons ?? []).map((p) => ({
        personType: p.personType ?? 1,
        name: (p.name ?? '').trim(),
        idType: p.idType ?? '01',
        idNo: (p.idNo ?? '').trim().toUpperCase(),
        injury: required(p.injury, ''),
        amount: p.amount ?? 0,
        proofs: [],
      }));
      const properties = (v.properties ?? []).map((p) => ({
        ownerName: (p.ownerName ?? '').trim(),
        propertyName: (p.propertyName ?? '').trim(),
        amount: p.amount ?? 0,
      }));
      const fees = (v.fees ?? []).map((f) => ({ category: required(f.category, ''), amount: f.amount ?? 0 }));
      const total = fromCents(sumCents(persons) + sumCents(properties) + sumCents(fees));
      return { ...base, step, persons, properties, fees, total, partial };
    }
    case 8:
      return {
        ...base,
        step,
        closeType: required(v.closeType, ''),
        deniedReason: v.closeType === 'denied' ? (v.deniedReason ?? '').trim() : '',
      };
    default:
      throw new Error(`step ${step} is not recorded with this form`);
  }
}

/** The facts that grade the accident (domain 1.7): reported deaths, serious injuries, estimated loss. */
export const gradeFacts = (
  claim: Pick<ClaimDetail, 'deaths'>,
  seriousInjuries: unknown,
  estimatedLoss: unknown,
) => ({
  deaths: claim.deaths,
  seriousInjuries: Number(seriousInjuries) || 0,
  directLoss: Number(estimatedLoss) || 0,
});

/** The unpaid difference a close as paid leaves (null when the payouts reach the assessment). */
export const closeShortfall = (claim: ClaimDetail, closeType: CloseType | undefined) =>
  closeType === 'paid' && claim.phase === 'paid' ? closeShortfallText(payoutStateOf(claim)) : null;

/**
 * The payout lines proposed from the assessment: every assessed category not yet paid, casualties as
 * person rows of the right type (split at the per-person limit; names and IDs left to fill in), property
 * loss as a property row, fees as fee lines.
 */
export function payoutFromAssessment(
  claim: Pick<ClaimDetail, 'losses' | 'timeline' | 'policy'>,
): Pick<StepFormValues, 'persons' | 'properties' | 'fees'> {
  const persons: NonNullable<StepFormValues['persons']> = [];
  const properties: NonNullable<StepFormValues['properties']> = [];
  const fees: NonNullable<StepFormValues['fees']> = [];
  const limit = toCents(claim.policy.perPersonLimit);
  for (const l of unpaidByCategory(claim)) {
    if (l.category === '01' || l.category === '02') {
      let left = toCents(l.amount);
      while (left > 0) {
        const part = limit > 0 ? Math.min(left, limit) : left;
        persons.push({ personType: l.category === '01' ? 1 : 2, idType: '01', amount: fromCents(part) });
        left -= part;
      }
    } else if (l.category === '03') properties.push({ amount: l.amount });
    // unpaidByCategory goes through LOSS_CATEGORIES: its categories are the contract's.
    else fees.push({ category: l.category as Fee['category'], amount: l.amount });
  }
  return { persons, properties, fees };
}

/** Initial values of a step form: now, and what the claim already knows. */
export function initialValues(step: ClaimStepNo, claim: ClaimDetail): StepFormValues {
  const now = chinaNow();
  const at = now.second(0).millisecond(0);
  const base: StepFormValues = { at: at.isBefore(dayjs(lastStepAt(claim))) ? now : at, files: [] };
  switch (step) {
    case 3:
      return {
        ...base,
        seriousInjuries: 0,
        accidentLevel: Math.max(
          minAccidentLevel(gradeFacts(claim, 0, 0)).level,
          claim.injuries > 0 ? 2 : 1,
        ) as Step<3>['accidentLevel'],
      };
    case 4:
      return { ...base, payType: 1 };
    case 6:
      return {
        ...base,
        losses: Object.fromEntries(claim.losses.map((l) => [l.category, l.amount])),
      };
    case 7:
      return { ...base, ...payoutFromAssessment(claim) };
    case 8: {
      const types = claim.actions.closeTypes;
      return { ...base, ...(types.length === 1 ? { closeType: types[0] } : {}) };
    }
    default:
      return base;
  }
}
