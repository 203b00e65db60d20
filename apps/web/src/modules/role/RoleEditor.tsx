import type { ResourceNode, RoleRow } from '@aqzrx/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Drawer,
  Empty,
  Form,
  Input,
  Row,
  Space,
  Spin,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { Action } from '../../platform/access.tsx';
import { useAuth } from '../../platform/auth.ts';
import { ACTION_LABELS, type Action as ActionKey, roleAdminLabel } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { resourceTree, roleGrants, saveRole } from './api.ts';
import {
  type Grants,
  grantsFrom,
  indexTree,
  matchingIds,
  normalize,
  sectionState,
  sectionsOf,
  type TickState,
  type TreeIndex,
  tickState,
  toggleAction,
  toggleMany,
  toggleResource,
  toRoleGrants,
} from './role-grants.ts';

export const ROLE_KEY_PATTERN = /^ROLE_[A-Z0-9_]+$/;

interface RoleFormValues {
  roleName: string;
  roleKey: string;
  description: string;
}

const tickProps = (s: TickState) => ({ checked: s === 'checked', indeterminate: s === 'indeterminate' });

/** The whole resource tree with a tick per resource and per offered action. */
export function GrantTree({
  tree,
  grants,
  onChange,
  filter = '',
  height = 560,
}: {
  tree: readonly ResourceNode[];
  grants: Grants;
  onChange: (g: Map<number, string[]>) => void;
  filter?: string;
  /** Height of the virtual list; 0 renders every node (tests). */
  height?: number;
}) {
  const index: TreeIndex = useMemo(() => indexTree(tree), [tree]);
  const sections = useMemo(() => sectionsOf(index), [index]);
  const visible = useMemo(() => matchingIds(index, filter), [index, filter]);

  const nodeTitle = (n: ResourceNode) => {
    const item = index.byId.get(n.id)!;
    const held = grants.get(n.id);
    const leaderName = item.leader !== null ? index.byId.get(item.leader)?.node.name : undefined;
    const path = `/${n.resUrl}/${n.authKey}`.replace(/\/{2,}/g, '/');
    return (
      <span
        className="role-grant-node"
        data-testid={`grant-${n.component && n.component !== 'RouteView' ? n.component : path}`}
        data-path={path}
        style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}
      >
        <Tooltip title={leaderName ? `随「${leaderName}」的操作自动授权` : undefined}>
          <Checkbox
            aria-label={`授权 ${n.name}`}
            {...tickProps(tickState(index, grants, n.id))}
            disabled={item.leader !== null}
            onChange={(e) => onChange(toggleResource(index, grants, n.id, e.target.checked))}
          >
            <span>{n.name}</span>
          </Checkbox>
        </Tooltip>
        {n.hide && n.isMenu !== false && <Tag>隐藏页面</Tag>}
        {n.isMenu === false && <Tag color="gold">权限项</Tag>}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {n.component && n.component !== 'RouteView' ? `${n.component} · ` : ''}
          {n.permission ? `${n.permission}` : ''}
        </Typography.Text>
        {item.offered.length > 0 && (
          <span data-testid={`grant-actions-${n.id}`}>
            {item.offered.map((a) => (
              <Checkbox
                key={a}
                aria-label={`${n.name} ${ACTION_LABELS[a as ActionKey] ?? a}`}
                checked={held?.includes(a) ?? false}
                disabled={item.leader !== null}
                onChange={(e) => onChange(toggleAction(index, grants, n.id, a, e.target.checked))}
                style={{ marginInlineStart: 0, marginRight: 4 }}
              >
                {ACTION_LABELS[a as ActionKey] ?? a}
              </Checkbox>
            ))}
          </span>
        )}
      </span>
    );
  };

  const toData = (nodes: readonly ResourceNode[]): DataNode[] =>
    nodes
      .filter((n) => !visible || visible.has(n.id))
      .map((n) => ({
        key: n.id,
        title: nodeTitle(n),
        children: toData(n.children ?? []),
        isLeaf: (n.children ?? []).length === 0,
      }));

  const data: DataNode[] = sections
    .map((s) => {
      const roots = s.roots.map((id) => index.byId.get(id)!.node);
      const children = toData(roots);
      return {
        key: `sec-${s.key}`,
        title: (
          <Checkbox
            aria-label={`授权 ${s.title}全部`}
            {...tickProps(sectionState(index, grants, s.roots))}
            onChange={(e) => onChange(toggleMany(index, grants, s.roots, e.target.checked))}
          >
            <b>{s.title}</b>
          </Checkbox>
        ),
        children,
      };
    })
    .filter((d) => !visible || d.children.length > 0);

  const allKeys = useMemo(() => {
    const keys: React.Key[] = sections.map((s) => `sec-${s.key}`);
    for (const item of index.byId.values()) if (item.children.length > 0) keys.push(item.id);
    return keys;
  }, [index, sections]);
  // At first the sections the role has something in are open (all of them for an empty role); the
  // tree is only section → menu folder → page deep. Once the person opens or closes one, theirs.
  const initialKeys = useMemo(() => {
    const held = sections.filter((s) => sectionState(index, grants, s.roots) !== 'unchecked');
    if (held.length === 0) return allKeys;
    const keys: React.Key[] = [];
    for (const s of held) {
      keys.push(`sec-${s.key}`);
      for (const r of s.roots) keys.push(r, ...(index.byId.get(r)?.children ?? []));
    }
    return keys;
  }, [sections, index, grants, allKeys]);
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);

  return data.length === 0 ? (
    <Empty description={filter ? '没有匹配的资源' : '暂无资源'} />
  ) : (
    <Tree
      blockNode
      selectable={false}
      treeData={data}
      expandedKeys={visible ? allKeys : (expanded ?? initialKeys)}
      onExpand={(keys) => setExpanded(keys)}
      {...(height > 0 ? { height } : { virtual: false })}
    />
  );
}

