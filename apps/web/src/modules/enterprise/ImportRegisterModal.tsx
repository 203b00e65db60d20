import { ImportModal } from '../../components/index.ts';
import { downloadFile } from '../../platform/download.ts';
import { ENT_API, importRegister } from './api.ts';

export { NOTHING_IMPORTED_TEXT } from '../../components/index.ts';

export const IMPORT_MAX_MB = 5;

export interface ImportRegisterModalProps {
  open: boolean;
  onClose: () => void;
  /** Called after a successful import (the list reloads). */
  onImported: () => void;
}

/**
 * Import of the must-insure register (应保企业台账) from .xlsx (the shared ImportModal). The server checks
 * every row first and imports nothing when any row is wrong; its report names row and column.
 */
export function ImportRegisterModal({ open, onClose, onImported }: ImportRegisterModalProps) {
  return (
    <ImportModal
      open={open}
      title="导入应保企业台账"
      intro="请使用导入模板填写：企业名称、统一社会信用代码、所属区县、安全生产行业领域代码、从业人员总数为必填。导入采用“全部或全不”：所有行都正确才会导入；任一行有误则整表不导入，并列出每一行的错误。已在平台登记的企业会被列入台账（其企业信息不变），新企业将以“信息未完善”状态创建。"
      downloadTemplate={() =>
        downloadFile(ENT_API.importTemplate, { method: 'POST', fallbackName: '应保企业台账导入模板.xlsx' })
      }
      upload={async (file) => {
        const res = await importRegister(file);
        return res.ok
          ? {
              ok: true,
              message: res.message,
              detail: `共${res.rows}行全部导入：新增企业${res.created}家，已有企业列入台账${res.marked}家。`,
            }
          : {
              ok: false,
              message: res.message,
              errors: res.errors.map((e) => ({ rowNo: e.row, column: e.column, message: e.message })),
            };
      }}
      maxBytes={IMPORT_MAX_MB * 1024 * 1024}
      maxRows={5000}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
