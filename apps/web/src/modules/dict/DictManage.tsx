import { DeleteOutlined, EditOutlined, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import type { DictNode } from '@aqzrx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Row,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { chinaTime } from '../../components/index.ts';
import { filterTree, flatten, nextCategoryCode, nextChildCode, textMatcher } from '../../components/tree.ts';
import {
  type TreeEditing,
  TreeNodeModal,
  type TreeNodeValues,
  TreeRowActions,
  treeNodeRules,
} from '../../components/tree-editor.tsx';
import { Action } from '../../platform/access.tsx';
import { DICT_CODE_MESSAGE, DICT_CODE_PATTERN, DICT_ROOT_CODE } from '../../platform/contracts.ts';
import { RegionMultiPicker, useRegionNames } from '../region/index.ts';
import { addDict, deleteDict, dictKeys, findDicts, linkDictArea, updateDict } from './api.ts';

/** Table rows: leaves get no `children` so antd shows no expand icon on them. */
type DictRow = Omit<DictNode, 'children'> & { children?: DictRow[] };
const toRows = (nodes: DictNode[]): DictRow[] =>
  nodes.map(({ children, ...n }) => (children.length ? { ...n, children: toRows(children) } : n));

interface DictFormValues extends TreeNodeValues {
  value: string;
}

/** The rules of the server's dictionary schema. */
export const dictRules = {
  ...treeNodeRules({
    code: '字典编码',
    name: '字典名称',
    codeMessage: DICT_CODE_MESSAGE,
    codePattern: DICT_CODE_PATTERN,
  }),
  value: [{ max: 100, message: '字典值最多100个字符' }],
};

type Editing = TreeEditing<{ code: string; name: string }, Omit<DictNode, 'children'>>;

/** Data dictionaries: the categories under 031 on the left, the selected category's entries as a tree. */
export function DictManage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [category, setCategory] = useState<string | undefined>();
  const [catSearch, setCatSearch] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [linking, setLinking] = useState<Omit<DictNode, 'children'> | null>(null);
  const [linkCodes, setLinkCodes] = useState<string[]>([]);
  const openLink = (r: Omit<DictNode, 'children'>) => {
    setLinkCodes(r.areaCodes);
    setLinking(r);
  };
  const names = useRegionNames();

  const categories = useQuery({
    queryKey: dictKeys.dicts(DICT_ROOT_CODE, false),
    queryFn: () => findDicts({ pid: DICT_ROOT_CODE }),
  });
  const current = categories.data?.find((c) => c.code === category);
  useEffect(() => {
    if (category === undefined && categories.data?.[0]) setCategory(categories.data[0].code);
  }, [categories.data, category]);

  const entries = useQuery({
    queryKey: dictKeys.dicts(category ?? '', true),
    queryFn: () => findDicts({ pid: category!, tree: true }),
    enabled: category !== undefined,
  });

  const shownCategories = (categories.data ?? []).filter(
    textMatcher(catSearch, (c: DictNode) => [c.name, c.code]),
  );
  const rows = useMemo(
    () =>
      toRows(
        filterTree(
          entries.data ?? [],
          textMatcher(search, (n: DictNode) => [n.name, n.code, n.value]),
        ),
      ),
    [entries.data, search],
  );

  const refresh = () => qc.invalidateQueries({ queryKey: ['sys-config', 'dicts'] });
  const onDone = (text: string) => async () => {
    message.success(text);
    setEditing(null);
    setLinking(null);
    await refresh();
  };
  const add = useMutation({ mutationFn: addDict, onSuccess: onDone('新增成功') });
  const update = useMutation({ mutationFn: updateDict, onSuccess: onDone('保存成功') });
  const remove = useMutation({ mutationFn: deleteDict, onSuccess: onDone('删除成功') });
  const link = useMutation({ mutationFn: linkDictArea, onSuccess: onDone('关联成功') });

  const addChild = (parent: { code: string; name: string }, siblings: { code: string }[]) =>
    setEditing({
      mode: 'add',
      parent,
      suggested: nextChildCode(
        parent.code,
        siblings.map((s) => s.code),
      ),
    });

  const columns: ColumnsType<DictRow> = [
    { title: '名称', dataIndex: 'name', width: 240, fixed: 'left' },
    { title: '编码', dataIndex: 'code', width: 130 },
    { title: '字典值', dataIndex: 'value', width: 90 },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 70,
      render: (s: number) => (s === 1 ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '适用地区',
      dataIndex: 'areaCodes',
      width: 160,
      render: (codes: string[]) =>
        codes.length === 0 ? (
          <Typography.Text type="secondary">全部地区</Typography.Text>
        ) : (
          codes.map((c) => <Tag key={c}>{names.get(c) ?? c}</Tag>)
        ),
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 150,
      render: (v: string) => chinaTime(v),
    },
    {
      title: '操作',
      key: 'op',
      width: 250,
      fixed: 'right',
      render: (_, r) => (
        <TreeRowActions
          noun="字典"
          hasChildren={Boolean(r.children?.length)}
          onAddChild={() => addChild(r, r.children ?? [])}
          onEdit={() => setEditing({ mode: 'edit', row: r })}
          editExtra={
            <Button type="link" size="small" onClick={() => openLink(r)}>
              关联地区
            </Button>
          }
          deleteTitle={`确认删除“${r.name}”？`}
          deleteDescription={r.isSystem ? '这是系统预置字典，删除后不会自动恢复。' : undefined}
          onDelete={() => remove.mutate(r.id)}
        />
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Card
          title="字典分类"
          size="small"
          extra={
            <Action name="add">
              <Tooltip title="新增分类">
                <Button
                  type="text"
                  icon={<PlusOutlined />}
                  aria-label="新增分类"
                  onClick={() =>
                    setEditing({
                      mode: 'add',
                      parent: { code: DICT_ROOT_CODE, name: '字典根节点' },
                      suggested: nextCategoryCode((categories.data ?? []).map((c) => c.code)),
                    })
                  }
                />
              </Tooltip>
            </Action>
          }
        >
          <Input.Search
            allowClear
            placeholder="分类名称或编码"
            onChange={(e) => setCatSearch(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          <List
            loading={categories.isLoading}
            dataSource={shownCategories}
            locale={{ emptyText: '没有匹配的分类' }}
            style={{ maxHeight: 620, overflow: 'auto' }}
            renderItem={(c) => (
              <List.Item
                onClick={() => setCategory(c.code)}
                style={{
                  cursor: 'pointer',
                  paddingInline: 8,
                  background: c.code === category ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined,
                }}
                data-testid={`dict-category-${c.code}`}
              >
                <Space>
                  <Typography.Text strong={c.code === category}>{c.name}</Typography.Text>
                  <Typography.Text type="secondary">{c.code}</Typography.Text>
                  {c.status !== 1 && <Tag>停用</Tag>}
                </Space>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Card title={current ? `${current.name}（${current.code}）` : '字典项'}>
          {current ? (
            <>
              <Space wrap style={{ marginBottom: 12 }}>
                <Input.Search
                  allowClear
                  placeholder="名称、编码或字典值"
                  onChange={(e) => setSearch(e.target.value)}
                  style={{ width: 220 }}
                />
                <Action name="edit">
                  <Button icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', row: current })}>
                    编辑分类
                  </Button>
                </Action>
                <Action name="delete">
                  <Popconfirm
                    title={`确认删除分类“${current.name}”？`}
                    description="分类下还有字典项时不能删除。"
                    disabled={(entries.data?.length ?? 0) > 0}
                    onConfirm={() => remove.mutate(current.id, { onSuccess: () => setCategory(undefined) })}
                  >
                    <Tooltip title={(entries.data?.length ?? 0) > 0 ? '请先删除该分类下的字典项' : undefined}>
                      <Button danger icon={<DeleteOutlined />} disabled={(entries.data?.length ?? 0) > 0}>
                        删除分类
                      </Button>
                    </Tooltip>
                  </Popconfirm>
                </Action>
                <Action name="edit">
                  <Button icon={<EnvironmentOutlined />} onClick={() => openLink(current)}>
                    关联地区
                  </Button>
                </Action>
                <Action name="add">
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => addChild(current, entries.data ?? [])}
                  >
                    新增字典项
                  </Button>
                </Action>
              </Space>
              {current.remark && (
                <Typography.Paragraph type="secondary">{current.remark}</Typography.Paragraph>
              )}
              <Table<DictRow>
                rowKey="id"
                size="middle"
                columns={columns}
                dataSource={rows}
                loading={entries.isLoading}
                pagination={false}
                expandable={{ defaultExpandAllRows: false }}
                locale={{ emptyText: search ? '没有匹配的字典项' : '该分类下暂无字典项' }}
                scroll={{ x: 1160 }}
                footer={() => `共 ${flatten(entries.data ?? []).length} 项`}
              />
            </>
          ) : (
            <Empty description={categories.isLoading ? '加载中' : '请在左侧选择字典分类'} />
          )}
        </Card>
      </Col>
      <DictFormModal
        editing={editing}
        saving={add.isPending || update.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(v) => {
          if (!editing) return;
          if (editing.mode === 'add') add.mutate({ ...v, pid: editing.parent.code });
          else update.mutate({ ...v, id: editing.row.id, version: editing.row.version });
        }}
      />
      <Modal
        open={linking !== null}
        title={linking ? `关联地区：${linking.name}` : ''}
        okText="保存"
        confirmLoading={link.isPending}
        onCancel={() => setLinking(null)}
        destroyOnHidden
        onOk={() => {
          if (linking) link.mutate({ id: linking.id, version: linking.version, areaCodes: linkCodes });
        }}
      >
        <Typography.Paragraph type="secondary">
          不选择地区表示该字典项适用于全部地区；选择后，只有所选省、市、区县（及其下级）的业务会用到它，最多200个。
        </Typography.Paragraph>
        <RegionMultiPicker value={linkCodes} onChange={setLinkCodes} names={names} />
        {linkCodes.length > 200 && <Typography.Text type="danger">最多关联200个行政区划</Typography.Text>}
      </Modal>
    </Row>
  );
}

function DictFormModal({
  editing,
  saving,
  onCancel,
  onSubmit,
}: {
  editing: Editing | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (v: DictFormValues) => void;
}) {
  const [form] = Form.useForm<DictFormValues>();
  const isCategory = editing?.mode === 'add' && editing.parent.code === DICT_ROOT_CODE;
  const title = !editing
    ? ''
    : editing.mode === 'edit'
      ? `编辑字典：${editing.row.name}`
      : isCategory
        ? '新增字典分类'
        : `新增字典项（上级：${editing.parent.name}）`;
  return (
    <TreeNodeModal
      editing={editing}
      valuesOf={dictFormValues}
      form={form}
      title={title}
      labels={{ code: '字典编码', name: '字典名称' }}
      rules={dictRules}
      codeExtra="全局唯一，建议沿用上级编码加两位序号"
      lockedCodeExtra="系统预置字典的编码不能修改"
      saving={saving}
      onCancel={onCancel}
      onSubmit={onSubmit}
    >
      <Form.Item
        name="value"
        label="字典值"
        rules={dictRules.value}
        tooltip="业务记录中保存的代码，例如结案类型 401"
      >
        <Input maxLength={100} />
      </Form.Item>
    </TreeNodeModal>
  );
}

/** A new entry: the suggested code, enabled, sort 0; an edit: the stored fields. */
function dictFormValues(editing: Editing): DictFormValues {
  if (editing.mode === 'add')
    return { code: editing.suggested ?? '', name: '', value: '', sort: 0, status: 1, remark: '' };
  const r = editing.row;
  return { code: r.code, name: r.name, value: r.value, sort: r.sort, status: r.status, remark: r.remark };
}
