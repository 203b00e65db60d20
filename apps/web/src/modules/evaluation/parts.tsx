import { PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Descriptions, Empty, Progress, Skeleton, Space, Tag, Typography } from 'antd';
import { attachmentProblem, MB, yuan } from '../../components/index.ts';
import { AP_EVAL_REPORT_MAX_BYTES, AP_EVAL_RESULTS } from '../../platform/contracts.ts';
import { type ApEvalIndicators, downloadEvalFile, EVAL_KEY, evalApi } from './api.ts';

/** A report file: PDF or images (the platform's attachments), at most 10 MB (domain 2.12). */
export function reportProblem(file: { name: string; size: number }): string | null {
  if (file.size > AP_EVAL_REPORT_MAX_BYTES)
    return `${file.name}：评估报告不能超过${AP_EVAL_REPORT_MAX_BYTES / MB}MB`;
  return attachmentProblem(file);
}

export function ResultTag({ result, label }: { result: string; label?: string }) {
  return (
    <Tag color={AP_EVAL_RESULTS.color(result)} data-testid="eval-result">
      {label || AP_EVAL_RESULTS.label(result)}
    </Tag>
  );
}

/** An evaluation's report files, each downloaded through /api/apEval/file. */
export function ReportLinks({
  evalId,
  files,
}: {
  evalId: number;
  files: { id: string; name: string; size: number }[];
}) {
  const { message } = App.useApp();
  if (files.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {files.map((f) => (
        <Typography.Link
          key={f.id}
          onClick={() => void downloadEvalFile(evalId, f).catch(() => message.error('下载失败，请稍后重试'))}
        >
          <PaperClipOutlined /> {f.name}
          <Typography.Text type="secondary">（{Math.max(1, Math.round(f.size / 1024))} KB）</Typography.Text>
        </Typography.Link>
      ))}
    </Space>
  );
}

function Rate({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Progress percent={value} size="small" style={{ width: 140, margin: 0 }} format={(p) => `${p}%`} />;
}

/** The indicators computed from the platform's own data, shown beside the evaluation form. */
export function IndicatorList({ data }: { data: ApEvalIndicators }) {
  return (
    <Descriptions column={1} size="small" bordered data-testid="eval-indicators" labelStyle={{ width: 120 }}>
      <Descriptions.Item label="预防服务">
        <div>
          完成 {data.servicesDone} / 计划 {data.servicesPlanned} 次
        </div>
        <Rate value={data.serviceRate} />
      </Descriptions.Item>
      <Descriptions.Item label="预防费用">
        <div>
          使用 {yuan(data.fundUsed)} / 计提 {yuan(data.fundAccrued)}
        </div>
        <Rate value={data.fundUseRate} />
      </Descriptions.Item>
      <Descriptions.Item label="隐患整改">
        <div>
          发现 {data.hazardsFound} 项，已整改 {data.hazardsRectified} 项，按期整改{' '}
          {data.hazardsRectifiedOnTime} 项
        </div>
        <Rate value={data.rectifyOnTimeRate} />
      </Descriptions.Item>
      <Descriptions.Item label="投诉">
        办理 {data.complaints} 件，按期答复 {data.complaintsOnTime} 件，超期 {data.complaintsOverdue} 件
      </Descriptions.Item>
      <Descriptions.Item label="满意度">
        <div>评价 {data.satisfactionCount} 条</div>
        <Rate value={data.satisfactionRate} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Loads and shows the indicators of one insurer and year (nothing until both are chosen). */
export function Indicators({
  insurerId,
  year,
}: {
  insurerId?: number | undefined;
  year?: number | undefined;
}) {
  const ready = Boolean(insurerId && year && year >= 2000 && year <= 2100);
  const q = useQuery({
    queryKey: [EVAL_KEY, 'indicators', insurerId, year],
    enabled: ready,
    queryFn: () => evalApi.indicators({ insurerId: insurerId as number, year: year as number }),
  });
  if (!ready) return <Empty description="选择评估对象和年度后显示平台数据指标" />;
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (!q.data) return <Empty description="指标加载失败" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text strong>
        {q.data.insurerName} · {q.data.year} 年平台数据
      </Typography.Text>
      <IndicatorList data={q.data} />
    </Space>
  );
}
