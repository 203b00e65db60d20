import type {
  InsuranceDataResult,
  InsuranceDataset,
  InsuranceGroupBy,
  InsuranceSummary,
} from '@aqzrx/contracts';
import { fetchData } from '../../platform/request.ts';

/** What the calls answer, declared once in packages/contracts (insurance-views.ts). */
export type {
  InsuranceDataColumn,
  InsuranceDataResult,
  InsuranceDataRow,
  InsuranceDataset,
  InsuranceGroupBy,
  InsuranceSummary,
} from '@aqzrx/contracts';

/** Server calls of the insurance data screens (apps/server/src/modules/insurance-data). */
export const INSURANCE_DATA_API = {
  dataQuery: '/insuranceData/query',
  dataExport: '/insuranceData/export',
} as const;

export const getDataset = (dataset: InsuranceDataset, year: number, groupBy: InsuranceGroupBy) =>
  fetchData<InsuranceDataResult>(`/insuranceData/${dataset}`, { params: { year, groupBy } });
export const getSummary = (year: number) =>
  fetchData<InsuranceSummary>(INSURANCE_DATA_API.dataQuery, { params: { year } });
