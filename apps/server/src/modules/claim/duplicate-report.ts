import { ErrorReason } from '@aqzrx/contracts';
import type { Db } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * An open claim (not closed or withdrawn) of the policy whose accident time falls in the same minute as
 * `accidentAt` (the minute is what the forms take): a second report of it is most likely the same
 * accident reported again.
 */
export async function openClaimAtSameTime(
  db: Db,
  policyId: number,
  accidentAt: Date,
): Promise<{ id: number; reportNo: string } | undefined> {
  const from = new Date(Math.floor(accidentAt.getTime() / 60_000) * 60_000);
  const to = new Date(from.getTime() + 60_000);
  return db
    .selectFrom('insClaim')
    .select(['id', 'reportNo'])
    .where('policyId', '=', policyId)
    .where('phase', 'not in', ['closed', 'withdrawn'])
    .where('accidentAt', '>=', from)
    .where('accidentAt', '<', to)
    .orderBy('id')
    .executeTakeFirst();
}

/** 409 naming the open claim a report repeats; the reporter resends with confirmDuplicate to go on. */
export function duplicateReport(existing: { id: number; reportNo: string }): AppError {
  return new AppError(
    409,
    `该保单已有同一出险时间的未结案件（报案号 ${existing.reportNo}），请勿重复报案；如确为另一起事故，请确认后再提交`,
    ErrorReason.DUPLICATE_CLAIM,
    {},
    { duplicateOf: existing },
  );
}
