import type {
  IndustryNode,
  LoginBody,
  LoginData,
  LoginResult,
  MfaEnrolData,
  MfaLoginData,
  ResourceNode,
  UserInfo,
} from '@aqzrx/contracts';
import { isMfaPending } from './contracts.ts';
import { clearDrafts } from './drafts.ts';
import { fetchData, isApiError, request } from './request.ts';
import { clearToken, getToken, setToken } from './storage.ts';
import { createStore, useStore } from './store.ts';

/** One entry of POST /api/role/getAllRole. */
export interface RoleSummary {
  id: number;
  roleKey: string;
  roleName: string;
}

/**
 * The logged-in user (spec 3, "user info store"): token, user info, nickname, avatar, role list and
 * the resources the token may reach. `loaded` is the spec's "roles loaded" flag the guard checks.
 */
export interface AuthState {
  token: string | null;
  login: LoginData | null;
  user: UserInfo | null;
  roles: RoleSummary[];
  resources: ResourceNode[];
  /** Industry options for the selects (loaded at start-up, spec 7). */
  industries: IndustryNode[];
  loaded: boolean;
}

const initial = (): AuthState => ({
  token: getToken(),
  login: null,
  user: null,
  roles: [],
  resources: [],
  industries: [],
  loaded: false,
});

export const authStore = createStore<AuthState>(initial());

export function useAuth(): AuthState {
  return useStore(authStore);
}

export function hasToken(): boolean {
  return getToken() !== null;
}

export function roleKeyOf(state: Pick<AuthState, 'user' | 'login'>): string | null {
  return state.user?.userRole.roleKey ?? state.login?.roleKey ?? null;
}

/** POST /api/login. The failure is the caller's to show (the login form), not the global handler's. */
export async function login(body: LoginBody): Promise<LoginResult> {
  const env = await request<LoginResult>('/login', { data: body, skipErrorHandler: true });
  const data = env.data as LoginResult;
  // The operations admin and the regulators get no session for the password alone: the code step follows.
  return isMfaPending(data) ? data : signedIn(data);
}

/** The code step (POST /api/login/mfa): the ticket and a 6-digit code or a recovery code; keeps the session. */
export async function loginWithCode(ticket: string, code: string): Promise<MfaLoginData> {
  const data = await fetchData<MfaLoginData>('/login/mfa', {
    data: { ticket, code },
    skipErrorHandler: true,
  });
  signedIn(data);
  return data;
}

/** The enrolment QR for a pending sign-in without an authenticator yet. */
export function loginEnrolment(ticket: string): Promise<MfaEnrolData> {
  return fetchData<MfaEnrolData>('/login/mfa/enrol', { data: { ticket }, skipErrorHandler: true });
}

/** Keeps the session of a sign-in answered by another call (WeChat QR sign-in, binding with a password). */
export function signedIn(data: LoginData): LoginData {
  setToken(data.token);
  authStore.set({ ...initial(), token: data.token, login: data });
  return data;
}

export interface Session {
  user: UserInfo;
  roles: RoleSummary[];
  resources: ResourceNode[];
  industries: IndustryNode[];
}

/**
 * Spec 4 "route generation": fetch user info and the role list; if the user's roleKey is one of the
 * roles, the server resource list builds the dynamic routes, otherwise only static routes exist.
 */
export async function loadSession(): Promise<Session> {
  const [user, roles, industries] = await Promise.all([
    fetchData<UserInfo>('/sys/user/getUserInfo.json', { data: {} }),
    fetchData<RoleSummary[]>('/role/getAllRole', { skipErrorHandler: true }).catch(() => [] as RoleSummary[]),
    // Start-up data for the selects; a failure only leaves them empty.
    fetchData<{ industryList: IndustryNode[] }>('/manage/parameter/getIndustry.json', {
      method: 'GET',
      skipErrorHandler: true,
    }).then(
      (d) => d?.industryList ?? [],
      () => [] as IndustryNode[],
    ),
  ]);
  if (!user?.userRole) throw new Error('getInfo: roles must be a non-null array !');
  const roleKey = user.userRole.roleKey;
  // When the role list cannot be read (no permission), trust the role on the user record.
  const known = roles.length === 0 || roles.some((r) => r.roleKey === roleKey);
  let resources: ResourceNode[] = [];
  if (known) {
    const res = await fetchData<{ resourceListByToken: ResourceNode[] }>(
      '/sys/user/getSysResourceListByToken.json',
    );
    resources = res?.resourceListByToken ?? [];
  }
  authStore.set((s) => ({ ...s, token: getToken(), user, roles, resources, industries, loaded: true }));
  return { user, roles, resources, industries };
}

/** Spec 4: logout clears routes, roles, ids, token, name, avatar, role key, org flag and login flag. */
export function clearSession(): void {
  // The device's form drafts go with the session (security.md P04).
  clearDrafts();
  clearToken();
  authStore.set({ ...initial(), token: null });
}

/**
 * POST /api/logout, then clear everything local. A failed call is reported by the caller (spec 8:
 * "logout failure: error notice with the error message"); local state is cleared either way.
 */
export async function logout(): Promise<void> {
  try {
    if (getToken()) await request('/logout', { skipErrorHandler: true });
  } catch (e) {
    // 401: the server already ended the session (e.g. after a password change); nothing failed.
    if (!(isApiError(e) && e.status === 401)) throw e;
  } finally {
    clearSession();
  }
}
