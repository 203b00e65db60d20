import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Result, Skeleton, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { PATHS } from '../policy/index.ts';
import { endorsementApi } from './api.ts';
import { EndorsementContent } from './EndorsementContent.tsx';
import { useWithdraw } from './EndorsementTable.tsx';

/**
 * 批改详情 (/ent/Entazx/EntEndorsementDetail/route?id=): before/after, roster, premium change, review;
 * 撤回 while the application waits for review.
 */
export function EntEndorsementDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const navigate = useNavigate();
  const withdraw = useWithdraw();
  const q = useQuery({
    queryKey: ['endorsement', 'detail', id],
    queryFn: () => endorsementApi.detail(id!),
    enabled: id !== undefined,
  });
  if (id === undefined || (!q.isLoading && !q.data))
    return (
      <Card variant="borderless">
        <Result status="404" title="批改申请不存在" subTitle="该批改申请不存在或您无权查看" />
      </Card>
    );
  if (q.isLoading || !q.data)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  const en = q.data;
  return (
    <Card
      variant="borderless"
      title={`批改详情 ${en.endorsementNo}`}
      extra={
        <Space>
          {en.actions.withdraw ? (
            <Action permission="endorsement.add">
              <Popconfirm
                title="撤回批改申请"
                description="撤回后该申请不再审核，保单可重新申请批改。确定撤回？"
                onConfirm={() => withdraw(en)}
              >
                <Button danger>撤回申请</Button>
              </Popconfirm>
            </Action>
          ) : null}
          <Button onClick={() => navigate(`${PATHS.entDetail}?id=${en.policyId}&tab=versions`)}>
            查看保单
          </Button>
          <Button onClick={() => navigate(PATHS.entEndorseManage)}>返回列表</Button>
        </Space>
      }
    >
      <EndorsementContent en={en} />
    </Card>
  );
}
