import { UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Tag } from 'antd';
import { useRef, useState } from 'react';
import { chinaTime, PagedTable } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { INSURER_DOC_TYPES } from '../../platform/contracts.ts';
import { addDoc, deleteDoc, editDoc, type InsurerDocFields, type InsurerDocRow, listDocs } from './api.ts';
import { DocForm } from './DocForm.tsx';
import { DocDownload, DocTypeTag } from './PublishedDocs.tsx';

/**
 * /insurance/org/InsuranceDocs/route: policy wordings, rate tables and service manuals. Every document
 * saved here is readable by enterprises when they apply for insurance (/api/insurerDoc/published).
 */
export function InsuranceDocs() {
  const { message } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<{ open: boolean; record?: InsurerDocRow }>({ open: false });
  const close = () => setEditing({ open: false });
  const reload = () => actionRef.current?.reload();

  const save = useMutation({
    mutationFn: (v: InsurerDocFields) =>
      editing.record ? editDoc({ ...v, id: editing.record.id, version: editing.record.version }) : addDoc(v),
    onSuccess: () => {
      message.success(editing.record ? '保存成功' : '上传成功，企业投保时即可查阅');
      close();
      reload();
    },
  });
  const remove = useMutation({
    mutationFn: (r: InsurerDocRow) => deleteDoc(r.id, r.version),
    onSuccess: () => {
      message.success('删除成功');
      reload();
    },
  });

  const columns: ProColumns<InsurerDocRow>[] = [
    { title: '标题', dataIndex: 'title', ellipsis: true, fieldProps: { placeholder: '请输入标题关键字' } },
    {
      title: '文档类型',
      dataIndex: 'docType',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(INSURER_DOC_TYPES.map((t) => [String(t.value), { text: t.label }])),
      render: (_, r) => <DocTypeTag type={r.docType} />,
    },
    { title: '备注', dataIndex: 'remark', search: false, ellipsis: true, render: (_, r) => r.remark || '-' },
    {
      title: '公开状态',
      key: 'published',
      width: 110,
      search: false,
      render: () => <Tag color="success">企业可查阅</Tag>,
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 150,
      search: false,
      render: (_, r) => chinaTime(r.updatedAt),
    },
    {
      title: '操作',
      key: 'option',
      valueType: 'option',
      width: 200,
      render: (_, r) => [
        <DocDownload key="download" doc={r} />,
        <Action name="edit" key="edit">
          <Button type="link" size="small" onClick={() => setEditing({ open: true, record: r })}>
            编辑
          </Button>
        </Action>,
        <Action name="delete" key="delete">
          <Popconfirm
            title={`确定删除文档“${r.title}”吗？`}
            description="删除后企业将无法再查阅该文档。"
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(r)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Action>,
      ],
    },
  ];

  return (
    <Card variant="borderless">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="此处保存的保险条款、费率表和服务手册向投保企业公开：企业在投保申请时可查阅所选机构的文档，在“投保管理 → 保险条款与费率”中可查阅和下载各机构的文档。"
      />
      <PagedTable<InsurerDocRow, { title?: string; docType?: string }>
        headerTitle="机构文档"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: '暂无文档，点击“上传文档”发布保险条款或费率表' }}
        request={async ({ pageNo, pageSize, title, docType }) =>
          listDocs({
            pageNo,
            pageSize,
            ...(title ? { title } : {}),
            ...(docType !== undefined ? { docType: Number(docType) } : {}),
          })
        }
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setEditing({ open: true })}>
              上传文档
            </Button>
          </Action>,
        ]}
      />
      <DocForm
        open={editing.open}
        record={editing.record}
        saving={save.isPending}
        onCancel={close}
        onSubmit={(v) => save.mutate(v)}
      />
    </Card>
  );
}
