import { LinkOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Divider, Result, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SubsystemStatus } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { sanitizeHtml } from '../../platform/sanitize.ts';
import { subsystemInfo } from '../subsystem/index.ts';

/**
 * /oauth-center-help/:code (public): the help of a subsystem linked from the platform — its name, address,
 * status and help text (allow-listed HTML, sanitised again here). An unknown or malformed code says the
 * subsystem does not exist.
 */
export function OauthCenterHelp() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const info = useQuery({
    queryKey: ['subsystem-info', code],
    queryFn: () => subsystemInfo(code),
    retry: false,
  });
  const missing = info.isError && isApiError(info.error) && [400, 404].includes(info.error.status);
  const back = (
    <Button type="primary" onClick={() => navigate('/portal/index')}>
      返回首页
    </Button>
  );

  let content: ReactNode;
  if (info.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (missing) {
    content = (
      <Result
        status="404"
        title="子系统不存在"
        subTitle={`未找到编码为“${code}”的子系统，请检查链接是否正确，或联系平台管理员。`}
        extra={back}
      />
    );
  } else if (info.isError) {
    content = (
      <Result
        status="error"
        title="帮助信息加载失败"
        subTitle={info.error.message || '请稍后重试'}
        extra={[
          <Button key="retry" onClick={() => void info.refetch()}>
            重试
          </Button>,
          back,
        ]}
      />
    );
  } else {
    const s = info.data;
    const enabled = s.status === SubsystemStatus.ENABLED;
    content = (
      <>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {s.name}
        </Typography.Title>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="子系统编码">{s.code}</Descriptions.Item>
          <Descriptions.Item label="状态">
            {enabled ? <Tag color="success">运行中</Tag> : <Tag>已停用</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="访问地址">
            {s.url ? (
              <Typography.Link href={s.url} target="_blank" rel="noopener noreferrer">
                {s.url}
              </Typography.Link>
            ) : (
              '—'
            )}
          </Descriptions.Item>
        </Descriptions>
        {!enabled && (
          <Typography.Paragraph type="warning">该子系统目前已停用，暂时无法访问。</Typography.Paragraph>
        )}
        <Divider orientation="left" orientationMargin={0}>
          使用帮助
        </Divider>
        {s.helpContent ? (
          <div
            className="subsystem-help"
            // Allow-listed by the server when saved, and sanitised again here before it is shown.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised help HTML
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(s.helpContent) }}
          />
        ) : (
          <Typography.Paragraph type="secondary">
            暂无帮助内容，如有疑问请联系平台管理员。
          </Typography.Paragraph>
        )}
        <div style={{ marginTop: 24, display: 'flex', gap: 8 }}>
          {enabled && s.url && (
            <Button
              type="primary"
              icon={<LinkOutlined />}
              href={s.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              前往{s.name}
            </Button>
          )}
          <Button onClick={() => navigate('/portal/index')}>返回首页</Button>
        </div>
      </>
    );
  }

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
      <Card variant="borderless" style={{ maxWidth: 760, width: '100%' }}>
        {content}
      </Card>
    </div>
  );
}
