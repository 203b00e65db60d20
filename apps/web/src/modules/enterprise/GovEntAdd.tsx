import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { addEnterprise, type EnterpriseProfileBody, GOV_ENT_PATHS } from './api.ts';
import { EnterpriseForm } from './EnterpriseForm.tsx';

/** 新增企业 (government): an enterprise of the user's districts with its whole profile. */
export function GovEntAdd() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (body: EnterpriseProfileBody) => addEnterprise(body),
    onSuccess: async (res) => {
      message.success('新增成功');
      await queryClient.invalidateQueries({ queryKey: ['enterprise'] });
      navigate(`${GOV_ENT_PATHS.detail}?id=${res.id}`, { replace: true });
    },
  });
  return (
    <Card variant="borderless" title="新增企业">
      <EnterpriseForm
        mode="add"
        saveAccess={{ name: 'add' }}
        submitting={add.isPending}
        submitText="保存"
        onSubmit={(body) => add.mutate(body)}
        onCancel={() => navigate(GOV_ENT_PATHS.list)}
      />
    </Card>
  );
}
