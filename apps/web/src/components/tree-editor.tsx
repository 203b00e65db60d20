import { Button, Col, Form, type FormInstance, Input, Row, Space } from 'antd';
import type { ReactNode } from 'react';
import { Action } from '../platform/access.tsx';
import { CODE_MAX } from '../platform/contracts.ts';
import { DeleteAction, EditModal, RemarkField, SortField, StatusField } from './form-parts.tsx';

/**
 * The tree editor the configuration trees share (data dictionaries, industries): what the modal edits, the
 * code and name rules, a row's 新增下级 / 编辑 / 删除, and the add/edit modal with the fields every node has.
 * Each screen brings its own columns, loading and extra fields.
 */

/** What the modal edits: a new node under `parent`, or a stored `row`. */
export type TreeEditing<P, R> = { mode: 'add'; parent: P; suggested?: string } | { mode: 'edit'; row: R };

/** The fields every node has. */
export interface TreeNodeValues {
  code: string;
  name: string;
  sort: number;
  status: number;
  remark: string;
}

/** The server's rules for a node's code and name, in the words of the screen (字典编码, 行业代码…). */
export function treeNodeRules(labels: {
  code: string;
  name: string;
  codeMessage: string;
  codePattern: RegExp;
}) {
  return {
    code: [
      { required: true, whitespace: true, message: `请输入${labels.code}` },
      { max: CODE_MAX, message: `${labels.code}最多${CODE_MAX}个字符` },
      { pattern: labels.codePattern, message: labels.codeMessage },
    ],
    name: [
      { required: true, whitespace: true, message: `请输入${labels.name}` },
      { max: 100, message: `${labels.name}最多100个字符` },
    ],
  };
}

/** A row's 新增下级, 编辑 (with `editExtra` beside it) and 删除 (refused while the row has children). */
export function TreeRowActions({
  noun,
  hasChildren,
  onAddChild,
  onEdit,
  editExtra,
  deleteTitle,
  deleteDescription,
  onDelete,
}: {
  /** 字典, 行业: named in the refusal to delete a node with children. */
  noun: string;
  hasChildren: boolean;
  onAddChild: () => void;
  onEdit: () => void;
  editExtra?: ReactNode;
  deleteTitle: string;
  deleteDescription?: ReactNode;
  onDelete: () => void;
}) {
  return (
    <Space size={0} wrap>
      <Action name="add">
        <Button type="link" size="small" onClick={onAddChild}>
          新增下级
        </Button>
      </Action>
      <Action name="edit">
        <Button type="link" size="small" onClick={onEdit}>
          编辑
        </Button>
        {editExtra}
      </Action>
      <DeleteAction
        blockedBy={hasChildren ? `该${noun}下还有下级${noun}，请先删除下级${noun}` : undefined}
        title={deleteTitle}
        description={deleteDescription}
        onConfirm={onDelete}
      />
    </Space>
  );
}

/**
 * The add/edit modal of a node: its code (locked on preset nodes, `codeExtra` under it otherwise), its
 * name, the screen's own fields (`children`), sort, status, remark and a closing `note`.
 */
export function TreeNodeModal<
  E extends TreeEditing<unknown, { isSystem: boolean }>,
  V extends TreeNodeValues,
>({
  editing,
  form,
  valuesOf,
  title,
  labels,
  rules,
  codeExtra,
  lockedCodeExtra,
  saving,
  onCancel,
  onSubmit,
  note,
  children,
}: {
  editing: E | null;
  form: FormInstance<V>;
  valuesOf: (editing: E) => V;
  title: string;
  labels: { code: string; name: string };
  rules: ReturnType<typeof treeNodeRules>;
  codeExtra: string;
  lockedCodeExtra: string;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: V) => void;
  note?: ReactNode;
  children?: ReactNode;
}) {
  const locked = editing?.mode === 'edit' && editing.row.isSystem;
  return (
    <EditModal
      editing={editing}
      valuesOf={valuesOf}
      form={form}
      title={title}
      saving={saving}
      onCancel={onCancel}
      onSubmit={onSubmit}
    >
      <Form.Item
        name="code"
        label={labels.code}
        rules={rules.code}
        extra={locked ? lockedCodeExtra : codeExtra}
      >
        <Input maxLength={CODE_MAX} disabled={locked} />
      </Form.Item>
      <Form.Item name="name" label={labels.name} rules={rules.name}>
        <Input maxLength={100} />
      </Form.Item>
      {children}
      <Row gutter={16}>
        <Col span={12}>
          <SortField />
        </Col>
        <Col span={12}>
          <StatusField />
        </Col>
      </Row>
      <RemarkField />
      {note}
    </EditModal>
  );
}
