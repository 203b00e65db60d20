import { InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { ClassItem } from '@aqzrx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { numberRule } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { FIELD_RANGES } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { type ClassKindName, deleteClass, saveClass, useClasses } from './api.ts';
import { classNameRules } from './form-rules.ts';

interface ClassForm {
  name: string;
  sort?: number;
  remark?: string;
}

/**
 * Help or consult classes. Writing them needs contentClass.edit / contentClass.delete whichever
 * screen shows them, so the buttons check those permissions (on AdminContentClass they are also the
 * route's own actions).
 */
export function ClassManager({ kind, title }: { kind: ClassKindName; title: string }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { data, isLoading, refetch } = useClasses(kind);
  const [editing, setEditing] = useState<ClassItem | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ClassForm>();
  const countLabel = kind === 'Help' ? '已发布文章' : '公开问答';

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['content', 'classes', kind] });
    await refetch();
  };
  const open = (c: ClassItem | 'new') => {
    setEditing(c);
    form.setFieldsValue(c === 'new' ? { name: '', sort: (data?.length ?? 0) * 10 + 10, remark: '' } : c);
  };
  const submit = async () => {
    let v: ClassForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await saveClass(kind, {
        ...(editing && editing !== 'new' ? { id: editing.id, version: editing.version } : {}),
        name: v.name.trim(),
        sort: v.sort ?? 0,
        remark: (v.remark ?? '').trim(),
      });
      message.success('保存成功');
      setEditing(null);
      await refresh();
    } catch (e) {
      if (!isApiError(e)) message.error('保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };
  const remove = async (c: ClassItem) => {
    try {
      await deleteClass(kind, c.id, c.version);
      message.success('删除成功');
    } catch (e) {
      if (!isApiError(e)) message.error('删除失败，请稍后重试');
    }
    await refresh();
  };

  return (
    <Card
      title={title}
      variant="borderless"
      extra={
        <Action permission="contentClass.edit">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            新增分类
          </Button>
        </Action>
      }
    >
      <Table<ClassItem>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无分类' }}
        columns={[
          { title: '分类名称', dataIndex: 'name' },
          { title: '排序', dataIndex: 'sort', width: 90 },
          { title: countLabel, dataIndex: 'count', width: 110 },
          { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '—' },
          {
            title: '操作',
            width: 140,
            render: (_, c) => (
              <Space>
                <Action permission="contentClass.edit">
                  <Typography.Link onClick={() => open(c)}>编辑</Typography.Link>
                </Action>
                <Action permission="contentClass.delete">
                  {c.count > 0 ? (
                    // It cannot be deleted: say why and offer nothing that would fail.
                    <Popconfirm
                      title={`不能删除分类“${c.name}”`}
                      description={`该分类下还有 ${c.count} 条${countLabel}，请先移走再删除。`}
                      icon={<InfoCircleOutlined style={{ color: '#1677ff' }} />}
                      showCancel={false}
                      okText="知道了"
                    >
                      <Typography.Link type="danger">删除</Typography.Link>
                    </Popconfirm>
                  ) : (
                    <Popconfirm
                      title={`确定删除分类“${c.name}”吗？`}
                      description="删除后不可恢复。"
                      okText="删除"
                      cancelText="取消"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove(c)}
                    >
                      <Typography.Link type="danger">删除</Typography.Link>
                    </Popconfirm>
                  )}
                </Action>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={editing === 'new' ? '新增分类' : '编辑分类'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name={`class-${kind}`}>
          <Form.Item name="name" label="分类名称" rules={classNameRules}>
            <Input maxLength={50} showCount />
          </Form.Item>
          <Form.Item
            name="sort"
            label="排序"
            extra="数字小的排在前面"
            rules={[numberRule('排序', FIELD_RANGES.classSort)]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字符' }]}>
            <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
