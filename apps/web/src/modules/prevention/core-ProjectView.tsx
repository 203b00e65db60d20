import { useQueries, useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Select, Space, Table, Tabs, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { yuan } from '../../components/index.ts';
import { PROJECT_STATES } from '../../platform/contracts.ts';
import { districtName } from '../../platform/districts.ts';
import { MaskedPhone } from '../../platform/masked-phone.tsx';
import { AP_KEY, apApi, type FundRow, type HazardRow, type PlanRow, type ProjectDetail } from './api.ts';
import { PlanList, type PlanListRole } from './core-PlanList.tsx';
import { HazardTable, OptionTag } from './core-parts.tsx';

/** The hazards found at one of the project's enterprises (hazard/list by enterprise). */
function ProjectHazards({ project }: { project: ProjectDetail }) {
  const enterprises = [...new Map(project.policies.map((p) => [p.enterpriseId, p.enterpriseName])).entries()];
  const [enterpriseId, setEnterpriseId] = useState(enterprises[0]?.[0]);
  const q = useQuery({
    queryKey: [AP_KEY, 'hazards', enterpriseId],
    queryFn: () => apApi.hazards({ enterpriseId, pageNo: 1, pageSize: 100 }),
    enabled: enterpriseId !== undefined,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {enterprises.length > 1 ? (
        <Select
          style={{ minWidth: 240 }}
          value={enterpriseId}
          onChange={setEnterpriseId}
          options={enterprises.map(([value, label]) => ({ value, label }))}
        />
      ) : null}
      {(q.data?.list ?? []).length || !q.isLoading ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {Object.entries(
            (q.data?.list ?? []).reduce<Record<number, HazardRow[]>>((acc, h) => {
              acc[h.planId] = [...(acc[h.planId] ?? []), h];
              return acc;
            }, {}),
          ).map(([planId, hazards]) => (
            <HazardTable key={planId} planId={Number(planId)} hazards={hazards} />
          ))}
          {q.data?.list.length ? null : <HazardTable planId={0} hazards={[]} />}
        </Space>
      ) : null}
    </Space>
  );
}

/** The prevention fund of each policy the project serves (fund/detail per policy). */
function ProjectFunds({ project }: { project: ProjectDetail }) {
  const results = useQueries({
    queries: project.policies.map((p) => ({
      queryKey: [AP_KEY, 'funds', p.policyNo],
      queryFn: () =>
        apApi
          .funds({ keyword: p.policyNo, pageNo: 1, pageSize: 20 })
          .then((d) => d.list.filter((f) => f.policyId === p.policyId)),
      retry: false,
    })),
  });
  const rows = results.flatMap((r) => r.data ?? []);
  return (
    <Table<FundRow>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      loading={results.some((r) => r.isLoading)}
      dataSource={rows}
      data-testid="project-funds"
      locale={{ emptyText: '暂无费用台账' }}
      columns={[
        { title: '保单号', dataIndex: 'policyNo' },
        { title: '被保企业', dataIndex: 'enterpriseName' },
        { title: '保险机构', dataIndex: 'insurerName' },
        { title: '实收保费', dataIndex: 'premium', align: 'right', render: (v: number) => yuan(v) },
        { title: '计提比例', dataIndex: 'ratio', render: (v: number) => `${v}%` },
        { title: '已计提', dataIndex: 'accrued', align: 'right', render: (v: number) => yuan(v) },
        { title: '已支出', dataIndex: 'spent', align: 'right', render: (v: number) => yuan(v) },
        { title: '可用', dataIndex: 'available', align: 'right', render: (v: number) => yuan(v) },
        { title: '状态', dataIndex: 'stateLabel', render: (v: string) => <Tag>{v}</Tag> },
      ]}
    />
  );
}

/** A project: its contract fields, items with progress, policies, plans and records, hazards and fund. */
export function ProjectView({
  project,
  who,
  onOpenPlan,
  planToolbar,
  extra,
}: {
  project: ProjectDetail;
  who: PlanListRole;
  onOpenPlan: (row: PlanRow) => void;
  planToolbar?: ReactNode[];
  extra?: ReactNode;
}) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title={project.name}
        extra={<OptionTag options={PROJECT_STATES} value={project.state as 1} testId="project-state" />}
        data-testid="project-card"
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="合同编号">{project.contractNo}</Descriptions.Item>
          <Descriptions.Item label="保险机构">{project.insurerName}</Descriptions.Item>
          <Descriptions.Item label="项目期间">
            {project.startDate} 至 {project.endDate}
          </Descriptions.Item>
          <Descriptions.Item label="保单号">{project.policyNos}</Descriptions.Item>
          <Descriptions.Item label="服务机构">
            {project.providers.map((p) => p.name).join('、') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="事故预防费用比例">{project.feeRatio}%</Descriptions.Item>
          <Descriptions.Item label="服务费金额">{yuan(project.feeAmount)}</Descriptions.Item>
          <Descriptions.Item label="已支出">{yuan(project.spent)}</Descriptions.Item>
          <Descriptions.Item label="联系人">
            {project.contactName}{' '}
            <MaskedPhone
              value={project.contactPhone}
              reveal={{ kind: 'project', id: project.id, field: 'contactPhone' }}
              empty=""
            />
          </Descriptions.Item>
          {project.description ? (
            <Descriptions.Item label="项目服务说明" span={3}>
              {project.description}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      {extra}
      <Card size="small">
        <Tabs
          items={[
            {
              key: 'plans',
              label: `服务计划与记录（${project.planCount}）`,
              children: (
                <PlanList
                  who={who}
                  fixed={{ projectId: project.id }}
                  onOpen={onOpenPlan}
                  toolbar={planToolbar}
                  search={false}
                  emptyText="尚未制定服务计划"
                />
              ),
            },
            {
              key: 'items',
              label: '服务项目',
              children: (
                <Table
                  size="small"
                  rowKey={(r) => `${r.item}-${r.subType ?? ''}-${r.note}`}
                  pagination={false}
                  dataSource={project.items}
                  data-testid="project-items"
                  columns={[
                    {
                      title: '服务项目',
                      dataIndex: 'itemLabel',
                      render: (_, r) =>
                        `${r.itemLabel}${r.subTypeLabel ? ` / ${r.subTypeLabel}` : ''}${r.note ? `（${r.note}）` : ''}`,
                    },
                    { title: '约定频次', dataIndex: 'frequency' },
                    { title: '已计划', dataIndex: 'planned' },
                    { title: '已完成', dataIndex: 'done' },
                  ]}
                />
              ),
            },
            {
              key: 'policies',
              label: `保单（${project.policies.length}）`,
              children: (
                <Table
                  size="small"
                  rowKey="policyId"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  dataSource={project.policies}
                  columns={[
                    { title: '保单号', dataIndex: 'policyNo' },
                    { title: '被保企业', dataIndex: 'enterpriseName' },
                    { title: '所属区县', dataIndex: 'districtCode', render: (v: string) => districtName(v) },
                    { title: '保费', dataIndex: 'premium', align: 'right', render: (v: number) => yuan(v) },
                    {
                      title: '保险期间',
                      dataIndex: 'startDate',
                      render: (_, r) => `${r.startDate} 至 ${r.endDate}`,
                    },
                  ]}
                />
              ),
            },
            { key: 'hazards', label: '发现隐患', children: <ProjectHazards project={project} /> },
            ...(who === 'insurer' || who === 'government'
              ? [{ key: 'fund', label: '费用台账', children: <ProjectFunds project={project} /> }]
              : []),
          ]}
        />
      </Card>
    </Space>
  );
}
