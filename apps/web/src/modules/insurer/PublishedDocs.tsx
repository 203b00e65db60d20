import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { chinaTime, PagedTable } from '../../components/index.ts';
import { INSURER_DOC_TYPES, optionLabel } from '../../platform/contracts.ts';
import { downloadDoc, type InsurerDocRow, insurerOptions, listPublishedDocs } from './api.ts';

const DOC_COLORS: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'green', 9: 'default' };

export function DocTypeTag({ type }: { type: number }) {
  return <Tag color={DOC_COLORS[type] ?? 'default'}>{optionLabel(INSURER_DOC_TYPES, type)}</Tag>;
}

/** Saves a document's file through the API with the session token (a plain link would lack it). */
export function DocDownload({ doc }: { doc: Pick<InsurerDocRow, 'id' | 'title'> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="link"
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      aria-label={`下载 ${doc.title}`}
      onClick={() => {
        setBusy(true);
        downloadDoc(doc)
          // The client already showed why it failed.
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      下载
    </Button>
  );
}

const PANEL_SIZE = 50;

/**
 * 投保申请: the policy wording, rate tables and service manuals the chosen insurer published, so the
 * enterprise reads the terms before it applies.
 */
export function InsurerDocsPanel({
  insurerId,
  insurerName,
}: {
  insurerId: number;
  insurerName?: string | undefined;
}) {
  const docs = useQuery({
    queryKey: ['insurerDoc', 'published', insurerId],
    queryFn: () => listPublishedDocs({ pageNo: 1, pageSize: PANEL_SIZE, insurerId }),
    staleTime: 60_000,
  });
  const list = docs.data?.list ?? [];
  return (
    <Card
      size="small"
      type="inner"
      data-testid="insurer-docs-panel"
      style={{ marginBottom: 16 }}
      title={
        <Space>
          <FileTextOutlined />
          <span>{`${insurerName ?? '所选保险机构'} · 保险条款与费率`}</span>
        </Space>
      }
    >
      {docs.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : docs.isError ? (
        <Alert
          type="warning"
          showIcon
          message="保险条款与费率加载失败"
          action={
            <Button size="small" onClick={() => void docs.refetch()}>
              重试
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <Typography.Text type="secondary">
          该机构尚未在平台公布保险条款或费率表，可向保险机构索取后再提交投保。
        </Typography.Text>
      ) : (
        <>
          <List
            size="small"
            dataSource={list}
            rowKey="id"
            renderItem={(d) => (
              <List.Item actions={[<DocDownload key="download" doc={d} />]}>
                <Space wrap size={[8, 0]}>
                  <DocTypeTag type={d.docType} />
                  <Typography.Text>{d.title}</Typography.Text>
                  <Typography.Text type="secondary">{chinaTime(d.updatedAt, 'date')}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
          {(docs.data?.total ?? 0) > list.length ? (
            <Typography.Text type="secondary">
              共 {docs.data?.total} 份，此处列出最近更新的 {list.length} 份；全部文档见“投保管理 →
              保险条款与费率”。
            </Typography.Text>
          ) : null}
        </>
      )}
    </Card>
  );
}

interface DocFilters {
  insurerId?: string;
  docType?: string;
  title?: string;
}

/** 投保管理 → 保险条款与费率: every insurer's published documents, by institution, type or title. */
export function PublishedDocsTable() {
  const insurers = useQuery({
    queryKey: ['insurer', 'options'],
    queryFn: insurerOptions,
    staleTime: 600_000,
  });
  const columns: ProColumns<InsurerDocRow>[] = [
    {
      title: '保险机构',
      dataIndex: 'insurerId',
      width: 260,
      valueType: 'select',
      valueEnum: Object.fromEntries((insurers.data ?? []).map((i) => [String(i.id), { text: i.name }])),
      fieldProps: { showSearch: true, placeholder: '全部保险机构' },
      render: (_, r) => r.insurerName,
    },
    {
      title: '文档类型',
      dataIndex: 'docType',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(INSURER_DOC_TYPES.map((t) => [String(t.value), { text: t.label }])),
      render: (_, r) => <DocTypeTag type={r.docType} />,
    },
    { title: '标题', dataIndex: 'title', ellipsis: true, fieldProps: { placeholder: '请输入标题关键字' } },
    { title: '说明', dataIndex: 'remark', search: false, ellipsis: true, render: (_, r) => r.remark || '-' },
    {
      title: '更新日期',
      dataIndex: 'updatedAt',
      width: 110,
      search: false,
      render: (_, r) => chinaTime(r.updatedAt, 'date'),
    },
    {
      title: '操作',
      key: 'option',
      valueType: 'option',
      width: 90,
      render: (_, r) => [<DocDownload key="download" doc={r} />],
    },
  ];
  return (
    <Card variant="borderless">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="各保险机构公布的保险条款、费率表和服务手册。投保前请阅读所选机构的条款与费率。"
      />
      <PagedTable<InsurerDocRow, DocFilters>
        headerTitle="保险条款与费率"
        columns={columns}
        search={{ labelWidth: 'auto' }}
        locale={{ emptyText: '保险机构尚未公布保险条款或费率表' }}
        request={async ({ pageNo, pageSize, insurerId, docType, title }) =>
          listPublishedDocs({
            pageNo,
            pageSize,
            ...(insurerId ? { insurerId: Number(insurerId) } : {}),
            ...(docType ? { docType: Number(docType) } : {}),
            ...(title ? { title } : {}),
          })
        }
      />
    </Card>
  );
}
