import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Card, Progress, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { PagedTable, valueEnumOf, yuan } from '../../components/index.ts';
import { PROJECT_FILTERS, PROJECT_STATES, type ProjectFilter } from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { apApi, type ProjectRow } from './api.ts';
import { OptionTag } from './core-parts.tsx';

type SearchValues = { keyword?: string; districtCode?: string; year?: string };

/**
 * 事故预防项目 list (insurer: own; regulator: its districts; providers: assigned), with the spec 4 state
 * filter as tabs (10 全部, 1 已成立, 3 进行中, 7 已结束).
 */
export function ProjectList({
  who,
  onOpen,
  toolbar,
  actionRef,
  extraAction,
}: {
  who: 'insurer' | 'government' | 'provider';
  onOpen: (row: ProjectRow) => void;
  toolbar?: ReactNode[];
  actionRef?: React.RefObject<ActionType | undefined>;
  extraAction?: (row: ProjectRow) => ReactNode;
}) {
  const [state, setState] = useState<ProjectFilter>(10);
  const districts = useDistrictOptions();
  const columns: ProColumns<ProjectRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '项目名称/合同编号/企业名称' },
    },
    {
      title: '项目名称',
      dataIndex: 'name',
      search: false,
      width: 200,
      render: (_, r) => (
        <Typography.Link onClick={() => onOpen(r)} data-testid={`project-${r.id}`}>
          {r.name}
        </Typography.Link>
      ),
    },
    { title: '合同编号', dataIndex: 'contractNo', search: false, width: 140 },
    { title: '保单号', dataIndex: 'policyNos', search: false, width: 180, ellipsis: true },
    {
      title: '被保企业',
      dataIndex: 'enterpriseNames',
      search: false,
      width: 200,
      ellipsis: true,
      render: (_, r) =>
        r.enterpriseCount > 1 ? `${r.enterpriseNames} 等${r.enterpriseCount}家` : r.enterpriseNames,
    },
    ...(who === 'insurer'
      ? []
      : [
          {
            title: '保险机构',
            dataIndex: 'insurerName',
            search: false,
            width: 160,
          } as ProColumns<ProjectRow>,
        ]),
    {
      title: '服务机构',
      dataIndex: 'providers',
      search: false,
      width: 180,
      render: (_, r) => r.providers.map((p) => p.name).join('、') || '-',
    },
    {
      title: '所属区县',
      dataIndex: 'districtCode',
      hideInTable: true,
      hideInSearch: who !== 'government',
      valueType: 'select',
      valueEnum: valueEnumOf(districts.options),
    },
    {
      title: '项目期间',
      dataIndex: 'startDate',
      search: false,
      width: 200,
      render: (_, r) => `${r.startDate} 至 ${r.endDate}`,
    },
    {
      title: '服务费',
      dataIndex: 'feeAmount',
      search: false,
      width: 120,
      align: 'right',
      render: (_, r) => yuan(r.feeAmount),
    },
    {
      title: '进度',
      dataIndex: 'doneCount',
      search: false,
      width: 140,
      render: (_, r) => (
        <span title={`已完成${r.doneCount}/计划${r.planCount}`}>
          <Progress
            size="small"
            percent={r.planCount ? Math.round((r.doneCount / r.planCount) * 100) : 0}
            format={() => `${r.doneCount}/${r.planCount}`}
          />
        </span>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      search: false,
      width: 100,
      render: (_, r) => (
        <OptionTag options={PROJECT_STATES} value={r.state as 1 | 2 | 3} testId="project-state" />
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: extraAction ? 110 : 60,
      render: (_, r) => [
        <Typography.Link key="open" onClick={() => onOpen(r)}>
          详情
        </Typography.Link>,
        extraAction ? <span key="extra">{extraAction(r)}</span> : null,
      ],
    },
  ];
  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <PagedTable<ProjectRow, SearchValues>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        params={{ state } as SearchValues}
        scroll={{ x: 'max-content' }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        headerTitle="事故预防项目"
        data-testid="project-list"
        tableExtraRender={() => (
          <Card size="small" styles={{ body: { paddingBlock: 0 } }}>
            <Tabs
              activeKey={String(state)}
              onChange={(k) => setState(Number(k) as ProjectFilter)}
              items={PROJECT_FILTERS.map((f) => ({ key: String(f.value), label: f.label }))}
              data-testid="project-state-tabs"
            />
          </Card>
        )}
        toolBarRender={() => toolbar ?? []}
        locale={{ emptyText: '暂无事故预防项目' }}
        request={(q) => {
          const { keyword, districtCode, pageNo, pageSize } = q as SearchValues & {
            pageNo: number;
            pageSize: number;
          };
          return apApi.projects({
            state,
            pageNo,
            pageSize,
            ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
            ...(districtCode ? { districtCode } : {}),
          });
        }}
      />
    </Card>
  );
}
