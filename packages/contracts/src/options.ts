/**
 * Option lists of spec 3, 4 and 9: one definition, used by server validation and web display. Each list is
 * written once with defineOptions; its value type, labels, colours and ProTable valueEnum come from it.
 */

/** One choice of an option list: the stored value, its Chinese label and, where screens colour it, a colour. */
export interface Option<V extends string | number = number> {
  value: V;
  label: string;
  color?: string;
}

type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T;
type KeysOf<U> = U extends unknown ? keyof U : never;
type FieldOf<U, K extends PropertyKey> = U extends { readonly [P in K]: infer X } ? X : never;
/** The fields a list's items carry besides value, label and colour (e.g. WS_INDUSTRIES' mustInsure). */
type ExtraFields<U> = { -readonly [K in Exclude<KeysOf<U>, keyof Option<string>>]: Widen<FieldOf<U, K>> };

/**
 * An option list: its items in order (a plain array, for antd `options` and `.map`), with look-ups by
 * value. A value that is not in the list has no item, label '' and no colour (like `optionLabel`).
 */
export type OptionList<V extends string | number, X = unknown> = Array<Option<V> & X> & {
  /** The values in list order: `z.enum(L.values)` (strings) or `z.literal(L.values)` (numbers). */
  readonly values: readonly [V, ...V[]];
  /** Whether `value` is one of the list's values. */
  has(value: unknown): value is V;
  /** The item of a value. */
  option(value: Widen<V> | null | undefined): (Option<V> & X) | undefined;
  /** The label of a value ('' when there is none). */
  label(value: Widen<V> | null | undefined): string;
  /** The colour of a value (an antd Tag colour or #rrggbb), if the list colours it. */
  color(value: Widen<V> | null | undefined): string | undefined;
  /** ProTable's `valueEnum`: each value, as text, with its label (no colour, like valueEnumOf). */
  readonly valueEnum: Record<string, { text: string }>;
  /**
   * ProTable's `valueEnum` shown as badges: the label with the status of a preset colour (success,
   * processing, error, warning, default → Success …); items of other colours get no badge.
   */
  readonly badgeEnum: Record<string, { text: string; status?: BadgeStatus }>;
};

/** ProTable's badge statuses, named after antd's preset status colours. */
export type BadgeStatus = 'Success' | 'Processing' | 'Error' | 'Warning' | 'Default';
const BADGE_STATUS: Record<string, BadgeStatus> = {
  success: 'Success',
  processing: 'Processing',
  error: 'Error',
  warning: 'Warning',
  default: 'Default',
};

/** The value type of an option list: `type ClaimPhase = OptionValue<typeof CLAIM_PHASES>`. */
export type OptionValue<L> = L extends { readonly values: readonly (infer V)[] } ? V : never;

/**
 * Defines an option list from its items, written once in order: `defineOptions([{ value: 1, label: '报案',
 * color: '#1890ff' }, …])`. The values keep their literal types (the parameter is `const`), so the list's
 * value type is derived from it, never retyped. The look-ups are non-enumerable: the list still compares
 * and serialises as the plain array of its items.
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineOptions<const T extends readonly Option<string | number>[]>(
  items: T,
): OptionList<T[number]['value'], ExtraFields<T[number]>> {
  type V = T[number]['value'];
  type Item = Option<V> & ExtraFields<T[number]>;
  if (items.length === 0) throw new Error('An option list needs at least one option');
  const list = [...items] as unknown as Item[];
  const byValue = new Map<unknown, Item>(list.map((o) => [o.value, o]));
  const option = (value: unknown) => (value === null || value === undefined ? undefined : byValue.get(value));
  const lookups = {
    values: Object.freeze(list.map((o) => o.value)),
    has: (value: unknown) => byValue.has(value),
    option,
    label: (value: unknown) => option(value)?.label ?? '',
    color: (value: unknown) => option(value)?.color,
    valueEnum: Object.freeze(Object.fromEntries(list.map((o) => [String(o.value), { text: o.label }]))),
    badgeEnum: Object.freeze(
      Object.fromEntries(
        list.map((o) => {
          const status = o.color === undefined ? undefined : BADGE_STATUS[o.color];
          return [String(o.value), status ? { text: o.label, status } : { text: o.label }];
        }),
      ),
    ),
  };
  for (const [key, value] of Object.entries(lookups))
    Object.defineProperty(list, key, { value, enumerable: false });
  return list as OptionList<V, ExtraFields<T[number]>>;
}

export const ID_TYPES = defineOptions([
  { value: '01', label: '居民身份证' },
  { value: '02', label: '士官证' },
  { value: '03', label: '护照' },
  { value: '04', label: '其他' },
]);

export const RECTIFY_STATUS = defineOptions([
  { value: -1, label: '待整改', color: 'red' },
  { value: 0, label: '待审核', color: 'orange' },
  { value: 1, label: '已完成', color: 'green' },
  { value: 2, label: '已驳回', color: 'volcano' },
]);

export const SERVICE_STATUS = defineOptions([
  { value: 0, label: '待服务', color: 'default' },
  { value: 1, label: '服务中', color: 'processing' },
  { value: 2, label: '已完成', color: 'success' },
]);

export const MAJOR_FLAG = defineOptions([
  { value: 1, label: '重大' },
  { value: 0, label: '一般' },
]);
export const MAJOR_FLAG_EXT = defineOptions([
  ...MAJOR_FLAG,
  { value: 2, label: '较大' },
  { value: 3, label: '低' },
]);

export const LIST_FILTER_STATES = defineOptions([
  { value: 10, label: '全部' },
  { value: 1, label: '已成立' },
  { value: 3, label: '进行中' },
  { value: 7, label: '已结束' },
]);

export const SATISFACTION_ITEMS = ['投保满意度', '理赔满意度', '企业配合度', '被服务单位配合度'] as const;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_MIN_FORMAT = 'YYYY-MM-DD HH:mm';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The label of `value` in a list of options ('' when it is not there). */
export function optionLabel<V extends string | number>(
  options: readonly Option<V>[],
  value: V | null | undefined,
): string {
  return options.find((o) => o.value === value)?.label ?? '';
}

/** Enabled/disabled labels shared by dictionaries, industries, mechanisms and subsystems. */
export const ENABLE_STATUS = defineOptions([
  { value: 1, label: '启用', color: 'success' },
  { value: 0, label: '停用', color: 'default' },
]);
