import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { RISK_LEVELS, SCORE_GRADES, STD_GRADES, WS_INDUSTRIES } from '@aqzrx/contracts/constants';
import { App, Button, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  actionsWidth,
  PagedTable,
  RiskLevelTag,
  ScoreGradeTag,
  tableWidth,
  valueEnumOf,
} from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useDistrictOptions } from '../../platform/districts.ts';
import { downloadFile } from '../../platform/download.ts';
import {
  ENT_API,
  type EnterpriseListQuery,
  type EnterpriseRow,
  GOV_ENT_PATHS,
  listEnterprises,
} from './api.ts';
import { ImportRegisterModal } from './ImportRegisterModal.tsx';

const yesNo = { true: { text: '是' }, false: { text: '否' } };

/** The links of the 操作 column. */
const ACTIONS = ['详情', '编辑', '参数', '评分'] as const;
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

type Filters = Record<string, unknown>;

/** Filters of the list form as the server's query (booleans as true/false, numbers as numbers). */
export function toListQuery(p: Filters & { pageNo: number; pageSize: number }): EnterpriseListQuery {
  const q: Record<string, unknown> = { pageNo: p.pageNo, pageSize: p.pageSize };
  const str = (k: string) => {
    const v = p[k];
    if (typeof v === 'string' && v.trim()) q[k] = v.trim();
  };
  const bool = (k: string) => {
    const v = p[k];
    if (v === 'true' || v === true) q[k] = true;
    else if (v === 'false' || v === false) q[k] = false;
  };
  const num = (k: string) => {
    const v = p[k];
    if (v !== undefined && v !== null && v !== '' && !Number.isNaN(Number(v))) q[k] = Number(v);
  };
  str('keyword');
  str('districtCode');
  str('wsIndustryCode');
  bool('mustInsure');
  bool('insured');
  num('riskLevel');
  num('scoreGrade');
  bool('blacklist');
  num('stdGrade');
  bool('onRegister');
  bool('infoComplete');
  if (p.sortField) q.sortField = p.sortField;
  if (p.sortOrder) q.sortOrder = p.sortOrder;
  return q as unknown as EnterpriseListQuery;
}

