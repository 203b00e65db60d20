import {
  COINSURE_ROLES,
  INJURY_TYPES,
  LOSS_CATEGORIES,
  optionLabel,
  PAYMENT_TYPES,
  PERSON_TYPES,
  RATE_FACTORS,
  SERVICE_ITEMS,
} from '@aqzrx/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Divider, Drawer, Empty, Skeleton, Table, Timeline, Typography } from 'antd';
import { dateText, dateTimeText } from '../../components/index.ts';
import { claimApi, FlagTags, StepTag } from '../claim/index.ts';
import { PolicyStateTag, policyApi, UnderCoveredTag } from '../policy/index.ts';
import { wanText, yuanText } from './display.tsx';

/** Policy and report numbers never wrap mid-number. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/** Read-only policy detail for the regulator. */
export function PolicyDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['govPolicy', id],
    queryFn: () => policyApi.detail(id as number),
    enabled: id !== null,
    retry: false,
  });
  const p = q.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={760}
      title={p ? <span style={ONE_LINE}>保单 {p.policyNo ?? p.applicationNo}</span> : '保单详情'}
    >
      {q.isLoading && <Skeleton active />}
      {q.isError && <Alert type="error" showIcon message="保单不存在或不在本辖区" />}
      {p && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="保单号">
              <span style={ONE_LINE}>{p.policyNo ?? '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="投保单号">
              <span style={ONE_LINE}>{p.applicationNo}</span>
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <PolicyStateTag state={p.state} />
            </Descriptions.Item>
            <Descriptions.Item label="出单机构">{p.insurerName}</Descriptions.Item>
            <Descriptions.Item label="投保企业" span={2}>
              {p.holderName}（{p.holderUscc}）
            </Descriptions.Item>
            <Descriptions.Item label="所属区县">{p.districtName}</Descriptions.Item>
            <Descriptions.Item label="安责险行业">{p.wsIndustryName || '-'}</Descriptions.Item>
            <Descriptions.Item label="保险期间" span={2}>
              {p.startDate} 至 {p.endDate}
            </Descriptions.Item>
            <Descriptions.Item label="参保人数">
              {p.headcount.toLocaleString('zh-CN')} 人
              {p.underCovered ? (
                <>
                  {' '}
                  <UnderCoveredTag row={p} />
                  <Typography.Text type="danger">企业当前从业人员 {p.enterpriseEmployees} 人</Typography.Text>
                </>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label="每人死亡伤残限额">{yuanText(p.perPersonLimit)}</Descriptions.Item>
            <Descriptions.Item label="每次事故限额（保额）">{wanText(p.sumInsuredWan)}</Descriptions.Item>
            <Descriptions.Item label="医疗费用限额">{yuanText(p.medicalLimit)}</Descriptions.Item>
            {/* 行业基准费率 is in ‰ (per mille of the premium basis), as the policy form enters it. */}
            <Descriptions.Item label="基准费率">{p.benchmarkRate}‰</Descriptions.Item>
            <Descriptions.Item label="浮动比例">{p.floatPct}%</Descriptions.Item>
            <Descriptions.Item label="实收保费">{yuanText(p.premium)}</Descriptions.Item>
            <Descriptions.Item label="事故预防费用">
              {yuanText(p.preventionFee)}（{p.preventionFeePct}%）
            </Descriptions.Item>
            <Descriptions.Item label="预防服务项目" span={2}>
              {(p.serviceItems ?? []).map((s) => optionLabel(SERVICE_ITEMS, s) || s).join('、') || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="批改/理赔" span={2}>
              批改 {p.endorsementCount} 次，理赔 {p.claimCount} 件
            </Descriptions.Item>
            {p.cancelledOn && (
              <Descriptions.Item label="注销" span={2}>
                {p.cancelledOn} {p.cancelReason}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Divider orientation="left">共保</Divider>
          <Table
            size="small"
            rowKey="insurerId"
            pagination={false}
            dataSource={p.coinsurers}
            locale={{ emptyText: '独立承保' }}
            columns={[
              { title: '保险机构', dataIndex: 'insurerName' },
              {
                title: '角色',
                dataIndex: 'role',
                render: (v: string) => optionLabel(COINSURE_ROLES, v) || v,
              },
              { title: '份额', dataIndex: 'share', align: 'right', render: (v: number) => `${v}%` },
            ]}
          />
          <Divider orientation="left">费率浮动</Divider>
          <Table
            size="small"
            rowKey={(r) => `${r.code}-${r.reason}`}
            pagination={false}
            dataSource={p.factors}
            locale={{ emptyText: '无浮动' }}
            columns={[
              { title: '因素', dataIndex: 'code', render: (v: string) => optionLabel(RATE_FACTORS, v) || v },
              {
                title: '浮动',
                dataIndex: 'pct',
                align: 'right',
                render: (v: number) => `${v > 0 ? '+' : ''}${v}%`,
              },
              { title: '理由', dataIndex: 'reason' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/** Read-only claim detail for the regulator (timeline of every step, payments, losses, persons). */
export function ClaimDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['govClaim', id],
    queryFn: () => claimApi.detail(id as number, 'gov'),
    enabled: id !== null,
    retry: false,
  });
  const c = q.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={760}
      title={c ? `理赔案件 ${c.reportNo}` : '理赔详情'}
    >
      {q.isLoading && <Skeleton active />}
      {q.isError && <Alert type="error" showIcon message="案件不存在或不在本辖区" />}
      {c && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="报案号">
              <span style={ONE_LINE}>{c.reportNo}</span>
            </Descriptions.Item>
            <Descriptions.Item label="立案号">
              <span style={ONE_LINE}>{c.registerNo ?? '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="当前环节">
              <StepTag step={c.step} /> {c.phaseLabel}
            </Descriptions.Item>
            <Descriptions.Item label="预警">
              <FlagTags claim={c} />
              {!c.lateReport && !c.unpaidOverdue && '无'}
            </Descriptions.Item>
            <Descriptions.Item label="企业" span={2}>
              {c.enterpriseName}（{c.districtName}）
            </Descriptions.Item>
            <Descriptions.Item label="保单号">
              <span style={ONE_LINE}>{c.policyNo ?? '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="每人限额">{yuanText(c.policy.perPersonLimit)}</Descriptions.Item>
            <Descriptions.Item label="出险时间">{dateTimeText(c.accidentAt)}</Descriptions.Item>
            <Descriptions.Item label="报案时间">{dateTimeText(c.reportedAt)}</Descriptions.Item>
            <Descriptions.Item label="出险地点" span={2}>
              {c.accidentAddress || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="事故类型">{c.accidentTypeLabel || '-'}</Descriptions.Item>
            <Descriptions.Item label="事故等级">{c.accidentLevelLabel || '-'}</Descriptions.Item>
            <Descriptions.Item label="伤亡">
              死亡 {c.deaths} 人，受伤 {c.injuries} 人
            </Descriptions.Item>
            <Descriptions.Item label="估损金额">{yuanText(c.estimatedLoss)}</Descriptions.Item>
            <Descriptions.Item label="核定损失">{yuanText(c.assessedTotal)}</Descriptions.Item>
            <Descriptions.Item label="预付/垫付">{yuanText(c.advanceTotal)}</Descriptions.Item>
            <Descriptions.Item label="赔款">{yuanText(c.payoutTotal)}</Descriptions.Item>
            <Descriptions.Item label="结案">
              {c.closedAt ? `${dateText(c.closedAt)} ${c.closeTypeLabel}` : '未结案'}
            </Descriptions.Item>
            <Descriptions.Item label="事故经过" span={2}>
              {c.accidentDesc || '-'}
            </Descriptions.Item>
          </Descriptions>
          <Divider orientation="left">办理过程</Divider>
          {c.timeline.length ? (
            <Timeline
              items={c.timeline.map((t) => ({
                color: t.color || 'blue',
                children: (
                  <>
                    <Typography.Text strong>{t.label}</Typography.Text>{' '}
                    <Typography.Text type="secondary">
                      {dateTimeText(t.actedAt)} {t.actorOrgName} {t.actorName}
                    </Typography.Text>
                    {t.note && <div>{t.note}</div>}
                  </>
                ),
              }))}
            />
          ) : (
            <Empty description="暂无办理记录" />
          )}
          {c.losses.length > 0 && (
            <>
              <Divider orientation="left">定损明细</Divider>
              <Table
                size="small"
                rowKey="category"
                pagination={false}
                dataSource={c.losses}
                columns={[
                  {
                    title: '类别',
                    dataIndex: 'category',
                    render: (v: string) => optionLabel(LOSS_CATEGORIES, v) || v,
                  },
                  { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => yuanText(v) },
                ]}
              />
            </>
          )}
          {c.payments.length > 0 && (
            <>
              <Divider orientation="left">付款记录</Divider>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={c.payments}
                columns={[
                  {
                    title: '类型',
                    dataIndex: 'payType',
                    render: (v: number) => optionLabel(PAYMENT_TYPES, v) || v,
                  },
                  { title: '收款人', dataIndex: 'payee' },
                  { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => yuanText(v) },
                  { title: '支付时间', dataIndex: 'paidAt', render: (v: string) => dateTimeText(v) },
                ]}
              />
            </>
          )}
          {c.persons.length > 0 && (
            <>
              <Divider orientation="left">赔付人员</Divider>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={c.persons}
                columns={[
                  { title: '姓名', dataIndex: 'name' },
                  {
                    title: '人员类型',
                    dataIndex: 'personType',
                    render: (v: number) => optionLabel(PERSON_TYPES, v) || v,
                  },
                  { title: '证件号', dataIndex: 'idNo' },
                  {
                    title: '伤情',
                    dataIndex: 'injury',
                    render: (v: string) => optionLabel(INJURY_TYPES, v) || v,
                  },
                  {
                    title: '赔偿金额',
                    dataIndex: 'amount',
                    align: 'right',
                    render: (v: number) => yuanText(v),
                  },
                ]}
              />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
