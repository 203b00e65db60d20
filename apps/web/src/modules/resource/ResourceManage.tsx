import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DragOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { Action as ActionKey, ResourceAdminNode } from '@aqzrx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Tooltip,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { validated } from '../../components/form-utils.ts';
import { renderRoleOption, roleOptions } from '../../components/index.ts';
import {
  filterTree,
  findNode,
  grantedTree,
  moveInOrder,
  siblingsOf,
  subtreeIds,
  textMatcher,
} from '../../components/tree.ts';
import { menuIcon } from '../../layouts/icons.tsx';
import { Action, useAccess } from '../../platform/access.tsx';
import {
  ACTION_LABELS,
  ACTIONS,
  PERMISSIONS,
  RESOURCE_AUTH_KEY_MESSAGE,
  RESOURCE_AUTH_KEY_PATTERN,
  RESOURCE_COMPONENT_MESSAGE,
  RESOURCE_COMPONENT_PATTERN,
  RESOURCE_ICON_MESSAGE,
  RESOURCE_ICON_PATTERN,
  RESOURCE_PATH_MESSAGE,
  RESOURCE_PATH_PATTERN,
} from '../../platform/contracts.ts';
import { allRoles } from '../../platform/roles.ts';
import { hasScreen, screens } from '../../screens.ts';
import { roleGrants } from '../role/index.ts';
import {
  addResource,
  deleteResource,
  moveResource,
  orderResources,
  resourceKeys,
  resourceTree,
  saveResource,
} from './api.ts';

/** Icon names the menu can render (layouts/icons.tsx). */
export const MENU_ICON_NAMES = [
  'AccountBookOutlined',
  'AlertOutlined',
  'ApartmentOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'BankOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'BookOutlined',
  'ClusterOutlined',
  'CustomerServiceOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'ExclamationCircleOutlined',
  'FileSearchOutlined',
  'FileTextOutlined',
  'FormOutlined',
  'HomeOutlined',
  'IdcardOutlined',
  'InsuranceOutlined',
  'MessageOutlined',
  'NotificationOutlined',
  'PieChartOutlined',
  'ProfileOutlined',
  'QuestionCircleOutlined',
  'ReadOutlined',
  'SafetyCertificateOutlined',
  'SafetyOutlined',
  'ScheduleOutlined',
  'SettingOutlined',
  'SolutionOutlined',
  'TableOutlined',
  'TeamOutlined',
  'ToolOutlined',
  'UserOutlined',
  'WarningOutlined',
];

const actionOptions = ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] }));
const permissionOptions = Object.entries(PERMISSIONS).map(([id, label]) => ({
  value: id,
  label: `${label}（${id}）`,
}));
const iconOptions = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space>
      {menuIcon(name)}
      {name}
    </Space>
  ),
}));
const componentOptions = Object.keys(screens)
  .sort()
  .map((c) => ({ value: c }));

export const resourcePath = (n: { resUrl: string; authKey: string }) =>
  `/${n.resUrl ? `${n.resUrl}/` : ''}${n.authKey}`;

/**
 * The path prefix offered for a new child: under a group its own path, under a page (…/Page/route)
 * the page's folder, so the new page sits beside it like the seeded add/edit/detail pages. The person
 * appends the page name.
 */
export function childPathPrefix(
  parent: { resUrl: string; authKey: string; component: string } | null,
): string {
  if (!parent) return '';
  const own = resourcePath(parent).slice(1);
  if (!parent.component) return `${own}/`;
  const folder = parent.resUrl.includes('/')
    ? parent.resUrl.slice(0, parent.resUrl.lastIndexOf('/'))
    : parent.resUrl;
  return folder ? `${folder}/` : '';
}

const actionNames = (actions: readonly string[]) =>
  actions.map((a) => ACTION_LABELS[a as keyof typeof ACTION_LABELS] ?? a).join('、');

interface EditValues {
  name: string;
  resName: string;
  icon: string;
  component: string;
  hide: boolean;
  isMenu: boolean;
  redirect: string;
  sort: number;
  actions: ActionKey[];
}

interface AddValues extends EditValues {
  resUrl: string;
  authKey: string;
  permission: string;
}

const editValuesOf = (n: ResourceAdminNode): EditValues => ({
  name: n.name,
  resName: n.resName,
  icon: n.icon,
  component: n.component,
  hide: n.hide,
  isMenu: n.isMenu,
  redirect: n.redirect,
  sort: n.sort,
  actions: n.actions.filter((a): a is ActionKey => (ACTIONS as readonly string[]).includes(a)),
});

