export { saveApplicationToken } from './api.ts';
export const REG_STATUS_PATH = '/portal/regStatus';
