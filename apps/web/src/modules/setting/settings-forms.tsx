import { DeleteOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import type { SettingsSaveBody, SettingsView } from '@aqzrx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import { type ReactNode, useEffect } from 'react';
import { validated } from '../../components/form-utils.ts';
import { thousands } from '../../components/index.ts';
import { SiteFooter } from '../../layouts/SiteFooter.tsx';
import { Action, useAccess } from '../../platform/access.tsx';
import {
  ArticleStatus,
  CITY_CODE,
  CITY_NAME,
  FOOTER_LINK_TITLE_MAX,
  FOOTER_LINKS_MAX,
  FOOTER_SETTING_FIELDS,
  type FooterSettingKey,
  INSURANCE_SETTING_FIELDS,
  type InsuranceSettingKey,
  insuranceSettingProblem,
  PLATFORM_NAME_RANGE,
  SECURITY_SETTING_FIELDS,
  type SecuritySettingKey,
  securitySettingProblem,
} from '../../platform/contracts.ts';
import { useDistrictOptions } from '../../platform/districts.ts';
import { publicSettingsQuery } from '../../platform/public-settings.ts';
import { listArticles } from '../content/index.ts';
import { getSecuritySettings, getSettings, saveSecuritySettings, saveSettings, settingKeys } from './api.ts';

export const INSURANCE_KEYS = Object.keys(INSURANCE_SETTING_FIELDS) as InsuranceSettingKey[];
const SECURITY_KEYS = Object.keys(SECURITY_SETTING_FIELDS) as SecuritySettingKey[];
const FOOTER_KEYS = Object.keys(FOOTER_SETTING_FIELDS) as FooterSettingKey[];

/**
 * Whether the caller may change the settings: the route's edit action, and a jurisdiction over the whole
 * city (the settings are city-wide; the server refuses a save by someone limited to some districts, whatever
 * their role, with 403 as well).
 */
export function useCanEditSettings(): boolean {
  const access = useAccess();
  const limited = useDistrictOptions().limited;
  return access.canOnRoute('edit') && !limited;
}

export function useSettings() {
  return useQuery({ queryKey: settingKeys.settings, queryFn: getSettings });
}

/**
 * The save button of a settings card (with an optional second button beside it): validates the card's form
 * and saves the part `toBody` makes of it. Absent for those who may not change the settings.
 */
export function SaveSettingsButton<V>({
  form,
  toBody,
  extra,
  children,
}: {
  form: FormInstance<V>;
  toBody: (values: V) => SettingsSaveBody;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const save = useSaveSettings();
  if (!useCanEditSettings()) return null;
  return (
    <Action name="edit">
      <Space>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={async () => {
            const v = await validated(form);
            if (v) save.mutate(toBody(v));
          }}
        >
          {children}
        </Button>
        {extra}
      </Space>
    </Action>
  );
}

/** Saves a part of the settings; the stored values and the public settings (footer) are refreshed. */
export function useSaveSettings() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (body: SettingsSaveBody) => saveSettings(body),
    onSuccess: async (res) => {
      qc.setQueryData<SettingsView>(settingKeys.settings, (old) =>
        old ? { ...old, ...res.settings } : res.settings,
      );
      message.success('设置已保存，下一次请求即生效');
      await qc.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    },
  });
}

/** The form rule of one insurance setting: the same checks and messages as the server. */
export function insuranceRule(key: InsuranceSettingKey): Rule {
  return {
    validator: async (_r, value: unknown) => {
      const problem = insuranceSettingProblem(key, value ?? undefined);
      if (problem) throw new Error(problem);
    },
  };
}

const yuanFormatter = (v: number | string | undefined) =>
  v === undefined || v === '' ? '' : thousands(Number(v));
const yuanParser = (v: string | undefined) => Number((v ?? '').replace(/[,\s]/g, '')) as unknown as number;

function Loading({ q }: { q: ReturnType<typeof useSettings> }) {
  return q.isLoading ? <Skeleton active /> : <Empty description="设置加载失败，请刷新页面重试" />;
}