/** The form rules shared by add and edit, the same as the server's. */
const rules = {
  name: [
    { required: true, whitespace: true, message: '请输入菜单名称' },
    { max: 64, message: '菜单名称不能超过64个字符' },
  ],
  icon: [{ pattern: RESOURCE_ICON_PATTERN, message: RESOURCE_ICON_MESSAGE }],
  component: [
    { pattern: RESOURCE_COMPONENT_PATTERN, message: RESOURCE_COMPONENT_MESSAGE },
    { max: 100, message: '组件名不能超过100个字符' },
  ],
  path: [
    { pattern: RESOURCE_PATH_PATTERN, message: RESOURCE_PATH_MESSAGE },
    { max: 200, message: '路径不能超过200个字符' },
  ],
  authKey: [
    { required: true, whitespace: true, message: '请输入路由标识' },
    { pattern: RESOURCE_AUTH_KEY_PATTERN, message: RESOURCE_AUTH_KEY_MESSAGE },
    { max: 100, message: '路由标识不能超过100个字符' },
  ],
};

function ComponentHint({ component }: { component: string | undefined }) {
  if (!component) return null;
  return hasScreen(component) ? (
    <Typography.Text type="success">已注册的页面组件</Typography.Text>
  ) : (
    <Typography.Text type="warning">
      前端没有名为 {component} 的页面，打开时将显示“页面不存在”
    </Typography.Text>
  );
}

/** Fields both the add dialog and the edit panel show. */
function CommonFields({ canEdit, hasPermission }: { canEdit: boolean; hasPermission: boolean }) {
  const component = Form.useWatch<string | undefined>('component');
  return (
    <>
      <Form.Item name="name" label="菜单名称" rules={rules.name}>
        <Input placeholder="显示在菜单和面包屑中" maxLength={64} disabled={!canEdit} />
      </Form.Item>
      <Form.Item name="resName" label="资源名称" tooltip="留空则与菜单名称相同" rules={[{ max: 64 }]}>
        <Input maxLength={64} disabled={!canEdit} />
      </Form.Item>
      <Form.Item name="icon" label="图标" rules={rules.icon}>
        <Select allowClear showSearch options={iconOptions} placeholder="选择菜单图标" disabled={!canEdit} />
      </Form.Item>
      <Form.Item
        name="component"
        label="页面组件"
        rules={rules.component}
        extra={<ComponentHint component={component} />}
      >
        <AutoComplete
          options={componentOptions}
          placeholder="分组菜单留空"
          disabled={!canEdit}
          filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
        />
      </Form.Item>
      <Form.Item
        name="actions"
        label="提供的操作"
        tooltip="角色只能在这些操作中授权；按钮和接口都按此控制"
        extra={hasPermission ? undefined : '没有权限标识的分组菜单不能提供操作'}
      >
        <Checkbox.Group options={actionOptions} disabled={!canEdit || !hasPermission} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="hide"
            label="在菜单中隐藏"
            valuePropName="checked"
            tooltip="新增、编辑、详情等页面隐藏后仍可访问"
          >
            <Switch disabled={!canEdit} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="isMenu"
            label="菜单/路由"
            valuePropName="checked"
            tooltip="关闭后只作为授权节点，不生成菜单和路由"
          >
            <Switch disabled={!canEdit} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="sort"
            label="排序号"
            rules={[{ type: 'integer', min: 0, max: 100000, message: '排序号为0-100000的整数' }]}
          >
            <InputNumber style={{ width: '100%' }} disabled={!canEdit} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="redirect" label="重定向路径" rules={rules.path}>
        <Input placeholder="例如 /admin/system/UserSearch/route，可留空" disabled={!canEdit} />
      </Form.Item>
    </>
  );
}

type ViewNode = ResourceAdminNode & { granted?: boolean; grantedActions?: string[] };

function NodeTitle({ node, roleView }: { node: ViewNode; roleView: boolean }) {
  return (
    <Space size={4} wrap>
      {menuIcon(node.icon)}
      <span style={node.granted === false ? { color: '#999' } : undefined}>{node.name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {resourcePath(node)}
      </Typography.Text>
      {node.hide && <Tag>隐藏</Tag>}
      {!node.isMenu && <Tag color="purple">仅授权</Tag>}
      {!node.builtIn && <Tag color="blue">自建</Tag>}
      {node.reserved && <Tag color="geekblue">三权分立</Tag>}
      {roleView && node.grantedActions && node.grantedActions.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {actionNames(node.grantedActions)}
        </Typography.Text>
      )}
    </Space>
  );
}

