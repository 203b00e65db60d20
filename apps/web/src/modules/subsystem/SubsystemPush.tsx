import { CloudUploadOutlined, SendOutlined } from '@ant-design/icons';
import type { PushDataKind, PushSettingsView, SubsystemRow } from '@aqzrx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Form,
  Input,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { validated } from '../../components/form-utils.ts';
import { chinaTime } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  optionLabel,
  PUSH_DATA_KINDS,
  PUSH_RUN_STATUS,
  PUSH_URL_MAX,
  PUSH_URL_MESSAGE,
  PUSH_URL_PATTERN,
} from '../../platform/contracts.ts';
import { pushSettings, pushSettingsKey, runPush, savePushSettings } from './push-api.ts';

interface PushFormValues {
  pushUrl: string;
  enabled: boolean;
  dataKinds: PushDataKind[];
  resetCursor: boolean;
}

/** How long the panel keeps refreshing after 立即推送 while waiting for the run's result. */
const WATCH_MS = 90_000;
const POLL_MS = 1500;

const when = (iso: string | null) => (iso ? chinaTime(iso, 'second') : null);

/** The 数据推送 link of a subsystem row: opens the push settings drawer. */
export function SubsystemPushLink({ subsystem }: { subsystem: SubsystemRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Action name="get">
        <Button type="link" size="small" icon={<CloudUploadOutlined />} onClick={() => setOpen(true)}>
          数据推送
        </Button>
      </Action>
      {open && <SubsystemPushDrawer subsystem={subsystem} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Data push of one subsystem (server: modules/data-exchange): push URL, data kinds, enabled, the last run and
 * the cursors; 保存 and 立即推送 behind the edit action. The platform posts changed policies and claims to the
 * URL, signed with the subsystem's secret; what it sends is what the subsystem's service account may see.
 */
export function SubsystemPushDrawer({
  subsystem,
  onClose,
}: {
  subsystem: SubsystemRow;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<PushFormValues>();
  const key = pushSettingsKey(subsystem.id);
  /** After 立即推送: refresh until a run newer than `from` is reported (at most until `until`). */
  const [watch, setWatch] = useState<{ from: string | null; until: number } | null>(null);

  const settings = useQuery({
    queryKey: key,
    queryFn: () => pushSettings(subsystem.id),
    refetchInterval: (query) => {
      const d = query.state.data;
      if (!d) return false;
      if (d.running) return POLL_MS;
      if (watch && d.lastPushAt === watch.from && Date.now() < watch.until) return POLL_MS;
      return false;
    },
  });
  const data = settings.data;

  useEffect(() => {
    if (watch && data && !data.running && (data.lastPushAt !== watch.from || Date.now() >= watch.until))
      setWatch(null);
  }, [data, watch]);

  // The form follows the saved settings, not every refresh (typing is not overwritten while polling).
  const [formVersion, setFormVersion] = useState<number | null>(null);
  useEffect(() => {
    if (!data || data.version === formVersion) return;
    form.setFieldsValue({
      pushUrl: data.pushUrl,
      enabled: data.enabled,
      dataKinds: data.dataKinds,
      resetCursor: false,
    });
    setFormVersion(data.version);
  }, [data, form, formVersion]);

  const save = useMutation({
    mutationFn: savePushSettings,
    onSuccess: () => {
      message.success('保存成功');
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const run = useMutation({
    mutationFn: runPush,
    onSuccess: (r) => {
      message.info(r.started ? '已开始推送，结果将在此处刷新' : '该子系统正在推送中，请稍候');
      setWatch({ from: data?.lastPushAt ?? null, until: Date.now() + WATCH_MS });
      void client.invalidateQueries({ queryKey: key });
    },
  });

  const onSave = async () => {
    const v = await validated(form);
    if (!v || !data) return;
    save.mutate({
      subsystemId: subsystem.id,
      version: data.version,
      pushUrl: (v.pushUrl ?? '').trim(),
      enabled: v.enabled ?? false,
      dataKinds: v.dataKinds ?? [],
      resetCursor: v.resetCursor ?? false,
    });
  };

  const canRun = !!data && data.enabled && data.problems.length === 0 && !data.running;
  return (
    <Drawer open title={`数据推送：${subsystem.name}`} width={640} onClose={onClose} destroyOnHidden>
      {!data ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {data.enabled && data.problems.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message="当前不能推送"
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {data.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              }
            />
          )}
          <PushStatus data={data} />
          <Form form={form} name="subsystem-push" layout="vertical">
            <Form.Item
              name="pushUrl"
              label="推送地址"
              rules={[
                { max: PUSH_URL_MAX, message: `推送地址最多${PUSH_URL_MAX}个字符` },
                ({ getFieldValue }) => ({
                  validator: async (_r: unknown, v: string | undefined) => {
                    const s = (v ?? '').trim();
                    if (s === '' && getFieldValue('enabled')) throw new Error('启用推送须填写推送地址');
                    if (s !== '' && !PUSH_URL_PATTERN.test(s)) throw new Error(PUSH_URL_MESSAGE);
                  },
                }),
              ]}
              extra="对方系统接收数据的地址，平台以 POST 方式发送 JSON，并用该子系统的密钥签名（不跟随重定向，10秒超时）"
            >
              <Input placeholder="https://" maxLength={PUSH_URL_MAX} />
            </Form.Item>
            <Form.Item
              name="dataKinds"
              label="推送数据"
              dependencies={['enabled']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_r: unknown, v: PushDataKind[] | undefined) => {
                    if (getFieldValue('enabled') && (v ?? []).length === 0)
                      throw new Error('启用推送须至少选择一种推送数据');
                  },
                }),
              ]}
              extra="推送范围为服务账号可查看的数据：已出单保单（含注销）和理赔案件"
            >
              <Checkbox.Group options={PUSH_DATA_KINDS.map((k) => ({ value: k.value, label: k.label }))} />
            </Form.Item>
            <Form.Item name="enabled" label="启用推送" valuePropName="checked">
              <Switch checkedChildren="启用" unCheckedChildren="停用" />
            </Form.Item>
            <Form.Item
              name="resetCursor"
              valuePropName="checked"
              extra="保存后，下一次推送将从头重新发送服务账号范围内的全部数据"
            >
              <Checkbox>从头重新推送</Checkbox>
            </Form.Item>
          </Form>
          <Action name="edit">
            <Space wrap>
              <Button type="primary" loading={save.isPending} onClick={() => void onSave()}>
                保存
              </Button>
              <Button
                icon={<SendOutlined />}
                disabled={!canRun}
                loading={run.isPending || data.running}
                onClick={() => run.mutate(subsystem.id)}
              >
                立即推送
              </Button>
            </Space>
          </Action>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            每次最多推送100条，请求头携带
            X-APP-KEY、X-TIMESTAMP、X-NONCE、X-SIGNATURE（与子系统调用平台接口相同的 HMAC-SHA256 签名）以及
            X-PUSH-KIND、X-PUSH-BATCH。对方在10秒内返回 2xx 即视为送达；否则按 2、4、8、16、32
            秒间隔重试，共6次，未送达的数据在下次推送时重新发送。「立即推送」按已保存的设置执行，每批的结果见「推送日志」。
          </Typography.Paragraph>
        </Space>
      )}
    </Drawer>
  );
}

function PushStatus({ data }: { data: PushSettingsView }) {
  const status = data.lastPushStatus
    ? PUSH_RUN_STATUS.find((s) => s.value === data.lastPushStatus)
    : undefined;
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label="推送状态">
        <Space size={4}>
          <Tag color={data.enabled ? 'success' : 'default'}>{data.enabled ? '已启用' : '未启用'}</Tag>
          {data.running && <Tag color="processing">推送中</Tag>}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label="最近推送">
        {data.lastPushAt ? (
          <Space size={4} wrap>
            <span>{when(data.lastPushAt)}</span>
            {status && <Tag color={status.color}>{status.label}</Tag>}
            {data.lastPushMessage && (
              <Typography.Text type="secondary">{data.lastPushMessage}</Typography.Text>
            )}
          </Space>
        ) : (
          '尚未推送'
        )}
      </Descriptions.Item>
      {data.cursors
        .filter((c) => data.dataKinds.includes(c.kind))
        .map((c) => (
          <Descriptions.Item key={c.kind} label={`${optionLabel(PUSH_DATA_KINDS, c.kind)}已推送至`}>
            {c.cursorAt ? `${when(c.cursorAt)} 更新的记录（编号 ${c.cursorId}）` : '尚未推送'}
          </Descriptions.Item>
        ))}
    </Descriptions>
  );
}
