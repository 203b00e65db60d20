import { Card } from 'antd';
import { PORTAL_INDEX_PATH } from '../../platform/paths.ts';
import { NotOpen } from '../exception/index.ts';
import './portal.css';

/** Portal pages whose content arrives with later features (notices, help, AP, claims, ...). */
export function PortalNotOpen() {
  return (
    <div className="aq-portal-page">
      <Card variant="borderless">
        <NotOpen backTo={PORTAL_INDEX_PATH} />
      </Card>
    </div>
  );
}
