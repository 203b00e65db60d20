import { ArrowLeftOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Image,
  Rate,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthImage, chinaToday, dateText, dateTimeText, yuan } from '../../components/index.ts';
import {
  CHECK_RESULTS,
  type Option,
  optionLabel,
  RECTIFY_STATUS,
  RISK_LEVELS,
  SATISFACTION_SCORES,
  TRAINING_FORMS,
} from '../../platform/contracts.ts';
import { districtName } from '../../platform/districts.ts';
import { saveBlob } from '../../platform/download.ts';
import { isApiError, requestFile } from '../../platform/request.ts';
import { useScreenPath } from '../../platform/screen-path.ts';
import { useIdParam } from '../../platform/url-id.ts';
import { AP_KEY, apApi, apFileUrl, type FileRef, type HazardRow, type PlanDetail } from './api.ts';

/** A code in its option colour (PLAN_STATUSES, PROJECT_STATES, RECORD_STATES…). */
export function OptionTag<V extends string | number>({
  options,
  value,
  label,
  testId,
}: {
  options: readonly (Option<V> & { color?: string })[];
  value: V | null | undefined;
  label?: string;
  testId?: string;
}) {
  if (value === null || value === undefined) return <span>-</span>;
  const o = options.find((x) => x.value === value);
  return (
    <Tag color={o?.color} data-testid={testId}>
      {label || o?.label || String(value)}
    </Tag>
  );
}

export { useIdParam };

/** Loading, missing or out-of-scope (both 404) and failure states of a record opened from the URL. */
export function LoadFrame<T>({
  what,
  id,
  back,
  query,
  children,
}: {
  what: string;
  id: number | null;
  back: () => void;
  query: { data: T | undefined; isLoading: boolean; error: unknown };
  children: (data: T) => ReactNode;
}) {
  const goBack = (
    <Button icon={<ArrowLeftOutlined />} onClick={back}>
      返回列表
    </Button>
  );
  if (id === null)
    return <Result status="404" title={`缺少${what}编号`} subTitle="请从列表打开" extra={goBack} />;
  if (query.isLoading)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (query.error || !query.data) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? `${what}不存在` : `${what}加载失败`}
        subTitle={isApiError(query.error) ? query.error.envelope.result : '请稍后重试'}
        extra={goBack}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** The plan of `id` (plan/detail), cached under AP_KEY. */
export function usePlan(id: number | null) {
  return useQuery({
    queryKey: [AP_KEY, 'plan', id],
    queryFn: () => apApi.plan(id as number),
    enabled: id !== null,
  });
}

