import type { MfaEnrolData, MfaRecoveryCodesData, MfaStatusData } from '@aqzrx/contracts';
import { fetchData, postWithMessage } from '../../platform/request.ts';

/** The signed-in user's second factor (POST /api/sys/user/mfa/*). Failures are shown by the screens. */
export function mfaStatus(): Promise<MfaStatusData> {
  return fetchData<MfaStatusData>('/sys/user/mfa/status', { skipErrorHandler: true });
}

/** Re-enrolment, step 1: the current password; answers a new QR (the old authenticator works until step 2). */
export function mfaReenrol(password: string): Promise<MfaEnrolData> {
  return fetchData<MfaEnrolData>('/sys/user/mfa/enrol', { data: { password }, skipErrorHandler: true });
}

/** Re-enrolment, step 2: a code of the new authenticator; answers ten new recovery codes. */
export function mfaConfirm(ticket: string, code: string): Promise<MfaRecoveryCodesData> {
  return fetchData<MfaRecoveryCodesData>('/sys/user/mfa/confirm', {
    data: { ticket, code },
    skipErrorHandler: true,
  });
}

/** The operations admin resets a user's second factor (the user enrols again at the next sign-in). */
export function mfaReset(userId: number) {
  return postWithMessage(`/sys/user/mfa/reset?id=${userId}`, {});
}