/**
 * The insurance figures of the domain rules: per-person floor, prevention-fee cap, report deadline and
 * the unpaid-claim reminder, each with its unit, the national figure and the server's range.
 */
export function InsuranceSettingsCard() {
  const q = useSettings();
  const canEdit = useCanEditSettings();
  const [form] = Form.useForm<Record<InsuranceSettingKey, number>>();
  const values = Form.useWatch([], form) as Partial<Record<InsuranceSettingKey, number>> | undefined;
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data.insurance);
  }, [q.data, form]);
  if (!q.data) return <Loading q={q} />;
  const perPerson = values?.minPerPersonLimit;
  return (
    <Card title="保险参数" variant="borderless">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="国家标准是底线：每人死亡伤残责任限额只能在40万元基础上提高，事故预防服务费用比例只能在21%以内降低。保存后，新的投保和批改校验立即按新值执行，无需重启。"
      />
      <Form form={form} layout="vertical" disabled={!canEdit} style={{ maxWidth: 720 }}>
        {INSURANCE_KEYS.map((key) => {
          const m = INSURANCE_SETTING_FIELDS[key];
          const isYuan = key === 'minPerPersonLimit';
          return (
            <Form.Item
              key={key}
              name={key}
              label={m.label}
              tooltip={m.help}
              rules={[insuranceRule(key)]}
              extra={
                <Space direction="vertical" size={0}>
                  <span>{m.nationalNote}</span>
                  <span>
                    允许范围 {thousands(m.min)}–{thousands(m.max)} {m.unit}；默认值{' '}
                    {thousands(m.defaultValue)} {m.unit}
                    {isYuan && typeof perPerson === 'number' && perPerson > 0
                      ? `；当前输入合 ${thousands(Math.round(perPerson / 100) / 100)} 万元`
                      : ''}
                  </span>
                </Space>
              }
            >
              <InputNumber
                style={{ width: 260 }}
                step={isYuan ? 10000 : 1}
                addonAfter={m.unit}
                aria-label={m.label}
                {...(isYuan ? { formatter: yuanFormatter, parser: yuanParser } : {})}
              />
            </Form.Item>
          );
        })}
        <SaveSettingsButton
          form={form}
          toBody={(v) => ({ insurance: v })}
          extra={
            <Button
              icon={<UndoOutlined />}
              onClick={() =>
                form.setFieldsValue(
                  Object.fromEntries(
                    INSURANCE_KEYS.map((k) => [k, INSURANCE_SETTING_FIELDS[k].defaultValue]),
                  ),
                )
              }
            >
              填入默认值
            </Button>
          }
        >
          保存保险参数
        </SaveSettingsButton>
      </Form>
    </Card>
  );
}

type PlatformValues = { platformName: string } & Record<FooterSettingKey, string>;

