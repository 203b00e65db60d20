import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Drawer, Popconfirm, Row, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { PagedTable, valueEnumOf } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { AP_EVAL_RESULTS } from '../../platform/contracts.ts';
import { ApEvalForm } from './ApEvalForm.tsx';
import { type ApEvalRow, EVAL_KEY, evalApi } from './api.ts';
import { Indicators, ReportLinks, ResultTag } from './parts.tsx';

type SearchValues = { year?: string; insurerId?: string; result?: string; keyword?: string };

/** One evaluation with its report files and the platform's indicators of that insurer and year. */
function EvalDrawer({ row, onClose }: { row: ApEvalRow; onClose: () => void }) {
  return (
    <Drawer open width={960} title={row.projectName} onClose={onClose} destroyOnHidden>
      <Row gutter={24}>
        <Col xs={24} lg={13}>
          <Descriptions
            column={1}
            bordered
            size="small"
            data-testid="eval-detail"
            labelStyle={{ width: 110 }}
          >
            <Descriptions.Item label="评估类型">{row.evalTypeLabel}</Descriptions.Item>
            <Descriptions.Item label="项目名称">{row.projectName}</Descriptions.Item>
            <Descriptions.Item label="委托单位">{row.commissioningUnit}</Descriptions.Item>
            <Descriptions.Item label="评估对象">{row.insurerName}</Descriptions.Item>
            <Descriptions.Item label="评估年度">{row.year} 年</Descriptions.Item>
            <Descriptions.Item label="实施单位">{row.implementingUnit}</Descriptions.Item>
            <Descriptions.Item label="评估时间">{row.evalDate}</Descriptions.Item>
            <Descriptions.Item label="评估结果">
              <Space>
                <ResultTag result={row.result} label={row.resultLabel} />
                {row.score !== null ? <span>{row.score} 分</span> : null}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="评估结论">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {row.summary || '—'}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="评估报告">
              <ReportLinks evalId={row.id} files={row.reports} />
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} lg={11}>
          <Indicators insurerId={row.insurerId} year={row.year} />
        </Col>
      </Row>
    </Drawer>
  );
}

/** The evaluation list of the regulator (records, edits) and of the insurer (its own results). */
function ApEvalList({ editable }: { editable: boolean }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [viewing, setViewing] = useState<ApEvalRow | null>(null);
  const [editing, setEditing] = useState<ApEvalRow | 'new' | null>(null);
  const insurers = useQuery({
    queryKey: [EVAL_KEY, 'insurers'],
    queryFn: evalApi.insurers,
    enabled: editable,
    staleTime: 300_000,
  });
  const insurerEnum = useMemo(
    () => Object.fromEntries((insurers.data ?? []).map((i) => [String(i.orgId), { text: i.name }])),
    [insurers.data],
  );
  const remove = async (r: ApEvalRow) => {
    try {
      const res = await evalApi.remove({ id: r.id, version: r.version });
      message.success(res.message || '已删除');
      await queryClient.invalidateQueries({ queryKey: [EVAL_KEY] });
      actionRef.current?.reload();
    } catch {
      // shown by the API client
    }
  };
  const columns: ProColumns<ApEvalRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '项目/委托单位/实施单位' },
    },
    {
      title: '项目名称',
      dataIndex: 'projectName',
      search: false,
      width: 220,
      render: (_, r) => (
        <Typography.Link onClick={() => setViewing(r)} data-testid={`eval-${r.id}`}>
          {r.projectName}
        </Typography.Link>
      ),
    },
    ...(editable
      ? [
          {
            title: '评估对象',
            dataIndex: 'insurerId',
            valueType: 'select',
            valueEnum: insurerEnum,
            width: 180,
            render: (_: unknown, r: ApEvalRow) => r.insurerName,
          } satisfies ProColumns<ApEvalRow>,
        ]
      : []),
    {
      title: '年度',
      dataIndex: 'year',
      valueType: 'dateYear',
      width: 80,
      render: (_, r) => `${r.year}`,
      search: { transform: (v: string) => ({ year: Number(String(v).slice(0, 4)) }) },
    },
    { title: '评估类型', dataIndex: 'evalTypeLabel', search: false, width: 100 },
    { title: '委托单位', dataIndex: 'commissioningUnit', search: false, width: 160, ellipsis: true },
    { title: '实施单位', dataIndex: 'implementingUnit', search: false, width: 160, ellipsis: true },
    { title: '评估时间', dataIndex: 'evalDate', search: false, width: 110 },
    {
      title: '评估结果',
      dataIndex: 'result',
      valueType: 'select',
      valueEnum: valueEnumOf(AP_EVAL_RESULTS),
      width: 110,
      render: (_, r) => (
        <Space size={4}>
          <ResultTag result={r.result} label={r.resultLabel} />
          {r.score !== null ? <span>{r.score}</span> : null}
        </Space>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: editable ? 140 : 60,
      render: (_, r) => [
        <Typography.Link key="view" onClick={() => setViewing(r)}>
          查看
        </Typography.Link>,
        editable ? (
          <Action key="edit" name="edit">
            <Typography.Link onClick={() => setEditing(r)}>编辑</Typography.Link>
          </Action>
        ) : null,
        editable ? (
          <Action key="delete" name="edit">
            <Popconfirm title="确定删除该评估记录吗？" onConfirm={() => remove(r)}>
              <Typography.Link type="danger">删除</Typography.Link>
            </Popconfirm>
          </Action>
        ) : null,
      ],
    },
  ];
  return (
    <Card variant="borderless">
      <PagedTable<ApEvalRow, SearchValues>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        headerTitle={editable ? '服务评估' : '本机构服务评估结果'}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: false }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: editable ? '暂无评估记录' : '监管部门尚未发布对本机构的服务评估' }}
        data-testid="ap-eval-list"
        toolBarRender={() =>
          editable
            ? [
                <Action key="add" name="edit">
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                    新增评估
                  </Button>
                </Action>,
              ]
            : []
        }
        request={(q) => {
          const f = q as unknown as Record<string, unknown>;
          return evalApi.list({
            pageNo: q.pageNo,
            pageSize: q.pageSize,
            ...(f.year ? { year: Number(f.year) } : {}),
            ...(f.insurerId ? { insurerId: Number(f.insurerId) } : {}),
            ...(typeof f.result === 'string' && f.result ? { result: f.result as 'pass' } : {}),
            ...(typeof f.keyword === 'string' && f.keyword.trim() ? { keyword: f.keyword.trim() } : {}),
          });
        }}
      />
      {viewing ? <EvalDrawer row={viewing} onClose={() => setViewing(null)} /> : null}
      {editing ? (
        <ApEvalForm
          editing={editing}
          onClose={() => {
            setEditing(null);
            actionRef.current?.reload();
          }}
        />
      ) : null}
    </Card>
  );
}

/**
 * 服务评估 (regulator): the annual evaluation of each insurer's prevention service (AQ 9010 §8), recorded
 * with its report beside the indicators the platform computes.
 */
export const GovApEval = () => <ApEvalList editable />;

/** 服务评估 (insurer): the results of the evaluations of its own prevention service. */
export function InsuranceApEval() {
  const { user } = useAuth();
  return user ? <ApEvalList editable={false} /> : null;
}
