import { CLAIM_PHASES, CLOSE_TYPES, type ClaimPhase, type ClaimStep, type CloseType } from '@aqzrx/contracts';

/**
 * The claim state machine of domain 3.4 over the eight steps of spec 4, as pure functions.
 *
 * Main line: 1 report → 3 register → 5 survey (repeatable) → 6 loss assessment (repeatable until payout)
 * → 7 payout (repeatable while the payouts fall short of the assessment: domain 3.4 keeps a payment
 * list, and Insurance Law Art. 25 pays the determinable part first and the difference later) → 8 close
 * (paid). Side steps: 4 advance / pay-on-behalf / fast pay, any time after
 * registration until the payout; 2 withdraw, terminal, only before any money was paid; 8 close with
 * type denied / zero (nothing paid, after registration), withdrawn (销案) or invalid (nothing paid, any
 * time before payout). A claim on which money was paid (advance or payout) ends only as "paid".
 */
/** The steps are declared in contracts, with the claim detail that lists the allowed ones. */
export type { ClaimStep };
export type ClaimActorKind = 'enterprise' | 'insurer' | 'government' | 'none';

export interface ClaimMachineState {
  phase: ClaimPhase;
  /** Whether any payment (advance, pay-on-behalf, fast pay) has been recorded. */
  hasPayments: boolean;
  /** Whether the payouts so far are below the assessed total (only a paid claim can have a shortfall). */
  shortfall: boolean;
}

export type StepDecision = { ok: true; phase: ClaimPhase } | { ok: false; reason: string };

/** Who may record each step: the enterprise reports and withdraws; the lead insurer does everything. */
export const STEP_ACTORS: Record<ClaimStep, ClaimActorKind[]> = {
  1: ['enterprise', 'insurer'],
  2: ['enterprise', 'insurer'],
  3: ['insurer'],
  4: ['insurer'],
  5: ['insurer'],
  6: ['insurer'],
  7: ['insurer'],
  8: ['insurer'],
};

const OPEN_AFTER_REGISTER: ClaimPhase[] = ['registered', 'surveyed', 'assessed'];
const BEFORE_PAYOUT: ClaimPhase[] = ['reported', ...OPEN_AFTER_REGISTER];

const refuse = (reason: string): StepDecision => ({ ok: false, reason });

/**
 * Whether `step` may be recorded on a claim in `state` by an actor of `actor` kind, and the phase it
 * leads to. Step 1 only creates a claim (state undefined).
 */
export function decideStep(
  state: ClaimMachineState | undefined,
  step: ClaimStep,
  actor: ClaimActorKind,
  closeType?: CloseType,
): StepDecision {
  if (!STEP_ACTORS[step].includes(actor))
    return refuse(
      actor === 'enterprise' ? '企业只能报案和撤案，其他环节由保险机构办理' : '无权办理该理赔环节',
    );
  if (step === 1) return state === undefined ? { ok: true, phase: 'reported' } : refuse('该案件已报案');
  if (state === undefined) return refuse('请先报案');
  const { phase, hasPayments } = state;
  if (phase === 'closed' || phase === 'withdrawn')
    return refuse(`案件${CLAIM_PHASES.label(phase)}，不能再办理`);
  switch (step) {
    case 2:
      if (!BEFORE_PAYOUT.includes(phase)) return refuse('已赔付的案件不能撤案');
      if (hasPayments) return refuse('已有付款的案件不能撤案');
      return { ok: true, phase: 'withdrawn' };
    case 3:
      return phase === 'reported' ? { ok: true, phase: 'registered' } : refuse('案件已立案');
    case 4:
      return OPEN_AFTER_REGISTER.includes(phase)
        ? { ok: true, phase }
        : refuse(phase === 'reported' ? '立案后才能预付、垫付或快付' : '已赔付的案件不能再预付');
    case 5:
      if (phase === 'registered' || phase === 'surveyed') return { ok: true, phase: 'surveyed' };
      return refuse(phase === 'reported' ? '立案后才能查勘' : '定损后不能再查勘');
    case 6:
      return OPEN_AFTER_REGISTER.includes(phase)
        ? { ok: true, phase: 'assessed' }
        : refuse(phase === 'reported' ? '立案后才能定损' : '已赔付的案件不能再定损');
    case 7:
      if (phase === 'assessed') return { ok: true, phase: 'paid' };
      if (phase === 'paid')
        return state.shortfall ? { ok: true, phase: 'paid' } : refuse('案件已按定损总金额足额赔付');
      return refuse('定损后才能赔付');
    case 8:
      return decideClose(phase, hasPayments, closeType);
  }
}

