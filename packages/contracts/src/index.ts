/**
 * Everything of the contracts: the zod-free part (constants.ts: option lists, labels, validators, pure
 * rules) and the zod schemas of each feature. Server and web import '@aqzrx/contracts'; the web takes
 * run-time values from '@aqzrx/contracts/constants' only (types from here are erased).
 */
import './zod-locale.ts';

/** zod's types, for `z.input<typeof schema>` / `z.output<…>` where zod itself is not a dependency (the web). */
export type { z } from 'zod';

export * from './auth.ts';
export * from './claim.ts';
export * from './complaint.ts';
export * from './constants.ts';
export * from './consult.ts';
export * from './content.ts';
export * from './data-exchange.ts';
export * from './dict.ts';
export * from './endorsement.ts';
export * from './enterprise.ts';
export * from './envelope.ts';
export * from './evaluation.ts';
export * from './fields.ts';
export * from './file.ts';
export * from './hazard.ts';
export * from './industry.ts';
export * from './insurance-data.ts';
export * from './insurer.ts';
export * from './log.ts';
export * from './message.ts';
export * from './number-field.ts';
export * from './org.ts';
export * from './platform-responses.ts';
export * from './policy.ts';
export * from './pool.ts';
export * from './prevention.ts';
export * from './prevention-filing.ts';
export * from './prevention-fund.ts';
export * from './registration.ts';
export * from './resource.ts';
export * from './rule.ts';
export * from './safety-mechanism.ts';
export * from './service-request.ts';
export * from './setting.ts';
export * from './stats.ts';
export * from './subsystem.ts';
export * from './training.ts';
export * from './user.ts';
export * from './wechat.ts';
export * from './workbench.ts';
