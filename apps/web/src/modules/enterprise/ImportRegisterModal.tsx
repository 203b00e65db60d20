import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../platform/download.ts';
import { ENT_API, type EnterpriseImportError, type ImportOutcome, importRegister } from './api.ts';

export const IMPORT_MAX_MB = 5;

/** Plain statement of what a refused import did (the server imports all rows or none). */
export const NOTHING_IMPORTED_TEXT =
  '本次未导入任何数据：表格中只要有一行有误，整张表都不会导入。请按下表逐行修改后重新导入。';

export interface ImportRegisterModalProps {
  open: boolean;
  onClose: () => void;
  /** Called after a successful import (the list reloads). */
  onImported: () => void;
}

/**
 * Import of the must-insure register (应保企业台账) from .xlsx. The server checks every row first and
 * imports nothing when any row is wrong; its row-by-row report is shown here in a table.
 */
export function ImportRegisterModal({ open, onClose, onImported }: ImportRegisterModalProps) {
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
      const res = await importRegister(file);
      setOutcome(res);
      if (res.ok) onImported();
    } catch {
      // The client has shown the failure.
    } finally {
      setBusy(false);
    }
  };
  const errors: EnterpriseImportError[] = outcome && !outcome.ok ? outcome.errors : [];
  const badRows = new Set(errors.map((e) => e.row)).size;

  return (
    <Modal
      title="导入应保企业台账"
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
          请使用导入模板填写：企业名称、统一社会信用代码、所属区县、安全生产行业领域代码、从业人员总数为必填。
          导入采用“全部或全不”：所有行都正确才会导入；任一行有误则整表不导入，并列出每一行的错误。已在平台登记的企业会被列入台账（其企业信息不变），新企业将以“信息未完善”状态创建。
        </Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            downloadFile(ENT_API.importTemplate, {
              method: 'POST',
              fallbackName: '应保企业台账导入模板.xlsx',
            }).catch(() => undefined)
          }
        >
          下载导入模板
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          multiple={false}
          fileList={file ? [{ uid: 'register', name: file.name, status: 'done', size: file.size }] : []}
          beforeUpload={(f) => {
            setOutcome(null);
            if (!/\.xlsx$/i.test(f.name)) {
              setFile(null);
              setFileError('请选择 .xlsx 格式的文件（Excel 2007 及以上）');
              return Upload.LIST_IGNORE;
            }
            if (f.size > IMPORT_MAX_MB * 1024 * 1024) {
              setFile(null);
              setFileError(`文件超过${IMPORT_MAX_MB}MB，请分批导入`);
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
          <p className="ant-upload-hint">单个文件不超过{IMPORT_MAX_MB}MB，一次最多5000行</p>
        </Upload.Dragger>
        {fileError && <Alert type="error" showIcon message={fileError} />}
        {outcome?.ok && (
          <Alert
            type="success"
            showIcon
            message={outcome.message}
            description={`共${outcome.rows}行全部导入：新增企业${outcome.created}家，已有企业列入台账${outcome.marked}家。`}
          />
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
              <Table<EnterpriseImportError>
                size="small"
                rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
                dataSource={errors}
                pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 80, render: (v: number) => `第${v}行` },
                  { title: '列', dataIndex: 'column', width: 180, render: (v: string) => v || '-' },
                  { title: '错误说明', dataIndex: 'message' },
                ]}
                aria-label="导入错误报告"
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
