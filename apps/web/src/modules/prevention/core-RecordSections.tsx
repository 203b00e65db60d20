import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { numberRule } from '../../components/index.ts';
import {
  CHECK_RESULTS,
  HAZARD_LEVELS,
  RECORD_LIMITS,
  RISK_LEVELS,
  TRAINING_FORMS,
} from '../../platform/contracts.ts';
import { MaskedPhone, type RevealRef } from '../../platform/masked-phone.tsx';
import { PhotoField } from './core-PhotoField.tsx';

/** Full-width controls and finger-sized buttons: the record form is filled on a phone (375 px). */
export const FULL = { width: '100%' } as const;
const BIG = { minHeight: 44 } as const;
const count = (label: string) => [
  { required: true, message: `请填写${label}` },
  numberRule(label, { min: 0, max: 10_000, decimals: 0 }),
];

/** A removable card of a repeated row (hazard, risk, problem, expert). */
function RowCard({
  title,
  onRemove,
  children,
  testId,
}: {
  title: string;
  onRemove: () => void;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card
      size="small"
      title={title}
      style={{ marginBottom: 12 }}
      data-testid={testId}
      extra={
        <Button
          danger
          type="text"
          icon={<DeleteOutlined />}
          onClick={onRemove}
          aria-label={`删除${title}`}
          style={BIG}
        />
      }
    >
      {children}
    </Card>
  );
}

/**
 * 服务专家: one card per expert, full-width inputs. A number shown masked (as the server sends it) can be kept
 * as it is, retyped, or seen in full by 查看 (`reveal` names the stored number it masks).
 */
export function ExpertCards({ reveal }: { reveal?: (masked: string) => RevealRef | null }) {
  return (
    <Form.List name="experts">
      {(fields, { add, remove }) => (
        <div data-testid="expert-rows">
          {fields.map((f, i) => (
            <RowCard key={f.key} title={`专家${i + 1}`} onRemove={() => remove(f.name)}>
              <Form.Item
                name={[f.name, 'name']}
                label="姓名"
                rules={[
                  { required: true, whitespace: true, message: '请填写专家姓名' },
                  { min: 2, max: 20, message: '专家姓名为2-20个字' },
                ]}
              >
                <Input style={FULL} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'title']}
                label="职称/专业"
                rules={[{ max: 50, message: '最多50个字' }]}
              >
                <Input style={FULL} />
              </Form.Item>
              <Form.Item name={[f.name, 'phone']} label="电话" rules={[{ max: 30, message: '最多30个字' }]}>
                <Input style={FULL} inputMode="tel" />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {({ getFieldValue }) => {
                  const v: unknown = getFieldValue(['experts', f.name, 'phone']);
                  const ref = typeof v === 'string' && v.includes('*') ? reveal?.(v) : null;
                  return ref ? (
                    <div style={{ marginTop: -12, marginBottom: 12 }} data-testid={`expert-phone-${i + 1}`}>
                      完整号码：
                      <MaskedPhone value={v as string} reveal={ref} />
                    </div>
                  ) : null;
                }}
              </Form.Item>
            </RowCard>
          ))}
          <Button block type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={BIG}>
            添加服务专家
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** 01 培训: form, enterprises served, attendees, photos. */
function TrainingSection() {
  return (
    <>
      <Form.Item
        name={['summary', 'form']}
        label="服务形式"
        rules={[{ required: true, message: '请选择服务形式' }]}
      >
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={TRAINING_FORMS.map((o) => ({ value: o.value, label: o.label }))}
        />
      </Form.Item>
      <Form.Item name={['summary', 'attendees']} label="参加人数" rules={count('参加人数')}>
        <InputNumber style={FULL} inputMode="numeric" />
      </Form.Item>
      <Form.Item name={['summary', 'enterprises']} label="服务企业清单" extra="输入企业名称后回车，可填多家">
        <Select mode="tags" style={FULL} open={false} tokenSeparators={['，', ',', '、']} />
      </Form.Item>
      <Form.Item name={['summary', 'photos']} label="培训照片">
        <PhotoField max={RECORD_LIMITS.files} label="培训照片" />
      </Form.Item>
    </>
  );
}

/** 02 风险辨识: risk rows with the four colour levels. */
function RiskSection() {
  return (
    <Form.List name={['summary', 'risks']}>
      {(fields, { add, remove }) => (
        <div data-testid="risk-rows">
          {fields.map((f, i) => (
            <RowCard key={f.key} title={`风险${i + 1}`} onRemove={() => remove(f.name)}>
              <Form.Item
                name={[f.name, 'date']}
                label="辨识日期"
                rules={[{ required: true, message: '请选择辨识日期' }]}
              >
                <Input type="date" style={FULL} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'source']}
                label="风险源"
                rules={[
                  { required: true, whitespace: true, message: '请填写风险源' },
                  { max: 200, message: '最多200个字' },
                ]}
              >
                <Input style={FULL} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'level']}
                label="风险等级"
                rules={[{ required: true, message: '请选择风险等级' }]}
              >
                <Radio.Group
                  optionType="button"
                  options={RISK_LEVELS.map((o) => ({ value: o.value, label: o.label }))}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'basis']} label="依据" rules={[{ max: 500, message: '最多500个字' }]}>
                <Input.TextArea rows={2} style={FULL} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'measures']}
                label="防范措施"
                rules={[{ max: 1000, message: '最多1000个字' }]}
              >
                <Input.TextArea rows={2} style={FULL} />
              </Form.Item>
              <Form.Item name={[f.name, 'photos']} label="照片">
                <PhotoField max={RECORD_LIMITS.hazardPhotos} label={`风险${i + 1}照片`} />
              </Form.Item>
            </RowCard>
          ))}
          <Button block type="dashed" icon={<PlusOutlined />} onClick={() => add({ photos: [] })} style={BIG}>
            添加风险
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** 03 隐患排查: check result counts, check photos (≤ 6) and the hazard rows (≤ 10 photos each). */
function CheckSection() {
  return (
    <>
      {CHECK_RESULTS.map((c) => (
        <Form.Item
          key={c.value}
          name={['summary', c.value]}
          label={`${c.label}项数`}
          rules={count(`${c.label}项数`)}
        >
          <InputNumber style={FULL} inputMode="numeric" />
        </Form.Item>
      ))}
      <Form.Item name={['summary', 'photos']} label="检查照片">
        <PhotoField max={RECORD_LIMITS.checkPhotos} label="检查照片" />
      </Form.Item>
      <Typography.Title level={5}>发现的隐患</Typography.Title>
      <Form.List name="hazards">
        {(fields, { add, remove }) => (
          <div data-testid="hazard-rows">
            {fields.map((f, i) => (
              <RowCard
                key={f.key}
                title={`隐患${i + 1}`}
                onRemove={() => remove(f.name)}
                testId={`hazard-row-${i + 1}`}
              >
                <Form.Item
                  name={[f.name, 'checkDate']}
                  label="检查日期"
                  rules={[{ required: true, message: '请选择检查日期' }]}
                >
                  <Input type="date" style={FULL} />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'description']}
                  label="隐患描述"
                  rules={[
                    { required: true, whitespace: true, message: '请描述隐患' },
                    { min: 2, message: '请描述隐患（至少2个字）' },
                    { max: 1000, message: '最多1000个字' },
                  ]}
                >
                  <Input.TextArea rows={3} style={FULL} />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'level']}
                  label="隐患等级"
                  rules={[{ required: true, message: '请选择隐患等级' }]}
                >
                  <Radio.Group
                    optionType="button"
                    buttonStyle="solid"
                    size="large"
                    options={HAZARD_LEVELS.map((o) => ({ value: o.value, label: o.label }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'basis']}
                  label="判断依据"
                  rules={[{ max: 500, message: '最多500个字' }]}
                >
                  <Input.TextArea rows={2} style={FULL} placeholder="标准、规范条款" />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'recommendation']}
                  label="整改建议"
                  rules={[{ max: 1000, message: '最多1000个字' }]}
                >
                  <Input.TextArea rows={2} style={FULL} />
                </Form.Item>
                <Form.Item name={[f.name, 'deadline']} label="限期整改日期">
                  <Input type="date" style={FULL} />
                </Form.Item>
                <Form.Item name={[f.name, 'photos']} label="隐患照片">
                  <PhotoField max={RECORD_LIMITS.hazardPhotos} label={`隐患${i + 1}照片`} />
                </Form.Item>
              </RowCard>
            ))}
            <Button
              block
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ level: 1, photos: [] })}
              style={BIG}
            >
              添加隐患
            </Button>
          </div>
        )}
      </Form.List>
    </>
  );
}

