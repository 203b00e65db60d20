import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { IndustryNode } from '@aqzrx/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Row,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { filterTree, textMatcher } from '../../components/tree.ts';
import {
  type TreeEditing,
  TreeNodeModal,
  type TreeNodeValues,
  TreeRowActions,
  treeNodeRules,
} from '../../components/tree-editor.tsx';
import { Action } from '../../platform/access.tsx';
import { DICT_CODE_PATTERN, INDUSTRY_CODE_MESSAGE, INDUSTRY_ROOT_ID } from '../../platform/contracts.ts';
import { addIndustry, deleteIndustry, industriesByPid, industryKeys, updateIndustry } from './api.ts';

/** One row of the lazily loaded tree: direct children only until the row is expanded. */
export interface IndustryRow extends Omit<IndustryNode, 'children'> {
  /** Whether a node above it must insure (the rule applies to the whole subtree). */
  inheritedMustInsure: boolean;
  hasChildren: boolean;
  /** [] until loaded (antd shows the expand icon), undefined for leaves. */
  children?: IndustryRow[];
}

/** The direct children of a findByPid answer, as rows (grandchildren dropped until expanded). */
export function childRows(nodes: readonly IndustryNode[], parentMustInsure: boolean): IndustryRow[] {
  return nodes.map(({ children, ...n }) => ({
    ...n,
    inheritedMustInsure: parentMustInsure,
    hasChildren: children.length > 0,
    ...(children.length > 0 ? { children: [] } : {}),
  }));
}

/** The whole subtree as rows (for search results, shown expanded). */
function allRows(nodes: readonly IndustryNode[], parentMustInsure: boolean): IndustryRow[] {
  return nodes.map(({ children, ...n }) => ({
    ...n,
    inheritedMustInsure: parentMustInsure,
    hasChildren: children.length > 0,
    ...(children.length > 0 ? { children: allRows(children, parentMustInsure || n.mustInsure) } : {}),
  }));
}

interface IndustryFormValues extends TreeNodeValues {
  isHighRisk: boolean;
  mustInsure: boolean;
}

export const industryRules = treeNodeRules({
  code: '行业代码',
  name: '行业名称',
  codeMessage: INDUSTRY_CODE_MESSAGE,
  codePattern: DICT_CODE_PATTERN,
});

type Editing = TreeEditing<{ id: number; name: string; mustInsure: boolean }, IndustryRow>;

/**
 * Industry classification: GB/T 4754-2017 and the work-safety fields under root id 1. Each level loads
 * when it is expanded (findByPid?pid=…); a search loads the whole tree once and filters it.
 */
