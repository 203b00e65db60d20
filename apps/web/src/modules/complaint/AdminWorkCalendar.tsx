import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { chinaToday } from '../../components/index.ts';
import { Action } from '../../platform/access.tsx';
import { WORK_CALENDAR_SOURCES, WORK_DAY_KINDS, type WorkDayKind } from '../../platform/contracts.ts';
import { COMPLAINT_KEY, complaintApi, type WorkCalendar } from './api.ts';

interface DayValue {
  date?: Dayjs;
  kind?: WorkDayKind;
  name?: string;
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** The problem of one day of `year`'s list (the server's rules and messages), or null. */
export function dayProblem(year: number, days: DayValue[], i: number): string | null {
  const d = days[i];
  if (!d?.date) return '请选择日期';
  const date = d.date.format('YYYY-MM-DD');
  if (!date.startsWith(`${year}-`)) return `日期 ${date} 不在 ${year} 年内`;
  if (days.findIndex((x) => x.date?.format('YYYY-MM-DD') === date) !== i) return `日期 ${date} 重复`;
  const dow = d.date.day();
  if (d.kind === 'workday' && dow !== 0 && dow !== 6) return `调休上班日 ${date} 须为周六或周日`;
  return null;
}

/** One year's days as an editable list (years the built-in calendar does not cover). */
function CalendarEditor({ cal }: { cal: WorkCalendar }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ days: DayValue[] }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    form.setFieldsValue({
      days: cal.days.map((d) => ({ date: dayjs(d.date), kind: d.kind as WorkDayKind, name: d.name })),
    });
  }, [cal, form]);
  const save = async ({ days }: { days: DayValue[] }) => {
    setSaving(true);
    try {
      const res = await complaintApi.saveCalendar({
        year: cal.year,
        version: cal.version,
        days: (days ?? [])
          .map((d) => ({
            date: (d.date as Dayjs).format('YYYY-MM-DD'),
            kind: d.kind as WorkDayKind,
            name: (d.name ?? '').trim(),
          }))
          .sort((a, b) => a.date.localeCompare(b.date)),
      });
      message.success(res.message || '保存成功');
      await queryClient.invalidateQueries({ queryKey: [COMPLAINT_KEY, 'calendar'] });
    } catch {
      // shown by the API client (409 when someone else saved first)
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} onFinish={save} name="workCalendar" data-testid="calendar-editor">
      <Form.List name="days">
        {(fields, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.length === 0 ? (
              <Typography.Text type="secondary">
                尚未维护，答复期限按周末计算（不含节假日和调休）
              </Typography.Text>
            ) : null}
            {fields.map((f) => (
              <Space key={f.key} align="start" wrap data-testid="calendar-day">
                <Form.Item
                  name={[f.name, 'date']}
                  rules={[
                    {
                      validator: async () => {
                        const days = (form.getFieldValue('days') ?? []) as DayValue[];
                        const p = dayProblem(cal.year, days, f.name);
                        if (p) throw new Error(p);
                      },
                    },
                  ]}
                  dependencies={[['days', f.name, 'kind']]}
                >
                  <DatePicker aria-label="日期" defaultPickerValue={dayjs(`${cal.year}-01-01`)} />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => {
                    const d = form.getFieldValue(['days', f.name, 'date']) as Dayjs | undefined;
                    return (
                      <Typography.Text
                        type="secondary"
                        style={{ lineHeight: '32px', width: 28, display: 'inline-block' }}
                      >
                        {d ? WEEKDAYS[d.day()] : ''}
                      </Typography.Text>
                    );
                  }}
                </Form.Item>
                <Form.Item name={[f.name, 'kind']} rules={[{ required: true, message: '请选择日期类型' }]}>
                  <Select
                    aria-label="类型"
                    style={{ width: 180 }}
                    options={WORK_DAY_KINDS.map((k) => ({ value: k.value, label: k.label }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'name']}
                  rules={[
                    { required: true, whitespace: true, message: '请填写节日名称' },
                    { max: 20, message: '节日名称最多20个字' },
                  ]}
                >
                  <Input aria-label="节日名称" placeholder="节日名称，如 春节" maxLength={20} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除" />
              </Space>
            ))}
            <Space>
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ kind: 'holiday' })}
                disabled={fields.length >= 100}
              >
                添加日期
              </Button>
              <Action permission="setting.edit">
                <Button type="primary" htmlType="submit" loading={saving}>
                  保存
                </Button>
              </Action>
            </Space>
          </Space>
        )}
      </Form.List>
    </Form>
  );
}

/**
 * 工作日历 (operations centre): the statutory holidays and make-up working days (调休) that the complaint
 * deadlines count in working days. Years the built-in calendar covers are shown read-only; for a later year
 * (the State Council publishes it in November or December) the administrator enters its days here.
 */
export function AdminWorkCalendar() {
  const thisYear = Number(chinaToday().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const q = useQuery({
    queryKey: [COMPLAINT_KEY, 'calendar', year],
    queryFn: () => complaintApi.calendar(year),
  });
  const cal = q.data;
  const years = Array.from({ length: 6 }, (_, i) => thisYear - 2 + i);
  return (
    <Card
      variant="borderless"
      title="工作日历"
      loading={q.isLoading}
      extra={
        <Space>
          <span>年度</span>
          <Select
            data-testid="calendar-year"
            aria-label="年度"
            value={year}
            onChange={setYear}
            style={{ width: 110 }}
            options={years.map((y) => ({ value: y, label: `${y}年` }))}
          />
        </Space>
      }
    >
      {cal ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <span>来源：</span>
            <Tag color={cal.source === 'package' ? 'blue' : cal.source === 'custom' ? 'green' : 'orange'}>
              {WORK_CALENDAR_SOURCES.label(cal.source) || cal.source}
            </Tag>
            {cal.packageYears.length ? (
              <Typography.Text type="secondary">
                内置日历覆盖：{Math.min(...cal.packageYears)}–{Math.max(...cal.packageYears)} 年
              </Typography.Text>
            ) : null}
          </Space>
          {cal.source === 'package' ? (
            <>
              <Alert
                type="info"
                showIcon
                message={`${cal.year} 年的节假日和调休已由内置日历提供（按国务院办公厅通知），无需维护。`}
              />
              <Table
                size="small"
                rowKey="date"
                pagination={false}
                dataSource={cal.days}
                columns={[
                  {
                    title: '日期',
                    dataIndex: 'date',
                    render: (d: string) => `${d} ${WEEKDAYS[dayjs(d).day()]}`,
                  },
                  { title: '类型', dataIndex: 'kind', render: (k: string) => WORK_DAY_KINDS.label(k) },
                  { title: '节日', dataIndex: 'name' },
                ]}
              />
            </>
          ) : (
            <>
              <Alert
                type="warning"
                showIcon
                message={`内置日历未覆盖 ${cal.year} 年：请按国务院办公厅公布的放假安排录入法定节假日和调休上班日，投诉答复期限将按此计算。`}
              />
              <CalendarEditor key={`${cal.year}-${cal.version}`} cal={cal} />
            </>
          )}
        </Space>
      ) : null}
    </Card>
  );
}
