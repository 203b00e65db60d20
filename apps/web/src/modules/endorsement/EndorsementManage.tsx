import { Card } from 'antd';
import { useUrlId } from '../../platform/url-id.ts';
import { EndorsementTable } from './EndorsementTable.tsx';

/**
 * 批改管理 (/insurance/azx/EndorsementManage/route): review endorsements of the insurer's policies.
 * `?id=` (the link of a message about an endorsement) opens that endorsement's review drawer.
 */
export function EndorsementManage() {
  const [openId, setOpenId] = useUrlId();
  return (
    <Card variant="borderless">
      <EndorsementTable side="insurer" openId={openId} onClosed={() => setOpenId(null)} />
    </Card>
  );
}