/** Counts for the editor header: pages and actions held. */
function summary(grants: Grants, index: TreeIndex) {
  let pages = 0;
  let actions = 0;
  for (const [id, acts] of grants) {
    const item = index.byId.get(id);
    if (!item || (item.children.length > 0 && item.offered.length === 0)) continue;
    pages++;
    actions += acts.length;
  }
  return { pages, actions };
}

/** Add or edit a role and its grants. */
export function RoleEditor({
  role,
  open,
  onClose,
  onSaved,
}: {
  /** null: a new role. */
  role: RoleRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const { user: me } = useAuth();
  const [form] = Form.useForm<RoleFormValues>();
  const [grants, setGrants] = useState<Map<number, string[]>>(new Map());
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const treeQ = useQuery({
    queryKey: ['sys', 'resTree'],
    queryFn: resourceTree,
    enabled: open,
    staleTime: 60_000,
  });
  const grantsQ = useQuery({
    queryKey: ['sys', 'roleGrants', role?.id],
    queryFn: () => roleGrants(role!.id),
    enabled: open && role !== null,
    staleTime: 0,
  });
  const index = useMemo(() => indexTree(treeQ.data ?? []), [treeQ.data]);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setFilter('');
    form.setFieldsValue({
      roleName: role?.roleName ?? '',
      roleKey: role?.roleKey ?? 'ROLE_',
      description: role?.description ?? '',
    });
    if (role === null) setGrants(new Map());
  }, [open, role, form]);

  useEffect(() => {
    if (open && role && grantsQ.data && treeQ.data)
      setGrants(normalize(index, grantsFrom(grantsQ.data.grants)));
  }, [open, role, grantsQ.data, treeQ.data, index]);

  const save = useMutation({
    mutationFn: (v: RoleFormValues) =>
      saveRole({
        ...(role ? { id: role.id, version: role.version } : {}),
        roleKey: v.roleKey.trim(),
        roleName: v.roleName.trim(),
        description: v.description?.trim() ?? '',
        resources: toRoleGrants(grants),
      }),
    onSuccess: (res) => {
      message.success(res.message || '保存成功');
      onSaved();
    },
    onError: (e) => {
      const text = isApiError(e) ? e.envelope.result : '保存失败，请稍后重试';
      setError(
        isApiError(e) && e.status === 409 && e.code === 'STALE_VERSION'
          ? `${text}（请关闭后重新打开）`
          : text,
      );
    },
  });

  const loading = treeQ.isLoading || (role !== null && grantsQ.isLoading);
  // 三权分立: the server refuses a save of your own role, and of the security and audit roles; say so first.
  const ownRole = role !== null && role.roleKey === me?.userRole.roleKey;
  const reserved = role?.duty === 'security' || role?.duty === 'audit';
  const locked = ownRole || reserved;
  const { pages, actions } = summary(grants, index);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={980}
      title={role ? `编辑角色：${roleAdminLabel(role)}` : '新增角色'}
      destroyOnHidden
      maskClosable={false}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Action name={role ? 'edit' : 'add'}>
            <Button
              type="primary"
              loading={save.isPending}
              disabled={loading || locked}
              onClick={() => form.submit()}
            >
              保存
            </Button>
          </Action>
        </Space>
      }
    >
      <Form<RoleFormValues> form={form} layout="vertical" name="role" onFinish={(v) => save.mutate(v)}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              label="角色名称"
              name="roleName"
              rules={[
                { required: true, whitespace: true, message: '请输入角色名称' },
                { max: 64, message: '角色名称不能超过64个字符' },
              ]}
            >
              <Input maxLength={64} placeholder="如 用户审计员" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="角色标识"
              name="roleKey"
              extra={role?.isSystem ? '系统角色的标识不能修改' : '以 ROLE_ 开头，大写字母、数字和下划线'}
              rules={[
                { required: true, message: '请输入角色标识' },
                { max: 64, message: '角色标识不能超过64个字符' },
                { pattern: ROLE_KEY_PATTERN, message: '角色标识须以 ROLE_ 开头，只含大写字母、数字和下划线' },
              ]}
              normalize={(v: string) => v.toUpperCase()}
            >
              <Input maxLength={64} disabled={role?.isSystem} placeholder="ROLE_AUDITOR" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="描述"
              name="description"
              rules={[{ max: 200, message: '描述不能超过200个字符' }]}
            >
              <Input maxLength={200} placeholder="可选" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {locked && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={
            reserved
              ? '安全管理员、审计管理员角色的权限由系统预置，不能在角色管理中修改（三权分立）。'
              : '这是您自己所在的角色：不能修改自己所在角色的权限，须由其他有“角色权限”管理权限的管理员修改（三权分立）。'
          }
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          message={error}
          style={{ marginBottom: 12 }}
          closable
          onClose={() => setError(null)}
        />
      )}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={`已选 ${pages} 个页面、${actions} 项操作。保存后，持有该角色的用户在下一次操作时即按新权限生效，菜单在其刷新页面后更新。`}
      />
      <Input.Search
        allowClear
        placeholder="筛选资源：名称、路径或组件名"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 12 }}
        aria-label="筛选资源"
      />
      {loading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <GrantTree tree={treeQ.data ?? []} grants={grants} onChange={setGrants} filter={filter} />
      )}
    </Drawer>
  );
}
