import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Typography } from 'antd';
import { ID_TYPES, isValidIdCard, ROSTER_ID_MESSAGE } from '../../platform/contracts.ts';
import '../../components/nowrap.css';
import { policyApi } from '../policy/index.ts';
import type { RosterPerson } from './rules.ts';

/**
 * Whether the person with this ID number is on the policy's insured-person list now (the server looks
 * the full number up by its blind index and answers masked rows); undefined when the lookup failed.
 */
async function onPolicy(policyId: number, idNo: string): Promise<boolean | undefined> {
  try {
    const page = await policyApi.persons({ id: policyId, keyword: idNo, pageNo: 1, pageSize: 1 });
    return page.total > 0;
  } catch {
    return undefined;
  }
}

export function RosterTable({
  name,
  title,
  policyId,
  registered,
}: {
  name: 'personsIn' | 'personsOut';
  title: string;
  policyId: number;
  /** Persons on the policy's list now: with none, nobody can be on it and nothing is looked up. */
  registered: number;
}) {
  const form = Form.useFormInstance();
  const leaving = name === 'personsOut';
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div>
          <Typography.Text strong>{title}</Typography.Text>
          <table className="aq-roster" style={{ width: '100%', borderCollapse: 'collapse', marginTop: 8 }}>
            <thead>
              <tr style={{ textAlign: 'left' }}>
                <th style={{ width: 48 }}>序号</th>
                <th>姓名</th>
                <th style={{ width: 130 }}>证件类型</th>
                <th>证件号码</th>
                <th>岗位</th>
                <th style={{ width: 48 }} />
              </tr>
            </thead>
            <tbody>
              {fields.map((f, i) => (
                <tr key={f.key}>
                  <td>{i + 1}</td>
                  <td>
                    <Form.Item
                      name={[f.name, 'name']}
                      style={{ marginBottom: 4 }}
                      rules={[
                        { required: true, whitespace: true, message: '请输入姓名' },
                        { min: 2, max: 20, message: '姓名须为2-20个字' },
                      ]}
                    >
                      <Input placeholder="姓名" maxLength={20} aria-label={`${title}姓名${i + 1}`} />
                    </Form.Item>
                  </td>
                  <td>
                    <Form.Item name={[f.name, 'idType']} style={{ marginBottom: 4 }}>
                      <Select options={ID_TYPES} aria-label={`${title}证件类型${i + 1}`} />
                    </Form.Item>
                  </td>
                  <td>
                    <Form.Item
                      name={[f.name, 'idNo']}
                      style={{ marginBottom: 4 }}
                      dependencies={[[name, f.name, 'idType']]}
                      validateDebounce={300}
                      rules={[
                        { required: true, whitespace: true, message: '请输入证件号码' },
                        {
                          validator: async (_, v?: string) => {
                            if (!v?.trim()) return;
                            const id = v.trim().toUpperCase();
                            const idType =
                              (form.getFieldValue([name, f.name, 'idType']) as string | undefined) ?? '01';
                            if (idType === '01' && !isValidIdCard(id)) throw new Error(ROSTER_ID_MESSAGE);
                            if (id.length < 4 || id.length > 30) throw new Error('证件号码须为4-30位');
                            const all = [
                              ...((form.getFieldValue('personsIn') as RosterPerson[] | undefined) ?? []),
                              ...((form.getFieldValue('personsOut') as RosterPerson[] | undefined) ?? []),
                            ];
                            if (all.filter((x) => (x?.idNo ?? '').trim().toUpperCase() === id).length > 1)
                              throw new Error('证件号码重复，同一人只能填写一次');
                            const on = registered > 0 ? await onPolicy(policyId, id) : false;
                            if (leaving && on === false)
                              throw new Error('该人员不在本保单的参保人员名单中，不能减少');
                            if (!leaving && on === true)
                              throw new Error('该人员已在本保单的参保人员名单中，不能重复加入');
                          },
                        },
                      ]}
                    >
                      <Input
                        placeholder="证件号码（身份证18位）"
                        maxLength={30}
                        aria-label={`${title}身份证号码${i + 1}`}
                      />
                    </Form.Item>
                  </td>
                  <td>
                    <Form.Item name={[f.name, 'position']} style={{ marginBottom: 4 }}>
                      <Input placeholder="如：操作工" maxLength={30} aria-label={`${title}岗位${i + 1}`} />
                    </Form.Item>
                  </td>
                  <td>
                    <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除该行" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ idType: '01' })}
            style={{ marginTop: 4 }}
          >
            添加一人
          </Button>
        </div>
      )}
    </Form.List>
  );
}
