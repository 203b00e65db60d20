import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PagedTable, valueEnumOf } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  DISTRICTS,
  EXPERT_STATUS,
  EXPIRY_FLAGS,
  SERVICE_ITEMS,
  WS_INDUSTRIES,
} from '../../platform/contracts.ts';
import { type ExpertFilters, type PoolExpertRow, poolApi } from './api.ts';
import { ExpertFormModal } from './ExpertForm.tsx';
import { ImportPoolModal } from './ImportPoolModal.tsx';
import { filtersOf, NEW_PROJECT_PATH, RATING_FILTERS } from './OrgPool.tsx';
import {
  CodeTags,
  districtName,
  ExpertDetailDrawer,
  ExpiryCell,
  type PoolMode,
  RatingCell,
  StatusAction,
  statusColumn,
} from './parts.tsx';

type Search = Parameters<typeof filtersOf>[0];

/**
 * The expert pool: the operations admin adds, edits, suspends, imports and exports experts (AdminExperts);
 * the regulator reads those of its districts (GovExpert); the insurer chooses among the active ones by
 * speciality, district and rating (InsuranceExperts). ID numbers and mobiles are masked everywhere.
 */
export function ExpertPool({ mode }: { mode: PoolMode }) {
  const { message } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [detail, setDetail] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; record?: PoolExpertRow }>({ open: false });
  const [importing, setImporting] = useState(false);
  const last = useRef<Search>({});
  const reload = () => actionRef.current?.reload();
  const close = () => setEditing({ open: false });
  const add = useMutation({
    mutationFn: poolApi.addExpert,
    onSuccess: () => {
      message.success('新增成功');
      close();
      reload();
    },
  });
  const edit = useMutation({
    mutationFn: poolApi.saveExpert,
    onSuccess: () => {
      message.success('保存成功');
      close();
      reload();
    },
  });
  const status = useMutation({
    mutationFn: ({ r, enable }: { r: PoolExpertRow; enable: boolean }) => poolApi.setExpertStatus(r, enable),
    onSuccess: (env) => {
      message.success(env.result);
      reload();
    },
  });

  const columns: ProColumns<PoolExpertRow>[] = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 100,
      fixed: 'left',
      fieldProps: { placeholder: '请输入姓名' },
    },
    { title: '证件号码', dataIndex: 'idNo', width: 180, search: false },
    { title: '手机号', dataIndex: 'mobile', width: 120, search: false },
    { title: '职称', dataIndex: 'title', width: 140, search: false, ellipsis: true },
    { title: '所属机构', dataIndex: 'orgName', width: 200, search: false, ellipsis: true },
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
      width: 240,
      valueType: 'select',
      valueEnum: valueEnumOf(SERVICE_ITEMS),
      render: (_, r) => <CodeTags list={SERVICE_ITEMS} codes={r.serviceItems} color="blue" />,
    },
    {
      title: '行业领域',
      dataIndex: 'industry',
      width: 160,
      valueType: 'select',
      valueEnum: valueEnumOf(WS_INDUSTRIES),
      render: (_, r) => <CodeTags list={WS_INDUSTRIES} codes={r.industries} />,
    },
    {
      title: '资质到期',
      dataIndex: 'expiry',
      width: 190,
      valueType: 'select',
      valueEnum: valueEnumOf(EXPIRY_FLAGS),
      render: (_, r) => <ExpiryCell flag={r.expiryFlag} date={r.certExpiry} />,
    },
    {
      title: '评分',
      dataIndex: 'minRating',
      width: 130,
      valueType: 'select',
      valueEnum: valueEnumOf(RATING_FILTERS),
      search: mode === 'insurer' ? undefined : false,
      render: (_, r) => <RatingCell rating={r.rating} count={r.ratingCount} />,
    },
    statusColumn<PoolExpertRow>(mode, EXPERT_STATUS.badgeEnum),
    {
      title: '操作',
      key: 'option',
      valueType: 'option',
      width: mode === 'admin' ? 160 : mode === 'insurer' ? 180 : 80,
      fixed: 'right',
      render: (_, r) => [
        <Button key="get" type="link" size="small" onClick={() => setDetail(r.id)}>
          详情
        </Button>,
        ...(mode === 'admin'
          ? [
              <Action name="edit" key="edit">
                <Button type="link" size="small" onClick={() => setEditing({ open: true, record: r })}>
                  编辑
                </Button>
              </Action>,
              <StatusAction
                key="status"
                active={r.status === 1}
                confirmTitle={`停用专家“${r.name}”？`}
                confirmText="停用后不能再被选入新的服务计划。"
                onSet={(enable) => status.mutateAsync({ r, enable })}
              />,
            ]
          : []),
        ...(mode === 'insurer' ? [<NewProjectButton key="project" expert={r} />] : []),
      ],
    },
  ];

  return (
    <Card variant="borderless">
      <PagedTable<PoolExpertRow, Search>
        headerTitle={mode === 'insurer' ? '专家库' : '专家管理'}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 1700 }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        locale={{ emptyText: '没有符合条件的专家' }}
        request={async ({ pageNo, pageSize, ...s }) => {
          last.current = s;
          return poolApi.experts({ pageNo, pageSize, ...(filtersOf(s) as Omit<ExpertFilters, 'pageNo'>) });
        }}
        toolBarRender={() =>
          mode === 'admin'
            ? [
                <Action name="add" key="add">
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
                    新增专家
                  </Button>
                </Action>,
                <Action name="import" key="import">
                  <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                    导入
                  </Button>
                </Action>,
                <Action name="export" key="export">
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      poolApi
                        .exportExperts(filtersOf(last.current) as Omit<ExpertFilters, 'pageNo'>)
                        .catch(() => undefined)
                    }
                  >
                    导出
                  </Button>
                </Action>,
              ]
            : []
        }
      />
      <ExpertDetailDrawer id={detail} onClose={() => setDetail(null)} />
      {mode === 'admin' && (
        <>
          <ExpertFormModal
            open={editing.open}
            record={editing.record}
            saving={add.isPending || edit.isPending}
            onCancel={close}
            onAdd={(v) => add.mutate(v)}
            onEdit={(v) => edit.mutate(v)}
          />
          <ImportPoolModal
            kind="expert"
            open={importing}
            onClose={() => setImporting(false)}
            onImported={reload}
          />
        </>
      )}
    </Card>
  );
}

