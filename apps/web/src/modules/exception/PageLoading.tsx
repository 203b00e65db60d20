import { Spin } from 'antd';

export function PageLoading({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        minHeight: 240,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: '100%',
      }}
    >
      <Spin size="large" tip={tip}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}
