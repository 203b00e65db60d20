import { Button, Form, type FormInstance, Input, InputNumber, Modal, Popconfirm, Radio, Tooltip } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useEffect, useRef } from 'react';
import { Action } from '../platform/access.tsx';
import { ENABLE_STATUS } from '../platform/contracts.ts';
import { validated } from './form-utils.ts';

/**
 * Pieces the configuration screens (dictionaries, industries, safety mechanisms, subsystems) share: the
 * add/edit modal, the sort, status and remark fields with the server's limits, and the row's delete.
 */

/**
 * The add/edit modal of a record: open while `editing` is set (a row, 'new', or what the add needs),
 * loading `valuesOf(editing)` into the form each time it changes; 保存 validates first and hands the
 * values to `onSubmit` (a failed rule stays on the form, shown at the field).
 */
export function EditModal<E, V>({
  editing,
  valuesOf,
  form,
  title,
  saving,
  onCancel,
  onSubmit,
  width,
  name,
  children,
}: {
  editing: E | null;
  valuesOf: (editing: E) => V;
  form: FormInstance<V>;
  title: ReactNode;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: V) => void;
  width?: number;
  /** The form's name (prefixes the field ids). */
  name?: string;
  children: ReactNode;
}) {
  // Read when `editing` changes, so callers may pass an inline function.
  const valuesOfRef = useRef(valuesOf);
  useEffect(() => {
    valuesOfRef.current = valuesOf;
  });
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(valuesOfRef.current(editing) as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  }, [editing, form]);
  return (
    <Modal
      open={editing !== null}
      title={title}
      okText="保存"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={async () => {
        const v = await validated(form);
        if (v) onSubmit(v);
      }}
      {...(width === undefined ? {} : { width })}
      destroyOnHidden
    >
      <Form form={form} {...(name === undefined ? {} : { name })} layout="vertical" preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}

export const SORT_RULES: Rule[] = [
  { type: 'integer', min: 0, max: 999999, message: '排序号为0-999999的整数' },
];
export const REMARK_RULES: Rule[] = [{ max: 500, message: '备注最多500个字符' }];

/** 排序号: 0-999999. */
export function SortField() {
  return (
    <Form.Item name="sort" label="排序号" rules={SORT_RULES}>
      <InputNumber style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** 状态: enabled (1) or disabled (0). */
export function StatusField() {
  return (
    <Form.Item name="status" label="状态">
      <Radio.Group options={ENABLE_STATUS.map((s) => ({ value: s.value, label: s.label }))} />
    </Form.Item>
  );
}

/** 备注: up to 500 characters. */
export function RemarkField() {
  return (
    <Form.Item name="remark" label="备注" rules={REMARK_RULES}>
      <Input.TextArea rows={3} maxLength={500} showCount />
    </Form.Item>
  );
}

/**
 * A row's 删除 for holders of the delete action: disabled with the reason while something still depends
 * on the row (`blockedBy`), otherwise asked for confirmation first.
 */
export function DeleteAction({
  blockedBy,
  title,
  description,
  onConfirm,
}: {
  blockedBy?: string | undefined;
  title: string;
  description?: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <Action name="delete">
      {blockedBy ? (
        <Tooltip title={blockedBy}>
          <Button type="link" size="small" danger disabled>
            删除
          </Button>
        </Tooltip>
      ) : (
        <Popconfirm title={title} description={description} onConfirm={onConfirm}>
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      )}
    </Action>
  );
}