/** 04 标准化 / 05 预案演练: problem rows with points deducted. */
function ProblemSection() {
  return (
    <Form.List name={['summary', 'problems']}>
      {(fields, { add, remove }) => (
        <div data-testid="problem-rows">
          {fields.map((f, i) => (
            <RowCard key={f.key} title={`问题${i + 1}`} onRemove={() => remove(f.name)}>
              <Form.Item
                name={[f.name, 'description']}
                label="问题描述"
                rules={[
                  { required: true, whitespace: true, message: '请描述问题' },
                  { min: 2, message: '请描述问题（至少2个字）' },
                ]}
              >
                <Input.TextArea rows={2} style={FULL} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'points']}
                label="扣分"
                rules={[
                  { required: true, message: '请填写扣分' },
                  numberRule('扣分', { min: 0, max: 1000, decimals: 1 }),
                ]}
              >
                <InputNumber style={FULL} inputMode="decimal" />
              </Form.Item>
              <Form.Item
                name={[f.name, 'scenario']}
                label="针对场景"
                rules={[{ max: 200, message: '最多200个字' }]}
              >
                <Input style={FULL} />
              </Form.Item>
              <Form.Item name={[f.name, 'files']} label="照片">
                <PhotoField max={RECORD_LIMITS.hazardPhotos} label={`问题${i + 1}照片`} />
              </Form.Item>
            </RowCard>
          ))}
          <Button
            block
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ points: 0, files: [] })}
            style={BIG}
          >
            添加问题
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The per-type summary section of domain 2.10 for the plan's item. */
export function SummarySection({ item }: { item: string }) {
  switch (item) {
    case '01':
      return <TrainingSection />;
    case '02':
      return <RiskSection />;
    case '03':
      return <CheckSection />;
    case '04':
    case '05':
      return <ProblemSection />;
    default:
      return (
        <Typography.Text type="secondary">本服务项目填写服务情况说明并上传照片或文件即可。</Typography.Text>
      );
  }
}
