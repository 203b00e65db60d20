import { Alert, App, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useAccess } from '../../platform/access.tsx';
import { EXPORT_REASON_MAX, USER_EXPORT_FILENAME, USER_EXPORT_ROW_CAP } from '../../platform/contracts.ts';
import { downloadUsers } from './api.ts';

interface Choice {
  fullMobiles: boolean;
  reason: string;
}

/** The reason field's rule: required, not only spaces (the server refuses both with 400). */
export const EXPORT_REASON_MESSAGE = '请填写导出完整手机号的原因（将记入操作日志）';

/**
 * The user export's dialog (security.md P04): the filtered list with mobiles masked, unless a holder of
 * userSensitive.export ticks 导出完整手机号 and gives a reason, which the server keeps in the export's
 * operation-log row.
 */
export function ExportUsersModal({
  open,
  filters,
  onClose,
}: {
  open: boolean;
  /** The list's current filters (the export takes the same). */
  filters: Record<string, string | number>;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const access = useAccess();
  const mayExportFull = access.hasPermission('userSensitive.export');
  const [form] = Form.useForm<Choice>();
  const full = Form.useWatch('fullMobiles', form) === true;
  const [exporting, setExporting] = useState(false);

  const run = async (v: Choice) => {
    setExporting(true);
    try {
      const params = v.fullMobiles
        ? { ...filters, mobiles: 'full', exportReason: v.reason.trim() }
        : { ...filters };
      const rows = await downloadUsers(params, USER_EXPORT_FILENAME);
      message.success(`已导出 ${rows} 个用户${v.fullMobiles ? '（含完整手机号）' : ''}`);
      onClose();
    } catch {
      // The client has shown the refusal; the dialog stays open to correct it.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal
      open={open}
      title="导出用户"
      okText="导出"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={exporting}
      destroyOnHidden
      maskClosable={false}
    >
      <Typography.Paragraph>
        按当前查询条件导出用户列表（Excel，最多 {USER_EXPORT_ROW_CAP.toLocaleString('zh-CN')}{' '}
        行）。手机号默认脱敏导出，如 138****5678。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="user-export"
        initialValues={{ fullMobiles: false, reason: '' }}
        onFinish={run}
      >
        {mayExportFull ? (
          <>
            <Form.Item name="fullMobiles" valuePropName="checked" style={{ marginBottom: full ? 12 : 0 }}>
              <Checkbox>导出完整手机号</Checkbox>
            </Form.Item>
            {full && (
              <>
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 12 }}
                  message="完整手机号属于个人信息：本次导出及其原因将记入操作日志，请妥善保管导出的文件。"
                />
                <Form.Item
                  label="导出原因"
                  name="reason"
                  rules={[
                    { required: true, whitespace: true, message: EXPORT_REASON_MESSAGE },
                    { max: EXPORT_REASON_MAX, message: `导出原因最多${EXPORT_REASON_MAX}个字` },
                  ]}
                >
                  <Input.TextArea
                    rows={3}
                    maxLength={EXPORT_REASON_MAX}
                    showCount
                    placeholder="例如：核对账号联系人手机号，用于年度回访"
                  />
                </Form.Item>
              </>
            )}
          </>
        ) : (
          <Typography.Text type="secondary">导出完整手机号需要“用户敏感信息 导出”权限。</Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
