import { Card } from 'antd';
import { useParams } from 'react-router';
import { NotOpen } from '../exception/NotOpen.tsx';

/** /oauth-center-help/:code: help for the messaging-app authorisation; arrives with QR login. */
export function OauthCenterHelp() {
  const { code } = useParams();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
      }}
    >
      <Card variant="borderless" style={{ maxWidth: 560, width: '100%' }}>
        <NotOpen title={code ? `授权帮助（${code}）` : '授权帮助'} backTo="/portal/index" />
      </Card>
    </div>
  );
}
