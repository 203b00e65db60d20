import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Result, Skeleton } from 'antd';
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { newIdempotencyKey } from '../../components/index.ts';
import { useAuth } from '../../platform/auth.ts';
import { InsurerDocsPanel, insurerOptions } from '../insurer/index.ts';
import { type PolicyBody, policyApi } from './api.ts';
import { PolicyForm } from './PolicyForm.tsx';
import { detailPath, PATHS, type Side } from './paths.ts';
import { DEFAULT_RULES } from './rules.ts';

/**
 * The add/edit screen around PolicyForm: loads the rules (floor, cap, earliest start), the insurers, and
 * the enterprise (its employees) or the policy being edited; saves with an Idempotency-Key so a double
 * click creates one application; on success shows the server's message and opens the detail.
 */
export function PolicyFormScreen({ side, requireId = false }: { side: Side; requireId?: boolean }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const { user } = useAuth();
  const rules = useQuery({ queryKey: ['policy', 'rules'], queryFn: policyApi.rules, staleTime: 60_000 });
  const insurers = useQuery({
    queryKey: ['insurer', 'options'],
    queryFn: insurerOptions,
    staleTime: 600_000,
  });
  const mine = useQuery({
    queryKey: ['enterprise', 'mine'],
    queryFn: policyApi.myEnterprise,
    enabled: side === 'enterprise',
  });
  const detail = useQuery({
    queryKey: ['policy', 'detail', id],
    queryFn: () => policyApi.detail(id!),
    enabled: id !== undefined,
  });
  const attempt = useRef<{ body: string; key: string } | null>(null);

  if (requireId && id === undefined)
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title="缺少保单编号"
          extra={<Button onClick={() => navigate(PATHS.insManage)}>返回保单管理</Button>}
        />
      </Card>
    );
  const loading =
    rules.isLoading ||
    insurers.isLoading ||
    (side === 'enterprise' && mine.isLoading) ||
    (id !== undefined && detail.isLoading);
  if (loading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (id !== undefined && (detail.isError || !detail.data))
    return (
      <Card variant="borderless">
        <Result status="404" title="保单不存在" subTitle="该保单不存在或您无权查看" />
      </Card>
    );
  const p = detail.data;
  if (p && !p.actions.edit)
    return (
      <Card variant="borderless">
        <Result
          status="info"
          title={`该保单（${p.stateLabel}）不能修改`}
          subTitle="只有草稿或审核不通过的保单可以修改"
          extra={<Button onClick={() => navigate(detailPath(side, p.id))}>查看详情</Button>}
        />
      </Card>
    );

  const onSave = async (body: PolicyBody, submit: boolean) => {
    let savedId: number;
    let msg: string;
    if (p) {
      const res = await policyApi.edit({ ...body, id: p.id, version: p.version });
      savedId = p.id;
      msg = res.message;
      if (submit) {
        await policyApi.submit(p.id, res.data.version).catch(async (e) => {
          // Saved but not submitted (e.g. overlap): show the saved version and keep the person on the form.
          await qc.invalidateQueries({ queryKey: ['policy'] });
          throw e;
        });
        msg = '已提交审核';
      }
    } else {
      const payload = { ...body, submit };
      const json = JSON.stringify(payload);
      if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
      const res = await policyApi.add(payload, attempt.current.key);
      savedId = res.data.id;
      msg = res.message;
    }
    attempt.current = null;
    await qc.invalidateQueries({ queryKey: ['policy'] });
    message.success(msg || '保存成功');
    navigate(detailPath(side, savedId));
  };

  const ent = mine.data;
  const blocked = side === 'enterprise' && ent && ent.infoComplete === false;
  const notOperating =
    side === 'enterprise' &&
    ent?.operatingStatus !== undefined &&
    ent.operatingStatus !== null &&
    ent.operatingStatus !== 1;
  return (
    <Card
      variant="borderless"
      title={p ? `修改投保单 ${p.applicationNo}` : side === 'enterprise' ? '投保申请' : '新增保单'}
    >
      {blocked ? (
        <Alert type="warning" showIcon message="请先完善企业信息后再投保" style={{ marginBottom: 16 }} />
      ) : null}
      {notOperating ? (
        <Alert
          type="warning"
          showIcon
          message="企业非正常经营状态，不能提交投保"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {side === 'insurer' && !p ? (
        <Alert
          type="info"
          showIcon
          message="保险机构录入的保单以本机构为出单（主承）机构；提交后由本机构审核出单。"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <PolicyForm
        side={side}
        rules={rules.data ?? DEFAULT_RULES}
        insurers={insurers.data ?? []}
        ownInsurerId={user?.orgId ?? undefined}
        enterprise={
          ent
            ? { name: ent.name, employees: ent.employees }
            : p
              ? { name: p.holderName, employees: undefined }
              : undefined
        }
        initial={p}
        insurerDocs={(insurerId) => (
          <InsurerDocsPanel
            insurerId={insurerId}
            insurerName={insurers.data?.find((i) => i.id === insurerId)?.name}
          />
        )}
        onSave={onSave}
        onCancel={() =>
          navigate(p ? detailPath(side, p.id) : side === 'enterprise' ? PATHS.entManage : PATHS.insManage)
        }
      />
    </Card>
  );
}
