import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { ArticleItem, ArticleKind } from '@aqzrx/contracts';
import { App, Button, Modal, Popconfirm, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { actionsWidth, PagedTable, tableWidth } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { ARTICLE_STATUS, ArticleStatus, roleDisplayName } from '../../platform/contracts.ts';
import { isApiError } from '../../platform/request.ts';
import { ArticleForm, type ArticleGroup, GROUP_KINDS, kindLabel } from './ArticleForm.tsx';
import { ArticlePreview, type PreviewData } from './ArticlePreview.tsx';
import {
  deleteArticle,
  getArticle,
  listArticles,
  listNoticeReaders,
  type NoticeReader,
  updateArticleStatus,
  useClasses,
} from './api.ts';
import { districtLabels, fmtTime, roleLabels, StatusTag } from './parts.tsx';

/** Least room for the title column (it has no width of its own and takes what the others leave). */
const TITLE_MIN_WIDTH = 280;

interface Filters {
  kind?: ArticleKind;
  keyword?: string;
  status?: number;
  classId?: number;
}

function ReadersModal({ item, onClose }: { item: ArticleItem | null; onClose: () => void }) {
  const columns: ProColumns<NoticeReader>[] = [
    { title: '用户名', dataIndex: 'username', width: 140 },
    { title: '姓名', dataIndex: 'nickname', width: 140 },
    { title: '单位', dataIndex: 'orgName', ellipsis: true, renderText: (v: string) => v || '—' },
    { title: '角色', dataIndex: 'roleKey', width: 150, renderText: (v: string) => roleDisplayName(v) },
    { title: '阅读时间', dataIndex: 'readAt', width: 170, renderText: (v: string) => fmtTime(v) },
  ];
  return (
    <Modal
      title={item ? `已读回执：${item.title}` : '已读回执'}
      open={item !== null}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
    >
      {item && (
        <>
          <Typography.Paragraph type="secondary">
            接收范围：{roleLabels(item.targetRoles)}，{districtLabels(item.targetDistricts)}
            。下表为已登录并打开过本通知的用户。
          </Typography.Paragraph>
          <PagedTable<NoticeReader>
            rowKey="userId"
            search={false}
            options={false}
            columns={columns}
            request={(q) => listNoticeReaders(item.id, q.pageNo, q.pageSize)}
            locale={{ emptyText: '还没有用户阅读' }}
          />
        </>
      )}
    </Modal>
  );
}

export interface ArticleManagerProps {
  group: ArticleGroup;
  /** Heading hint above the list. */
  description?: string;
}

/**
 * List + drawer form for one group of article kinds: notices and policy news (AdminNotice, GovNotice),
 * news, banners and single pages (AdminArticle), help articles (AdminHelp).
 */
export function ArticleManager({ group, description }: ArticleManagerProps) {
  const { message } = App.useApp();
  const kinds = GROUP_KINDS[group];
  const [kind, setKind] = useState<ArticleKind>(kinds[0]!);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [readers, setReaders] = useState<ArticleItem | null>(null);
  const [preview, setPreview] = useState<PreviewData | null>(null);
  const ref = useRef<ActionType | undefined>(undefined);
  const helpClasses = useClasses('Help');
  const reload = () => ref.current?.reload();

  const changeStatus = async (item: ArticleItem, status: number) => {
    try {
      const res = await updateArticleStatus(item.id, status, item.version);
      const extra = res.notified > 0 ? `，已向 ${res.notified} 位用户发送站内消息` : '';
      message.success(`${res.message}${extra}`);
      reload();
    } catch (e) {
      if (!isApiError(e)) message.error('操作失败，请稍后重试');
      reload();
    }
  };
  const remove = async (item: ArticleItem) => {
    try {
      await deleteArticle(item.id, item.version);
      message.success('删除成功');
    } catch (e) {
      if (!isApiError(e)) message.error('删除失败，请稍后重试');
    }
    reload();
  };
  const openPreview = async (item: ArticleItem) => {
    try {
      const d = await getArticle(item.id);
      setPreview({ ...d, kindName: d.kindName });
    } catch {
      /* shown by the client */
    }
  };

  const targeted = kind === 'notice' || kind === 'policy';
  const columns: ProColumns<ArticleItem>[] = [
    {
      title: '关键词',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '标题、摘要或正文' },
    },
    {
      // No width: the title takes the room the other columns leave (at least TITLE_MIN_WIDTH), cut with …
      // and the whole title on hover; the tags before it stay whole.
      title: '标题',
      dataIndex: 'title',
      search: false,
      render: (_, r) => (
        <div style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}>
          {r.pinned && (
            <Tag color="red" style={{ flex: 'none', marginInlineEnd: 0 }}>
              置顶
            </Tag>
          )}
          {r.isBanner && r.kind !== 'banner' && (
            <Tag color="blue" style={{ flex: 'none', marginInlineEnd: 0 }}>
              轮播
            </Tag>
          )}
          <Typography.Link
            ellipsis
            title={r.title}
            style={{ minWidth: 0 }}
            onClick={() => void openPreview(r)}
          >
            {r.title}
          </Typography.Link>
        </div>
      ),
    },
    ...(group === 'help'
      ? ([
          {
            title: '分类',
            dataIndex: 'classId',
            width: 120,
            valueType: 'select',
            fieldProps: {
              options: (helpClasses.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            },
            render: (_, r) => r.className || '—',
          },
        ] as ProColumns<ArticleItem>[])
      : []),
    ...(targeted
      ? ([
          {
            title: '接收范围',
            dataIndex: 'targetRoles',
            search: false,
            width: 160,
            ellipsis: true,
            render: (_, r) =>
              r.targetRoles.length === 0 && r.targetDistricts.length === 0 ? (
                <Tag color="green">公开</Tag>
              ) : (
                <Tooltip title={`${roleLabels(r.targetRoles)}；${districtLabels(r.targetDistricts)}`}>
                  {roleLabels(r.targetRoles)}；{districtLabels(r.targetDistricts)}
                </Tooltip>
              ),
          },
        ] as ProColumns<ArticleItem>[])
      : []),
    ...(kind === 'page'
      ? ([
          { title: '页面标识', dataIndex: 'slug', search: false, width: 120, renderText: (v) => v || '—' },
          {
            title: '页脚',
            dataIndex: 'inFooter',
            search: false,
            width: 70,
            render: (_, r) => (r.inFooter ? '是' : '否'),
          },
        ] as ProColumns<ArticleItem>[])
      : []),
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      valueType: 'select',
      fieldProps: { options: ARTICLE_STATUS.map((s) => ({ value: s.value, label: s.label })) },
      render: (_, r) => <StatusTag status={r.status} />,
    },
    { title: '排序', dataIndex: 'sort', search: false, width: 60 },
    { title: '阅读', dataIndex: 'viewCount', search: false, width: 60 },
    {
      title: '发布时间',
      dataIndex: 'publishAt',
      search: false,
      width: 140,
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{fmtTime(r.publishAt)}</span>,
    },
    {
      title: '操作',
      valueType: 'option',
      width: actionsWidth(targeted ? ['编辑', '发布', '已读回执', '删除'] : ['编辑', '发布', '删除']),
      fixed: 'right',
      render: (_, r) => [
        <Action name="edit" key="edit">
          <Typography.Link onClick={() => setEditing({ id: r.id })}>编辑</Typography.Link>
        </Action>,
        r.status !== ArticleStatus.PUBLISHED ? (
          <Action name="edit" key="publish">
            <Popconfirm
              title={
                targeted && r.status === ArticleStatus.DRAFT
                  ? `发布后将向 ${roleLabels(r.targetRoles)}（${districtLabels(r.targetDistricts)}）发送站内消息，确定发布吗？`
                  : '确定发布吗？'
              }
              onConfirm={() => changeStatus(r, ArticleStatus.PUBLISHED)}
            >
              <Typography.Link>发布</Typography.Link>
            </Popconfirm>
          </Action>
        ) : (
          <Action name="edit" key="withdraw">
            <Popconfirm
              title="撤回后门户不再显示，确定撤回吗？"
              onConfirm={() => changeStatus(r, ArticleStatus.WITHDRAWN)}
            >
              <Typography.Link>撤回</Typography.Link>
            </Popconfirm>
          </Action>
        ),
        targeted ? (
          <Action name="get" key="readers">
            <Typography.Link onClick={() => setReaders(r)}>已读回执</Typography.Link>
          </Action>
        ) : null,
        <Action name="delete" key="delete">
          <Popconfirm
            title={`确定删除“${r.title}”吗？`}
            description={
              r.status === ArticleStatus.PUBLISHED ? '该内容已发布，删除后门户立即不再显示。' : undefined
            }
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(r)}
          >
            <Typography.Link type="danger">删除</Typography.Link>
          </Popconfirm>
        </Action>,
      ],
    },
  ];

  return (
    <div>
      {kinds.length > 1 && (
        <Tabs
          activeKey={kind}
          onChange={(k) => setKind(k as ArticleKind)}
          items={kinds.map((k) => ({ key: k, label: kindLabel(k) }))}
          style={{ marginBottom: 0 }}
        />
      )}
      <PagedTable<ArticleItem, Filters>
        key={kind}
        actionRef={ref}
        headerTitle={description}
        columns={columns}
        scroll={{ x: tableWidth(columns) + TITLE_MIN_WIDTH }}
        search={{ labelWidth: 'auto' }}
        params={{ kind }}
        request={(q) => listArticles({ ...q, kind })}
        locale={{ emptyText: `暂无${kindLabel(kind)}` }}
        toolBarRender={() => [
          <Action name="add" key="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
              新增{kindLabel(kind)}
            </Button>
          </Action>,
        ]}
      />
      <ArticleForm
        group={group}
        id={editing?.id ?? null}
        open={editing !== null}
        defaultKind={kind}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <ReadersModal item={readers} onClose={() => setReaders(null)} />
      <ArticlePreview data={preview} open={preview !== null} onClose={() => setPreview(null)} />
    </div>
  );
}
