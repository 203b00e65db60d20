import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { chinaTime, chinaToday, wan, yuan } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  COINSURE_ROLES,
  optionLabel,
  POLICY_DRAFT_FIELDS,
  type PolicyDraftField,
  RATE_FACTORS,
  SERVICE_ITEMS,
  wsIndustryTop,
} from '../../platform/contracts.ts';
import { districtName } from '../../platform/districts.ts';
import { RateButton } from '../evaluation/index.ts';
import { type PolicyDetail, policyApi } from './api.ts';
import { PolicyPersons } from './PolicyPersons.tsx';
import { PolicyVersions } from './PolicyVersions.tsx';
import { AttachmentList, PolicyStateTag } from './parts.tsx';
import { editPath, PATHS, type Side } from './paths.ts';
import { ReviewPolicyModal } from './ReviewPolicyModal.tsx';
import { UnderCoveredTag } from './UnderCoveredTag.tsx';

const dt = (s: string | null | undefined) => chinaTime(s, 'minute', '');
/** Policy and application numbers never wrap mid-number. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/**
 * The state timeline of a policy from its stored times and dates. Dates still to come (the start of a
 * policy not yet in force, the end of one in force) are marked 预计 and 未到: they are not events yet.
 */
export function policyTimeline(p: PolicyDetail, today: string) {
  const items: Array<{ color: string; label: string; children: string }> = [];
  const ahead = (date: string) => date > today;
  const when = (date: string) => (ahead(date) ? `${date}（预计）` : date);
  items.push({
    color: 'gray',
    label: dt(p.createdAt),
    children: `${p.enteredBy === 'enterprise' ? '企业填写投保申请' : '保险机构录入保单'}（投保单号 ${p.applicationNo}）`,
  });
  if (p.submittedAt) items.push({ color: 'blue', label: dt(p.submittedAt), children: '提交审核' });
  if (p.reviewedAt && p.status !== 'submitted' && p.status !== 'draft') {
    const ok = p.status === 'approved' || p.status === 'cancelled';
    items.push({
      color: ok ? 'green' : 'red',
      label: dt(p.reviewedAt),
      children: ok
        ? `审核通过，出单（保单号 ${p.policyNo ?? ''}）${p.reviewRemark ? `：${p.reviewRemark}` : ''}`
        : `审核不通过：${p.reviewRemark}`,
    });
  } else if (p.reviewedAt && p.status === 'draft' && p.reviewRemark) {
    items.push({
      color: 'red',
      label: dt(p.reviewedAt),
      children: `曾被退回：${p.reviewRemark}（已修改为草稿）`,
    });
  }
  if (p.status === 'approved' || p.status === 'cancelled') {
    items.push({
      color: ahead(p.startDate) ? 'gray' : 'green',
      label: when(p.startDate),
      children: ahead(p.startDate) ? '保险责任开始（未到，待生效）' : '保险责任开始',
    });
    if (p.status === 'cancelled')
      items.push({ color: 'red', label: p.cancelledOn ?? '', children: `保单注销：${p.cancelReason}` });
    else
      items.push({
        color: 'gray',
        label: when(p.endDate),
        children: ahead(p.endDate)
          ? '保险期间届满（未到）'
          : p.endDate === today
            ? '保险期间届满（今日到期）'
            : '保险期间届满（已过期）',
      });
  }
  return items;
}

/**
 * The full policy (投保企业 and insurer detail): every field, the co-insurers and rate factors, the state
 * timeline, the versions (old values stay readable) and the endorsements; with the actions the server
 * says the person may take (edit, submit, review, endorse, report a claim).
 */
