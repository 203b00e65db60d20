/** 监管对象 (GovSupervisedUser): the enterprises under key supervision, each with why it is listed. */
import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../components/index.ts';
import { SUPERVISE_REASONS, WS_INDUSTRIES } from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { type SuperviseFilters, type SuperviseItem, superviseApi } from './api.ts';
import { RiskTag } from './parts.tsx';
import { HAZARD_PATHS } from './paths.ts';

function filtersOf(q: Record<string, unknown>): SuperviseFilters {
  const out: Record<string, unknown> = {};
  for (const k of ['keyword', 'districtCode', 'industry', 'reason'] as const) {
    const v = q[k];
    if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  }
  return out as SuperviseFilters;
}

export function GovSupervisedUser() {
  const navigate = useNavigate();
  const districts = useDistrictOptions();
  const open = (r: SuperviseItem) => navigate(`${HAZARD_PATHS.govRiskDetail}?enterpriseId=${r.enterpriseId}`);
  const columns: ProColumns<SuperviseItem>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '企业名称/统一社会信用代码' },
    },
    {
      title: '企业名称',
      dataIndex: 'enterpriseName',
      search: false,
      width: 200,
      render: (_, r) => <Typography.Link onClick={() => open(r)}>{r.enterpriseName}</Typography.Link>,
    },
    { title: '统一社会信用代码', dataIndex: 'uscc', search: false, width: 180 },
    {
      title: '所属区县',
      dataIndex: 'districtCode',
      valueType: 'select',
      valueEnum: Object.fromEntries(districts.options.map((d) => [d.value, { text: d.label }])),
      width: 90,
      render: (_, r) => r.districtName,
    },
    {
      title: '行业',
      dataIndex: 'industry',
      valueType: 'select',
      valueEnum: WS_INDUSTRIES.valueEnum,
      width: 140,
      render: (_, r) => r.industryName || '-',
    },
    {
      title: '列管原因',
      dataIndex: 'reason',
      valueType: 'select',
      valueEnum: SUPERVISE_REASONS.valueEnum,
      width: 260,
      render: (_, r) => (
        <Space direction="vertical" size={2} data-testid={`supervise-reasons-${r.enterpriseId}`}>
          <Space size={4} wrap>
            {r.reasons.map((c) => (
              <Tag key={c} color={SUPERVISE_REASONS.color(c)}>
                {SUPERVISE_REASONS.label(c) || c}
              </Tag>
            ))}
          </Space>
          {r.reasonTexts.map((t) => (
            <Typography.Text key={t} type="secondary">
              {t}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      title: '风险等级',
      dataIndex: 'riskLevel',
      search: false,
      width: 100,
      render: (_, r) => <RiskTag level={r.riskLevel} label={r.riskLevelLabel} />,
    },
    {
      title: '重大未整改',
      dataIndex: 'openMajorHazards',
      search: false,
      width: 90,
      align: 'right',
      render: (_, r) => (r.openMajorHazards ? <Tag color="red">{r.openMajorHazards}</Tag> : 0),
    },
    {
      title: '投保',
      dataIndex: 'insured',
      search: false,
      width: 110,
      render: (_, r) => (
        <Space size={4}>
          {r.mustInsure ? <Tag>应保</Tag> : null}
          {r.insured ? (
            <Tag color="success">已投保</Tag>
          ) : (
            <Tag color={r.mustInsure ? 'error' : 'default'}>未投保</Tag>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 80,
      render: (_, r) => [
        <Typography.Link key="open" onClick={() => open(r)}>
          风险详情
        </Typography.Link>,
      ],
    },
  ];
  return (
    <PagedTable<SuperviseItem>
      headerTitle="重点监管企业"
      rowKey="enterpriseId"
      columns={columns}
      scroll={{ x: 'max-content' }}
      search={{ labelWidth: 'auto', defaultCollapsed: true }}
      data-testid="supervise-list"
      locale={{ emptyText: '暂无重点监管企业' }}
      request={(q) => {
        const next = filtersOf(q as unknown as Record<string, unknown>);
        return superviseApi.list({ ...next, pageNo: q.pageNo, pageSize: q.pageSize });
      }}
    />
  );
}