/** Platform name and the footer texts, with a live preview of the footer visitors see. */
export function PlatformSettingsCard() {
  const q = useSettings();
  const canEdit = useCanEditSettings();
  const [form] = Form.useForm<PlatformValues>();
  const live = Form.useWatch([], form) as Partial<PlatformValues> | undefined;
  useEffect(() => {
    if (q.data) form.setFieldsValue({ platformName: q.data.platformName, ...q.data.footer });
  }, [q.data, form]);
  if (!q.data) return <Loading q={q} />;
  const footer = Object.fromEntries(
    FOOTER_KEYS.map((k) => [k, (live?.[k] ?? q.data.footer[k] ?? '').trim()]),
  ) as Record<FooterSettingKey, string>;
  return (
    <Card title="平台信息与页脚" variant="borderless">
      <Form form={form} layout="vertical" disabled={!canEdit}>
        <Form.Item
          name="platformName"
          label="平台名称"
          tooltip="显示在浏览器标题、登录页和门户页头"
          rules={[
            { required: true, whitespace: true, message: PLATFORM_NAME_RANGE.message },
            {
              min: PLATFORM_NAME_RANGE.min,
              max: PLATFORM_NAME_RANGE.max,
              message: PLATFORM_NAME_RANGE.message,
            },
          ]}
          extra="默认：宿迁市安全生产责任保险监管服务平台"
        >
          <Input maxLength={PLATFORM_NAME_RANGE.max} style={{ maxWidth: 520 }} />
        </Form.Item>
        <Row gutter={16}>
          {FOOTER_KEYS.map((key) => {
            const f = FOOTER_SETTING_FIELDS[key];
            return (
              <Col xs={24} md={12} key={key}>
                <Form.Item
                  name={key}
                  label={f.label}
                  rules={[
                    { max: f.max, message: `${f.label}不能超过${f.max}个字符` },
                    ...(f.email ? [{ type: 'email' as const, message: `请输入正确的${f.label}` }] : []),
                  ]}
                >
                  <Input placeholder={f.placeholder} maxLength={f.max} allowClear />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
        <Typography.Text type="secondary">页脚预览（留空的项目不显示）：</Typography.Text>
        <div style={{ border: '1px dashed #d9d9d9', margin: '8px 0 16px' }}>
          <SiteFooter
            settings={{
              platformName: (live?.platformName ?? q.data.platformName).trim(),
              captchaEnabled: q.data.deployment.captchaEnabled,
              footer,
              cityCode: CITY_CODE,
              cityName: CITY_NAME,
              footerLinks: q.data.footerLinks,
              linkHosts: [],
            }}
            links={q.data.footerLinks}
          />
        </div>
        <SaveSettingsButton
          form={form}
          toBody={({ platformName, ...rest }) => ({
            platformName: platformName.trim(),
            footer: Object.fromEntries(FOOTER_KEYS.map((k) => [k, (rest[k] ?? '').trim()])),
          })}
        >
          保存平台信息
        </SaveSettingsButton>
      </Form>
    </Card>
  );
}

/** Published single pages to link to (needs article.query; without it only the current links). */
function usePublishedPages(enabled: boolean) {
  return useQuery({
    queryKey: ['content', 'pages', 'published'],
    queryFn: () => listArticles({ kind: 'page', status: ArticleStatus.PUBLISHED, pageNo: 1, pageSize: 100 }),
    enabled,
    staleTime: 30_000,
  });
}

type FooterLinkForm = { links: { aid?: number; title: string }[] };

/** The single-page links of the portal footer (关于我们, 联系我们, ...). */
export function FooterLinksCard() {
  const q = useSettings();
  const access = useAccess();
  const canEdit = useCanEditSettings();
  const pages = usePublishedPages(access.hasPermission('article.query'));
  const [form] = Form.useForm<FooterLinkForm>();
  useEffect(() => {
    if (q.data) form.setFieldsValue({ links: q.data.footerLinks });
  }, [q.data, form]);
  if (!q.data) return <Loading q={q} />;
  const published = pages.data?.list ?? [];
  const options = published.map((p) => ({ value: p.id, label: p.title }));
  // A link to a page that is not (or no longer) published, or a list the user cannot read: keep it selectable.
  for (const l of q.data.footerLinks)
    if (!options.some((o) => o.value === l.aid))
      options.push({
        value: l.aid,
        label: pages.data ? `${l.title}（单页 ${l.aid}，未发布或已删除）` : l.title,
      });
  return (
    <Card title="页脚链接" variant="borderless">
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="发布或修改“单页”内容时，系统会按单页的“显示在页脚”设置重新生成这里的链接。"
      />
      <Form form={form} layout="vertical" disabled={!canEdit} style={{ maxWidth: 680 }}>
        <Form.List
          name="links"
          rules={[
            {
              validator: async (_r, v: unknown[] | undefined) => {
                if ((v?.length ?? 0) > FOOTER_LINKS_MAX) throw new Error('页脚链接最多20个');
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.length === 0 && (
                <Typography.Paragraph type="secondary">页脚暂无链接。</Typography.Paragraph>
              )}
              {fields.map((field, i) => (
                <Row key={field.key} gutter={12} wrap={false} data-testid="footer-link-row">
                  <Col flex="1 1 0">
                    <Form.Item
                      label="链接文字"
                      name={[field.name, 'title']}
                      rules={[
                        { required: true, whitespace: true, message: '请输入链接文字' },
                        { max: FOOTER_LINK_TITLE_MAX, message: '链接文字不能超过30个字符' },
                      ]}
                    >
                      <Input
                        placeholder="页脚显示的文字，例如 关于我们"
                        maxLength={FOOTER_LINK_TITLE_MAX}
                        aria-label={`第${i + 1}个链接的链接文字`}
                      />
                    </Form.Item>
                  </Col>
                  <Col flex="1 1 0">
                    <Form.Item
                      label="单页"
                      name={[field.name, 'aid']}
                      rules={[{ required: true, message: '请选择链接到的单页' }]}
                    >
                      <Select
                        showSearch
                        optionFilterProp="label"
                        placeholder="选择已发布的单页"
                        loading={pages.isLoading}
                        options={options}
                        notFoundContent="没有已发布的单页，请先在“文章管理 › 单页”中发布"
                        aria-label={`第${i + 1}个链接的单页`}
                        onChange={(aid: number) => {
                          // An empty link text takes the page's title.
                          const title = form.getFieldValue(['links', field.name, 'title']) as
                            | string
                            | undefined;
                          const page = options.find((o) => o.value === aid);
                          if (!title?.trim() && page)
                            form.setFieldValue(['links', field.name, 'title'], page.label);
                        }}
                      />
                    </Form.Item>
                  </Col>
                  <Col flex="none">
                    <Form.Item label=" ">
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`删除第${i + 1}个链接`}
                        onClick={() => remove(field.name)}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Form.ErrorList errors={errors} />
              <Form.Item>
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => add({ title: '' })}
                  disabled={!canEdit || fields.length >= FOOTER_LINKS_MAX}
                >
                  添加链接
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <div>
          <SaveSettingsButton
            form={form}
            toBody={(v) => ({
              footerLinks: (v.links ?? []).map((l) => ({ aid: l.aid!, title: l.title.trim() })),
            })}
          >
            保存页脚链接
          </SaveSettingsButton>
        </div>
      </Form>
    </Card>
  );
}

/** The form rule of one security setting: the same checks and messages as the server. */
function securityRule(key: SecuritySettingKey): Rule {
  return {
    validator: async (_r, value: unknown) => {
      const problem = securitySettingProblem(key, value ?? undefined);
      if (problem) throw new Error(problem);
    },
  };
}

const ageText = (days: number) => (days === 0 ? '不限' : `${days} 天`);

export function useSecuritySettings() {
  return useQuery({ queryKey: settingKeys.security, queryFn: getSecuritySettings });
}

/**
 * Idle timeout and password age: platform settings read by the server on every request, so a saved
 * value applies to the next request of every signed-in user. The deployment's environment gives the
 * values used until one is saved. The security administrator's (安全设置, 三权分立): its own calls.
 */
export function SecuritySettingsCard() {
  const q = useSecuritySettings();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const canEdit = useAccess().canOnRoute('edit');
  const [form] = Form.useForm<Record<SecuritySettingKey, number>>();
  const save = useMutation({
    mutationFn: saveSecuritySettings,
    onSuccess: (res) => {
      qc.setQueryData(settingKeys.security, res);
      message.success('安全设置已保存，下一次请求即生效');
    },
  });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data.security);
  }, [q.data, form]);
  if (!q.data)
    return q.isLoading ? <Skeleton active /> : <Empty description="设置加载失败，请刷新页面重试" />;
  const defaults = q.data.deployment.securityDefaults;
  return (
    <Card title="登录与密码安全" variant="borderless">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`保存后下一次请求即按新值执行，无需重启：缩短无操作自动退出时间后，已超过新时限未操作的登录立即失效；缩短密码有效期后，密码已超期的用户须先修改密码。未保存过时使用部署默认值（无操作 ${defaults.idleTimeoutMinutes} 分钟、密码有效期${ageText(defaults.passwordMaxAgeDays)}）。`}
      />
      <Form form={form} layout="vertical" disabled={!canEdit} style={{ maxWidth: 720 }}>
        {SECURITY_KEYS.map((key) => {
          const m = SECURITY_SETTING_FIELDS[key];
          return (
            <Form.Item
              key={key}
              name={key}
              label={m.label}
              tooltip={m.help}
              rules={[securityRule(key)]}
              extra={`允许范围 ${m.min}–${m.max} ${m.unit}${key === 'passwordMaxAgeDays' ? '（0 表示不限）' : ''}`}
            >
              <InputNumber style={{ width: 260 }} step={1} addonAfter={m.unit} aria-label={m.label} />
            </Form.Item>
          );
        })}
        {canEdit && (
          <Space>
            <Button
              type="primary"
              loading={save.isPending}
              onClick={async () => {
                const v = await validated(form);
                if (v) save.mutate(v);
              }}
            >
              保存安全设置
            </Button>
            <Button icon={<UndoOutlined />} onClick={() => form.setFieldsValue(defaults)}>
              填入部署默认值
            </Button>
          </Space>
        )}
      </Form>
    </Card>
  );
}

/** The deployment's security values (environment, read-only) on the security administrator's page. */
export function SecurityDeploymentCard() {
  const q = useSecuritySettings();
  return <DeploymentCard data={q.data} />;
}

/** Values fixed by the server's deployment configuration (read-only here), and the security settings in force. */
export function DeploymentCard({
  data,
}: {
  data: Pick<SettingsView, 'security' | 'deployment'> | undefined;
}) {
  if (!data) return <Skeleton active />;
  const d = data.deployment;
  return (
    <Card title="运行参数" variant="borderless">
      <Typography.Paragraph type="secondary">
        以下参数由服务器部署配置（环境变量）决定，修改需联系运维人员调整后重启服务，此处仅供查看。
      </Typography.Paragraph>
      <Descriptions bordered column={1} size="middle" style={{ maxWidth: 720 }}>
        <Descriptions.Item label="登录滑块验证码">
          {d.captchaEnabled ? '已开启' : '已关闭'}（CAPTCHA）
        </Descriptions.Item>
        <Descriptions.Item label="登录有效期">
          {d.tokenTtlHours} 小时（约 {Math.round((d.tokenTtlHours / 24) * 10) / 10} 天，TOKEN_TTL_HOURS）
        </Descriptions.Item>
        <Descriptions.Item label="登录失败锁定">
          同一浏览器连续失败 {d.lockThreshold} 次锁定该浏览器 {d.lockMinutes} 分钟；各处累计失败{' '}
          {d.accountLockThreshold} 次锁定帐户（已开通二次验证的用户仍可凭动态验证码登录）（LOCK_THRESHOLD、
          ACCOUNT_LOCK_THRESHOLD、LOCK_MINUTES）
        </Descriptions.Item>
        <Descriptions.Item label="二次验证">
          {d.mfaEnabled
            ? '已开启：系统管理员、安全管理员、审计管理员和监管人员登录须输入动态验证码'
            : '已关闭'}
          （MFA）
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        以下为安全设置，由安全管理员在“安全设置”中修改，保存后立即生效，无需重启。
      </Typography.Paragraph>
      <Descriptions bordered column={1} size="middle" style={{ maxWidth: 720 }}>
        <Descriptions.Item label="无操作自动退出">
          {data.security.idleTimeoutMinutes} 分钟（部署默认值 {d.securityDefaults.idleTimeoutMinutes}{' '}
          分钟，IDLE_TIMEOUT_MINUTES）
        </Descriptions.Item>
        <Descriptions.Item label="密码有效期">
          {ageText(data.security.passwordMaxAgeDays)}（部署默认值{' '}
          {ageText(d.securityDefaults.passwordMaxAgeDays)}，PASSWORD_MAX_AGE_DAYS）
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
