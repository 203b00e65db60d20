/**
 * Runtime values the web app takes from packages/contracts, through its zod-free subpath.
 *
 * Importing a value from '@aqzrx/contracts' pulls its index, and with it zod and every schema of every
 * feature, into the chunk that needs the value — the login page included (~40 KB gzip and growing
 * with each feature). Runtime values come from '@aqzrx/contracts/constants' (which a contracts test keeps
 * zod-free); types keep coming from '@aqzrx/contracts' (type-only imports are erased).
 */

export * from '@aqzrx/contracts/constants';
