import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { EndorsementTable } from './EndorsementTable.tsx';

/**
 * 批改管理 (/insurance/azx/EndorsementManage/route): review endorsements of the insurer's policies.
 * `?id=` (the link of a message about an endorsement) opens that endorsement's review drawer.
 */
export function EndorsementManage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('id');
  const openId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return (
    <Card variant="borderless">
      <EndorsementTable
        side="insurer"
        openId={openId}
        onClosed={() =>
          setParams(
            (prev) => {
              const p = new URLSearchParams(prev);
              p.delete('id');
              return p;
            },
            { replace: true },
          )
        }
      />
    </Card>
  );
}
