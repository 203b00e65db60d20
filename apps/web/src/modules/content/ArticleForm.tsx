import type { ArticleDetail, ArticleKind, ArticleSaveBody, Attachment } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import {
  AttachmentUpload,
  ChinaDateTimePicker,
  chinaPickerValue,
  type FileMapItem,
  fileIdOf,
  ImageUpload,
  numberRule,
} from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  ARTICLE_KIND_PERMISSION,
  ARTICLE_KINDS,
  ArticleStatus,
  CITY_NAME,
  FIELD_RANGES,
} from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { isApiError } from '../../platform/request.ts';
import { ArticlePreview, type PreviewData } from './ArticlePreview.tsx';
import { attachmentInputs, getArticle, saveArticle, useClasses } from './api.ts';
import {
  authorRules,
  bodyRules,
  districtRules,
  linkRules,
  slugRules,
  sourceRules,
  summaryRules,
  titleRules,
} from './form-rules.ts';
import { TARGET_ROLES } from './parts.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';

/** Article kinds managed together (one permission each: notice.*, article.*, help.*). */
export type ArticleGroup = 'notice' | 'article' | 'help';
export const GROUP_KINDS: Record<ArticleGroup, ArticleKind[]> = {
  notice: ['notice', 'policy'],
  article: ['news', 'banner', 'page'],
  help: ['help'],
};
export const kindLabel = (k: ArticleKind) => ARTICLE_KINDS.find((o) => o.value === k)?.label ?? k;

export interface ArticleFormValues {
  kind: ArticleKind;
  classId?: number;
  title: string;
  summary?: string;
  body?: string;
  cover?: FileMapItem[];
  attachments?: Attachment[];
  source?: string;
  author?: string;
  publishAt?: Dayjs | null;
  pinned?: boolean;
  sort?: number;
  isBanner?: boolean;
  linkUrl?: string;
  targetRoles?: string[];
  targetDistricts?: string[];
  slug?: string;
  inFooter?: boolean;
}

/** The save call's body from the form (status 1 publishes in the same step). */
export function toSaveBody(
  v: ArticleFormValues,
  opts: { id?: number; version?: number; publish: boolean },
): ArticleSaveBody {
  const targeted = v.kind === 'notice' || v.kind === 'policy';
  const coverId = fileIdOf(v.cover?.[0]?.fileUrl) ?? null;
  return {
    ...(opts.id ? { id: opts.id, version: opts.version } : {}),
    kind: v.kind,
    classId: v.kind === 'help' ? (v.classId ?? null) : null,
    title: v.title.trim(),
    summary: (v.summary ?? '').trim(),
    body: v.body ?? '',
    coverFileId: coverId,
    attachments: attachmentInputs(v.attachments ?? []),
    source: (v.source ?? '').trim(),
    author: (v.author ?? '').trim(),
    publishAt: v.publishAt ? v.publishAt.toISOString() : null,
    pinned: v.pinned ?? false,
    sort: v.sort ?? 0,
    isBanner: v.kind === 'banner' ? true : v.kind === 'news' ? (v.isBanner ?? false) : false,
    linkUrl: v.kind === 'banner' || v.kind === 'news' ? (v.linkUrl ?? '').trim() : '',
    targetRoles: targeted ? (v.targetRoles ?? []) : [],
    targetDistricts: targeted ? (v.targetDistricts ?? []) : [],
    slug: v.kind === 'page' ? v.slug?.trim() || null : null,
    inFooter: v.kind === 'page' ? (v.inFooter ?? false) : false,
    ...(opts.publish ? { status: ArticleStatus.PUBLISHED as 1 } : {}),
  };
}

function toFormValues(d: ArticleDetail): ArticleFormValues {
  return {
    kind: d.kind,
    classId: d.classId ?? undefined,
    title: d.title,
    summary: d.summary,
    body: d.body,
    cover: d.coverFileId && d.coverUrl ? [{ fileName: '封面', fileUrl: d.coverUrl, fileSize: 0 }] : [],
    attachments: d.attachments,
    source: d.source,
    author: d.author,
    publishAt: chinaPickerValue(d.publishAt) ?? null,
    pinned: d.pinned,
    sort: d.sort,
    isBanner: d.isBanner,
    linkUrl: d.linkUrl,
    targetRoles: d.targetRoles,
    targetDistricts: d.targetDistricts,
    slug: d.slug ?? '',
    inFooter: d.inFooter,
  };
}