function decideClose(
  phase: ClaimPhase,
  hasPayments: boolean,
  closeType: CloseType | undefined,
): StepDecision {
  switch (closeType) {
    case 'paid':
      return phase === 'paid' ? { ok: true, phase: 'closed' } : refuse('赔付后才能以“赔付结案”结案');
    case 'denied':
    case 'zero':
      if (!OPEN_AFTER_REGISTER.includes(phase))
        return refuse(phase === 'reported' ? '立案后才能拒赔或零结' : '已赔付的案件只能赔付结案');
      return hasPayments ? refuse('已有付款的案件只能赔付结案') : { ok: true, phase: 'closed' };
    case 'withdrawn':
    case 'invalid':
      if (!BEFORE_PAYOUT.includes(phase)) return refuse('已赔付的案件只能赔付结案');
      return hasPayments ? refuse('已有付款的案件只能赔付结案') : { ok: true, phase: 'closed' };
    default:
      return refuse('请选择结案类型');
  }
}

/** The steps an actor may record next (for the detail page's buttons). */
export function allowedSteps(state: ClaimMachineState, actor: ClaimActorKind): ClaimStep[] {
  const steps: ClaimStep[] = [];
  for (const s of [2, 3, 4, 5, 6, 7] as const) if (decideStep(state, s, actor).ok) steps.push(s);
  const closable = CLOSE_TYPES.values.some((t) => decideStep(state, 8, actor, t).ok);
  if (closable) steps.push(8);
  return steps;
}

/** Close types available in this state. */
export function allowedCloseTypes(state: ClaimMachineState, actor: ClaimActorKind): CloseType[] {
  return CLOSE_TYPES.values.filter((t) => decideStep(state, 8, actor, t).ok);
}

/**
 * Date order (domain 3.4): accident ≤ report ≤ register ≤ … ≤ close, none in the future. Each step's
 * time is at or after the previous step's time. Returns the problem in Chinese or null.
 */
export function stepTimeProblem(at: Date, previous: Date, now: Date): string | null {
  if (at.getTime() > now.getTime()) return '办理时间不能晚于当前时间';
  if (at.getTime() < previous.getTime()) return '办理时间不能早于上一环节的时间';
  return null;
}

export function reportTimeProblem(accidentAt: Date, reportedAt: Date, now: Date): string | null {
  if (accidentAt.getTime() > now.getTime()) return '出险时间不能晚于当前时间';
  if (reportedAt.getTime() > now.getTime()) return '报案时间不能晚于当前时间';
  if (reportedAt.getTime() < accidentAt.getTime()) return '报案时间不能早于出险时间';
  return null;
}

/** Flags of domain 1.6 computed at read time from the settings in force. */
export function claimFlags(
  c: {
    phase: ClaimPhase;
    accidentAt: Date;
    reportedAt: Date;
    registeredAt: Date | null;
    firstPaidAt: Date | null;
  },
  s: { reportDeadlineHours: number; claimUnpaidFlagDays: number },
  now: Date,
): { lateReport: boolean; unpaidOverdue: boolean } {
  const lateReport = c.reportedAt.getTime() - c.accidentAt.getTime() > s.reportDeadlineHours * 3600_000;
  const open = c.phase !== 'closed' && c.phase !== 'withdrawn' && c.phase !== 'paid';
  const unpaidOverdue =
    open &&
    c.registeredAt !== null &&
    c.firstPaidAt === null &&
    now.getTime() - c.registeredAt.getTime() > s.claimUnpaidFlagDays * 86_400_000;
  return { lateReport, unpaidOverdue };
}
