import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, DatePicker, Drawer, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { validated } from '../../components/form-utils.ts';
import { AttachmentIdsUpload, chinaToday } from '../../components/index.ts';
import {
  AP_EVAL_RESULTS,
  AP_EVAL_TYPES,
  type ApEvalResult,
  type ApEvalType,
} from '../../platform/contracts.ts';
import { type ApEvalRow, EVAL_KEY, evalApi } from './api.ts';
import { Indicators, reportProblem } from './parts.tsx';

interface Values {
  evalType?: ApEvalType;
  year?: number;
  projectName?: string;
  commissioningUnit?: string;
  insurerId?: number;
  implementingUnit?: string;
  evalDate?: Dayjs;
  result?: ApEvalResult;
  score?: number | null;
  summary?: string;
  reports?: string[];
}

const lengthRules = (label: string, min: number, max: number) => [
  {
    validator: async (_: unknown, v: string | undefined) => {
      const s = (v ?? '').trim();
      if (s.length < min) throw new Error(`${label}至少${min}个字`);
      if (s.length > max) throw new Error(`${label}最多${max}个字`);
    },
  },
];

/**
 * The annual evaluation of an insurer's prevention service (AQ 9010 §8; fields of domain 2.12), with the
 * indicators of the chosen insurer and year from the platform's own data beside it.
 */
export function ApEvalForm({
  editing,
  onClose,
}: {
  /** The evaluation edited, or 'new'. */
  editing: ApEvalRow | 'new';
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const insurers = useQuery({
    queryKey: [EVAL_KEY, 'insurers'],
    queryFn: evalApi.insurers,
    staleTime: 300_000,
  });
  const insurerId = Form.useWatch('insurerId', form);
  const year = Form.useWatch('year', form);
  const row = editing === 'new' ? null : editing;
  const thisYear = Number(chinaToday().slice(0, 4));
  const initial: Values = row
    ? {
        evalType: row.evalType as ApEvalType,
        year: row.year,
        projectName: row.projectName,
        commissioningUnit: row.commissioningUnit,
        insurerId: row.insurerId,
        implementingUnit: row.implementingUnit,
        evalDate: dayjs(row.evalDate),
        result: row.result as ApEvalResult,
        score: row.score,
        summary: row.summary,
        reports: row.reports.map((r) => r.id),
      }
    : { evalType: '01', year: thisYear - 1, reports: [] };

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    const body = {
      evalType: v.evalType as ApEvalType,
      year: v.year as number,
      projectName: (v.projectName ?? '').trim(),
      commissioningUnit: (v.commissioningUnit ?? '').trim(),
      insurerId: v.insurerId as number,
      implementingUnit: (v.implementingUnit ?? '').trim(),
      evalDate: (v.evalDate as Dayjs).format('YYYY-MM-DD'),
      result: v.result as ApEvalResult,
      score: v.score ?? null,
      summary: (v.summary ?? '').trim(),
      reports: v.reports ?? [],
    };
    setSaving(true);
    try {
      const res = row
        ? await evalApi.save({ ...body, id: row.id, version: row.version })
        : await evalApi.add(body);
      message.success(res.message || '保存成功');
      await queryClient.invalidateQueries({ queryKey: [EVAL_KEY] });
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      width={1080}
      title={row ? '编辑服务评估' : '新增服务评估'}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={submit}>
            保存
          </Button>
        </Space>
      }
    >
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <Form<Values>
            form={form}
            layout="vertical"
            name="apEval"
            initialValues={initial}
            data-testid="ap-eval-form"
          >
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  name="insurerId"
                  label="评估对象"
                  rules={[{ required: true, message: '请选择评估对象' }]}
                >
                  <Select
                    showSearch
                    optionFilterProp="label"
                    loading={insurers.isLoading}
                    placeholder="被评估的保险机构"
                    options={(insurers.data ?? []).map((i) => ({ value: i.orgId, label: i.name }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="year"
                  label="评估年度"
                  required
                  rules={[
                    {
                      validator: async (_, v: number | null | undefined) => {
                        if (v === null || v === undefined) throw new Error('请填写评估年度');
                        if (!Number.isInteger(v)) throw new Error('年度须为整数');
                        if (v < 2000 || v > 2100) throw new Error('年度不正确');
                      },
                    },
                  ]}
                >
                  <InputNumber style={{ width: '100%' }} addonAfter="年" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="evalType"
                  label="评估类型"
                  rules={[{ required: true, message: '请选择评估类型' }]}
                >
                  <Select options={AP_EVAL_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="evalDate"
                  label="评估时间"
                  rules={[{ required: true, message: '请选择评估时间' }]}
                >
                  <DatePicker style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="projectName" label="项目名称" rules={lengthRules('项目名称', 2, 100)} required>
              <Input maxLength={100} placeholder="如：2026年度事故预防服务评估" />
            </Form.Item>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  name="commissioningUnit"
                  label="委托单位"
                  rules={lengthRules('委托单位', 2, 100)}
                  required
                >
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="implementingUnit"
                  label="实施单位"
                  rules={lengthRules('实施单位', 2, 100)}
                  required
                >
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="result"
                  label="评估结果"
                  rules={[{ required: true, message: '请选择评估结果' }]}
                >
                  <Select options={AP_EVAL_RESULTS.map((r) => ({ value: r.value, label: r.label }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="score"
                  label="评估得分（选填）"
                  rules={[
                    {
                      validator: async (_, v: number | null | undefined) => {
                        if (v !== null && v !== undefined && (v < 0 || v > 100))
                          throw new Error('评估得分为0-100');
                      },
                    },
                  ]}
                >
                  <InputNumber style={{ width: '100%' }} addonAfter="分" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="summary"
              label="评估结论"
              rules={[{ max: 2000, message: '评估结论最多2000个字' }]}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={2000} showCount />
            </Form.Item>
            <Form.Item
              name="reports"
              label="评估报告"
              extra="PDF 或图片，每个不超过10MB，最多5个"
              rules={[{ required: true, type: 'array', min: 1, message: '请上传评估报告' }]}
            >
              <AttachmentIdsUpload
                max={5}
                check={reportProblem}
                label="上传评估报告"
                initialFiles={row?.reports ?? []}
              />
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} lg={10}>
          <Indicators insurerId={insurerId} year={year} />
        </Col>
      </Row>
    </Drawer>
  );
}
