import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../platform/request.ts';
import type { ClaimDetail, ClaimSource } from './api.ts';
import { useClaimFromRoute } from './useClaim.ts';

/**
 * Frame of the claim detail/edit screens: reads `?id=`, shows loading, a missing or out-of-scope claim
 * (both 404) and otherwise the title with a back button and `children(claim)`.
 */
export function ClaimPage({
  back,
  source = 'claim',
  extraTitle,
  children,
}: {
  back: string;
  source?: ClaimSource;
  extraTitle?: (claim: ClaimDetail) => ReactNode;
  children: (claim: ClaimDetail) => ReactNode;
}) {
  const navigate = useNavigate();
  const { id, data, isLoading, error } = useClaimFromRoute(source);
  const goBack = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
      返回列表
    </Button>
  );
  if (id === null)
    return <Result status="404" title="缺少案件编号" subTitle="请从理赔列表打开案件" extra={goBack} />;
  if (isLoading)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (error || !data)
    return (
      <Result
        status={isApiError(error) && error.status === 404 ? '404' : 'error'}
        title={isApiError(error) && error.status === 404 ? '理赔案件不存在' : '案件加载失败'}
        subTitle={isApiError(error) ? error.envelope.result : '请稍后重试'}
        extra={goBack}
      />
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space wrap>
            {goBack}
            <Typography.Title level={5} style={{ margin: 0 }}>
              报案号 {data.reportNo}
              {data.registerNo ? `　立案号 ${data.registerNo}` : ''}
            </Typography.Title>
          </Space>
          {extraTitle?.(data)}
        </Space>
      </Card>
      {children(data)}
    </Space>
  );
}
