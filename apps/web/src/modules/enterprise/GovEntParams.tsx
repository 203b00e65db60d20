import { ReloadOutlined } from '@ant-design/icons';
import { FIELD_RANGES, PARAM_SOURCE, STD_GRADES } from '@aqzrx/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { dateTimeText, numberRule, ScoreGradeTag } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import {
  type EnterpriseParamView,
  GOV_ENT_PATHS,
  getEnterprise,
  getParams,
  rescore,
  saveParams,
} from './api.ts';
import { EnterprisePicker } from './EnterprisePicker.tsx';
import { detailKey, paramsKey, useIdParam } from './hooks.ts';
import {
  HONOUR_OPTIONS,
  LEVEL_OPTIONS,
  paramValueText,
  pointsText,
  previewScore,
  SCORE_SCALE_TEXT,
  scoreGradeText,
} from './score.ts';

interface EditValues {
  source: 1 | 2;
  value?: number;
  remark?: string;
}

function ValueInput({
  kind,
  value,
  onChange,
}: {
  kind: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
}) {
  if (kind === 'bool')
    return (
      <Radio.Group
        name="param-value"
        value={value}
        onChange={(e) => onChange?.(e.target.value as number)}
        options={[
          { value: 1, label: '是' },
          { value: 0, label: '否' },
        ]}
      />
    );
  if (kind === 'level' || kind === 'grade' || kind === 'honour')
    return (
      <Select<number>
        value={value}
        onChange={(v) => onChange?.(v)}
        options={kind === 'level' ? LEVEL_OPTIONS : kind === 'grade' ? STD_GRADES : HONOUR_OPTIONS}
        style={{ width: 200 }}
      />
    );
  return (
    <InputNumber
      value={value}
      // A cleared field stays empty (and is refused as required), never silently 0.
      onChange={(v) => onChange?.(v ?? undefined)}
      addonAfter={kind === 'count' ? '项' : undefined}
    />
  );
}

/** The dialog that sets one parameter: manual value (source 2) or back to the system's judgement (1). */
export function ParamEditModal({
  param,
  params,
  currentScore,
  saving,
  onCancel,
  onSave,
}: {
  param: EnterpriseParamView;
  params: EnterpriseParamView[];
  currentScore: number;
  saving: boolean;
  onCancel: () => void;
  onSave: (v: EditValues) => void;
}) {
  const [form] = Form.useForm<EditValues>();
  const source = (Form.useWatch('source', form) ?? param.source) as 1 | 2;
  const value = Form.useWatch('value', form) as number | undefined;
  const preview = previewScore(params, param.key, source, value ?? param.value);
  return (
    <Modal
      open
      title={`设置参数：${param.label}`}
      okText="保存"
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        name="param-edit"
        initialValues={{ source: param.source, value: param.value, remark: param.remark }}
        onFinish={(v) => onSave(v)}
      >
        <Form.Item name="source" label="参数来源" rules={[{ required: true }]}>
          <Radio.Group
            name="param-source"
            options={PARAM_SOURCE.map((o) => ({
              value: o.value,
              label: o.label,
              disabled: o.value === 1 && !param.system,
            }))}
          />
        </Form.Item>
        {!param.system && (
          <Typography.Paragraph type="secondary">该参数系统无法判断，只能手动录入。</Typography.Paragraph>
        )}
        {source === 1 ? (
          <Form.Item label="系统判断值">
            <Typography.Text strong>{paramValueText(param.kind, param.systemValue)}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              由平台根据理赔、保单和企业信息自动判断。
            </Typography.Paragraph>
          </Form.Item>
        ) : (
          <Form.Item
            name="value"
            label="手动录入值"
            rules={[
              { required: true, message: '手动录入的参数须填写数值' },
              numberRule('手动录入值', FIELD_RANGES.paramValue),
            ]}
          >
            <ValueInput kind={param.kind} />
          </Form.Item>
        )}
        <Form.Item
          name="remark"
          label="依据/备注"
          rules={[{ max: 200, message: '备注最多200个字' }]}
          extra="如检查记录、文件编号，便于日后核对"
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
      <Alert
        type={preview.score === currentScore ? 'info' : preview.score < currentScore ? 'warning' : 'success'}
        showIcon
        message={
          <span data-testid="score-preview">
            保存后评分：{preview.score} 分（{scoreGradeText(preview.scoreGrade)}），当前 {currentScore} 分
          </span>
        }
      />
    </Modal>
  );
}

/**
 * 企业参数 (government): the eight factors of the enterprise score, each from the system's judgement (1)
 * or manual entry (2); the regulator sets the manual ones and the score is recomputed.
 */
