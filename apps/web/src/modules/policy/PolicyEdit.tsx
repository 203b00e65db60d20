import { PolicyFormScreen } from './PolicyFormScreen.tsx';

/** 编辑保单 (/insurance/azx/PolicyEdit/route?id=): a draft or rejected policy the insurer entered. */
export function PolicyEdit() {
  return <PolicyFormScreen side="insurer" requireId />;
}
