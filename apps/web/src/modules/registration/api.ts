/**
 * Calls of registration, SMS codes, password recovery and the admin's review (apps/server/src/modules/
 * registration; route table at the top of packages/contracts/src/registration.ts).
 */
import type {
  Paged,
  RegDetail,
  RegRow,
  regCreateInput,
  regListQuery,
  regManagerInput,
  regResubmitInput,
  smsOutboxQuery,
  z,
} from '@aqzrx/contracts';
import { fetchData, request } from '../../platform/request.ts';

export type { RegDetail, RegRow };
export type RegCreateBody = z.input<typeof regCreateInput>;
export type RegManagerBody = z.input<typeof regManagerInput>;
export type RegResubmitBody = z.input<typeof regResubmitInput>;
export interface RegOrgOption {
  id: number;
  name: string;
  orgType: string;
}
export interface SmsOutboxRow {
  id: number;
  mobile: string;
  purpose: string;
  content: string;
  createdAt: string;
}

/** The status page's token (from a pending applicant's sign-in), kept for the browser tab only. */
const TOKEN_KEY = 'aqzrx-reg-token';
export const saveApplicationToken = (token: string) => sessionStorage.setItem(TOKEN_KEY, token);
export const applicationToken = () => sessionStorage.getItem(TOKEN_KEY);
export const clearApplicationToken = () => sessionStorage.removeItem(TOKEN_KEY);

export async function sendSignupCode(mobile: string): Promise<string> {
  return (await request('/signup/sendCode.json', { params: { mobile } })).result;
}
export const verifyMobile = (mobile: string, code: string) =>
  fetchData<{ mobileTicket: string }>('/signup/verifyMobile.json', { params: { mobile, code } });
export const validUserName = (userName: string) =>
  fetchData<{ available: boolean }>('/signUp/validUserName.json', {
    params: { userName },
    skipErrorHandler: true,
  });
export const orgOptions = (type: 'government' | 'insurer' | 'expert') =>
  fetchData<RegOrgOption[]>('/signUp/orgOptions.json', { params: { type } });

/** A scan for a new application (the mobile's ticket) or a returned one (the status page's token). */
export function uploadScan(file: File, proof: { mobileTicket: string } | { applicationToken: string }) {
  const form = new FormData();
  form.append('file', file);
  return fetchData<{ fileId: string; fileName: string }>('/signUp/uploadScan.json', {
    data: form,
    ...('mobileTicket' in proof
      ? { params: { mobileTicket: proof.mobileTicket } }
      : { headers: { 'X-REG-TOKEN': proof.applicationToken } }),
  });
}

export async function createUser(body: RegCreateBody): Promise<string> {
  return (await request('/signUp/createUser.json', { data: body })).result;
}
export async function createUserManager(body: RegManagerBody): Promise<string> {
  return (await request('/signUp/createUserManager.json', { data: body })).result;
}
export const myApplication = (token: string) =>
  fetchData<RegDetail>('/signUp/myApplication.json', {
    headers: { 'X-REG-TOKEN': token },
    skipErrorHandler: true,
  });
export async function resubmit(token: string, body: RegResubmitBody): Promise<string> {
  return (await request('/signUp/resubmit.json', { data: body, headers: { 'X-REG-TOKEN': token } })).result;
}

export async function sendRecoveryCode(account: string): Promise<string> {
  return (await request('/findpwd/cellphoneCode.json', { params: { account } })).result;
}
/** The new password goes in the body, never in a URL. */
export async function resetPassword(body: {
  account: string;
  code: string;
  newPwd: string;
}): Promise<string> {
  return (await request('/findpwd/resetPwd.json', { data: body })).result;
}

export const listRegistrations = (params: z.input<typeof regListQuery>) =>
  fetchData<Paged<RegRow>>('/registration/list', { params });
export const registrationDetail = (id: number) =>
  fetchData<RegDetail>('/registration/detail', { params: { id } });
export async function reviewRegistration(body: {
  id: number;
  version: number;
  approve: boolean;
  reason?: string;
}): Promise<string> {
  return (await request('/registration/review', { data: body })).result;
}
export const smsOutbox = (params: z.input<typeof smsOutboxQuery>) =>
  fetchData<Paged<SmsOutboxRow>>('/sms/outbox', { params });
