import { describe, expect, it } from 'vitest';
import {
  apiModule,
  byApiUrl,
  filterTree,
  grantedTree,
  moveInOrder,
  nextCategoryCode,
  nextChildCode,
  pathTo,
  siblingsOf,
  subtreeIds,
  textMatcher,
  transferEntries,
} from './tree.ts';

interface N {
  id: number;
  name: string;
  children: N[];
}
const n = (id: number, name: string, children: N[] = []): N => ({ id, name, children });
const tree: N[] = [
  n(1, '系统管理', [n(2, '用户管理', [n(3, '新增用户')]), n(4, '数据字典')]),
  n(5, '日志审计', [n(6, '操作日志')]),
];
const names = (nodes: N[]): unknown =>
  nodes.map((x) => (x.children.length ? [x.name, names(x.children)] : x.name));

describe('tree helpers', () => {
  it('filterTree keeps matches with their ancestors, and a matching node with its whole subtree', () => {
    expect(
      names(
        filterTree(
          tree,
          textMatcher('日志', (x: N) => [x.name]),
        ),
      ),
    ).toEqual([['日志审计', ['操作日志']]]);
    expect(
      names(
        filterTree(
          tree,
          textMatcher('新增', (x: N) => [x.name]),
        ),
      ),
    ).toEqual([['系统管理', [['用户管理', ['新增用户']]]]]);
    expect(
      names(
        filterTree(
          tree,
          textMatcher('用户管理', (x: N) => [x.name]),
        ),
      ),
    ).toEqual([['系统管理', [['用户管理', ['新增用户']]]]]);
    expect(
      filterTree(
        tree,
        textMatcher('  ', (x: N) => [x.name]),
      ),
    ).toEqual(tree);
    expect(
      filterTree(
        tree,
        textMatcher('不存在', (x: N) => [x.name]),
      ),
    ).toEqual([]);
  });

  it('grantedTree shows what a role holds, ancestors it lacks marked ungranted', () => {
    const view = grantedTree(
      tree,
      new Map([
        [3, ['add']],
        [6, ['query', 'export']],
      ]),
    );
    expect(view.map((x) => [x.id, x.granted])).toEqual([
      [1, false],
      [5, false],
    ]);
    const user = view[0]!.children[0] as unknown as { id: number; granted: boolean; children: unknown[] };
    expect(user).toMatchObject({ id: 2, granted: false });
    expect(user.children).toMatchObject([{ id: 3, granted: true, grantedActions: ['add'] }]);
    expect(view[1]!.children).toMatchObject([{ id: 6, grantedActions: ['query', 'export'] }]);
    expect(grantedTree(tree, new Map())).toEqual([]);
  });

  it('moveInOrder swaps with the neighbour and refuses to move past either end', () => {
    expect(moveInOrder([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moveInOrder([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moveInOrder([1, 2, 3], 1, -1)).toBeNull();
    expect(moveInOrder([1, 2, 3], 3, 1)).toBeNull();
    expect(moveInOrder([1, 2, 3], 9, 1)).toBeNull();
  });

  it('siblingsOf finds the parent and siblings (top level: parent null)', () => {
    expect(siblingsOf(tree, 4)).toMatchObject({ parent: { id: 1 }, siblings: [{ id: 2 }, { id: 4 }] });
    expect(siblingsOf(tree, 5)).toMatchObject({ parent: null, siblings: [{ id: 1 }, { id: 5 }] });
    expect(siblingsOf(tree, 99)).toBeNull();
    expect(pathTo(tree, (x) => x.id === 3).map((x) => x.id)).toEqual([1, 2, 3]);
    expect(subtreeIds(tree[0]!)).toEqual([1, 2, 3, 4]);
  });

  it('suggests the next child and category codes', () => {
    expect(nextChildCode('032', ['03201', '03220', '03205'])).toBe('03221');
    expect(nextChildCode('033', [])).toBe('03301');
    expect(nextChildCode('035', ['401', '402'])).toBe('03501');
    expect(nextChildCode('040', ['04099'])).toBe('');
    expect(nextCategoryCode(['032', '051', '040'])).toBe('052');
    expect(nextCategoryCode([])).toBe('032');
  });
});

describe('two-sided API selection', () => {
  const a = (method: string, url: string) => ({ method, url });
  const key = (x: { method: string; url: string }) => `${x.method} ${x.url}`;
  const left = [
    a('POST', '/api/dict/add'),
    a('GET', '/api/safetymechanism/listSysApiInfos'),
    a('POST', '/api/zz'),
  ];
  const right = [a('POST', '/api/dict/findAll')];

  it('moves the chosen entries, keeps the rest in order and sorts the target by address', () => {
    const r = transferEntries(left, right, ['POST /api/zz', 'POST /api/dict/add'], key, byApiUrl);
    expect(r.moved).toEqual([a('POST', '/api/dict/add'), a('POST', '/api/zz')]);
    expect(r.from).toEqual([a('GET', '/api/safetymechanism/listSysApiInfos')]);
    expect(r.to.map((x) => x.url)).toEqual(['/api/dict/add', '/api/dict/findAll', '/api/zz']);
  });

  it('ignores keys that are not on the source side (nothing sent twice)', () => {
    const r = transferEntries(left, right, ['POST /api/dict/findAll', 'GET /api/none'], key, byApiUrl);
    expect(r.moved).toEqual([]);
    expect(r.from).toEqual(left);
    expect(r.to).toEqual(right);
  });

  it('groups API paths by module', () => {
    expect(apiModule('/api/dict/add')).toBe('dict');
    expect(apiModule('/api/manage/parameter/getIndustry.json')).toBe('manage/parameter');
    expect(apiModule('/api/sys/user/add')).toBe('sys/user');
    expect(apiModule('/health')).toBe('');
  });
});
