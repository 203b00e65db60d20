import { ImportModal } from '../../components/index.ts';
import { POOL_IMPORT_LIMITS } from '../../platform/contracts.ts';
import { importPool, poolApi } from './api.ts';

const INTRO = {
  expert:
    '请使用导入模板填写：姓名、证件号码（请设为文本格式）、手机号码为必填；服务项目、行业领域可填名称，多个用“、”分隔。导入采用“全部或全不”：任一行有误则整表不导入，并列出每一行的错误。',
  org: '请使用导入模板填写：机构名称、统一社会信用代码、所在区县、服务项目、服务区域为必填，选择“其他有关事故预防工作”时须填写其他服务内容；服务项目、行业领域、服务区域可填名称，多个用“、”分隔，日期格式为YYYY-MM-DD。导入采用“全部或全不”：任一行有误则整表不导入，并列出每一行的错误。',
};

/** 导入专家 / 导入服务机构: the shared ImportModal with the pool's template, upload and caps. */
export function ImportPoolModal({
  kind,
  open,
  onClose,
  onImported,
}: {
  kind: 'expert' | 'org';
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  return (
    <ImportModal
      open={open}
      title={kind === 'org' ? '导入服务机构' : '导入专家'}
      intro={INTRO[kind]}
      downloadTemplate={() => poolApi.template(kind)}
      upload={async (file) => {
        const res = await importPool(kind, file);
        return res.ok
          ? { ok: true, message: res.message }
          : {
              ok: false,
              message: res.message,
              errors: res.errors.map((e) => ({ rowNo: e.rowNo, message: e.messages.join('；') })),
            };
      }}
      maxBytes={POOL_IMPORT_LIMITS.fileBytes}
      maxRows={POOL_IMPORT_LIMITS.rows}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
