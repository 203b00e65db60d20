import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { POOL_IMPORT_LIMITS } from '../../platform/contracts.ts';
import { type ImportOutcome, importExperts, type PoolImportResult, poolApi } from './api.ts';

type ErrorRow = PoolImportResult['errors'][number];
const MAX_MB = POOL_IMPORT_LIMITS.fileBytes / 1024 / 1024;

/** 导入专家: the template, the upload and the server's row-by-row report (all rows or none). */
export function ImportExpertsModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const reset = () => {
    setFile(null);
    setOutcome(null);
    setFileError(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const start = async () => {
    if (!file) {
      setFileError('请先选择要导入的 .xlsx 文件');
      return;
    }
    setBusy(true);
    try {
      const res = await importExperts(file);
      setOutcome(res);
      if (res.ok) onImported();
    } catch {
      // The client has shown the failure.
    } finally {
      setBusy(false);
    }
  };
  const errors: ErrorRow[] = outcome && !outcome.ok ? outcome.errors : [];
  return (
    <Modal
      title="导入专家"
      open={open}
      onCancel={close}
      width={760}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close} disabled={busy}>
            关闭
          </Button>
          <Button type="primary" loading={busy} onClick={start} disabled={!file || outcome?.ok === true}>
            开始导入
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          请使用导入模板填写：姓名、证件号码（请设为文本格式）、手机号码为必填；服务项目、行业领域可填名称，多个用“、”分隔。
          导入采用“全部或全不”：任一行有误则整表不导入，并列出每一行的错误。
        </Typography.Paragraph>
        <Button icon={<DownloadOutlined />} onClick={() => poolApi.template().catch(() => undefined)}>
          下载导入模板
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          multiple={false}
          fileList={file ? [{ uid: 'experts', name: file.name, status: 'done', size: file.size }] : []}
          beforeUpload={(f) => {
            setOutcome(null);
            if (!/\.xlsx$/i.test(f.name)) {
              setFile(null);
              setFileError('请选择 .xlsx 格式的文件（Excel 2007 及以上）');
              return Upload.LIST_IGNORE;
            }
            if (f.size > POOL_IMPORT_LIMITS.fileBytes) {
              setFile(null);
              setFileError(`文件超过${MAX_MB}MB，请分批导入`);
              return Upload.LIST_IGNORE;
            }
            setFileError(null);
            setFile(f);
            return false;
          }}
          onRemove={() => {
            reset();
            return true;
          }}
          disabled={busy}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽 .xlsx 文件到此处</p>
          <p className="ant-upload-hint">
            单个文件不超过{MAX_MB}MB，一次最多{POOL_IMPORT_LIMITS.rows}行
          </p>
        </Upload.Dragger>
        {fileError && <Alert type="error" showIcon message={fileError} />}
        {outcome?.ok && <Alert type="success" showIcon message={outcome.message} />}
        {outcome && !outcome.ok && (
          <>
            <Alert
              type="error"
              showIcon
              message={errors.length ? `导入失败：${errors.length}行有误，本次未导入任何数据` : '导入失败'}
              description={errors.length ? '请按下表逐行修改后重新导入。' : outcome.message}
            />
            {errors.length > 0 && (
              <Table<ErrorRow>
                size="small"
                rowKey="rowNo"
                dataSource={errors}
                pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                aria-label="导入错误报告"
                columns={[
                  { title: '行号', dataIndex: 'rowNo', width: 90, render: (v: number) => `第${v}行` },
                  { title: '错误说明', dataIndex: 'messages', render: (v: string[]) => v.join('；') },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
