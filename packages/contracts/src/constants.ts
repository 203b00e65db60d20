/**
 * The zod-free part of the contracts: option lists, labels, validators and pure rules. The web app imports
 * runtime values from here ('@aqzrx/contracts/constants') so that zod and the request schemas stay out of
 * its bundle; types still come from '@aqzrx/contracts' (type-only imports are erased).
 *
 * Only files that do not import zod may be listed here (constants.test.ts checks this, and that every
 * zod-free file is listed).
 */
export * from './admin-duty.ts';
export * from './auth-options.ts';
export * from './china-time.ts';
export * from './claim-accident-grade.ts';
export * from './claim-money.ts';
export * from './claim-options.ts';
export * from './complaint-options.ts';
export * from './consult-options.ts';
export * from './content-options.ts';
export * from './data-exchange-options.ts';
export * from './dict-options.ts';
export * from './endorsement-options.ts';
export * from './endorsement-roster.ts';
export * from './endorsement-rules.ts';
export * from './enterprise-options.ts';
export * from './hazard-options.ts';
export * from './industry-options.ts';
export * from './insurance-data-options.ts';
export * from './insurer-options.ts';
export * from './links.ts';
export * from './log-options.ts';
export * from './message-options.ts';
export * from './number-range.ts';
export * from './options.ts';
export * from './org-options.ts';
export * from './permissions.ts';
export * from './policy-options.ts';
export * from './policy-rules.ts';
export * from './pool-options.ts';
export * from './portal-options.ts';
export * from './prevention-filing-options.ts';
export * from './prevention-options.ts';
export * from './region-options.ts';
export * from './registration-options.ts';
export * from './resource-options.ts';
export * from './role.ts';
export * from './rule-options.ts';
export * from './safety-mechanism-options.ts';
export * from './service-request-options.ts';
export * from './setting-options.ts';
export * from './stats-options.ts';
export * from './subsystem-options.ts';
export * from './training-options.ts';
export * from './user-options.ts';
export * from './validators.ts';
export * from './wechat-options.ts';