export function IndustryManage() {
  const { message } = App.useApp();
  /** Loaded children by parent id. */
  const [loaded, setLoaded] = useState<Map<number, IndustryRow[]>>(new Map());
  const [loading, setLoading] = useState<Set<number>>(new Set());
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);

  const load = useCallback(async (pid: number, inherited: boolean) => {
    setLoading((s) => new Set(s).add(pid));
    try {
      const rows = childRows(await industriesByPid(pid), inherited);
      setLoaded((m) => new Map(m).set(pid, rows));
    } finally {
      setLoading((s) => {
        const next = new Set(s);
        next.delete(pid);
        return next;
      });
    }
  }, []);

  useEffect(() => {
    void load(INDUSTRY_ROOT_ID, false);
  }, [load]);

  const whole = useQuery({
    queryKey: industryKeys.industries(INDUSTRY_ROOT_ID),
    queryFn: () => industriesByPid(INDUSTRY_ROOT_ID),
    enabled: search.trim() !== '',
  });

  const rows = useMemo(() => {
    if (search.trim()) {
      return allRows(
        filterTree(
          whole.data ?? [],
          textMatcher(search, (n: IndustryNode) => [n.name, n.code]),
        ),
        false,
      );
    }
    const attach = (list: IndustryRow[]): IndustryRow[] =>
      list.map((r) => {
        const kids = loaded.get(r.id);
        return kids ? { ...r, children: attach(kids) } : r;
      });
    return attach(loaded.get(INDUSTRY_ROOT_ID) ?? []);
  }, [search, whole.data, loaded]);

  const reloadParent = async (pid: number) => {
    const inherited = pid === INDUSTRY_ROOT_ID ? false : findInherited(pid);
    await load(pid, inherited);
    if (search.trim()) await whole.refetch();
  };
  const findInherited = (id: number): boolean => {
    const self = [...loaded.values()].flat().find((r) => r.id === id);
    return self ? self.inheritedMustInsure || self.mustInsure : false;
  };

  const add = useMutation({
    mutationFn: addIndustry,
    onSuccess: async (_d, v) => {
      message.success('新增成功');
      setEditing(null);
      await reloadParent(v.pid);
      setExpanded((e) => (e.includes(v.pid) ? e : [...e, v.pid]));
    },
  });
  const update = useMutation({
    mutationFn: (v: { body: Parameters<typeof updateIndustry>[0]; pid: number }) => updateIndustry(v.body),
    onSuccess: async (_d, v) => {
      message.success('保存成功');
      setEditing(null);
      await reloadParent(v.pid);
    },
  });
  const remove = useMutation({
    mutationFn: (r: IndustryRow) => deleteIndustry(r.id),
    onSuccess: async (_d, r) => {
      message.success('删除成功');
      await reloadParent(r.pid ?? INDUSTRY_ROOT_ID);
    },
  });

  const columns: ColumnsType<IndustryRow> = [
    {
      title: '行业名称',
      dataIndex: 'name',
      render: (name: string, r) => (
        <Space size={4}>
          {name}
          {r.status !== 1 && <Tag>停用</Tag>}
        </Space>
      ),
    },
    { title: '行业代码', dataIndex: 'code', width: 120 },
    {
      title: '高危行业',
      dataIndex: 'isHighRisk',
      width: 90,
      render: (v: boolean) => (v ? <Tag color="red">高危</Tag> : '—'),
    },
    {
      title: '强制投保',
      dataIndex: 'mustInsure',
      width: 110,
      render: (v: boolean, r) =>
        v ? (
          <Tag color="orange">须投保</Tag>
        ) : r.inheritedMustInsure ? (
          <Tooltip title="上级行业须投保，本行业随之须投保">
            <Tag color="orange" bordered={false}>
              须投保（继承）
            </Tag>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '来源', dataIndex: 'isSystem', width: 80, render: (v: boolean) => (v ? '预置' : '自建') },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <TreeRowActions
          noun="行业"
          hasChildren={r.hasChildren}
          onAddChild={() =>
            setEditing({
              mode: 'add',
              parent: { id: r.id, name: r.name, mustInsure: r.mustInsure || r.inheritedMustInsure },
            })
          }
          onEdit={() => setEditing({ mode: 'edit', row: r })}
          deleteTitle={`确认删除行业“${r.name}”？`}
          deleteDescription="已选择该行业的企业信息不受影响，但新选择时将不再出现。"
          onDelete={() => remove.mutate(r)}
        />
      ),
    },
  ];

  return (
    <Card
      title="行业分类"
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder="行业名称或代码"
            onSearch={setSearch}
            onChange={(e) => e.target.value === '' && setSearch('')}
            style={{ width: 220 }}
          />
          <Tooltip title="刷新">
            <Button
              icon={<ReloadOutlined />}
              aria-label="刷新"
              onClick={() => {
                setLoaded(new Map());
                setExpanded([]);
                void load(INDUSTRY_ROOT_ID, false);
              }}
            />
          </Tooltip>
          <Action name="add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() =>
                setEditing({
                  mode: 'add',
                  parent: { id: INDUSTRY_ROOT_ID, name: '行业分类', mustInsure: false },
                })
              }
            >
              新增顶级分类
            </Button>
          </Action>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="国民经济行业分类（GB/T 4754-2017）与安全生产行业领域两套分类。标为“须投保”的行业及其全部下级行业的企业应当投保安责险。"
      />
      <Table<IndustryRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        pagination={false}
        loading={loading.has(INDUSTRY_ROOT_ID) || (search.trim() !== '' && whole.isFetching)}
        locale={{ emptyText: search ? '没有匹配的行业' : '暂无行业分类' }}
        expandable={{
          expandedRowKeys: search.trim() ? allIds(rows) : [...expanded],
          onExpand: (open, r) => {
            if (search.trim()) return;
            setExpanded((e) => (open ? [...e, r.id] : e.filter((k) => k !== r.id)));
            if (open && !loaded.has(r.id)) void load(r.id, r.mustInsure || r.inheritedMustInsure);
          },
        }}
      />
      <IndustryFormModal
        editing={editing}
        saving={add.isPending || update.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(v) => {
          if (!editing) return;
          if (editing.mode === 'add') add.mutate({ ...v, pid: editing.parent.id });
          else
            update.mutate({
              body: { ...v, id: editing.row.id, version: editing.row.version },
              pid: editing.row.pid ?? INDUSTRY_ROOT_ID,
            });
        }}
      />
    </Card>
  );
}

function allIds(rows: readonly IndustryRow[]): number[] {
  return rows.flatMap((r) => [r.id, ...allIds(r.children ?? [])]);
}

function IndustryFormModal({
  editing,
  saving,
  onCancel,
  onSubmit,
}: {
  editing: Editing | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (v: IndustryFormValues) => void;
}) {
  const [form] = Form.useForm<IndustryFormValues>();
  const inherited =
    editing?.mode === 'add'
      ? editing.parent.mustInsure
      : editing?.mode === 'edit' && editing.row.inheritedMustInsure;
  return (
    <TreeNodeModal
      editing={editing}
      valuesOf={industryFormValues}
      form={form}
      title={
        !editing
          ? ''
          : editing.mode === 'add'
            ? `新增行业（上级：${editing.parent.name}）`
            : `编辑行业：${editing.row.name}`
      }
      labels={{ code: '行业代码', name: '行业名称' }}
      rules={industryRules}
      codeExtra="全局唯一，例如 AQ0201"
      lockedCodeExtra="预置行业的代码不能修改"
      saving={saving}
      onCancel={onCancel}
      onSubmit={onSubmit}
      note={
        <Typography.Text type="secondary">
          停用的行业不再出现在企业信息等选择框中，已有数据不受影响。
        </Typography.Text>
      }
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="isHighRisk" label="高危行业" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="mustInsure"
            label="强制投保"
            valuePropName="checked"
            extra={inherited ? '上级行业已要求投保，本行业无论是否勾选都须投保' : undefined}
          >
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        </Col>
      </Row>
    </TreeNodeModal>
  );
}

/** A new industry: empty, not high-risk, not must-insure, enabled, sort 0; an edit: the stored fields. */
function industryFormValues(editing: Editing): IndustryFormValues {
  if (editing.mode === 'add')
    return { code: '', name: '', isHighRisk: false, mustInsure: false, sort: 0, status: 1, remark: '' };
  const r = editing.row;
  return {
    code: r.code,
    name: r.name,
    isHighRisk: r.isHighRisk,
    mustInsure: r.mustInsure,
    sort: r.sort,
    status: r.status,
    remark: r.remark,
  };
}
