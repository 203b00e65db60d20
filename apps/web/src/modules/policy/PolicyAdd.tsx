import { PolicyFormScreen } from './PolicyFormScreen.tsx';

/** 新增保单 (/insurance/azx/PolicyAdd/route): the insurer enters a policy for an enterprise. */
export function PolicyAdd() {
  return <PolicyFormScreen side="insurer" />;
}
