import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { type EnterpriseProfileBody, editEnterprise, GOV_ENT_PATHS, getEnterprise } from './api.ts';
import { EnterpriseForm } from './EnterpriseForm.tsx';
import { detailKey, useIdParam } from './hooks.ts';

/** 编辑企业 (government): the profile of an enterprise of its districts, guarded by the record version. */
export function GovEntEdit() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const detail = useQuery({
    queryKey: detailKey(id),
    queryFn: () => getEnterprise(id as number),
    enabled: id !== null,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (body: EnterpriseProfileBody) =>
      editEnterprise({ ...body, id: id as number, version: detail.data?.version ?? 0 }),
    onSuccess: async () => {
      message.success('保存成功');
      await queryClient.invalidateQueries({ queryKey: ['enterprise'] });
      navigate(`${GOV_ENT_PATHS.detail}?id=${id}`);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: detailKey(id) });
    },
  });

  if (id === null)
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title="缺少企业编号"
          extra={<Button onClick={() => navigate(GOV_ENT_PATHS.list)}>返回企业列表</Button>}
        />
      </Card>
    );
  if (detail.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (!detail.data)
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title="企业不存在或不在本辖区"
          extra={<Button onClick={() => navigate(GOV_ENT_PATHS.list)}>返回企业列表</Button>}
        />
      </Card>
    );
  return (
    <Card variant="borderless" title={`编辑企业：${detail.data.name}`}>
      <EnterpriseForm
        key={detail.data.version}
        mode="edit"
        initial={detail.data}
        saveAccess={{ name: 'edit' }}
        submitting={save.isPending}
        onSubmit={(body) => save.mutate(body)}
        onCancel={() => navigate(-1)}
      />
    </Card>
  );
}