function toTreeData(nodes: readonly ViewNode[], roleView: boolean): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: <NodeTitle node={n} roleView={roleView} />,
    children: toTreeData(n.children as ViewNode[], roleView),
  }));
}

/** Admin menu editor: the resource (menu/route) tree, whole or as one role holds it. */
export function ResourceManage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const access = useAccess();
  const canEdit = access.canOnRoute('edit');
  const [roleId, setRoleId] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | undefined>();
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const [addParent, setAddParent] = useState<ResourceAdminNode | null | undefined>(undefined);
  const [moveOpen, setMoveOpen] = useState(false);
  const [form] = Form.useForm<EditValues>();

  const tree = useQuery({ queryKey: resourceKeys.resources, queryFn: resourceTree });
  const roles = useQuery({ queryKey: resourceKeys.roles, queryFn: allRoles });
  const grants = useQuery({
    queryKey: resourceKeys.roleGrants(roleId ?? 0),
    queryFn: () => roleGrants(roleId!),
    enabled: roleId !== undefined,
  });

  const roots = tree.data ?? [];
  const view = useMemo<ViewNode[]>(() => {
    let nodes: ViewNode[] = roots;
    if (roleId !== undefined && grants.data)
      nodes = grantedTree(roots, new Map(grants.data.grants.map((g) => [g.resourceId, g.actions])));
    return filterTree(
      nodes,
      textMatcher(search, (n) => [n.name, n.component, n.permission, resourcePath(n)]),
    );
  }, [roots, roleId, grants.data, search]);
  const selected = selectedId === undefined ? undefined : findNode(roots, (n) => n.id === selectedId);

  useEffect(() => {
    if (selected) form.setFieldsValue(editValuesOf(selected));
  }, [selected, form]);

  const refresh = () => qc.invalidateQueries({ queryKey: resourceKeys.resources });
  const done = (text: string) => async () => {
    message.success(text);
    await refresh();
  };

  const save = useMutation({ mutationFn: saveResource, onSuccess: done('保存成功') });
  const add = useMutation({
    mutationFn: addResource,
    onSuccess: async (r) => {
      setAddParent(undefined);
      await done('新增成功')();
      setSelectedId(r.id);
    },
  });
  const remove = useMutation({
    mutationFn: deleteResource,
    onSuccess: async () => {
      setSelectedId(undefined);
      await done('删除成功')();
    },
  });
  const order = useMutation({ mutationFn: orderResources, onSuccess: done('排序已保存') });
  const move = useMutation({
    mutationFn: moveResource,
    onSuccess: async () => {
      setMoveOpen(false);
      await done('移动成功')();
    },
  });

  const onSave = async () => {
    if (!selected) return;
    const v = await validated(form);
    if (!v) return;
    const dropped = selected.actions.filter((a) => !(v.actions as string[]).includes(a));
    const send = () =>
      save.mutate({
        id: selected.id,
        version: selected.version,
        ...v,
        resName: v.resName ?? '',
        icon: v.icon ?? '',
        component: v.component ?? '',
        redirect: v.redirect ?? '',
      });
    if (dropped.length === 0) return send();
    modal.confirm({
      title: '确认取消这些操作？',
      content: `取消“${actionNames(dropped)}”后，所有角色在该菜单上的这些授权会一并移除，用户的下一次请求即失效。`,
      okText: '确认保存',
      onOk: send,
    });
  };

  const siblingInfo = selected ? siblingsOf(roots, selected.id) : null;
  const siblingIds = siblingInfo?.siblings.map((s) => s.id) ?? [];
  const reorder = (delta: -1 | 1) => {
    if (!selected || !siblingInfo) return;
    const ids = moveInOrder(siblingIds, selected.id, delta);
    if (ids) order.mutate({ parentId: siblingInfo.parent?.id ?? null, ids });
  };

  return (
    <Row gutter={16}>
      <Col xs={24} lg={11}>
        <Card
          title="菜单资源"
          extra={
            <Space>
              <Tooltip title="刷新">
                <Button icon={<ReloadOutlined />} onClick={() => refresh()} aria-label="刷新" />
              </Tooltip>
              <Action name="add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setAddParent(null)}>
                  新增顶级菜单
                </Button>
              </Action>
            </Space>
          }
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Select
                style={{ width: 240 }}
                popupMatchSelectWidth={false}
                allowClear
                placeholder="全部资源（按角色查看）"
                value={roleId}
                onChange={(v) => setRoleId(v)}
                loading={roles.isLoading}
                options={roleOptions(roles.data ?? [])}
                optionRender={renderRoleOption}
                aria-label="按角色查看"
              />
              <Input.Search
                allowClear
                placeholder="名称、组件、权限标识或路径"
                onSearch={setSearch}
                onChange={(e) => e.target.value === '' && setSearch('')}
                style={{ width: 240 }}
              />
              <Button onClick={() => setExpanded(view.flatMap((n) => subtreeIds(n)))}>全部展开</Button>
              <Button onClick={() => setExpanded([])}>全部收起</Button>
            </Space>
            {roleId !== undefined && (
              <Alert
                type="info"
                showIcon
                message="灰色为未授权的上级菜单，名称后为该角色已授权的操作。修改角色授权请到“角色权限”。"
              />
            )}
            <Spin spinning={tree.isLoading || (roleId !== undefined && grants.isLoading)}>
              {view.length === 0 && !tree.isLoading ? (
                <Empty description={search ? '没有匹配的菜单' : '暂无菜单资源'} />
              ) : (
                <Tree
                  blockNode
                  showLine
                  treeData={toTreeData(view, roleId !== undefined)}
                  selectedKeys={selectedId === undefined ? [] : [selectedId]}
                  expandedKeys={search ? view.flatMap((n) => subtreeIds(n)) : expanded}
                  onExpand={(keys) => setExpanded(keys)}
                  onSelect={(keys) => keys[0] !== undefined && setSelectedId(Number(keys[0]))}
                  style={{ maxHeight: 640, overflow: 'auto' }}
                />
              )}
            </Spin>
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={13}>
        <Card
          title={selected ? `菜单详情：${selected.name}` : '菜单详情'}
          extra={
            selected?.reserved ? (
              <Tooltip title="安全管理员、审计管理员的菜单由系统预置，不能新增下级、修改、移动或删除">
                <Tag color="geekblue">系统预置（三权分立）</Tag>
              </Tooltip>
            ) : (
              selected && (
                <Space wrap>
                  <Action name="edit">
                    <Tooltip title="上移">
                      <Button
                        icon={<ArrowUpOutlined />}
                        aria-label="上移"
                        disabled={siblingIds[0] === selected.id}
                        loading={order.isPending}
                        onClick={() => reorder(-1)}
                      />
                    </Tooltip>
                    <Tooltip title="下移">
                      <Button
                        icon={<ArrowDownOutlined />}
                        aria-label="下移"
                        disabled={siblingIds[siblingIds.length - 1] === selected.id}
                        loading={order.isPending}
                        onClick={() => reorder(1)}
                      />
                    </Tooltip>
                    <Button icon={<DragOutlined />} onClick={() => setMoveOpen(true)}>
                      移动到
                    </Button>
                  </Action>
                  <Action name="add">
                    <Button icon={<PlusOutlined />} onClick={() => setAddParent(selected)}>
                      新增下级
                    </Button>
                  </Action>
                  <Action name="delete">
                    {selected.builtIn || selected.children.length > 0 ? (
                      <Tooltip
                        title={
                          selected.children.length > 0
                            ? '该菜单下还有下级菜单，请先删除或移走下级菜单'
                            : '系统内置菜单不能删除，如不需要请设置为隐藏'
                        }
                      >
                        <Button danger icon={<DeleteOutlined />} disabled>
                          删除
                        </Button>
                      </Tooltip>
                    ) : (
                      <Popconfirm
                        title={`确认删除菜单“${selected.name}”？`}
                        description="各角色在该菜单上的授权会一并删除。"
                        onConfirm={() => remove.mutate(selected.id)}
                      >
                        <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                          删除
                        </Button>
                      </Popconfirm>
                    )}
                  </Action>
                </Space>
              )
            )
          }
        >
          {!selected ? (
            <Empty description="在左侧选择一个菜单查看和修改" />
          ) : (
            <>
              <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
                <Descriptions.Item label="访问路径" span={2}>
                  <Typography.Text copyable>{resourcePath(selected)}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label="权限标识">
                  {selected.permission ? (
                    <>
                      {PERMISSIONS[selected.permission as keyof typeof PERMISSIONS] ?? ''}（
                      {selected.permission}）
                    </>
                  ) : (
                    '无（分组菜单）'
                  )}
                </Descriptions.Item>
                <Descriptions.Item label="层级">{selected.level}</Descriptions.Item>
                <Descriptions.Item label="来源">
                  {selected.builtIn ? '系统内置' : '管理员新增'}
                </Descriptions.Item>
                <Descriptions.Item label="编号">{selected.id}</Descriptions.Item>
              </Descriptions>
              <Form
                form={form}
                name="resourceEdit"
                layout="vertical"
                disabled={!canEdit || selected.reserved}
              >
                <CommonFields
                  canEdit={canEdit && !selected.reserved}
                  hasPermission={selected.permission !== ''}
                />
                {!selected.reserved && (
                  <Action name="edit">
                    <Button type="primary" onClick={onSave} loading={save.isPending}>
                      保存
                    </Button>
                  </Action>
                )}
              </Form>
            </>
          )}
        </Card>
      </Col>
      <AddResourceModal
        parent={addParent}
        saving={add.isPending}
        onCancel={() => setAddParent(undefined)}
        onSubmit={(v) => add.mutate(v)}
      />
      {selected && (
        <MoveModal
          open={moveOpen}
          node={selected}
          roots={roots}
          saving={move.isPending}
          onCancel={() => setMoveOpen(false)}
          onSubmit={(parentId) => move.mutate({ id: selected.id, version: selected.version, parentId })}
        />
      )}
    </Row>
  );
}

