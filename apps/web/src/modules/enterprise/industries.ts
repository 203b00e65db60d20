import type { IndustryNode } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { industryTree } from './api.ts';

export interface IndustryOption {
  value: string;
  title: string;
  children?: IndustryOption[];
}

/** Work-safety industry fields (AQ branch): the stored value is the node's own code (AQ0202...). */
export function wsOptions(nodes: IndustryNode[]): IndustryOption[] {
  return nodes.map((n) => ({
    value: n.code,
    title: `${n.name}（${n.code}）`,
    ...(n.children.length ? { children: wsOptions(n.children) } : {}),
  }));
}

/**
 * GB/T 4754-2017 sections and divisions: divisions are seeded as two digits under their section letter,
 * while an enterprise stores the full code (C26), so a division's value is section + digits.
 */
export function gbOptions(nodes: IndustryNode[]): IndustryOption[] {
  return nodes.map((s) => ({
    value: s.code,
    title: `${s.code} ${s.name}`,
    ...(s.children.length
      ? {
          children: s.children.map((d) => {
            const code = /^\d/.test(d.code) ? `${s.code}${d.code}` : d.code;
            return { value: code, title: `${code} ${d.name}` };
          }),
        }
      : {}),
  }));
}

/** Whether `code` is one of the options (at any depth). */
export function hasOption(options: IndustryOption[], code: string): boolean {
  return options.some((o) => o.value === code || (o.children ? hasOption(o.children, code) : false));
}

/** Keeps a stored code that the tree does not list (e.g. a 4-digit GB class) selectable and visible. */
export function withCurrent(options: IndustryOption[], code: string | undefined): IndustryOption[] {
  if (!code || hasOption(options, code)) return options;
  return [{ value: code, title: `${code}（当前值）` }, ...options];
}

export function useIndustryOptions() {
  const ws = useQuery({
    queryKey: ['industry', 'AQ'],
    queryFn: () => industryTree('AQ'),
    staleTime: 10 * 60_000,
  });
  const gb = useQuery({
    queryKey: ['industry', 'GB4754'],
    queryFn: () => industryTree('GB4754'),
    staleTime: 10 * 60_000,
  });
  return {
    ws: ws.data ? wsOptions(ws.data) : [],
    gb: gb.data ? gbOptions(gb.data) : [],
    loading: ws.isLoading || gb.isLoading,
  };
}

/** The title of a code in the options (full node name), or undefined. */
export function optionTitle(options: IndustryOption[], code: string): string | undefined {
  for (const o of options) {
    if (o.value === code) return o.title;
    const inner = o.children ? optionTitle(o.children, code) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** A GB/T 4754 code as text: its own title, or its division's (C2614 → C26 …（C2614）), or the code. */
export function gbTitle(options: IndustryOption[], code: string): string {
  const own = optionTitle(options, code);
  if (own) return own;
  const division = code.length > 3 ? optionTitle(options, code.slice(0, 3)) : undefined;
  return division ? `${division}（${code}）` : code;
}
