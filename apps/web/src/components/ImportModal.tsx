import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';

/** Plain statement of what a refused import did (the server imports all rows or none). */
export const NOTHING_IMPORTED_TEXT =
  '本次未导入任何数据：表格中只要有一行有误，整张表都不会导入。请按下表逐行修改后重新导入。';

/** One refused row of the server's report; `column` when the server names it. */
export interface ImportErrorRow {
  rowNo: number;
  column?: string;
  message: string;
}

/**
 * What an upload came to: all rows imported (`detail` says what was added), or refused with the rows'
 * messages (none when the file itself was refused; `message` says why).
 */
export type ImportModalOutcome =
  | { ok: true; message: string; detail?: string }
  | { ok: false; message: string; errors: ImportErrorRow[] };

export interface ImportModalProps {
  open: boolean;
  /** Modal title, e.g. 导入专家. */
  title: string;
  /** What to fill in (required columns, formats); shown above the template button. */
  intro: ReactNode;
  /** Downloads the template (the client shows a failure). */
  downloadTemplate: () => Promise<unknown>;
  /** Uploads the file; rejects only for failures the client has already shown. */
  upload: (file: File) => Promise<ImportModalOutcome>;
  maxBytes: number;
  maxRows: number;
  onClose: () => void;
  /** Called after a successful import (the list reloads). */
  onImported: () => void;
}

/**
 * The .xlsx import dialog of every import (应保企业台账, 专家, 服务机构): the template, the file checks the
 * browser can make (type, size), the upload and the server's row-by-row report. The server imports all
 * rows or none; a refused file shows each bad row's messages in a table.
 */
export function ImportModal({
  open,
  title,
  intro,
  downloadTemplate,
  upload,
  maxBytes,
  maxRows,
  onClose,
  onImported,
}: ImportModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportModalOutcome | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const maxMb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;

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
      const res = await upload(file);
      setOutcome(res);
      if (res.ok) onImported();
    } catch {
      // The client has shown the failure.
    } finally {
      setBusy(false);
    }
  };
  const errors: ImportErrorRow[] = outcome && !outcome.ok ? outcome.errors : [];
  const badRows = new Set(errors.map((e) => e.rowNo)).size;
  const withColumn = errors.some((e) => e.column);

  return (
    <Modal
      title={title}
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
          {intro}
        </Typography.Paragraph>
        <Button icon={<DownloadOutlined />} onClick={() => downloadTemplate().catch(() => undefined)}>
          下载导入模板
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          multiple={false}
          fileList={file ? [{ uid: 'import', name: file.name, status: 'done', size: file.size }] : []}
          beforeUpload={(f) => {
            setOutcome(null);
            if (!/\.xlsx$/i.test(f.name)) {
              setFile(null);
              setFileError('请选择 .xlsx 格式的文件（Excel 2007 及以上）');
              return Upload.LIST_IGNORE;
            }
            if (f.size > maxBytes) {
              setFile(null);
              setFileError(`文件超过${maxMb}MB，请分批导入`);
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
            单个文件不超过{maxMb}MB，一次最多{maxRows}行
          </p>
        </Upload.Dragger>
        {fileError && <Alert type="error" showIcon message={fileError} />}
        {outcome?.ok && (
          <Alert type="success" showIcon message={outcome.message} description={outcome.detail} />
        )}
        {outcome && !outcome.ok && (
          <>
            <Alert
              type="error"
              showIcon
              message={badRows > 0 ? `导入失败：${badRows}行有误` : '导入失败'}
              description={
                <>
                  <div>{NOTHING_IMPORTED_TEXT}</div>
                  {/* With a row report the server's sentence only repeats the heading; without one it says why. */}
                  {outcome.message && badRows === 0 && <div>{outcome.message}</div>}
                </>
              }
            />
            {errors.length > 0 && (
              <Table<ImportErrorRow>
                size="small"
                rowKey={(r) => `${r.rowNo}-${r.column ?? ''}-${r.message}`}
                dataSource={errors}
                pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                aria-label="导入错误报告"
                columns={[
                  { title: '行号', dataIndex: 'rowNo', width: 90, render: (v: number) => `第${v}行` },
                  ...(withColumn
                    ? [
                        {
                          title: '列',
                          dataIndex: 'column',
                          width: 180,
                          render: (v: string | undefined) => v || '-',
                        },
                      ]
                    : []),
                  { title: '错误说明', dataIndex: 'message' },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