/** The list filters a link may carry (the cockpit's drill-down): district, industry, 应保, 在保. */
export function urlListFilters(params: URLSearchParams): Record<string, string> | null {
  const out: Record<string, string> = {};
  const district = params.get('districtCode');
  if (district && /^\d{6}$/.test(district)) out.districtCode = district;
  const industry = params.get('wsIndustryCode');
  if (industry && /^[A-Za-z0-9.]{1,12}$/.test(industry)) out.wsIndustryCode = industry;
  for (const k of ['mustInsure', 'insured']) {
    const v = params.get(k);
    if (v === 'true' || v === 'false') out[k] = v;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * 企业列表 (government): the enterprises of the user's districts with the derived flags, filters,
 * add, must-insure register import and export.
 */
export function GovEntList() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const lastQuery = useRef<EnterpriseListQuery | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const districts = useDistrictOptions();

  const detail = (id: number) => navigate(`${GOV_ENT_PATHS.detail}?id=${id}`);
  // A figure of the cockpit opens the list filtered as it counted (?districtCode=&mustInsure=true&insured=true).
  const [urlParams] = useSearchParams();
  const urlFilters = urlListFilters(urlParams);

  // Widths fit the list beside the menu at 1440 px (LIST_WIDTH_AT_1440): every column visible, none
  // under the fixed 操作 column, whose four links each keep one line (actionsWidth); the name cell has two
  // lines, so 应保 and 在保 share a column.
  const columns: ProColumns<EnterpriseRow>[] = [
    {
      title: '企业名称/信用代码',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '企业名称或统一社会信用代码' },
    },
    {
      title: '企业名称',
      dataIndex: 'name',
      search: false,
      sorter: true,
      width: 164,
      render: (_, r) => (
        <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
          <Typography.Link
            onClick={() => detail(r.id)}
            ellipsis
            title={r.name}
            style={{ display: 'block', maxWidth: 148 }}
          >
            {r.name}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.uscc}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '所属区县',
      dataIndex: 'districtCode',
      valueType: 'select',
      valueEnum: valueEnumOf(districts.options),
      render: (_, r) => r.districtName || '-',
      width: 84,
    },
    {
      title: '安责险行业',
      dataIndex: 'wsIndustryCode',
      valueType: 'select',
      valueEnum: valueEnumOf(WS_INDUSTRIES),
      ellipsis: true,
      render: (_, r) => r.wsIndustryName || '-',
      width: 96,
    },
    {
      title: '从业人员',
      dataIndex: 'employees',
      search: false,
      sorter: true,
      align: 'right',
      width: 88,
      render: (_, r) => r.employees.toLocaleString('zh-CN'),
    },
    { title: '是否应保', dataIndex: 'mustInsure', valueType: 'select', valueEnum: yesNo, hideInTable: true },
    { title: '是否在保', dataIndex: 'insured', valueType: 'select', valueEnum: yesNo, hideInTable: true },
    {
      title: '应保/在保',
      key: 'coverage',
      search: false,
      width: 84,
      render: (_, r) => (
        <Space direction="vertical" size={4}>
          {r.mustInsure ? <Tag color="orange">应保</Tag> : <Tag>非应保</Tag>}
          {r.insuredNow ? (
            <Tag color="green">在保</Tag>
          ) : (
            <Tag color={r.mustInsure ? 'red' : 'default'}>未在保</Tag>
          )}
        </Space>
      ),
    },
    {
      title: '评分',
      dataIndex: 'score',
      search: false,
      sorter: true,
      align: 'right',
      width: 70,
      // The score with its 评分等级 (优/良/中/差) under it.
      render: (_, r) =>
        r.score === null ? (
          '-'
        ) : (
          <Space direction="vertical" size={4} align="end">
            {r.score}
            <ScoreGradeTag grade={r.scoreGrade} />
          </Space>
        ),
    },
    {
      title: '评分等级',
      dataIndex: 'scoreGrade',
      valueType: 'select',
      valueEnum: valueEnumOf(SCORE_GRADES),
      hideInTable: true,
    },
    {
      // The enterprise risk of the rule table: the same level, labels and colours as 风险查询.
      title: '风险等级',
      dataIndex: 'riskLevel',
      valueType: 'select',
      valueEnum: valueEnumOf(RISK_LEVELS),
      width: 88,
      render: (_, r) => <RiskLevelTag level={r.riskLevel} label={r.riskLevelLabel} />,
    },
    {
      title: '黑名单',
      dataIndex: 'blacklist',
      valueType: 'select',
      valueEnum: yesNo,
      width: 76,
      render: (_, r) => (r.blacklist ? <Tag color="black">黑名单</Tag> : '-'),
    },
    {
      title: '标准化等级',
      dataIndex: 'stdGrade',
      valueType: 'select',
      valueEnum: valueEnumOf(STD_GRADES),
      hideInTable: true,
    },
    {
      title: '列入应保台账',
      dataIndex: 'onRegister',
      valueType: 'select',
      valueEnum: yesNo,
      hideInTable: true,
    },
    {
      title: '信息状态',
      dataIndex: 'infoComplete',
      valueType: 'select',
      valueEnum: { true: { text: '已完善' }, false: { text: '未完善' } },
      width: 84,
      render: (_, r) => (r.infoComplete ? <Tag color="blue">已完善</Tag> : <Tag color="warning">未完善</Tag>),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: actionsWidth(ACTIONS),
      render: (_, r) => [
        <Typography.Link key="detail" style={ONE_LINE} onClick={() => detail(r.id)}>
          详情
        </Typography.Link>,
        <Action key="edit" name="edit">
          <Typography.Link style={ONE_LINE} onClick={() => navigate(`${GOV_ENT_PATHS.edit}?id=${r.id}`)}>
            编辑
          </Typography.Link>
        </Action>,
        <Typography.Link
          key="params"
          style={ONE_LINE}
          onClick={() => navigate(`${GOV_ENT_PATHS.params}?id=${r.id}`)}
        >
          参数
        </Typography.Link>,
        <Typography.Link
          key="score"
          style={ONE_LINE}
          onClick={() => navigate(`${GOV_ENT_PATHS.score}?id=${r.id}`)}
        >
          评分
        </Typography.Link>,
      ],
    },
  ];

  const exportList = async () => {
    const { pageNo: _p, pageSize: _s, ...filters } = lastQuery.current ?? { pageNo: 1, pageSize: 10 };
    setExporting(true);
    try {
      await downloadFile(ENT_API.export, {
        method: 'POST',
        params: filters as Record<string, string | number | boolean>,
        fallbackName: '企业列表.xlsx',
      });
      message.success('导出成功');
    } catch {
      // shown by the client
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PagedTable<EnterpriseRow>
        headerTitle="企业列表"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        form={urlFilters ? { initialValues: urlFilters } : undefined}
        options={{ density: false, setting: false }}
        locale={{ emptyText: '没有符合条件的企业' }}
        request={async (params) => {
          const q = toListQuery(params as Filters & { pageNo: number; pageSize: number });
          lastQuery.current = q;
          return listEnterprises(q);
        }}
        toolBarRender={() => [
          <Action key="add" name="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(GOV_ENT_PATHS.add)}>
              新增企业
            </Button>
          </Action>,
          <Action key="import" name="import">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入应保台账
            </Button>
          </Action>,
          <Action key="export" name="export">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList}>
              导出
            </Button>
          </Action>,
        ]}
      />
      <ImportRegisterModal
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          message.success('应保企业台账已导入');
          actionRef.current?.reload();
        }}
      />
    </>
  );
}
