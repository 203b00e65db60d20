import type { ProColumns } from '@ant-design/pro-components';
import { Tag, Typography } from 'antd';
import { PagedTable } from '../../components/index.ts';
import { type PolicyDetail, type PolicyPersonRow, policyApi } from './api.ts';

/**
 * 参保人员 of a policy: the persons named by approved add/replace endorsements (ID numbers masked by the
 * server), optionally with those removed since, who removed them and when. A full ID number typed in
 * the search box finds its person without ever showing the number.
 */
export function PolicyPersons({ policy }: { policy: PolicyDetail }) {
  const columns: ProColumns<PolicyPersonRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '姓名或完整证件号码' },
    },
    {
      title: '范围',
      dataIndex: 'all',
      hideInTable: true,
      valueType: 'select',
      initialValue: 'false',
      valueEnum: { false: { text: '当前参保人员' }, true: { text: '含已减少人员' } },
      fieldProps: { allowClear: false },
    },
    { title: '姓名', dataIndex: 'name', search: false },
    { title: '证件类型', dataIndex: 'idTypeLabel', search: false, width: 110 },
    { title: '证件号码', dataIndex: 'idNo', search: false },
    { title: '岗位', dataIndex: 'position', search: false, render: (_, r) => r.position || '-' },
    {
      title: '参保日期',
      dataIndex: 'joinedOn',
      search: false,
      render: (_, r) => (
        <span>
          {r.joinedOn}
          {r.joinedEndorsementNo ? (
            <Typography.Text type="secondary">（{r.joinedEndorsementNo}）</Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      title: '状态',
      key: 'state',
      search: false,
      render: (_, r) =>
        r.leftOn ? (
          <span>
            <Tag color="default">已减少</Tag>
            <Typography.Text type="secondary">
              {r.leftOn}
              {r.leftEndorsementNo ? `（${r.leftEndorsementNo}）` : ''}
            </Typography.Text>
          </span>
        ) : (
          <Tag color="green">参保中</Tag>
        ),
    },
  ];
  return (
    <div data-testid="policy-persons">
      <Typography.Paragraph type="secondary">
        参保人数 {policy.headcount} 人，其中已登记姓名和证件的 {policy.personCount ?? 0}{' '}
        人（经加人、换人批改登记）。证件号码仅显示前6位和后4位。
      </Typography.Paragraph>
      <PagedTable<PolicyPersonRow>
        columns={columns}
        search={{ labelWidth: 'auto' }}
        options={false}
        params={{ id: policy.id, v: policy.version }}
        locale={{ emptyText: '暂无登记的参保人员' }}
        request={(q) => {
          const { keyword, all, pageNo, pageSize } = q as typeof q & { keyword?: string; all?: string };
          return policyApi.persons({
            id: policy.id,
            pageNo,
            pageSize,
            ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
            ...(all === 'true' ? { all } : {}),
          });
        }}
      />
    </div>
  );
}
