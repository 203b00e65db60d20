import type { ConsultItem, OpLogRow, Paged } from '@aqzrx/contracts';
import dayjs from 'dayjs';
import { chinaToday } from '../../components/index.ts';
import { fetchData, type QueryValue } from '../../platform/request.ts';

/**
 * The calls the operations admin's workbench reads, exactly as the server declares them. Every one is
 * an existing list or public call; counts come from a one-row page's `total`.
 */
export const ADMIN_HOME_API = {
  users: '/sys/user/searchUserList.json',
  consults: '/manage/articles/getConsultList',
  articles: '/manage/articles/getArticleList',
  opLogs: '/log/sysLogs/searchLogList.json',
  requestLogs: '/request-log/list',
  /** Read through the portal's usePortalStats (same data and cache as the portal home). */
  portalStats: '/public/portalStats',
} as const;

/** Screens the workbench links to, by component name (a link shows only when the role holds the screen). */
export type AdminScreen =
  | 'UserSearch'
  | 'UserAdd'
  | 'RoleManage'
  | 'AdminSetting'
  | 'AdminNotice'
  | 'AdminConsult'
  | 'AdminMessage'
  | 'AdminLog'
  | 'RequestLog';

/**
 * Every error status the server answers with (docs/ARCHITECTURE.md, request path step 4). The request
 * log filters on one exact status, so today's failed requests are the sum of these counts.
 */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429, 500, 503] as const;

type Params = Record<string, QueryValue>;

/** The dashboard reads quietly: a failed figure shows as unavailable instead of a notice per call. */
const page = <T>(url: string, params: Params) => fetchData<Paged<T>>(url, { params, skipErrorHandler: true });

export const countOf = async (url: string, params: Params = {}): Promise<number> =>
  (await page<unknown>(url, { pageNo: 1, pageSize: 1, ...params })).total;

/** YYYY-MM-DD of today minus `daysAgo` (the server reads a bare date as a China-time day). */
export const dayOf = (daysAgo = 0): string =>
  dayjs(chinaToday()).subtract(daysAgo, 'day').format('YYYY-MM-DD');

// --- Users -------------------------------------------------------------------------------------------

export interface UserFigures {
  total: number;
  disabled: number;
  /** Enterprise accounts whose enterprise information is still incomplete (status 3). */
  incomplete: number;
}

export async function loadUserFigures(): Promise<UserFigures> {
  const [total, disabled, incomplete] = await Promise.all([
    countOf(ADMIN_HOME_API.users),
    countOf(ADMIN_HOME_API.users, { status: 2 }),
    countOf(ADMIN_HOME_API.users, { status: 3 }),
  ]);
  return { total, disabled, incomplete };
}

// --- Consultations -----------------------------------------------------------------------------------

/** Consultations awaiting an answer (status 0), newest first: the total and the first `size`. */
export const loadAwaitingConsults = (size = 5) =>
  page<ConsultItem>(ADMIN_HOME_API.consults, { pageNo: 1, pageSize: size, status: 0 });

// --- Notices -----------------------------------------------------------------------------------------

export interface NoticeFigures {
  published: number;
  drafts: number;
}

export async function loadNoticeFigures(): Promise<NoticeFigures> {
  const [published, drafts] = await Promise.all([
    countOf(ADMIN_HOME_API.articles, { kind: 'notice', status: 1 }),
    countOf(ADMIN_HOME_API.articles, { kind: 'notice', status: 0 }),
  ]);
  return { published, drafts };
}

// --- Operation log -----------------------------------------------------------------------------------

export type { OpLogRow } from '@aqzrx/contracts';

export const loadRecentOpLogs = (size = 10) =>
  page<OpLogRow>(ADMIN_HOME_API.opLogs, { pageNo: 1, pageSize: size });

export interface OpLogFigures {
  /** Failed logins today. */
  loginFails: number;
  /** Operations that failed today (logins included). */
  fails: number;
}

export async function loadOpLogFigures(): Promise<OpLogFigures> {
  const today = dayOf(0);
  const range = { startTime: today, endTime: today, outcome: 'fail' };
  const [loginFails, fails] = await Promise.all([
    countOf(ADMIN_HOME_API.opLogs, { ...range, kind: 'login' }),
    countOf(ADMIN_HOME_API.opLogs, range),
  ]);
  return { loginFails, fails };
}

// --- Request log -------------------------------------------------------------------------------------

export interface RequestFigures {
  today: number;
  /** Today's requests per error status (only statuses that occurred). */
  errorsByStatus: { status: number; count: number }[];
  errors: number;
  /** errors / today, 0..1 (0 when there were no requests). */
  errorRate: number;
  /** The last seven days, oldest first (today last). */
  week: { day: string; count: number }[];
}

export async function loadRequestFigures(): Promise<RequestFigures> {
  const day = (d: string, extra: Params = {}) =>
    countOf(ADMIN_HOME_API.requestLogs, { startTime: d, endTime: d, ...extra });
  const days = [6, 5, 4, 3, 2, 1, 0].map((n) => dayOf(n));
  const today = dayOf(0);
  const [week, byStatus] = await Promise.all([
    Promise.all(days.map((d) => day(d))),
    Promise.all(ERROR_STATUSES.map((status) => day(today, { status }))),
  ]);
  const todayCount = week[week.length - 1] ?? 0;
  const errorsByStatus = ERROR_STATUSES.map((status, i) => ({ status, count: byStatus[i] ?? 0 })).filter(
    (s) => s.count > 0,
  );
  const errors = errorsByStatus.reduce((s, e) => s + e.count, 0);
  return {
    today: todayCount,
    errorsByStatus,
    errors,
    errorRate: todayCount > 0 ? Math.min(1, errors / todayCount) : 0,
    week: days.map((d, i) => ({ day: d, count: week[i] ?? 0 })),
  };
}
