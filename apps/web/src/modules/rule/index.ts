/** Public entry of the rules library (法律法规) module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { getRule, listRules } from './api.ts';
export { ruleScreens } from './screens.ts';
