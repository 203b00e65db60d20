import { PaperClipOutlined } from '@ant-design/icons';
import {
  Card,
  Descriptions,
  Empty,
  Image,
  Rate,
  Space,
  Steps,
  Table,
  Tag,
  Timeline,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { dateTimeText } from '../../components/index.ts';
import {
  ACCIDENT_LEVELS,
  ACCIDENT_TYPES,
  CLOSE_TYPES,
  ID_TYPES,
  INJURY_TYPES,
  LOSS_CATEGORIES,
  optionLabel,
  PAYMENT_TYPES,
  PERSON_TYPES,
  SATISFACTION_SCORES,
} from '../../platform/contracts.ts';
import { districtName } from '../../platform/districts.ts';
import { saveBlob } from '../../platform/download.ts';
import { MaskedPhone } from '../../platform/masked-phone.tsx';
import { requestFile } from '../../platform/request.ts';
import type { ClaimDetail, ClaimRow, ClaimTimelineEntry } from './api.ts';
import { payoutGapAfter, phaseOption, stepOption, yuan } from './model.ts';

/** The claim's phase in its colour (CLAIM_PHASES). */
export function PhaseTag({ phase }: { phase: string }) {
  const o = phaseOption(phase);
  return <Tag color={o?.color}>{o?.label ?? phase}</Tag>;
}

/** A step of spec 4 in its colour (CLAIM_STEPS). */
export function StepTag({ step }: { step: number }) {
  const o = stepOption(step);
  return (
    <Tag color={o?.color} data-testid={`step-tag-${step}`}>
      {o?.label ?? step}
    </Tag>
  );
}

/** The two regulator flags of domain 1.6. */
export function FlagTags({
  claim,
  unpaidDays,
}: {
  claim: Pick<ClaimRow, 'lateReport' | 'unpaidOverdue'>;
  unpaidDays?: number | undefined;
}) {
  if (!claim.lateReport && !claim.unpaidOverdue) return null;
  return (
    <Space size={4} wrap>
      {claim.lateReport ? (
        <Tooltip title="报案时间晚于出险后的报案时限">
          <Tag color="orange">逾期报案</Tag>
        </Tooltip>
      ) : null}
      {claim.unpaidOverdue ? (
        <Tooltip title={`立案后${unpaidDays ?? 60}天仍未支付任何款项（保险法第25条要求先予支付可确定部分）`}>
          <Tag color="red">超期未付</Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/**
 * One attachment of a claim, read through /api/claim/file (a record-scoped call with parameters, so not
 * the shared AuthImage): images as thumbnails, others as links that save the blob already fetched.
 */
function ClaimFile({ claimId, fileId, index }: { claimId: number; fileId: string; index: number }) {
  const [file, setFile] = useState<{ url: string; blob: Blob; name: string | undefined } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let alive = true;
    requestFile('/claim/file', { params: { id: claimId, fileId } })
      .then(({ blob, fileName }) => {
        if (!alive) return;
        url = URL.createObjectURL(blob);
        setFile({ url, blob, name: fileName });
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [claimId, fileId]);
  if (failed) return <Typography.Text type="secondary">附件{index + 1}无法读取</Typography.Text>;
  if (!file) return <div style={{ width: 96, height: 96, background: '#f5f5f5', borderRadius: 4 }} />;
  const name = file.name ?? `附件${index + 1}`;
  if (file.blob.type.startsWith('image/'))
    return (
      <Image
        src={file.url}
        width={96}
        height={96}
        style={{ objectFit: 'cover', borderRadius: 4 }}
        alt={name}
      />
    );
  const { blob } = file;
  return (
    <Typography.Link onClick={() => saveBlob(blob, name)}>
      <PaperClipOutlined /> {name}
    </Typography.Link>
  );
}

export function ClaimFiles({ claimId, ids }: { claimId: number; ids: string[] }) {
  if (!ids.length) return null;
  return (
    <Image.PreviewGroup>
      <Space size={8} wrap>
        {ids.map((id, i) => (
          <ClaimFile key={id} claimId={claimId} fileId={id} index={i} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

const n = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const s = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** The fields a step recorded (the timeline's `data`), in words. */
export function StepFields({
  entry,
}: {
  entry: Pick<ClaimTimelineEntry, 'step' | 'data'> & { id?: number };
}) {
  const d = entry.data ?? {};
  const rows: Array<[string, ReactNode]> = [];
  switch (entry.step) {
    case 1:
      rows.push(['出险时间', dateTimeText(s(d.accidentAt))]);
      rows.push(['出险地点', s(d.accidentAddress)]);
      rows.push(['伤亡', `死亡${n(d.deaths)}人，受伤${n(d.injuries)}人`]);
      break;
    case 2:
      rows.push(['撤案原因', s(d.reason)]);
      break;
    case 3:
      rows.push(['事故类型', optionLabel(ACCIDENT_TYPES, s(d.accidentType)) || '-']);
      rows.push(['事故等级', optionLabel(ACCIDENT_LEVELS, n(d.accidentLevel)) || '-']);
      if (d.seriousInjuries !== undefined) rows.push(['重伤人数', `${n(d.seriousInjuries)}人`]);
      rows.push(['事故原因', s(d.cause)]);
      rows.push(['估损金额', `${yuan(n(d.estimatedLoss))} 元`]);
      break;
    case 4:
      rows.push(['付款类型', optionLabel(PAYMENT_TYPES, n(d.payType))]);
      rows.push(['付款金额', `${yuan(n(d.amount))} 元`]);
      if (s(d.payee)) rows.push(['收款人', s(d.payee)]);
      break;
    case 5:
      rows.push([
        '查勘人员',
        <span key="surveyor">
          {s(d.surveyorName)}（
          <MaskedPhone
            value={s(d.surveyorPhone)}
            reveal={{ kind: 'claimStep', id: entry.id ?? 0, field: 'surveyorPhone' }}
          />
          ）
        </span>,
      ]);
      rows.push(['查勘描述', s(d.description)]);
      break;
    case 6: {
      const items = Array.isArray(d.items) ? (d.items as Array<{ category: string; amount: number }>) : [];
      for (const i of items) rows.push([optionLabel(LOSS_CATEGORIES, i.category), `${yuan(n(i.amount))} 元`]);
      rows.push(['定损总金额', <b key="t">{yuan(n(d.total))} 元</b>]);
      break;
    }
    case 7: {
      const persons = Array.isArray(d.persons)
        ? (d.persons as Array<{ name: string; personType: number; injury: string; amount: number }>)
        : [];
      for (const p of persons)
        rows.push([
          `${optionLabel(PERSON_TYPES, p.personType)} ${p.name}`,
          `${optionLabel(INJURY_TYPES, p.injury)}，${yuan(n(p.amount))} 元`,
        ]);
      const props = Array.isArray(d.properties)
        ? (d.properties as Array<{ ownerName: string; propertyName: string; amount: number }>)
        : [];
      for (const p of props) rows.push([`财产 ${p.ownerName}·${p.propertyName}`, `${yuan(n(p.amount))} 元`]);
      const fees = Array.isArray(d.fees) ? (d.fees as Array<{ category: string; amount: number }>) : [];
      for (const f of fees) rows.push([optionLabel(LOSS_CATEGORIES, f.category), `${yuan(n(f.amount))} 元`]);
      rows.push(['本次赔付金额', <b key="t">{yuan(n(d.total))} 元</b>]);
      if (d.balance !== undefined) rows.push(['扣除预付后支付', `${yuan(n(d.balance))} 元`]);
      if (d.payoutTotal !== undefined && n(d.payoutTotal) !== n(d.total))
        rows.push(['累计赔付', `${yuan(n(d.payoutTotal))} 元`]);
      if (n(d.unpaid) > 0)
        rows.push([
          '尚未赔付',
          <Typography.Text key="u" type="warning">
            {yuan(n(d.unpaid))} 元（部分赔付，经确认）
          </Typography.Text>,
        ]);
      break;
    }
    case 8:
      rows.push(['结案类型', optionLabel(CLOSE_TYPES, s(d.closeType))]);
      if (s(d.deniedReason)) rows.push(['拒赔原因', s(d.deniedReason)]);
      if (n(d.unpaid) > 0) rows.push(['结案时未赔付差额', `${yuan(n(d.unpaid))} 元（原因见备注）`]);
      break;
  }
  return (
    <Descriptions
      size="small"
      column={1}
      colon
      items={rows.map(([label, children], i) => ({ key: i, label, children }))}
    />
  );
}

/** Every recorded step with who, when, its fields, note and attachments (oldest first). */
export function ClaimTimeline({ claim }: { claim: Pick<ClaimDetail, 'id' | 'timeline'> }) {
  if (!claim.timeline.length) return <Empty description="暂无办理记录" />;
  return (
    <Timeline
      data-testid="claim-timeline"
      items={claim.timeline.map((e) => ({
        key: e.id,
        color: e.color || stepOption(e.step)?.color || 'blue',
        children: (
          <div data-testid={`timeline-step-${e.step}`}>
            <Space wrap size={8}>
              <StepTag step={e.step} />
              <Typography.Text strong>{dateTimeText(e.actedAt)}</Typography.Text>
              <Typography.Text type="secondary">
                {e.actorName}
                {e.actorOrgName ? `（${e.actorOrgName}）` : ''}
              </Typography.Text>
            </Space>
            <div style={{ marginTop: 4 }}>
              <StepFields entry={e} />
            </div>
            {e.note && e.step !== 1 ? (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                备注：{e.note}
              </Typography.Paragraph>
            ) : null}
            <ClaimFiles claimId={claim.id} ids={e.attachments} />
          </div>
        ),
      }))}
    />
  );
}

const MAIN_LINE = [1, 3, 5, 6, 7, 8];

/** The main line of spec 4 with where the claim stands (withdrawn claims end at 撤案). */
export function ClaimProgress({ claim }: { claim: Pick<ClaimDetail, 'phase' | 'timeline'> }) {
  const done = new Set<number>(claim.timeline.map((e) => e.step));
  const withdrawn = claim.phase === 'withdrawn';
  const line = withdrawn ? [1, ...MAIN_LINE.filter((x) => done.has(x) && x !== 1), 2] : MAIN_LINE;
  let current = 0;
  line.forEach((st, i) => {
    if (done.has(st)) current = i;
  });
  const finished = claim.phase === 'closed' || withdrawn;
  return (
    <Steps
      size="small"
      current={current}
      status={withdrawn ? 'error' : finished ? 'finish' : 'process'}
      items={line.map((st) => ({
        title: stepOption(st)?.label ?? '',
        icon: undefined,
        description: done.has(st)
          ? dateTimeText(claim.timeline.filter((e) => e.step === st).at(-1)?.actedAt)
          : undefined,
      }))}
    />
  );
}

/** The report, the register data and the money of a claim (read-only). */
export function ClaimSummary({
  claim,
  showEnterprise = true,
}: {
  claim: ClaimDetail;
  showEnterprise?: boolean;
}) {
  const money: Array<{ key: string; label: string; children: ReactNode }> = [
    {
      key: 'est',
      label: '估损金额',
      children: claim.estimatedLoss === null ? '-' : `${yuan(claim.estimatedLoss)} 元`,
    },
    {
      key: 'ass',
      label: '定损总金额',
      children: claim.assessedTotal === null ? '-' : `${yuan(claim.assessedTotal)} 元`,
    },
    { key: 'adv', label: '预付/垫付/快付合计', children: `${yuan(claim.advanceTotal)} 元` },
    {
      key: 'pay',
      label: '赔付总金额',
      children: claim.payoutTotal === null ? '-' : `${yuan(claim.payoutTotal)} 元`,
    },
  ];
  const unpaid = claim.payoutTotal !== null ? payoutGapAfter(claim, 0) : 0;
  if (unpaid > 0)
    money.push({
      key: 'unpaid',
      label: '尚未赔付',
      children: (
        <Typography.Text type="warning" data-testid="claim-unpaid">
          {yuan(unpaid)} 元
        </Typography.Text>
      ),
    });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="报案信息" size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'no', label: '报案号', children: claim.reportNo },
            { key: 'reg', label: '立案号', children: claim.registerNo ?? '-' },
            { key: 'policy', label: '保单号', children: claim.policyNo ?? '-' },
            ...(showEnterprise ? [{ key: 'ent', label: '被保险企业', children: claim.enterpriseName }] : []),
            {
              key: 'period',
              label: '保险期间',
              children: `${claim.policy.startDate} 至 ${claim.policy.endDate}`,
            },
            {
              key: 'limit',
              label: '责任限额',
              children: `每人 ${yuan(claim.policy.perPersonLimit)} 元 / 每次事故 ${yuan(claim.policy.perAccidentLimit)} 元`,
            },
            {
              key: 'reporter',
              label: '报案人',
              children: (
                <span>
                  {claim.reporterName}（
                  <MaskedPhone
                    value={claim.reporterPhone}
                    reveal={{ kind: 'claim', id: claim.id, field: 'reporterPhone' }}
                  />
                  ）
                </span>
              ),
            },
            { key: 'reportedAt', label: '报案时间', children: dateTimeText(claim.reportedAt) },
            { key: 'accidentAt', label: '出险时间', children: dateTimeText(claim.accidentAt) },
            {
              key: 'place',
              label: '出险地点',
              children: `${districtName(claim.accidentDistrictCode)} ${claim.accidentAddress}`,
            },
            { key: 'cas', label: '伤亡人数', children: `死亡 ${claim.deaths} 人，受伤 ${claim.injuries} 人` },
            {
              key: 'state',
              label: '当前状态',
              children: (
                <Space size={4} wrap>
                  <StepTag step={claim.step} />
                  <PhaseTag phase={claim.phase} />
                  {claim.closeType ? <Tag>{claim.closeTypeLabel}</Tag> : null}
                  <FlagTags claim={claim} />
                </Space>
              ),
            },
            { key: 'desc', label: '出险经过', span: 3, children: claim.accidentDesc },
            ...(claim.registeredAt
              ? [
                  { key: 'type', label: '事故类型', children: claim.accidentTypeLabel || '-' },
                  { key: 'level', label: '事故等级', children: claim.accidentLevelLabel || '-' },
                  { key: 'regAt', label: '立案时间', children: dateTimeText(claim.registeredAt) },
                  { key: 'cause', label: '事故原因', span: 3, children: claim.cause || '-' },
                ]
              : []),
            ...(claim.deniedReason
              ? [{ key: 'denied', label: '拒赔原因', span: 3, children: claim.deniedReason }]
              : []),
          ]}
        />
        {claim.attachments.length ? (
          <div style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">现场照片：</Typography.Text>
            <div style={{ marginTop: 4 }}>
              <ClaimFiles claimId={claim.id} ids={claim.attachments} />
            </div>
          </div>
        ) : null}
      </Card>
      <Card title="金额" size="small">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={money} />
        {claim.losses.length ? (
          <Table
            size="small"
            style={{ marginTop: 8 }}
            rowKey="category"
            pagination={false}
            title={() => '定损明细'}
            dataSource={claim.losses}
            columns={[
              {
                title: '定损类别',
                dataIndex: 'category',
                render: (v: string) => optionLabel(LOSS_CATEGORIES, v),
              },
              { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: number) => yuan(v) },
            ]}
          />
        ) : null}
        {claim.payments.length ? (
          <Table
            size="small"
            style={{ marginTop: 8 }}
            rowKey="id"
            pagination={false}
            title={() => '付款记录'}
            dataSource={claim.payments}
            columns={[
              { title: '付款时间', dataIndex: 'paidAt', render: (v: string) => dateTimeText(v) },
              {
                title: '付款类型',
                dataIndex: 'payType',
                render: (v: number) => optionLabel(PAYMENT_TYPES, v),
              },
              { title: '收款人', dataIndex: 'payee', render: (v: string) => v || '-' },
              { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: number) => yuan(v) },
            ]}
          />
        ) : null}
        {claim.persons.length ? (
          <Table
            size="small"
            style={{ marginTop: 8 }}
            rowKey="id"
            pagination={false}
            title={() => '人身伤亡赔付'}
            dataSource={claim.persons}
            columns={[
              {
                title: '人员类型',
                dataIndex: 'personType',
                render: (v: number) => optionLabel(PERSON_TYPES, v),
              },
              { title: '姓名', dataIndex: 'name' },
              {
                title: '证件',
                dataIndex: 'idNo',
                render: (v: string, r) => `${optionLabel(ID_TYPES, r.idType)} ${v}`,
              },
              { title: '伤亡情况', dataIndex: 'injury', render: (v: string) => optionLabel(INJURY_TYPES, v) },
              {
                title: '赔付金额（元）',
                dataIndex: 'amount',
                align: 'right',
                render: (v: number) => yuan(v),
              },
            ]}
          />
        ) : null}
      </Card>
      {claim.satisfaction !== null ? (
        <Card title="理赔满意度" size="small">
          <Space>
            <Rate disabled value={claim.satisfaction} />
            <span>{optionLabel(SATISFACTION_SCORES, claim.satisfaction)}</span>
            {claim.satisfactionComment ? (
              <Typography.Text type="secondary">{claim.satisfactionComment}</Typography.Text>
            ) : null}
          </Space>
        </Card>
      ) : null}
    </Space>
  );
}

/** The whole read-only claim: progress, summary and the timeline of every step. */
export function ClaimView({
  claim,
  showEnterprise = true,
  extra,
}: {
  claim: ClaimDetail;
  showEnterprise?: boolean;
  /** Rendered between the progress bar and the summary (handling buttons, satisfaction form). */
  extra?: ReactNode;
}) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <ClaimProgress claim={claim} />
      </Card>
      {extra}
      <ClaimSummary claim={claim} showEnterprise={showEnterprise} />
      <Card title="办理过程" size="small">
        <ClaimTimeline claim={claim} />
      </Card>
    </Space>
  );
}
