/** Response schemas of /api/insuranceData/* (the zod-free lists and the combined table: insurance-data-options.ts). */
import { z } from 'zod';
import { DATA_GROUP_BY, type InsuranceDataRow } from './insurance-data-options.ts';

const insuranceDataColumn = z.object({ key: z.string(), label: z.string(), unit: z.string() });
export type InsuranceDataColumn = z.output<typeof insuranceDataColumn>;
/** One group (a month, district or industry): its key and name, and a figure per column key. */
const insuranceDataRow = z
  .object({ key: z.string(), name: z.string() })
  .catchall(z.union([z.number(), z.string()]));

/** /api/insuranceData/premium, /claim, /ap: figures by group for a year. */
export const insuranceDataResult = z.object({
  year: z.number().int(),
  groupBy: z.enum(DATA_GROUP_BY.values),
  columns: z.array(insuranceDataColumn),
  rows: z.array(insuranceDataRow),
});
export type InsuranceDataResult = Omit<z.output<typeof insuranceDataResult>, 'rows'> & {
  rows: InsuranceDataRow[];
};

const insuranceSummaryItem = z.object({
  name: z.string(),
  label: z.string(),
  unit: z.string(),
  value: z.number(),
});
export type InsuranceSummaryItem = z.output<typeof insuranceSummaryItem>;

/** /api/insuranceData/query (综合查询): the six portal figures of the insurer, plus satisfaction. */
export const insuranceSummary = z.object({
  year: z.number().int(),
  items: z.array(insuranceSummaryItem),
  policiesInForce: z.number().int(),
  claimSatisfaction: z.number().nullable(),
});
export type InsuranceSummary = z.output<typeof insuranceSummary>;
