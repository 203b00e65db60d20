import type { LogChainCheck, OpLogRow, Paged, PushLogRow, RequestLogRow } from '@aqzrx/contracts';
import { exportXlsx } from '../../platform/download.ts';
import { fetchData, type QueryValue } from '../../platform/request.ts';

/** Calls of the logs (spec 7), exactly as the server declares them. */
export const LOG_API = {
  opLogs: '/log/sysLogs/searchLogList.json',
  opLogExport: '/log/sysLogs/searchLogListByExcl.json',
  requestLogs: '/request-log/list',
  pushLogs: '/requestpushlog/findAll',
  verifyChain: '/log/sysLogs/verifyChain.json',
} as const;

type Params = Record<string, QueryValue | QueryValue[]>;

/** Log rows as the contracts declare them (the routes validate their answers with these schemas). */
export type { OpLogRow, PushLogRow, RequestLogRow } from '@aqzrx/contracts';

export const searchOpLogs = (params: Params) => fetchData<Paged<OpLogRow>>(LOG_API.opLogs, { params });
export const searchRequestLogs = (params: Params) =>
  fetchData<Paged<RequestLogRow>>(LOG_API.requestLogs, { params });
export const searchPushLogs = (params: Params) => fetchData<Paged<PushLogRow>>(LOG_API.pushLogs, { params });

/** The filtered operation log as .xlsx (searchLogListByExcl.json, log.export); resolves to the row count. */
export const downloadOpLogs = (params: Params) => exportXlsx(LOG_API.opLogExport, params, '操作日志.xlsx');

/** The audit administrator's check of the operation log's tamper-evident chain (audit.get). */
export const verifyLogChain = () => fetchData<LogChainCheck>(LOG_API.verifyChain, { method: 'POST' });
