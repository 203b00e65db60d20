import { z } from 'zod';
import { captchaChallenge, resourceNode } from './auth.ts';
import { envelope, envelopeBase } from './envelope.ts';

/**
 * Response schemas of the platform and administration routes that had none (issue 12): every route
 * declares what it answers. New schemas land here first; the lead folds them into the feature files.
 * They describe output (no input refinements), and the server refuses outside production any answer
 * its schema would cut (apps/server/src/platform/response-serializer.ts).
 */

/** Success with only a message (the server's `done()`): no data. */
export const messageEnvelope = envelopeBase;

/** The id of the record just added. */
export const idEnvelope = envelope(z.object({ id: z.number().int() }));

/** A downloaded file: its bytes, of the given media type (OpenAPI `format: binary`). */
export function fileResponse(description: string, mediaType = 'application/octet-stream') {
  return { description, content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } } };
}
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An .xlsx export (row count in the X-Export-Rows header). */
export const xlsxResponse = (description: string) => fileResponse(description, XLSX_MEDIA_TYPE);

// --- health -------------------------------------------------------------------------------------------
export const liveEnvelope = envelope(z.object({ status: z.literal('ok') }));
export const readyEnvelope = envelope(
  z.object({
    status: z.literal('ready'),
    database: z.enum(['pglite', 'postgres']),
    /** `low`: the upload disk is below UPLOAD_MIN_FREE_MB (uploads answer 507; everything else works). */
    disk: z.enum(['ok', 'low']),
    /** `down`: AV_SCAN=on and clamd does not answer (uploads answer 503); `off`: uploads are not scanned. */
    antivirus: z.enum(['ok', 'down', 'off']),
  }),
);

// --- auth ---------------------------------------------------------------------------------------------
export const captchaChallengeEnvelope = envelope(captchaChallenge);
export const captchaPassEnvelope = envelope(z.object({ captchaToken: z.string() }));

// --- role ---------------------------------------------------------------------------------------------
export const roleGrant = z.object({ resourceId: z.number().int(), actions: z.array(z.string()) });
export const roleResourcesEnvelope = envelope(
  z.object({ grants: z.array(roleGrant), tree: z.array(resourceNode) }),
);
export const roleAssignEnvelope = envelope(
  z.object({ assigned: z.number().int(), unchanged: z.number().int() }),
);

// --- user ---------------------------------------------------------------------------------------------
export const userSaveEnvelope = envelope(z.object({ roleChanged: z.boolean(), revoked: z.number().int() }));
export const userUnlockEnvelope = envelope(z.object({ wasLocked: z.boolean() }));
export const sessionsEndedEnvelope = envelope(z.object({ ended: z.number().int() }));

// --- setting ------------------------------------------------------------------------------------------
const settingsOutput = z.object({
  platformName: z.string(),
  footer: z.object({
    siteCode: z.string(),
    icp: z.string(),
    police: z.string(),
    phone: z.string(),
    email: z.string(),
    supportPhone: z.string(),
    supportEmail: z.string(),
    copyrightHolder: z.string(),
  }),
  footerLinks: z.array(z.object({ aid: z.number().int(), title: z.string() })),
  insurance: z.object({
    minPerPersonLimit: z.number(),
    preventionFeeCapPct: z.number(),
    reportDeadlineHours: z.number(),
    claimUnpaidFlagDays: z.number(),
  }),
  complaint: z.object({
    replyDays: z.number(),
    verifyDays: z.number(),
    maxExtensionDays: z.number(),
    warnDays: z.number(),
  }),
  security: z.object({ idleTimeoutMinutes: z.number(), passwordMaxAgeDays: z.number() }),
});
export const settingsView = settingsOutput.extend({
  deployment: z.object({
    captchaEnabled: z.boolean(),
    tokenTtlHours: z.number(),
    lockThreshold: z.number(),
    lockMinutes: z.number(),
    accountLockThreshold: z.number(),
    mfaEnabled: z.boolean(),
    securityDefaults: z.object({ idleTimeoutMinutes: z.number(), passwordMaxAgeDays: z.number() }),
  }),
});
export const settingsViewEnvelope = envelope(settingsView);
/** The security administrator's 安全设置: the session and password policy in force and the deployment's values. */
export const securitySettingsView = z.object({
  security: settingsOutput.shape.security,
  deployment: settingsView.shape.deployment,
});
export const securitySettingsViewEnvelope = envelope(securitySettingsView);
export const settingsSavedEnvelope = envelope(
  z.object({ saved: z.array(z.string()), settings: settingsView }),
);
