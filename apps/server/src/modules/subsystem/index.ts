export { sign, stringToSign } from './signed-calls.ts';