/**
 * 发起预防项目 with an expert: the insurer's project form opens with the expert's organisation chosen — in
 * 专家 for an expert panel, in 服务机构 for a service organisation's expert. An expert of no organisation
 * cannot be commissioned through a project (the project names organisations).
 */
export function newProjectPathFor(expert: Pick<PoolExpertRow, 'orgId' | 'orgType'>): string | null {
  if (expert.orgId === null) return null;
  if (expert.orgType === 'expert') return `${NEW_PROJECT_PATH}?newProject=1&expertOrgId=${expert.orgId}`;
  if (expert.orgType === 'service') return `${NEW_PROJECT_PATH}?newProject=1&serviceOrgId=${expert.orgId}`;
  return null;
}

function NewProjectButton({ expert }: { expert: PoolExpertRow }) {
  const navigate = useNavigate();
  const path = newProjectPathFor(expert);
  const button = (
    <Button type="link" size="small" disabled={!path} onClick={() => path && navigate(path)}>
      发起预防项目
    </Button>
  );
  return path ? button : <Tooltip title="该专家未加入专家机构或服务机构，不能直接发起项目">{button}</Tooltip>;
}

export const AdminExperts = () => <ExpertPool mode="admin" />;
export const GovExpert = () => <ExpertPool mode="gov" />;
export const InsuranceExperts = () => <ExpertPool mode="insurer" />;
