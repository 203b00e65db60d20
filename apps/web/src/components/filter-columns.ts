import type { ProColumns } from '@ant-design/pro-components';
import { type Option, WS_INDUSTRIES } from '../platform/contracts.ts';
import { valueEnumOf } from './format.ts';

/**
 * The search-only 所属区县 and 行业领域 filters of the business lists (policies, claims), and with `year`
 * a year filter sent as a number: columns the table does not show.
 */
export function regionFilterColumns<T>(
  districts: readonly Option<string>[],
  year?: { title: string },
): ProColumns<T>[] {
  return [
    {
      title: '所属区县',
      dataIndex: 'districtCode',
      valueType: 'select',
      valueEnum: valueEnumOf(districts),
      hideInTable: true,
    },
    {
      title: '行业领域',
      dataIndex: 'wsIndustryCode',
      valueType: 'select',
      valueEnum: valueEnumOf(WS_INDUSTRIES),
      hideInTable: true,
    },
    ...(year
      ? [
          {
            title: year.title,
            dataIndex: 'year',
            valueType: 'dateYear',
            hideInTable: true,
            search: { transform: (v: string) => ({ year: Number(String(v).slice(0, 4)) }) },
          } as ProColumns<T>,
        ]
      : []),
  ];
}