/** Photos by url, in a preview group (thumbnails 88 px). */
export function Photos({ urls, empty = '无照片' }: { urls: string[]; empty?: string }) {
  if (!urls.length) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8}>
        {urls.map((u) => (
          <AuthImage key={u} src={u} width={88} height={88} style={{ objectFit: 'cover', borderRadius: 6 }} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** Non-image files of a record as download links (the API needs the token). */
export function FileLinks({ files }: { files: FileRef[] }) {
  const docs = files.filter((f) => !f.isImage);
  if (!docs.length) return null;
  return (
    <Space direction="vertical" size={4}>
      {docs.map((f) => (
        <Typography.Link
          key={f.fileId}
          onClick={async () => {
            const file = await requestFile(f.fileUrl);
            saveBlob(file.blob, file.fileName ?? f.fileName);
          }}
        >
          <PaperClipOutlined /> {f.fileName}
        </Typography.Link>
      ))}
    </Space>
  );
}

const hazardPhotoUrls = (planId: number, ids: string[]) => ids.map((id) => apFileUrl(planId, id));

/** Each role's hazard list (modules/hazard), which opens a hazard's rectification for ?id=. */
const HAZARD_SCREENS = [
  'EntDangerCheck',
  'InsuranceDangerCheck',
  'GovApDispose',
  'ServiceApDispose',
  'ExpertApDispose',
] as const;

/** The hazards a check found (domain 2.10 type 03, 2.11). */
export function HazardTable({ planId, hazards }: { planId: number; hazards: HazardRow[] }) {
  // The user's own hazard list, whose drawer shows the rectification of the hazard named by ?id=.
  const hazardPage = useScreenPath(HAZARD_SCREENS);
  return (
    <Table<HazardRow>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={hazards}
      data-testid="hazard-table"
      locale={{ emptyText: '未发现隐患' }}
      columns={[
        { title: '检查日期', dataIndex: 'checkDate', width: 110 },
        { title: '隐患描述', dataIndex: 'description', width: 240 },
        {
          title: '等级',
          dataIndex: 'level',
          width: 100,
          render: (_, h) => <Tag color={h.level === 2 ? 'red' : 'orange'}>{h.levelLabel}</Tag>,
        },
        { title: '判断依据', dataIndex: 'basis', width: 200 },
        { title: '整改建议', dataIndex: 'recommendation', width: 220 },
        { title: '整改期限', dataIndex: 'deadline', width: 110, render: (_, h) => h.deadline ?? '-' },
        {
          title: '整改状态',
          dataIndex: 'rectifyStatus',
          width: 130,
          render: (_, h) => (
            <Space size={4} wrap>
              <Tag color={RECTIFY_STATUS.color(h.rectifyStatus)}>{h.rectifyLabel}</Tag>
              {h.deadline && h.rectifyStatus !== 1 && h.deadline < chinaToday() ? (
                <Tag color="red">逾期</Tag>
              ) : null}
            </Space>
          ),
        },
        {
          title: '照片',
          dataIndex: 'photos',
          render: (_, h) => <Photos urls={hazardPhotoUrls(planId, h.photos)} />,
        },
        ...(hazardPage
          ? [
              {
                title: '操作',
                key: 'open',
                width: 90,
                render: (_: unknown, h: HazardRow) => <Link to={`${hazardPage}?id=${h.id}`}>查看整改</Link>,
              },
            ]
          : []),
      ]}
    />
  );
}

function SummaryView({ plan }: { plan: PlanDetail }) {
  const record = plan.record;
  if (!record) return null;
  const s = record.summary;
  const photoUrls = (ids: string[] | undefined) => hazardPhotoUrls(plan.id, ids ?? []);
  switch (s.type) {
    case '01':
      return (
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
          <Descriptions.Item label="服务形式">{optionLabel(TRAINING_FORMS, s.form)}</Descriptions.Item>
          <Descriptions.Item label="参加人数">{s.attendees}</Descriptions.Item>
          <Descriptions.Item label="服务企业" span={2}>
            {s.enterprises.join('、') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="培训照片" span={2}>
            <Photos urls={photoUrls(s.photos)} />
          </Descriptions.Item>
        </Descriptions>
      );
    case '02':
      return (
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={s.risks}
          data-testid="risk-table"
          columns={[
            { title: '辨识日期', dataIndex: 'date', width: 110 },
            { title: '风险源', dataIndex: 'source', width: 180 },
            {
              title: '风险等级',
              dataIndex: 'level',
              width: 100,
              render: (v: number) => {
                const o = RISK_LEVELS.find((x) => x.value === v);
                return <Tag color={o?.color}>{o?.label ?? v}</Tag>;
              },
            },
            { title: '依据', dataIndex: 'basis', width: 180 },
            { title: '防范措施', dataIndex: 'measures', width: 220 },
            { title: '照片', dataIndex: 'photos', render: (v: string[]) => <Photos urls={photoUrls(v)} /> },
          ]}
        />
      );
    case '03':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, sm: 3 }} bordered data-testid="check-counts">
            {CHECK_RESULTS.map((c) => (
              <Descriptions.Item key={c.value} label={c.label}>
                {s[c.value]}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Photos urls={photoUrls(s.photos)} empty="无检查照片" />
        </Space>
      );
    case '04':
    case '05':
      return (
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={s.problems}
          data-testid="problem-table"
          locale={{ emptyText: '未发现问题' }}
          columns={[
            { title: '问题描述', dataIndex: 'description', width: 260 },
            { title: '扣分', dataIndex: 'points', width: 80 },
            { title: '针对场景', dataIndex: 'scenario', width: 180 },
            { title: '附件', dataIndex: 'files', render: (v: string[]) => <Photos urls={photoUrls(v)} /> },
          ]}
        />
      );
    default:
      return null;
  }
}

/** Everything known about a plan: the plan, the record with its per-type summary, hazards, follow-up. */
export function PlanView({ plan, extra }: { plan: PlanDetail; extra?: ReactNode }) {
  const record = plan.record;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title="服务计划" data-testid="plan-card">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="服务名称">{plan.name}</Descriptions.Item>
          <Descriptions.Item label="服务项目">
            {plan.itemLabel}
            {plan.subTypeLabel ? ` / ${plan.subTypeLabel}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="被服务单位">{plan.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label="项目">
            {plan.projectName}（{plan.contractNo}）
          </Descriptions.Item>
          <Descriptions.Item label="保险机构">{plan.insurerName}</Descriptions.Item>
          <Descriptions.Item label="服务机构">{plan.providerName}</Descriptions.Item>
          <Descriptions.Item label="计划时间">
            {dateTimeText(plan.plannedStart)} 至 {dateTimeText(plan.plannedEnd)}
          </Descriptions.Item>
          <Descriptions.Item label="服务地点">
            {districtName(plan.districtCodePlace || plan.districtCode)} {plan.address}
          </Descriptions.Item>
          <Descriptions.Item label="计划状态">
            <Tag data-testid="plan-status">{plan.statusLabel}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="到访确认">
            <Tag color={plan.visitState === 'confirmed' ? 'success' : 'warning'} data-testid="visit-state">
              {plan.visitStateLabel}
            </Tag>
            {plan.visitConfirmedAt ? dateTimeText(plan.visitConfirmedAt) : ''}
          </Descriptions.Item>
          <Descriptions.Item label="服务专家">
            {plan.experts.map((e) => e.name).join('、') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="计划支出">{yuan(plan.budget)}</Descriptions.Item>
          {plan.description ? (
            <Descriptions.Item label="服务描述" span={3}>
              {plan.description}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      {extra}
      <Card
        size="small"
        title="服务记录"
        data-testid="record-card"
        extra={record ? <Tag data-testid="record-state">{record.stateLabel}</Tag> : null}
      >
        {record ? (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
              <Descriptions.Item label="服务时间">
                {dateTimeText(record.actualStart)} 至 {dateTimeText(record.actualEnd)}
              </Descriptions.Item>
              <Descriptions.Item label="服务地点">
                {districtName(record.districtCode)} {record.address}
              </Descriptions.Item>
              <Descriptions.Item label="支出金额">{yuan(record.spend)}</Descriptions.Item>
              <Descriptions.Item label="服务专家">
                {record.experts.map((e) => (e.title ? `${e.name}（${e.title}）` : e.name)).join('、') || '-'}
              </Descriptions.Item>
              <Descriptions.Item label="录入人">
                {record.enteredByName} {dateTimeText(record.savedAt)}
              </Descriptions.Item>
              <Descriptions.Item label="提交时间">{dateTimeText(record.submittedAt)}</Descriptions.Item>
              {record.confirmedAt ? (
                <Descriptions.Item label="企业确认">
                  {dateTimeText(record.confirmedAt)} {record.confirmOpinion}
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label="服务情况说明" span={3}>
                <Typography.Paragraph
                  style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                  data-testid="record-summary"
                >
                  {record.summaryText || '-'}
                </Typography.Paragraph>
              </Descriptions.Item>
            </Descriptions>
            <SummaryView plan={plan} />
            <div>
              <Typography.Text strong>照片与报告</Typography.Text>
              <div style={{ marginTop: 8 }}>
                <Photos urls={record.files.filter((f) => f.isImage).map((f) => f.fileUrl)} />
              </div>
              <FileLinks files={record.files} />
            </div>
          </Space>
        ) : (
          <Empty description="尚未填写服务记录" />
        )}
      </Card>
      {record?.summary.type === '03' || plan.hazards.length ? (
        <Card
          size="small"
          title={`发现隐患（${plan.hazards.length}条，其中重大隐患${plan.majorHazardCount}条）`}
          data-testid="hazard-card"
        >
          <HazardTable planId={plan.id} hazards={plan.hazards} />
        </Card>
      ) : null}
      {plan.followUp ? (
        <Card size="small" title="回访" data-testid="follow-up-card">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="回访时间">{dateTimeText(plan.followUp.visitedAt)}</Descriptions.Item>
            <Descriptions.Item label="回访对象">{plan.followUp.contactName || '-'}</Descriptions.Item>
            <Descriptions.Item label="被服务单位配合度">
              <Rate disabled value={plan.followUp.cooperation} />{' '}
              {optionLabel(SATISFACTION_SCORES, plan.followUp.cooperation)}
            </Descriptions.Item>
            <Descriptions.Item label="企业对服务的满意度">
              <Rate disabled value={plan.followUp.rating} />{' '}
              {optionLabel(SATISFACTION_SCORES, plan.followUp.rating)}
            </Descriptions.Item>
            <Descriptions.Item label="回访意见" span={2}>
              {plan.followUp.opinion || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="回访人">{plan.followUp.byName}</Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
    </Space>
  );
}

/** A plan opened by `?{param}=`: back button, title, the plan view and what the caller may do. */
export function PlanPage({
  param = 'id',
  back,
  actions,
  children,
}: {
  param?: string;
  back: string;
  actions?: (plan: PlanDetail) => ReactNode;
  children?: (plan: PlanDetail) => ReactNode;
}) {
  const navigate = useNavigate();
  const id = useIdParam(param);
  const query = usePlan(id);
  return (
    <LoadFrame what="服务记录" id={id} back={() => navigate(back)} query={query}>
      {(plan) => (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small">
            <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
              <Space wrap>
                <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
                  返回列表
                </Button>
                <Typography.Title level={5} style={{ margin: 0 }} data-testid="plan-title">
                  {plan.name}
                </Typography.Title>
              </Space>
              {actions?.(plan)}
            </Space>
          </Card>
          {children ? children(plan) : <PlanView plan={plan} />}
        </Space>
      )}
    </LoadFrame>
  );
}

/** Plan dates in a list cell. */
export const plannedText = (start: string, end: string) => {
  const a = dateTimeText(start);
  const b = dateTimeText(end);
  return a.slice(0, 10) === b.slice(0, 10)
    ? `${a} - ${b.slice(11)}`
    : `${dateText(start)} 至 ${dateText(end)}`;
};
