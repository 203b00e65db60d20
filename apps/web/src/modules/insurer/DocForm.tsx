import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { checkFile, type FileRule, MB } from '../../components/index.ts';
import { INSURER_DOC_TYPES } from '../../platform/contracts.ts';
import { type InsurerDocFields, type InsurerDocRow, type UploadedFile, uploadFile } from './api.ts';
import { lengthRule, maxRule, requiredText } from './rules.ts';

/** Policy wordings and rate tables: PDF, or a scanned page as an image (the server's upload kinds). */
export const DOC_RULE: FileRule = {
  extensions: ['pdf', 'jpg', 'jpeg', 'png'],
  mimeTypes: ['application/pdf', 'application/x-pdf', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png'],
  maxBytes: 100 * MB,
  typeMessage: '请上传pdf、jpg、png格式的文档!',
  sizeMessage: '文档要小于100M!',
};

export interface DocFile {
  fileId: string;
  fileName: string;
}

interface DocFileInputProps {
  value?: DocFile;
  onChange?: (v: DocFile | undefined) => void;
  upload?: (file: File) => Promise<UploadedFile>;
}

/** A form control: picks one file, checks it, uploads it at once and holds its id. */
export function DocFileInput({ value, onChange, upload = uploadFile }: DocFileInputProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Upload
        accept=".pdf,.jpg,.jpeg,.png"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const p = checkFile(file, DOC_RULE);
          setProblem(p);
          if (p) return Upload.LIST_IGNORE;
          setBusy(true);
          upload(file)
            .then((f) => onChange?.({ fileId: f.fileId, fileName: f.fileName || file.name }))
            .catch(() => setProblem('上传失败，请重试'))
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {value ? '重新选择文件' : '选择文件'}
        </Button>
      </Upload>
      {value && (
        <Typography.Text data-testid="doc-file-name">
          <FileTextOutlined /> {value.fileName}
        </Typography.Text>
      )}
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      <Typography.Text type="secondary">支持 pdf、jpg、png，pdf 小于100M，图片小于20M</Typography.Text>
    </Space>
  );
}

interface FormValues {
  docType: number;
  title: string;
  file?: DocFile;
  remark?: string;
}

export interface DocFormProps {
  open: boolean;
  record?: InsurerDocRow;
  saving?: boolean;
  onCancel: () => void;
  onSubmit: (v: InsurerDocFields) => void;
  upload?: (file: File) => Promise<UploadedFile>;
}

const stripExt = (name: string) => name.replace(/\.[^.]+$/, '');

/** Add/edit an institution document (title, type, file, remark). */
export function DocForm({ open, record, saving, onCancel, onSubmit, upload }: DocFormProps) {
  const [form] = Form.useForm<FormValues>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            docType: record.docType,
            title: record.title,
            file: { fileId: record.fileId, fileName: '已上传的文件（重新选择可替换）' },
            remark: record.remark,
          }
        : { docType: 1, title: '', file: undefined, remark: '' },
    );
  }, [open, record, form]);

  return (
    <Modal
      open={open}
      title={record ? '编辑文档' : '上传文档'}
      okText="保存"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="insurerDoc"
        onValuesChange={(changed: Partial<FormValues>) => {
          // Name the document after its file unless a title was typed.
          if (changed.file && !form.getFieldValue('title'))
            form.setFieldValue('title', stripExt(changed.file.fileName));
        }}
        onFinish={(v) =>
          onSubmit({
            docType: v.docType,
            title: v.title.trim(),
            fileId: v.file?.fileId ?? '',
            remark: (v.remark ?? '').trim(),
          })
        }
      >
        <Form.Item name="docType" label="文档类型" rules={[{ required: true, message: '请选择文档类型' }]}>
          <Select options={INSURER_DOC_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
        <Form.Item name="file" label="文档文件" rules={[{ required: true, message: '请上传文档文件' }]}>
          <DocFileInput upload={upload} />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[requiredText('请输入标题'), lengthRule('标题', 1, 200)]}>
          <Input maxLength={200} placeholder="如：安全生产责任保险条款（2025版）" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[maxRule('备注', 500)]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="适用范围、版本说明等" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
