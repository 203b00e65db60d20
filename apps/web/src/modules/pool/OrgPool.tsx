import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PagedTable, valueEnumOf } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  DISTRICTS,
  EXPIRY_FLAGS,
  ORG_STATUS,
  SERVICE_ITEMS,
  WS_INDUSTRIES,
} from '../../platform/contracts.ts';
import { type OrgFilters, type PoolOrgRow, poolApi } from './api.ts';
import { ImportPoolModal } from './ImportPoolModal.tsx';
import { OrgEditModal } from './OrgForm.tsx';
import {
  CodeTags,
  districtName,
  ExpiryCell,
  OrgDetailDrawer,
  type PoolMode,
  RatingCell,
  StatusAction,
  statusColumn,
} from './parts.tsx';

export type { PoolMode } from './parts.tsx';

/** The insurer's project form, opened with the organisation chosen (InsuranceApManage reads the query). */
export const NEW_PROJECT_PATH = '/insurance/InsuranceAp/InsuranceApManage/route';

export const RATING_FILTERS = [
  { value: '4.5', label: '4.5分及以上' },
  { value: '4', label: '4分及以上' },
  { value: '3', label: '3分及以上' },
];

type Search = {
  name?: string;
  districtCode?: string;
  serviceItem?: string;
  industry?: string;
  status?: string;
  expiry?: string;
  minRating?: string;
};

export function filtersOf(s: Search): Omit<OrgFilters, 'pageNo' | 'pageSize'> {
  return {
    ...(s.name ? { name: s.name } : {}),
    ...(s.districtCode ? { districtCode: s.districtCode as never } : {}),
    ...(s.serviceItem ? { serviceItem: s.serviceItem as never } : {}),
    ...(s.industry ? { industry: s.industry as never } : {}),
    ...(s.status ? { status: Number(s.status) } : {}),
    ...(s.expiry ? { expiry: s.expiry as 'expired' | 'expiring' } : {}),
    ...(s.minRating ? { minRating: Number(s.minRating) } : {}),
  };
}

/**
 * The pool of service organisations: the operations admin reviews, edits, suspends and exports them
 * (AdminService); the regulator reads those of its districts (GovService); the insurer chooses among the
 * active ones by speciality, district and rating and starts a prevention project with one
 * (InsuranceServices).
 */
export function OrgPool({ mode }: { mode: PoolMode }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [detail, setDetail] = useState<number | null>(null);
  const [editing, setEditing] = useState<PoolOrgRow | null>(null);
  const [importing, setImporting] = useState(false);
  const last = useRef<Search>({});
  const status = useMutation({
    mutationFn: ({ r, enable }: { r: PoolOrgRow; enable: boolean }) => poolApi.setOrgStatus(r, enable),
    onSuccess: (env) => {
      message.success(env.result);
      actionRef.current?.reload();
    },
  });

  const columns: ProColumns<PoolOrgRow>[] = [
    { title: '机构名称', dataIndex: 'name', width: 240, fieldProps: { placeholder: '请输入机构名称' } },
    {
      title: '区县',
      dataIndex: 'districtCode',
      width: 90,
      valueType: 'select',
      valueEnum: valueEnumOf(DISTRICTS),
      render: (_, r) => districtName(r.districtCode),
    },
    {
      title: '服务项目',
      dataIndex: 'serviceItem',
      width: 260,
      valueType: 'select',
      valueEnum: valueEnumOf(SERVICE_ITEMS),
      render: (_, r) => <CodeTags list={SERVICE_ITEMS} codes={r.serviceItems} color="blue" />,
    },
    {
      title: '行业领域',
      dataIndex: 'industry',
      width: 180,
      valueType: 'select',
      valueEnum: valueEnumOf(WS_INDUSTRIES),
      render: (_, r) => <CodeTags list={WS_INDUSTRIES} codes={r.industries} />,
    },
    {
      title: '资质有效期',
      dataIndex: 'expiry',
      width: 190,
      valueType: 'select',
      valueEnum: valueEnumOf(EXPIRY_FLAGS),
      render: (_, r) => <ExpiryCell flag={r.expiryFlag} date={r.certExpiry} />,
    },
    { title: '专家', dataIndex: 'expertCount', width: 70, search: false },
    { title: '服务次数', dataIndex: 'serviceCount', width: 90, search: false },
    {
      title: '评分',
      dataIndex: 'minRating',
      width: 130,
      valueType: 'select',
      valueEnum: valueEnumOf(RATING_FILTERS),
      search: mode === 'insurer' ? undefined : false,
      render: (_, r) => <RatingCell rating={r.rating} count={r.ratingCount} />,
    },
    statusColumn<PoolOrgRow>(mode, ORG_STATUS.badgeEnum),
    {
      title: '操作',
      key: 'option',
      valueType: 'option',
      width: mode === 'admin' ? 160 : 180,
      fixed: 'right',
      render: (_, r) => [
        <Button key="get" type="link" size="small" onClick={() => setDetail(r.orgId)}>
          详情
        </Button>,
        ...(mode === 'admin'
          ? [
              <Action name="edit" key="edit">
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
              </Action>,
              <StatusAction
                key="status"
                active={r.status === 1}
                confirmTitle={`停用“${r.name}”？`}
                confirmText="停用后该机构的用户不能登录，也不能被选为新项目的服务机构。"
                onSet={(enable) => status.mutateAsync({ r, enable })}
              />,
            ]
          : []),
        ...(mode === 'insurer'
          ? [
              <Button
                key="project"
                type="link"
                size="small"
                onClick={() => navigate(`${NEW_PROJECT_PATH}?newProject=1&serviceOrgId=${r.orgId}`)}
              >
                发起预防项目
              </Button>,
            ]
          : []),
      ],
    },
  ];

  return (
    <Card variant="borderless">
      <PagedTable<PoolOrgRow, Search>
        headerTitle={mode === 'insurer' ? '服务机构库' : '服务机构'}
        rowKey="orgId"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 1500 }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        locale={{ emptyText: '没有符合条件的服务机构' }}
        request={async ({ pageNo, pageSize, ...s }) => {
          last.current = s;
          return poolApi.orgs({ pageNo, pageSize, ...filtersOf(s) });
        }}
        toolBarRender={() =>
          mode === 'admin'
            ? [
                <Action name="import" key="import">
                  <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                    导入
                  </Button>
                </Action>,
                <Action name="export" key="export">
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={() => poolApi.exportOrgs(filtersOf(last.current)).catch(() => undefined)}
                  >
                    导出
                  </Button>
                </Action>,
              ]
            : []
        }
      />
      <OrgDetailDrawer id={detail} onClose={() => setDetail(null)} />
      {mode === 'admin' && (
        <ImportPoolModal
          kind="org"
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => actionRef.current?.reload()}
        />
      )}
      <OrgEditModal
        orgId={editing?.orgId ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          actionRef.current?.reload();
        }}
      />
    </Card>
  );
}

export const AdminService = () => <OrgPool mode="admin" />;
export const GovService = () => <OrgPool mode="gov" />;
export const InsuranceServices = () => <OrgPool mode="insurer" />;
