import { Card } from 'antd';
import { EndorsementTable } from './EndorsementTable.tsx';

/** 批改管理 (/ent/Entazx/EntEndorsementManage/route): the enterprise's endorsement applications. */
export function EntEndorsementManage() {
  return (
    <Card variant="borderless">
      <EndorsementTable side="enterprise" />
    </Card>
  );
}
