/** 风险分级规则: the documented, configurable rule table of the enterprise risk level (risk/rules). */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Table,
} from 'antd';
import { useState } from 'react';
import { dateTimeText, numberRule } from '../../components/index.ts';
import { useAccess } from '../../platform/access.tsx';
import { RISK_FACTORS, RISK_RULE_RANGES } from '../../platform/contracts.ts';
import { HAZARD_KEY, type RiskRulesBody, riskApi } from './api.ts';

type Values = Omit<RiskRulesBody, 'version'>;

export function RiskRulesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canEdit = useAccess().hasPermission('risk.edit');
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const rules = useQuery({ queryKey: [HAZARD_KEY, 'rules'], queryFn: riskApi.rules, enabled: open });
  const r = rules.data;
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !r) return;
    setBusy(true);
    try {
      const res = await riskApi.saveRules({ ...v, version: r.version });
      message.success(res.message || '规则已保存，企业风险等级已重新评定');
      setEditing(false);
      void client.invalidateQueries({ queryKey: [HAZARD_KEY] });
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={() => {
        setEditing(false);
        onClose();
      }}
      width={Math.min(760, typeof window === 'undefined' ? 760 : window.innerWidth)}
      title="风险分级规则"
      destroyOnHidden
      extra={
        canEdit && r && !editing ? (
          <Button type="primary" onClick={() => setEditing(true)}>
            调整规则
          </Button>
        ) : editing ? (
          <Space>
            <Button onClick={() => setEditing(false)}>取消</Button>
            <Button type="primary" loading={busy} onClick={save}>
              保存并重新评定
            </Button>
          </Space>
        ) : null
      }
    >
      <div data-testid="risk-rules">
        {!r ? (
          <Skeleton active />
        ) : editing ? (
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={{
              thresholds: r.thresholds,
              rules: r.rules.map((x) => ({
                factor: x.factor as Values['rules'][number]['factor'],
                min: x.min,
                points: x.points,
              })),
              reason: '',
            }}
          >
            <Space wrap>
              <Form.Item
                name={['thresholds', 'major']}
                label="重大风险分值线"
                rules={[
                  { required: true, message: '请填写分值线' },
                  numberRule('重大风险分值线', RISK_RULE_RANGES.threshold),
                ]}
              >
                <InputNumber />
              </Form.Item>
              <Form.Item
                name={['thresholds', 'larger']}
                label="较大风险分值线"
                rules={[
                  { required: true, message: '请填写分值线' },
                  numberRule('较大风险分值线', RISK_RULE_RANGES.threshold),
                ]}
              >
                <InputNumber />
              </Form.Item>
              <Form.Item
                name={['thresholds', 'general']}
                label="一般风险分值线"
                rules={[
                  { required: true, message: '请填写分值线' },
                  numberRule('一般风险分值线', RISK_RULE_RANGES.threshold),
                ]}
              >
                <InputNumber />
              </Form.Item>
            </Space>
            <Form.List name="rules">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="start" wrap>
                      <Form.Item
                        name={[f.name, 'factor']}
                        rules={[{ required: true, message: '请选择因素' }]}
                      >
                        <Select
                          style={{ width: 300 }}
                          options={RISK_FACTORS.map((x) => ({ value: x.value, label: x.label }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'min']}
                        rules={[
                          { required: true, message: '请填写触发值' },
                          numberRule('触发值', RISK_RULE_RANGES.min),
                        ]}
                      >
                        <InputNumber addonBefore="≥" style={{ width: 120 }} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'points']}
                        rules={[
                          { required: true, message: '请填写分值' },
                          numberRule('分值', RISK_RULE_RANGES.points),
                        ]}
                      >
                        <InputNumber addonAfter="分" style={{ width: 120 }} />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label="删除规则"
                        onClick={() => remove(f.name)}
                      />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    block
                    icon={<PlusOutlined />}
                    onClick={() => add({ factor: 'openMajorHazards', min: 1, points: 10 })}
                  >
                    添加规则
                  </Button>
                </>
              )}
            </Form.List>
            <Form.Item
              name="reason"
              label="调整原因"
              style={{ marginTop: 16 }}
              rules={[
                { required: true, whitespace: true, message: '请填写调整原因' },
                { min: 2, message: '请填写调整原因（至少2个字）' },
                { max: 500, message: '调整原因最多500个字' },
              ]}
            >
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Form>
        ) : (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Alert
              type="info"
              showIcon
              message={`各规则得分相加：≥${r.thresholds.major}分为重大风险（红），≥${r.thresholds.larger}分为较大风险（橙），≥${r.thresholds.general}分为一般风险（黄），其余为低风险（蓝）。`}
            />
            <Table
              size="small"
              rowKey={(x) => `${x.factor}-${x.min}`}
              pagination={false}
              dataSource={r.rules}
              columns={[
                { title: '因素', dataIndex: 'label' },
                { title: '触发值', dataIndex: 'min', width: 90, render: (v: number) => `≥ ${v}` },
                { title: '分值', dataIndex: 'points', width: 80 },
              ]}
            />
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="最近调整">
                {dateTimeText(r.updatedAt)} {r.updatedByName}
              </Descriptions.Item>
              <Descriptions.Item label="调整原因">{r.reason || '-'}</Descriptions.Item>
            </Descriptions>
          </Space>
        )}
      </div>
    </Drawer>
  );
}
