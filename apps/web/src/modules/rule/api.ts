import type { Paged, RuleDetail, RuleItem, RuleSaveBody, ruleListQuery, z } from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { fetchData, request } from '../../platform/request.ts';

/** Calls of the rules library (法律法规): managed lists and saves, and the public reads of the portal. */

/** The query of the rule list (contracts ruleListQuery, as sent). */
export type RuleListParams = z.input<typeof ruleListQuery>;

export async function listRules(q: RuleListParams, pub = false): Promise<PageResult<RuleItem>> {
  return fetchData<Paged<RuleItem>>(pub ? '/public/rule/list' : '/rule/list', {
    method: pub ? 'GET' : 'POST',
    params: { ...q },
    skipErrorHandler: pub,
  });
}

export function getRule(id: number, pub = false): Promise<RuleDetail> {
  return fetchData<RuleDetail>(pub ? '/public/rule/detail' : '/rule/detail', {
    method: pub ? 'GET' : 'POST',
    params: { id },
    skipErrorHandler: pub,
  });
}

export async function saveRule(body: RuleSaveBody): Promise<string> {
  const { id, version, ...rest } = body;
  const env = id
    ? await request('/rule/save', { data: { ...rest, id, version } })
    : await request('/rule/add', { data: rest });
  return env.result;
}

export async function deleteRule(id: number, version: number): Promise<void> {
  await request('/rule/delete', { params: { id, version } });
}