export interface ArticleFormProps {
  group: ArticleGroup;
  /** Record to edit; null for a new one. */
  id: number | null;
  open: boolean;
  /** Kind preselected for a new record (e.g. the list's current tab). */
  defaultKind?: ArticleKind;
  onClose: () => void;
  onSaved: () => void;
}

/** Add/edit drawer of notices, articles, banners, single pages and help articles. */
export function ArticleForm({ group, id, open, defaultKind, onClose, onSaved }: ArticleFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ArticleFormValues>();
  const [saving, setSaving] = useState<'draft' | 'publish' | null>(null);
  const [preview, setPreview] = useState<PreviewData | null>(null);
  const kinds = GROUP_KINDS[group];
  // A district-level government account may only address its own districts (the server says the same).
  const { options: districtOptions, limited } = useDistrictOptions();
  const detail = useQuery({
    queryKey: ['content', 'article', id],
    queryFn: () => getArticle(id!),
    enabled: open && id !== null,
    gcTime: 0,
  });
  const helpClasses = useClasses('Help');
  const kind = Form.useWatch('kind', form) ?? defaultKind ?? kinds[0]!;

  useEffect(() => {
    if (!open) return;
    if (id === null) {
      form.resetFields();
      form.setFieldsValue({
        kind: defaultKind ?? kinds[0]!,
        pinned: false,
        sort: 0,
        targetRoles: [],
        targetDistricts: [],
        attachments: [],
        cover: [],
      });
    } else if (detail.data) {
      form.setFieldsValue(toFormValues(detail.data));
    }
  }, [open, id, detail.data, defaultKind, form, kinds]);

  const status = id === null ? ArticleStatus.DRAFT : detail.data?.status;
  const published = status === ArticleStatus.PUBLISHED;

  const submit = async (publish: boolean) => {
    let values: ArticleFormValues;
    try {
      values = await form.validateFields();
    } catch {
      message.error('请按提示修改标红的内容');
      return;
    }
    setSaving(publish ? 'publish' : 'draft');
    try {
      const res = await saveArticle(
        toSaveBody(values, {
          ...(id !== null ? { id, version: detail.data?.version } : {}),
          publish: publish && !published,
        }),
      );
      const extra = res.notified > 0 ? `，已向 ${res.notified} 位用户发送站内消息` : '';
      message.success(`${publish && !published ? '发布成功' : '保存成功'}${extra}`);
      onSaved();
      onClose();
    } catch (e) {
      // The client already showed the server's message; keep the drawer open so nothing is lost.
      if (!isApiError(e)) message.error('保存失败，请稍后重试');
    } finally {
      setSaving(null);
    }
  };

  const showPreview = () => {
    const v = form.getFieldsValue(true) as ArticleFormValues;
    setPreview({
      title: v.title ?? '',
      kindName: kindLabel(v.kind),
      source: v.source,
      author: v.author,
      publishAt: v.publishAt ? v.publishAt.toISOString() : (detail.data?.publishAt ?? null),
      pinned: v.pinned,
      coverUrl: v.cover?.[0]?.fileUrl,
      body: v.body ?? '',
      attachments: v.attachments ?? [],
    });
  };

  const targeted = kind === 'notice' || kind === 'policy';
  // The article group's drawer names what is edited: 新增单页, 编辑首页轮播, 新增新闻动态.
  const noun = group === 'notice' ? '通知公告' : group === 'help' ? '帮助文章' : kindLabel(kind);
  const title = `${id === null ? '新增' : '编辑'}${noun}`;

  return (
    <Drawer
      title={title}
      open={open}
      width={980}
      onClose={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button onClick={showPreview}>预览</Button>
          <Button loading={saving === 'draft'} disabled={saving !== null} onClick={() => void submit(false)}>
            {published || status === ArticleStatus.WITHDRAWN ? '保存' : '保存草稿'}
          </Button>
          {!published && (
            // Publishing is the kind's edit action on the server (save with status 1 and updateStatus).
            <Action permission={`${ARTICLE_KIND_PERMISSION[kind]}.edit`}>
              <Button
                type="primary"
                loading={saving === 'publish'}
                disabled={saving !== null}
                onClick={() => void submit(true)}
              >
                保存并发布
              </Button>
            </Action>
          )}
        </Space>
      }
    >
      {id !== null && detail.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : id !== null && detail.isError ? (
        <Alert type="error" showIcon message="加载失败，请关闭后重试" />
      ) : (
        <Form form={form} layout="vertical" requiredMark name={`article-${group}`}>
          {published && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message="该内容已发布，保存后门户立即显示修改后的内容。"
            />
          )}
          <Row gutter={16}>
            <Col span={kinds.length > 1 ? 12 : 0}>
              <Form.Item name="kind" label="栏目" rules={[{ required: true, message: '请选择栏目' }]}>
                <Radio.Group
                  name="article-kind"
                  optionType="button"
                  buttonStyle="solid"
                  options={kinds.map((k) => ({ value: k, label: kindLabel(k) }))}
                />
              </Form.Item>
            </Col>
            {kind === 'help' && (
              <Col span={12}>
                <Form.Item
                  name="classId"
                  label="帮助分类"
                  rules={[{ required: true, message: '请选择帮助分类' }]}
                >
                  <Select
                    placeholder="请选择帮助分类"
                    loading={helpClasses.isLoading}
                    options={(helpClasses.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
          <Form.Item name="title" label="标题" rules={titleRules}>
            <Input placeholder="请输入标题（最多200个字符）" maxLength={200} showCount />
          </Form.Item>
          <Form.Item
            name="summary"
            label="摘要"
            rules={summaryRules}
            extra="显示在列表和站内消息中，不填则只显示标题"
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} showCount />
          </Form.Item>
          {targeted && (
            <div className="aq-target-box" data-testid="notice-targets">
              <Row gutter={16}>
                <Col span={24}>
                  <Form.Item label="发布地区">
                    <Input value={`江苏省 / ${CITY_NAME}`} disabled style={{ maxWidth: 260 }} />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item
                    name="targetRoles"
                    label="接收角色"
                    extra="不选表示面向所有人：未登录的访客也能在门户看到；选择后只有这些角色的用户登录后可见"
                  >
                    <Checkbox.Group options={TARGET_ROLES} />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item
                    name="targetDistricts"
                    label="接收区县"
                    rules={districtRules}
                    extra={
                      limited
                        ? '只能选择本人管辖的区县；不选表示本人管辖的全部区县。发布时向符合角色和区县的用户发送站内消息'
                        : '可多选；不选表示全市。发布时向符合角色和区县的用户发送站内消息'
                    }
                  >
                    <Checkbox.Group options={districtOptions} />
                  </Form.Item>
                </Col>
              </Row>
            </div>
          )}
          <Form.Item
            name="body"
            label={kind === 'banner' ? '正文（可选）' : '正文'}
            rules={bodyRules(kind !== 'banner')}
            required={kind !== 'banner'}
          >
            <RichTextEditor />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="cover"
                label={kind === 'banner' ? '轮播图片' : '封面图片'}
                rules={
                  kind === 'banner'
                    ? [{ required: true, type: 'array', min: 1, message: '轮播图须上传图片' }]
                    : []
                }
                extra={kind === 'banner' ? '建议宽 1920 像素、高 400 像素' : '可选，用于列表和首页展示'}
              >
                <ImageUpload size={1} buttonText={kind === 'banner' ? '上传轮播图' : '上传封面'} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="attachments" label="附件" extra="PDF 或图片，最多20个">
                <AttachmentUpload />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="source" label="来源" rules={sourceRules}>
                <Input placeholder="如：宿迁市应急管理局" maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="author" label="作者" rules={authorRules}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="publishAt" label="发布时间" extra="不填则以首次发布的时间为准">
                <ChinaDateTimePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="pinned" label="置顶" valuePropName="checked">
                <Switch checkedChildren="置顶" unCheckedChildren="不置顶" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="sort"
                label="排序"
                extra="数字小的排在前面"
                rules={[numberRule('排序', FIELD_RANGES.contentSort)]}
              >
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            {kind === 'news' && (
              <Col span={8}>
                <Form.Item name="isBanner" label="同时作为首页轮播" valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            )}
          </Row>
          {(kind === 'banner' || kind === 'news') && (
            <Form.Item
              name="linkUrl"
              label="跳转链接"
              rules={linkRules}
              extra="以 / 开头的站内路径或 http(s):// 网址；不填则打开本文"
            >
              <Input placeholder="/portal/help 或 https://" maxLength={500} />
            </Form.Item>
          )}
          {kind === 'page' && (
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  name="slug"
                  label="页面标识"
                  rules={slugRules}
                  extra="如 about、contact，门户按标识读取"
                >
                  <Input maxLength={40} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="inFooter" label="显示在页脚链接" valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            </Row>
          )}
        </Form>
      )}
      <ArticlePreview data={preview} open={preview !== null} onClose={() => setPreview(null)} />
    </Drawer>
  );
}
