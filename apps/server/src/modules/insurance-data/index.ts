export { insuranceDataRoutes } from './insurance-data.routes.ts';
export { buildXlsx, EXPORT_ROW_CAP, neutralise, readXlsx, sendXlsx } from './xlsx.ts';
