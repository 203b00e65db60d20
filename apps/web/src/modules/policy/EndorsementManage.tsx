import { Card } from 'antd';
import { EndorsementTable } from './EndorsementTable.tsx';

/** 批改管理 (/insurance/azx/EndorsementManage/route): review endorsements of the insurer's policies. */
export function EndorsementManage() {
  return (
    <Card variant="borderless">
      <EndorsementTable side="insurer" />
    </Card>
  );
}