export function GovEntParams() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [, setSearch] = useSearchParams();
  const id = useIdParam();
  const [editing, setEditing] = useState<EnterpriseParamView | null>(null);
  const ent = useQuery({
    queryKey: detailKey(id),
    queryFn: () => getEnterprise(id as number),
    enabled: id !== null,
    retry: false,
  });
  const state = useQuery({
    queryKey: paramsKey(id),
    queryFn: () => getParams(id as number),
    enabled: id !== null,
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['enterprise'] });

  const save = useMutation({
    mutationFn: (v: EditValues & { key: EnterpriseParamView['key'] }) =>
      saveParams({
        id: id as number,
        version: state.data?.version ?? 0,
        params: [
          {
            key: v.key,
            source: v.source,
            ...(v.source === 2 && v.value !== undefined ? { value: v.value } : {}),
            remark: (v.remark ?? '').trim(),
          },
        ],
      }),
    onSuccess: async (res) => {
      message.success(`保存成功，当前评分 ${res.score} 分（${scoreGradeText(res.scoreGrade)}）`);
      setEditing(null);
      await refresh();
    },
    onError: () => void refresh(),
  });
  const recompute = useMutation({
    mutationFn: () => rescore(id as number),
    onSuccess: async (res) => {
      message.success(`评分已更新：${res.score} 分（${scoreGradeText(res.scoreGrade)}）`);
      await refresh();
    },
  });

  const incomplete = ent.data ? !ent.data.infoComplete || ent.data.version === 0 : false;
  const lines = new Map((state.data?.lines ?? []).map((l) => [l.key, l.points]));

  return (
    <Card variant="borderless" title="企业参数">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <EnterprisePicker
          value={id}
          currentName={ent.data?.name}
          onChange={(v) => setSearch(v ? { id: String(v) } : {})}
        />
        {id === null ? (
          <Empty description="请选择一家企业查看和设置其参数" />
        ) : state.isError || ent.isError ? (
          <Alert type="error" showIcon message="企业不存在或不在本辖区" />
        ) : (
          <>
            {incomplete && (
              <Alert
                type="warning"
                showIcon
                message="该企业尚未完善企业信息，暂不能设置参数；企业完善信息后再来设置。"
              />
            )}
            <Card size="small">
              <Space size="large" wrap align="center">
                <Statistic
                  title="当前评分"
                  value={state.data?.score ?? '-'}
                  suffix="分"
                  loading={state.isLoading}
                />
                <div>
                  <div style={{ marginBottom: 4 }}>评分等级</div>
                  <ScoreGradeTag grade={state.data?.scoreGrade} />
                </div>
                <Typography.Text type="secondary">{SCORE_SCALE_TEXT}</Typography.Text>
                <Space>
                  <Button onClick={() => navigate(`${GOV_ENT_PATHS.score}?id=${id}`)}>评分说明与历史</Button>
                  <Button onClick={() => navigate(`${GOV_ENT_PATHS.detail}?id=${id}`)}>企业详情</Button>
                  <Action name="edit">
                    <Button
                      icon={<ReloadOutlined />}
                      loading={recompute.isPending}
                      disabled={incomplete}
                      onClick={() => recompute.mutate()}
                    >
                      重新计算评分
                    </Button>
                  </Action>
                </Space>
              </Space>
            </Card>
            <Table<EnterpriseParamView>
              rowKey="key"
              loading={state.isLoading}
              dataSource={state.data?.params ?? []}
              pagination={false}
              scroll={{ x: 900 }}
              columns={[
                { title: '参数', dataIndex: 'label', width: 200 },
                {
                  title: '来源',
                  dataIndex: 'source',
                  width: 100,
                  render: (v: 1 | 2) =>
                    v === 2 ? <Tag color="purple">手动录入</Tag> : <Tag color="cyan">系统判断</Tag>,
                },
                {
                  title: '取值',
                  dataIndex: 'value',
                  width: 130,
                  render: (_: number, r) => <b>{paramValueText(r.kind, r.value)}</b>,
                },
                {
                  title: '系统判断值',
                  dataIndex: 'systemValue',
                  width: 120,
                  render: (_: number | null, r) =>
                    r.system ? paramValueText(r.kind, r.systemValue) : '—（仅手动）',
                },
                {
                  title: '对评分影响',
                  key: 'points',
                  width: 110,
                  onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                  align: 'right',
                  render: (_: unknown, r) => {
                    const p = lines.get(r.key) ?? 0;
                    return (
                      <Typography.Text type={p < 0 ? 'danger' : p > 0 ? 'success' : undefined}>
                        {pointsText(p)}
                      </Typography.Text>
                    );
                  },
                },
                { title: '依据/备注', dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '-' },
                {
                  title: '更新时间',
                  dataIndex: 'updatedAt',
                  width: 150,
                  render: (v: string | null) => dateTimeText(v),
                },
                {
                  title: '操作',
                  key: 'op',
                  width: 80,
                  fixed: 'right',
                  render: (_: unknown, r) => (
                    <Action name="edit">
                      <Button
                        type="link"
                        size="small"
                        disabled={incomplete}
                        onClick={() => setEditing(r)}
                        aria-label={`设置${r.label}`}
                      >
                        设置
                      </Button>
                    </Action>
                  ),
                },
              ]}
            />
          </>
        )}
      </Space>
      {editing && state.data && (
        <ParamEditModal
          param={editing}
          params={state.data.params}
          currentScore={state.data.score}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(v) => save.mutate({ ...v, key: editing.key })}
        />
      )}
    </Card>
  );
}
