import { PolicyList } from './PolicyList.tsx';

/** 保单查询 (/ent/Entazx/EntInsuranceQuery/route): the enterprise's issued policies. */
export function EntInsuranceQuery() {
  return <PolicyList variant="entQuery" />;
}
