export { sign, stringToSign } from '../../platform/signed-calls.ts';
