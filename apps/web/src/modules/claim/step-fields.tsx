import { DeleteOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import {
  afterChinaToday,
  chinaTime,
  dateTimeText,
  ImageUpload,
  thousandsInput,
} from '../../components/index.ts';
import { isValidLandline, isValidMobile } from '../../platform/contracts.ts';
import type { ClaimDetail } from './api.ts';
import { lastStepAt, stepTimeProblem, twoDecimals } from './model.ts';
import { TimeField, type TypedTime, typedTimeProblem } from './TimeField.tsx';

/** Fields and rules the claim step forms share. */

export const moneyRule = (
  label: string,
  opts: { positive?: boolean; max?: number; maxText?: string } = {},
) => ({
  validator: async (_: unknown, v: number | null | undefined) => {
    if (v === null || v === undefined) return;
    if (!twoDecimals(v)) throw new Error(`${label}最多两位小数`);
    if (v < 0) throw new Error(`${label}不能小于0`);
    if (opts.positive && v <= 0) throw new Error(`${label}须大于0`);
    if (opts.max !== undefined && v > opts.max) throw new Error(opts.maxText ?? `${label}过大`);
  },
});
export const personNameRules = (label: string) => [
  { required: true, whitespace: true, message: `请输入${label}` },
  { min: 2, max: 20, message: `${label}为2-20个字` },
];
export const phoneRule = {
  validator: async (_: unknown, v: string | undefined) => {
    if (!v?.trim()) throw new Error('请输入联系电话');
    if (!isValidMobile(v.trim()) && !isValidLandline(v.trim()))
      throw new Error('电话格式不正确，请输入手机号或座机号（如0527-84361234）');
  },
};

/** A read-only figure under a Form.Item that carries a name only to show errors (ignores value). */
export function Shown({ children }: { children: ReactNode; value?: unknown; onChange?: unknown }) {
  return <>{children}</>;
}

/**
 * A yuan amount. No `min` or `precision`: InputNumber would turn a typed -100 into 0, or 1.234 into 1.23,
 * on leaving the field; the field's rule refuses it in words instead.
 */
export function MoneyInput({ placeholder, ...rest }: { placeholder?: string; [k: string]: unknown }) {
  return (
    <InputNumber<number>
      step={100}
      style={{ width: '100%' }}
      suffix="元"
      placeholder={placeholder}
      {...thousandsInput}
      {...rest}
    />
  );
}

/** Time of the step: defaults to now; not in the future, not before the previous step. */
export function AtField({ claim, label }: { claim: ClaimDetail; label: string }) {
  const previous = lastStepAt(claim);
  return (
    <Form.Item
      name="at"
      label={label}
      rules={[
        { required: true, message: `请选择${label}` },
        {
          validator: async (_: unknown, v: TypedTime) => {
            const typed = typedTimeProblem(v, label);
            if (typed) throw new Error(typed);
            if (!dayjs.isDayjs(v)) return;
            const p = stepTimeProblem(v, previous);
            if (p) throw new Error(p);
          },
        },
      ]}
      extra={`须在上一环节（${dateTimeText(previous)}）之后，且不晚于当前时间`}
    >
      <TimeField
        style={{ width: '100%' }}
        disabledDate={(d) => afterChinaToday(d) || d.format('YYYY-MM-DD') < chinaTime(previous, 'date')}
      />
    </Form.Item>
  );
}

export function CommonTail({ filesLabel, noteRequired }: { filesLabel: string; noteRequired?: string }) {
  return (
    <>
      <Form.Item
        name="note"
        label="备注"
        rules={[
          ...(noteRequired ? [{ required: true, whitespace: true, message: noteRequired }] : []),
          ...(noteRequired ? [{ min: 2, message: noteRequired }] : []),
          { max: 2000, message: '备注最多2000个字' },
        ]}
      >
        <Input.TextArea rows={2} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item name="files" label={filesLabel} extra="jpg、png、gif 图片，每张不超过20M，最多10张">
        <ImageUpload size={10} />
      </Form.Item>
    </>
  );
}

/** The 删除此项 of one line of a payout list. */
export function RemoveLine({ onClick }: { onClick: () => void }) {
  return <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除此项" onClick={onClick} />;
}

/** The amount of one payout line (in a Col of `span`) and its 删除此项. */
export function LineAmount({
  span,
  name,
  label,
  placeholder,
  onRemove,
}: {
  span: number;
  name: number;
  label: string;
  placeholder: string;
  onRemove: () => void;
}) {
  return (
    <>
      <Col span={span}>
        <Form.Item
          name={[name, 'amount']}
          rules={[{ required: true, message: '请输入金额' }, moneyRule(label, { positive: true })]}
        >
          <MoneyInput placeholder={placeholder} />
        </Form.Item>
      </Col>
      <Col span={1}>
        <RemoveLine onClick={onRemove} />
      </Col>
    </>
  );
}
