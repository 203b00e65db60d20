import type { ProColumns } from '@ant-design/pro-components';
import { Alert } from 'antd';
import { cleanParams, PagedTable, tableWidth } from '../../components/index.ts';
import { SMS_PURPOSES } from '../../platform/contracts.ts';
import { type SmsOutboxRow, smsOutbox } from './api.ts';

/**
 * 短信发件箱 (AdminSmsOutbox): the texts the development SMS channel kept instead of sending (codes for
 * registration and password recovery). Production sends through a real provider and keeps nothing here.
 * The server answers the mobiles masked (security.md P04); the search takes the whole number.
 */
export function AdminSmsOutbox() {
  const columns: ProColumns<SmsOutboxRow>[] = [
    {
      title: '手机号',
      dataIndex: 'mobile',
      width: 130,
      fieldProps: { placeholder: '完整的11位手机号' },
    },
    {
      title: '用途',
      dataIndex: 'purpose',
      width: 100,
      search: false,
      render: (_, r) => SMS_PURPOSES.label(r.purpose as never) || r.purpose,
    },
    { title: '短信内容', dataIndex: 'content', width: 520, search: false },
    { title: '时间', dataIndex: 'createdAt', width: 170, search: false },
  ];
  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        message="开发用短信通道：未配置短信服务商时，验证码短信记录在此而不真正发送。生产环境须配置阿里云或腾讯云短信。"
      />
      <PagedTable<SmsOutboxRow, Record<string, unknown>>
        headerTitle="短信发件箱"
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false }}
        request={(params) => {
          const { pageNo, pageSize, sortField: _sf, sortOrder: _so, ...rest } = params;
          return smsOutbox({ ...cleanParams(rest), pageNo, pageSize });
        }}
        locale={{ emptyText: '发件箱为空' }}
      />
    </>
  );
}