export function PolicyDetailView({
  side,
  endorsements,
}: {
  side: Side;
  /** The 批改记录 tab's list of the policy's endorsements (the endorsement module composes the screens). */
  endorsements?: (policyId: number) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [reviewOpen, setReviewOpen] = useState(false);
  const [tab, setTab] = useState(params.get('tab') ?? 'info');
  const q = useQuery({
    queryKey: ['policy', 'detail', id],
    queryFn: () => policyApi.detail(id!),
    enabled: id !== undefined,
  });
  const rules = useQuery({ queryKey: ['policy', 'rules'], queryFn: policyApi.rules, staleTime: 60_000 });
  const today = rules.data?.today || chinaToday();

  if (id === undefined)
    return (
      <Card variant="borderless">
        <Result status="warning" title="缺少保单编号" />
      </Card>
    );
  if (q.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  const p = q.data;
  if (!p)
    return (
      <Card variant="borderless">
        <Result status="404" title="保单不存在" subTitle="该保单不存在或您无权查看" />
      </Card>
    );

  const refresh = () => qc.invalidateQueries({ queryKey: ['policy'] });
  const submit = async () => {
    try {
      await policyApi.submit(p.id, p.version);
      message.success('已提交审核');
      await refresh();
    } catch {
      // shown by the client
    }
  };

  const extra = (
    <Space wrap>
      {p.actions.edit ? (
        <Action permission="policy.edit">
          <Button onClick={() => navigate(editPath(side, p.id))}>修改</Button>
        </Action>
      ) : null}
      {p.actions.submit ? (
        <Action permission="policy.edit">
          <Popconfirm
            title="提交审核"
            description="提交后由出单保险机构审核，审核期间不能修改。确定提交？"
            onConfirm={submit}
          >
            <Button type="primary">提交审核</Button>
          </Popconfirm>
        </Action>
      ) : null}
      {p.actions.review ? (
        <Action permission="policy.edit">
          <Button type="primary" onClick={() => setReviewOpen(true)}>
            审核
          </Button>
        </Action>
      ) : null}
      {side === 'enterprise' && p.actions.endorse ? (
        <Action permission="endorsement.add">
          <Button onClick={() => navigate(`${PATHS.entEndorseAdd}?policyId=${p.id}`)}>申请批改</Button>
        </Action>
      ) : null}
      {side === 'enterprise' && p.actions.reportClaim && p.status === 'approved' ? (
        <Action permission="claim.add">
          <Button onClick={() => navigate(`${PATHS.entClaimAdd}?policyId=${p.id}`)}>报案</Button>
        </Action>
      ) : null}
      {side === 'enterprise' && p.status === 'approved' ? <RateButton item="policy" targetId={p.id} /> : null}
      <Button onClick={() => navigate(side === 'enterprise' ? PATHS.entManage : PATHS.insManage)}>
        返回列表
      </Button>
    </Space>
  );

  const info = (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions title="投保人 / 被保险人" bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="企业名称">{p.holderName}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{p.holderUscc}</Descriptions.Item>
        <Descriptions.Item label="所属区县">
          {p.districtName || districtName(p.districtCode)}
        </Descriptions.Item>
        <Descriptions.Item label="安全生产行业领域">
          {wsIndustryTop(p.wsIndustryCode)?.label ?? ''}（{p.wsIndustryCode}）
        </Descriptions.Item>
        <Descriptions.Item label="国民经济行业">{p.gbIndustryCode || '-'}</Descriptions.Item>
        <Descriptions.Item label="地址">{p.address || '-'}</Descriptions.Item>
      </Descriptions>
      <Descriptions title="保单信息" bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="保单号">
          <span style={ONE_LINE}>{p.policyNo ?? '（未出单）'}</span>
        </Descriptions.Item>
        <Descriptions.Item label="投保单号">
          <span data-testid="detail-application-no" style={ONE_LINE}>
            {p.applicationNo}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="出单机构">{p.insurerName}</Descriptions.Item>
        <Descriptions.Item label="新保/续保">{p.isRenewal ? '续保' : '新保'}</Descriptions.Item>
        <Descriptions.Item label="保险期间">
          {p.startDate} 至 {p.endDate}
        </Descriptions.Item>
        <Descriptions.Item label="签单日期">{p.signDate ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <PolicyStateTag state={p.state} />
        </Descriptions.Item>
        {p.revision !== null && p.revision !== undefined ? (
          <Descriptions.Item label="保单版本">
            <Typography.Link onClick={() => setTab('versions')} data-testid="detail-revision">
              第 {p.revision} 版
            </Typography.Link>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Descriptions title="保障内容" bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="参保人数">
          <span data-testid="detail-headcount">{p.headcount} 人</span>
          {p.underCovered || p.overCovered ? (
            <Typography.Text type={p.underCovered ? 'danger' : 'warning'} style={{ marginLeft: 8 }}>
              <UnderCoveredTag row={p} />
              企业当前从业人员 {p.enterpriseEmployees} 人
            </Typography.Text>
          ) : null}
          {p.personCount ? (
            <Typography.Link onClick={() => setTab('persons')} style={{ marginLeft: 8 }}>
              已登记名单 {p.personCount} 人
            </Typography.Link>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label="每人死亡伤残责任限额">{yuan(p.perPersonLimit)}</Descriptions.Item>
        <Descriptions.Item label="每人医疗费用限额">{yuan(p.medicalLimit)}</Descriptions.Item>
        <Descriptions.Item label="每次事故责任限额（保额）">
          <span data-testid="detail-sum-insured">{wan(p.perAccidentLimit)}</span>
          <Typography.Text type="secondary">（{yuan(p.perAccidentLimit)}）</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="累计责任限额">{wan(p.aggregateLimit)}</Descriptions.Item>
      </Descriptions>
      {p.benchmarkRate > 0 || p.premium > 0 ? null : (
        <Alert
          type="info"
          showIcon
          data-testid="pricing-pending"
          style={{ margin: '16px 0' }}
          message="费率与保费由保险机构审核出单时核定"
        />
      )}
      <Descriptions title="费率与保费" bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="行业基准费率">
          {p.benchmarkRate > 0 ? `${p.benchmarkRate}‰` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="浮动合计">
          {p.floatPct > 0 ? '+' : ''}
          {p.floatPct}%
        </Descriptions.Item>
        <Descriptions.Item label="执行费率">
          {p.benchmarkRate > 0 ? `${p.finalRate}‰` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="计算保费">
          {p.premiumCalc > 0 ? yuan(p.premiumCalc) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="实收保费">
          <Typography.Text strong>{p.premium > 0 ? yuan(p.premium) : '-'}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {p.factors.length ? (
        <Table
          size="small"
          rowKey={(r) => `${r.code}-${r.reason}`}
          pagination={false}
          title={() => '费率浮动因子'}
          dataSource={p.factors}
          columns={[
            { title: '因子', dataIndex: 'code', render: (v: string) => optionLabel(RATE_FACTORS, v) },
            { title: '浮动比例', dataIndex: 'pct', render: (v: number) => `${v > 0 ? '+' : ''}${v}%` },
            { title: '原因', dataIndex: 'reason' },
          ]}
        />
      ) : null}
      <Table
        size="small"
        rowKey="insurerId"
        pagination={false}
        title={() => '承保机构'}
        dataSource={p.coinsurers}
        columns={[
          { title: '保险机构', dataIndex: 'insurerName' },
          { title: '承保类型', dataIndex: 'role', render: (v: string) => optionLabel(COINSURE_ROLES, v) },
          { title: '承保比例', dataIndex: 'share', render: (v: number) => `${v}%` },
          {
            title: '承担保费',
            key: 'p',
            render: (_: unknown, r) => yuan(Math.round(p.premium * r.share) / 100),
          },
        ]}
      />
      <Descriptions title="事故预防服务约定" bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="服务费用比例">{p.preventionFeePct}%</Descriptions.Item>
        <Descriptions.Item label="事故预防服务费用">{yuan(p.preventionFee)}</Descriptions.Item>
        <Descriptions.Item label="服务频次">{p.preventionFrequency} 次</Descriptions.Item>
        <Descriptions.Item label="主要服务项目" span={2}>
          <Space wrap>
            {p.serviceItems.map((s) => (
              <Tag key={s}>
                {s} {optionLabel(SERVICE_ITEMS, s)}
              </Tag>
            ))}
          </Space>
          {p.serviceItemOther ? <div>其他：{p.serviceItemOther}</div> : null}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions title="附件与备注" bordered size="small" column={1}>
        <Descriptions.Item label="附件">
          <AttachmentList ids={p.attachments} files={p.attachmentFiles} url="/policy/file" recordId={p.id} />
        </Descriptions.Item>
        <Descriptions.Item label="备注">{p.remark || '-'}</Descriptions.Item>
        {p.reviewRemark ? <Descriptions.Item label="审核意见">{p.reviewRemark}</Descriptions.Item> : null}
      </Descriptions>
    </Space>
  );

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <span>保单 {p.policyNo ?? p.applicationNo}</span>
          <PolicyStateTag state={p.state} />
        </Space>
      }
      extra={extra}
    >
      {p.status === 'rejected' ? (
        <Typography.Paragraph type="danger">
          审核不通过：{p.reviewRemark}（修改后可重新提交）
        </Typography.Paragraph>
      ) : null}
      {p.missing?.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="draft-missing"
          message={`草稿尚未填写完整，提交审核前请补充：${p.missing.map((k) => POLICY_DRAFT_FIELDS[k as PolicyDraftField] ?? k).join('、')}`}
          action={
            p.actions.edit ? (
              <Button size="small" onClick={() => navigate(editPath(side, p.id))}>
                继续填写
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {p.openEndorsement ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="open-endorsement"
          message={
            <span>
              {p.openEndorsement.status === 'applied'
                ? '该保单有待审核的批改申请'
                : `该保单有将于 ${p.openEndorsement.effectiveDate} 生效的批改`}
              （
              <Typography.Link
                onClick={() =>
                  side === 'enterprise'
                    ? navigate(`${PATHS.entEndorseDetail}?id=${p.openEndorsement!.id}`)
                    : setTab('endorsements')
                }
              >
                <span className="aq-nowrap">{p.openEndorsement.endorsementNo}</span>
              </Typography.Link>
              ），处理完成前不能再申请批改
            </span>
          }
        />
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'info', label: '保单信息', children: info },
          {
            key: 'timeline',
            label: '状态记录',
            children: <Timeline mode="left" items={policyTimeline(p, today)} />,
          },
          ...(p.status === 'approved' || p.status === 'cancelled'
            ? [
                {
                  key: 'persons',
                  label: `参保人员（${p.personCount ?? 0}）`,
                  children: <PolicyPersons policy={p} />,
                },
              ]
            : []),
          { key: 'versions', label: '版本记录', children: <PolicyVersions policy={p} /> },
          {
            key: 'endorsements',
            label: `批改记录（${p.endorsementCount}）`,
            children: endorsements?.(p.id) ?? null,
          },
        ]}
      />
      <ReviewPolicyModal
        target={reviewOpen ? p : null}
        onClose={() => setReviewOpen(false)}
        onDone={() => {
          setReviewOpen(false);
          void refresh();
        }}
      />
    </Card>
  );
}
