import { DownloadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Button, Popconfirm, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { chinaTime, PagedTable } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useDistrictOptions } from '../../platform/districts.ts';
import { useUrlId } from '../../platform/url-id.ts';
import { ReasonModal, yearChoices } from './activity-parts.tsx';
import { type FilingListQuery, filingApi, type PreventionFilingRow } from './api-activity.ts';
import { FILING_FIGURE_COLUMNS, FilingDrawer } from './FilingDetail.tsx';

type Target = Pick<PreventionFilingRow, 'id' | 'version' | 'insurerName' | 'year' | 'versionNo'>;

/**
 * /government/govAp/GovApPlan/route (预防计划): the regulator reviews the insurers' yearly prevention plans
 * naming its districts — 待审核 → 已备案, or 已退回 with a required reason; earlier versions are visible in
 * the detail; the list exports to .xlsx.
 */
export function GovApPlan() {
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>(undefined);
  const districts = useDistrictOptions();
  const [viewId, setViewId] = useUrlId();
  const [returning, setReturning] = useState<Target | null>(null);
  const [filters, setFilters] = useState<Omit<FilingListQuery, 'pageNo' | 'pageSize'>>({});
  const [exporting, setExporting] = useState(false);

  const done = () => {
    setViewId(null);
    actionRef.current?.reload();
  };
  const approve = async (t: Target) => {
    try {
      await filingApi.review({ id: t.id, version: t.version, approve: true, remark: '' });
      message.success(`已备案：${t.insurerName} ${t.year}年预防计划（第${t.versionNo}版）`);
      done();
    } catch {
      // shown by the client
    }
  };
  const reviewButtons = (t: Target) => (
    <Action name="edit">
      <Space size={8}>
        <Popconfirm
          title={`确认 ${t.insurerName} ${t.year}年预防计划予以备案？`}
          okText="备案通过"
          onConfirm={() => approve(t)}
        >
          <Typography.Link>备案通过</Typography.Link>
        </Popconfirm>
        <Typography.Link type="danger" onClick={() => setReturning(t)}>
          退回
        </Typography.Link>
      </Space>
    </Action>
  );

  const columns: ProColumns<PreventionFilingRow>[] = [
    {
      title: '保险机构',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '保险机构名称' },
    },
    {
      title: '保险机构',
      dataIndex: 'insurerName',
      search: false,
      width: 180,
      ellipsis: true,
    },
    {
      title: '年度',
      dataIndex: 'year',
      valueType: 'select',
      fieldProps: { options: yearChoices() },
      width: 80,
      render: (_, r) => `${r.year}年`,
    },
    {
      title: '版本',
      dataIndex: 'versionNo',
      search: false,
      width: 70,
      render: (_, r) => `第${r.versionNo}版`,
    },
    {
      title: '区县',
      dataIndex: 'district',
      valueType: 'select',
      fieldProps: { options: districts.options },
      hideInTable: true,
    },
    { title: '服务区县', dataIndex: 'districtNames', search: false, width: 150, ellipsis: true },
    ...FILING_FIGURE_COLUMNS,
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      search: false,
      width: 140,
      render: (_, r) => chinaTime(r.submittedAt),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 170,
      render: (_, r) => (
        <Space size={8}>
          <Action name="get">
            <Typography.Link onClick={() => setViewId(r.id)}>查看</Typography.Link>
          </Action>
          {r.actions.review && reviewButtons(r)}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<PreventionFilingRow>
        headerTitle="保险机构年度预防计划"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无预防计划备案' }}
        request={(q) => {
          const { pageNo, pageSize, ...rest } = q as FilingListQuery & { pageNo: number; pageSize: number };
          setFilters(rest);
          return filingApi.govList({ pageNo, pageSize, ...rest });
        }}
        toolBarRender={() => [
          <Action name="export" key="export">
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => {
                setExporting(true);
                void filingApi
                  .govExport(filters)
                  .catch(() => undefined)
                  .finally(() => setExporting(false));
              }}
            >
              导出Excel
            </Button>
          </Action>,
        ]}
      />
      <FilingDrawer
        id={viewId}
        gov
        onClose={() => setViewId(null)}
        footer={(d) => (d.actions.review ? reviewButtons(d) : null)}
      />
      <ReasonModal
        open={returning !== null}
        title={returning ? `退回 ${returning.insurerName} ${returning.year}年预防计划` : '退回'}
        label="退回原因"
        okText="退回"
        onCancel={() => setReturning(null)}
        onSubmit={async (reason) => {
          const t = returning!;
          await filingApi.review({ id: t.id, version: t.version, approve: false, remark: reason });
          message.success('已退回，保险机构将收到退回原因');
          setReturning(null);
          done();
        }}
      />
    </>
  );
}
