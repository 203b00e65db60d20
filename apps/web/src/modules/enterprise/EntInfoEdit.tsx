import { RoleKey, UserStatus } from '@aqzrx/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ScoreGradeTag } from '../../components/index.ts';
import { authStore, loadSession, useAuth } from '../../platform/auth.ts';
import { type EnterpriseProfileBody, getMine, saveMine } from './api.ts';
import { EnterpriseFlags } from './display.tsx';
import { EnterpriseForm } from './EnterpriseForm.tsx';

export const MINE_QUERY_KEY = ['enterprise', 'mine'] as const;

/**
 * /ent/EntInfoEdit: the enterprise completes or edits its own information (domain 2.1). While the
 * information is incomplete (user status 3) every other back-office page shows the gate; saving a
 * complete profile lifts it, and the user info is reloaded so the menu and pages open at once.
 */
export function EntInfoEdit() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const isEnterprise = auth.user?.userRole.roleKey === RoleKey.ENT || auth.user === null;
  const gated = auth.user?.status === UserStatus.ENT_INFO_INCOMPLETE;
  const [justCompleted, setJustCompleted] = useState(false);
  const mine = useQuery({ queryKey: MINE_QUERY_KEY, queryFn: getMine, enabled: isEnterprise, retry: false });

  const save = useMutation({
    mutationFn: (body: EnterpriseProfileBody) => saveMine({ ...body, version: mine.data?.version ?? 0 }),
    onSuccess: async () => {
      const wasGated = authStore.get().user?.status === UserStatus.ENT_INFO_INCOMPLETE;
      message.success('企业信息已保存');
      await queryClient.invalidateQueries({ queryKey: MINE_QUERY_KEY });
      // The server has lifted status 3; reload the user info so the layout stops gating the pages.
      try {
        await loadSession();
      } catch {
        // The next navigation reloads the session anyway.
      }
      if (wasGated) setJustCompleted(true);
    },
    onError: () => {
      // A stale version (someone else saved) needs the current data before saving again.
      void queryClient.invalidateQueries({ queryKey: MINE_QUERY_KEY });
    },
  });

  if (!isEnterprise) {
    return (
      <Card variant="borderless">
        <Result status="info" title="此页面供企业用户完善本企业信息" />
      </Card>
    );
  }
  if (justCompleted) {
    return (
      <Card variant="borderless">
        <Result
          status="success"
          title="企业信息已完善"
          subTitle="现在可以使用平台的全部功能：投保、理赔、事故预防服务等。"
          extra={
            <Space>
              <Button type="primary" onClick={() => navigate('/')}>
                进入首页
              </Button>
              <Button onClick={() => setJustCompleted(false)}>继续查看企业信息</Button>
            </Space>
          }
        />
      </Card>
    );
  }
  if (mine.isLoading) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (mine.isError || !mine.data) {
    return (
      <Card variant="borderless">
        <Result
          status="error"
          title="企业信息读取失败"
          extra={<Button onClick={() => mine.refetch()}>重试</Button>}
        />
      </Card>
    );
  }
  const d = mine.data;
  return (
    <Card variant="borderless" title={gated ? '完善企业信息' : '企业信息'}>
      {gated ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="企业信息未完善"
          description="请如实填写以下信息并保存。完善后即可使用平台的其他功能。带 * 的为必填项。"
        />
      ) : (
        <Space style={{ marginBottom: 16 }} wrap>
          <Typography.Text type="secondary">当前状态：</Typography.Text>
          <EnterpriseFlags
            mustInsure={d.mustInsure}
            insuredNow={d.insuredNow}
            blacklist={d.blacklist}
            onRegister={d.onRegister}
            riskLevel={d.riskLevel}
            riskLevelLabel={d.riskLevelLabel}
          />
          {d.score !== null && (
            <Typography.Text>
              安全评分 <b>{d.score}</b> 评分等级 <ScoreGradeTag grade={d.scoreGrade} />
            </Typography.Text>
          )}
        </Space>
      )}
      <EnterpriseForm
        key={`${d.id}-${d.version}`}
        mode="mine"
        initial={d}
        saveAccess={{ permission: 'enterprise.edit' }}
        submitting={save.isPending}
        submitText={gated ? '保存并完善' : '保存'}
        onSubmit={(body) => save.mutate(body)}
      />
    </Card>
  );
}
