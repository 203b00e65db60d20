/** 登记隐患: the enterprise's self-check (domain 2.11) or the insurer's own check at an enterprise it insures. */
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useRef, useState } from 'react';
import { chinaToday, newIdempotencyKey, useDebounced } from '../../components/index.ts';
import { useAuth } from '../../platform/auth.ts';
import { HAZARD_LEVELS, HAZARD_LIMITS } from '../../platform/contracts.ts';
import { fetchData } from '../../platform/request.ts';
import { hazardApi, type SelfCheckBody } from './api.ts';
import { PhotoIdsField } from './forms.tsx';

const FULL = { width: '100%' } as const;

type Values = Partial<SelfCheckBody> & { enterpriseId?: number };

/** Every field of a registration, the optional texts as '' (what the server's defaults would be). */
function bodyOf(v: Values): SelfCheckBody {
  const t = (x: string | undefined) => (x ?? '').trim();
  return {
    checkDate: v.checkDate ?? '',
    basis: t(v.basis),
    checkItem: t(v.checkItem),
    description: t(v.description),
    level: v.level ?? 1,
    hazardType: t(v.hazardType),
    location: t(v.location),
    recommendation: t(v.recommendation),
    photos: v.photos ?? [],
    foundBy: t(v.foundBy),
    fixImmediately: v.fixImmediately ?? false,
    rectifyDept: t(v.rectifyDept),
    deadline: v.deadline ? v.deadline : null,
    acceptDept: t(v.acceptDept),
  };
}

/** Enterprises the insurer may pick (its own customers; policy/enterpriseOptions). */
function EnterprisePicker({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?: (v: number) => void;
  id?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const k = useDebounced(keyword, 300);
  const options = useQuery({
    queryKey: ['hazard', 'enterpriseOptions', k],
    queryFn: () =>
      fetchData<{ id: number; name: string; uscc: string | null }[]>('/policy/enterpriseOptions', {
        params: { keyword: k },
      }),
  });
  return (
    <Select
      id={id}
      showSearch
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={setKeyword}
      loading={options.isFetching}
      placeholder="输入企业名称或统一社会信用代码查找"
      notFoundContent="没有找到企业"
      options={(options.data ?? []).map((e) => ({
        value: e.id,
        label: e.uscc ? `${e.name}（${e.uscc}）` : e.name,
      }))}
    />
  );
}

export function RegisterModal({
  open,
  who,
  onClose,
  onDone,
}: {
  open: boolean;
  who: 'enterprise' | 'insurer';
  onClose: () => void;
  onDone: (id: number) => void;
}) {
  const { message } = App.useApp();
  const { user } = useAuth();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const key = useRef(newIdempotencyKey());
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const body = bodyOf(v);
      const res =
        who === 'insurer'
          ? await hazardApi.insurerCheck({ ...body, enterpriseId: v.enterpriseId as number }, key.current)
          : await hazardApi.selfCheck(body, key.current);
      message.success(res.message || '隐患已登记');
      key.current = newIdempotencyKey();
      onDone(res.data.id);
    } catch {
      // shown by the API client; the dialog stays
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={who === 'insurer' ? '登记隐患（保险机构排查）' : '登记隐患（企业自查）'}
      okText="登记"
      width={720}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
      onCancel={onClose}
      onOk={submit}
    >
      <div data-testid="register-form">
        <Form<Values>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            checkDate: chinaToday(),
            level: 1,
            fixImmediately: false,
            foundBy: user?.nickname || user?.username || '',
            photos: [],
          }}
        >
          {who === 'insurer' ? (
            <Form.Item
              name="enterpriseId"
              label="被检查企业"
              rules={[{ required: true, message: '请选择被检查企业' }]}
            >
              <EnterprisePicker />
            </Form.Item>
          ) : null}
          <Form.Item
            name="checkItem"
            label="检查标准/检查项"
            rules={[{ max: 200, message: '检查项最多200个字' }]}
          >
            <Input placeholder="例如：危险化学品储存场所检查表 第3项" />
          </Form.Item>
          <Form.Item
            name="description"
            label="隐患描述"
            rules={[
              { required: true, whitespace: true, message: '请描述隐患' },
              { min: 2, message: '请描述隐患（至少2个字）' },
              { max: 1000, message: '隐患描述最多1000个字' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
          <Form.Item name="level" label="隐患级别" rules={[{ required: true, message: '请选择隐患级别' }]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={HAZARD_LEVELS.map((o) => ({ value: o.value, label: o.label }))}
            />
          </Form.Item>
          <Form.Item name="basis" label="判断依据" rules={[{ max: 500, message: '判断依据最多500个字' }]}>
            <Input.TextArea rows={2} placeholder="标准、规范条款；重大隐患注明所依据的判定标准" />
          </Form.Item>
          <Form.Item name="hazardType" label="隐患类型" rules={[{ max: 50, message: '隐患类型最多50个字' }]}>
            <Input placeholder="例如：电气安全、消防安全" />
          </Form.Item>
          <Form.Item name="location" label="隐患部位" rules={[{ max: 200, message: '隐患部位最多200个字' }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="recommendation"
            label="整改建议"
            rules={[{ max: 1000, message: '整改建议最多1000个字' }]}
          >
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item
            name="checkDate"
            label="发现日期"
            rules={[{ required: true, message: '请选择发现日期' }]}
          >
            <Input type="date" style={FULL} max={chinaToday()} />
          </Form.Item>
          <Form.Item
            name="foundBy"
            label="发现人"
            rules={[
              { required: true, whitespace: true, message: '请填写发现人' },
              { max: 50, message: '发现人最多50个字' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="fixImmediately" valuePropName="checked">
            <Checkbox>立即整改（整改后直接进入待审核）</Checkbox>
          </Form.Item>
          <Form.Item noStyle dependencies={['fixImmediately', 'checkDate']}>
            {({ getFieldValue }) => (
              <Form.Item
                name="deadline"
                label="限时整改日期"
                rules={[
                  {
                    required: !getFieldValue('fixImmediately'),
                    message: '请填写限时整改日期（立即整改的隐患可不填）',
                  },
                  {
                    validator: (_, v: string | undefined) =>
                      v && v < getFieldValue('checkDate')
                        ? Promise.reject(new Error('限时整改日期不能早于检查日期'))
                        : Promise.resolve(),
                  },
                ]}
              >
                <Input type="date" style={FULL} />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item
            name="rectifyDept"
            label="整改部门/岗位"
            rules={[{ max: 100, message: '整改部门/岗位最多100个字' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="acceptDept"
            label="验收部门/岗位"
            rules={[
              ...(who === 'enterprise'
                ? [{ required: true, whitespace: true, message: '请填写验收部门/岗位' }]
                : []),
              { max: 100, message: '验收部门/岗位最多100个字' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="photos" label="隐患照片">
            <PhotoIdsField max={HAZARD_LIMITS.photos} buttonText="上传隐患照片" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
