/**
 * Runtime values the web app takes from packages/contracts, imported from its zod-free modules.
 *
 * Importing a value from '@aqzrx/contracts' pulls its index, and with it zod and every schema of every
 * feature, into the chunk that needs the value — the login page included (~40 KB gzip and growing
 * with each feature). Types keep coming from '@aqzrx/contracts' (type-only imports are erased).
 * When contracts offers a zod-free subpath export, point these re-exports at it.
 */

export {
  CITY_CODE,
  CITY_NAME,
  DATE_FORMAT,
  DATETIME_MIN_FORMAT,
  STAT_LABELS,
} from '../../../../packages/contracts/src/options.ts';
export { hasPermission } from '../../../../packages/contracts/src/permissions.ts';
export {
  landingPath,
  RoleKey,
  roleDisplayName,
  UserStatus,
} from '../../../../packages/contracts/src/roles.ts';
export { PASSWORD_RULE_MESSAGE, passwordProblem } from '../../../../packages/contracts/src/validators.ts';