function AddResourceModal({
  parent,
  saving,
  onCancel,
  onSubmit,
}: {
  /** undefined: closed; null: a top-level menu. */
  parent: ResourceAdminNode | null | undefined;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (v: AddValues & { parentId: number | null }) => void;
}) {
  const [form] = Form.useForm<AddValues>();
  const open = parent !== undefined;
  const permission = Form.useWatch('permission', form);
  const resUrl = Form.useWatch('resUrl', form);
  const authKey = Form.useWatch('authKey', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      resUrl: childPathPrefix(parent),
      authKey: parent ? 'route' : '',
      isMenu: true,
      hide: false,
      actions: [],
      permission: parent?.permission ?? '',
    });
  }, [open, parent, form]);

  return (
    <Modal
      open={open}
      title={parent ? `新增下级菜单（上级：${parent.name}）` : '新增顶级菜单'}
      okText="保存"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={async () => {
        const v = await validated(form);
        if (!v) return;
        onSubmit({
          ...v,
          parentId: parent?.id ?? null,
          resName: v.resName ?? '',
          icon: v.icon ?? '',
          component: v.component ?? '',
          redirect: v.redirect ?? '',
          permission: v.permission ?? '',
          actions: v.permission ? (v.actions ?? []) : [],
        });
      }}
      width={640}
      destroyOnHidden
    >
      <Form form={form} name="resourceAdd" layout="vertical" preserve={false}>
        <Row gutter={16}>
          <Col span={14}>
            <Form.Item
              name="resUrl"
              label="路径前缀"
              tooltip="访问路径中路由标识之前的部分（字段 resUrl）"
              rules={rules.path}
            >
              <Input placeholder="例如 admin/system/MyPage" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item
              name="authKey"
              label="路由标识"
              tooltip="访问路径的最后一段（字段 authKey）"
              rules={rules.authKey}
            >
              <Input placeholder="例如 route" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary">
          访问路径：
          {resourcePath({ resUrl: (resUrl ?? '').replace(/^\/+|\/+$/g, ''), authKey: authKey ?? '' })}
          （创建后不能修改）
        </Typography.Paragraph>
        <Form.Item name="permission" label="权限标识" tooltip="创建后不能修改；分组菜单可留空">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={permissionOptions}
            placeholder="选择权限"
          />
        </Form.Item>
        <CommonFields canEdit hasPermission={Boolean(permission)} />
      </Form>
    </Modal>
  );
}

function MoveModal({
  open,
  node,
  roots,
  saving,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  node: ResourceAdminNode;
  roots: ResourceAdminNode[];
  saving: boolean;
  onCancel: () => void;
  onSubmit: (parentId: number | null) => void;
}) {
  const [target, setTarget] = useState<number | undefined>();
  const blocked = useMemo(() => new Set(subtreeIds(node)), [node]);
  const toData = (nodes: ResourceAdminNode[]): object[] =>
    nodes.map((n) => ({
      value: n.id,
      title: n.name,
      disabled: blocked.has(n.id),
      children: toData(n.children),
    }));
  return (
    <Modal
      open={open}
      title={`移动“${node.name}”`}
      okText="移动"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => onSubmit(target === undefined || target === 0 ? null : target)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        选择新的上级菜单，不选则移动到顶层。菜单会排在新上级的最后。
      </Typography.Paragraph>
      <TreeSelect
        style={{ width: '100%' }}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        placeholder="顶层（无上级）"
        value={target}
        onChange={(v) => setTarget(v)}
        treeData={toData(roots)}
        aria-label="新的上级菜单"
      />
    </Modal>
  );
}
