/** Calls of the cockpit and report screens (apps/server/src/modules/stats; contracts stats.ts). */
import type {
  Cockpit,
  cockpitQuery,
  Paged,
  StatReportRow,
  statReportGenerateInput,
  statReportListQuery,
  z,
} from '@aqzrx/contracts';
import { downloadFile } from '../../platform/download.ts';
import { fetchData, postWithMessage } from '../../platform/request.ts';

export type { Cockpit, StatReportRow };
export type CockpitFilters = z.input<typeof cockpitQuery>;
export type ReportInput = z.input<typeof statReportGenerateInput>;
export type ReportListQuery = z.input<typeof statReportListQuery>;

export const STATS_KEY = 'stats';

export const statsApi = {
  cockpit: (q: CockpitFilters, quiet = false) =>
    fetchData<Cockpit>('/stats/cockpit', {
      method: 'POST',
      params: q as Record<string, string | number>,
      skipErrorHandler: quiet,
    }),
  reports: (q: ReportListQuery) =>
    fetchData<Paged<StatReportRow>>('/stats/report/list', {
      method: 'POST',
      params: q as Record<string, string | number>,
    }),
  generate: (b: ReportInput) =>
    postWithMessage<StatReportRow & { created: boolean }>('/stats/report/generate', b),
  download: (r: Pick<StatReportRow, 'id' | 'fileName'>) =>
    downloadFile('/stats/report/download', { method: 'GET', params: { id: r.id }, fallbackName: r.fileName }),
};
