import { useQueries, useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { CITY_CODE } from '../../platform/contracts.ts';
import { cities, districts, provinces, type RegionItem, regionKeys } from './api.ts';

const JIANGSU = '320000';

/** Province codes end in 0000, city codes in 00; everything else is a district (GB/T 2260). */
export function regionLevel(code: string): 'province' | 'city' | 'district' {
  if (code.endsWith('0000')) return 'province';
  if (code.endsWith('00')) return 'city';
  return 'district';
}

/** Names of the provinces, Jiangsu's cities and Suqian's districts (what local links use), by code. */
export function useRegionNames(): Map<string, string> {
  const [p, c, d] = useQueries({
    queries: [
      { queryKey: regionKeys.regions('province', ''), queryFn: provinces, staleTime: Infinity },
      {
        queryKey: regionKeys.regions('city', JIANGSU),
        queryFn: () => cities(JIANGSU),
        staleTime: Infinity,
      },
      {
        queryKey: regionKeys.regions('district', CITY_CODE),
        queryFn: () => districts(CITY_CODE),
        staleTime: Infinity,
      },
    ],
  });
  return useMemo(
    () => new Map([...(p.data ?? []), ...(c.data ?? []), ...(d.data ?? [])].map((r) => [r.code, r.name])),
    [p.data, c.data, d.data],
  );
}

interface FlatNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

const flat = (items: RegionItem[], pId: string, isLeaf: boolean): FlatNode[] =>
  items.map((r) => ({ id: r.code, pId, value: r.code, title: r.name, isLeaf }));

/**
 * Picks any number of provinces, cities or districts (each on its own: picking a city does not pick
 * its districts). Loads the next level when a node is expanded; Jiangsu and Suqian are ready at once.
 */
export function RegionMultiPicker({
  value = [],
  onChange,
  names,
}: {
  value?: string[];
  onChange?: (codes: string[]) => void;
  names: Map<string, string>;
}) {
  const provinceList = useQuery({
    queryKey: regionKeys.regions('province', ''),
    queryFn: provinces,
    staleTime: Infinity,
  });
  const [loaded, setLoaded] = useState<FlatNode[]>([]);
  const [expanded, setExpanded] = useState<(string | number)[]>([JIANGSU, CITY_CODE]);
  const jiangsu = useQuery({
    queryKey: regionKeys.regions('city', JIANGSU),
    queryFn: () => cities(JIANGSU),
    staleTime: Infinity,
  });
  const suqian = useQuery({
    queryKey: regionKeys.regions('district', CITY_CODE),
    queryFn: () => districts(CITY_CODE),
    staleTime: Infinity,
  });
  const treeData = useMemo(() => {
    // Jiangsu and Suqian first: local links are what this platform needs most.
    const provincesFirst = [...(provinceList.data ?? [])].sort(
      (a, b) => Number(b.code === JIANGSU) - Number(a.code === JIANGSU),
    );
    const nodes = [
      ...flat(provincesFirst, '', false),
      ...flat(
        [...(jiangsu.data ?? [])].sort((a, b) => Number(b.code === CITY_CODE) - Number(a.code === CITY_CODE)),
        JIANGSU,
        false,
      ),
      ...flat(suqian.data ?? [], CITY_CODE, true),
      ...loaded,
    ];
    const seen = new Set<string>();
    return nodes.filter((n) => {
      if (seen.has(n.id)) return false;
      seen.add(n.id);
      return true;
    });
  }, [provinceList.data, jiangsu.data, suqian.data, loaded]);

  const loadData = async (node: { id?: unknown; value?: unknown }) => {
    const code = String(node.id ?? node.value ?? '');
    if (treeData.some((n) => n.pId === code)) return;
    const level = regionLevel(code);
    const items = level === 'province' ? await cities(code) : level === 'city' ? await districts(code) : [];
    setLoaded((l) => [...l, ...flat(items, code, level === 'city')]);
  };

  return (
    <TreeSelect
      style={{ width: '100%' }}
      treeDataSimpleMode
      treeData={treeData}
      loadData={loadData}
      treeCheckable
      treeCheckStrictly
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      treeExpandedKeys={expanded}
      onTreeExpand={(keys) => setExpanded(keys as (string | number)[])}
      value={value.map((code) => ({ value: code, label: names.get(code) ?? code }))}
      onChange={(v: Array<{ value: string }>) => onChange?.(v.map((x) => x.value))}
      placeholder="不选表示适用于全部地区"
      allowClear
      showSearch
      treeNodeFilterProp="title"
      maxTagCount={12}
      aria-label="适用地区"
    />
  );
}
