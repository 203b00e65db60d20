import { z } from 'zod';
import { ACTIONS } from './permissions.ts';
import {
  RESOURCE_AUTH_KEY_MESSAGE,
  RESOURCE_AUTH_KEY_PATTERN,
  RESOURCE_COMPONENT_MESSAGE,
  RESOURCE_COMPONENT_PATTERN,
  RESOURCE_ICON_MESSAGE,
  RESOURCE_ICON_PATTERN,
  RESOURCE_PATH_MESSAGE,
  RESOURCE_PATH_PATTERN,
} from './resource-options.ts';

/** Resource (menu/route) management: the fields an administrator may set. */
const action = z.enum(ACTIONS, '操作只能是 add、delete、edit、query、get、enable、disable、import、export');

const componentField = z
  .string()
  .trim()
  .max(100)
  .regex(RESOURCE_COMPONENT_PATTERN, RESOURCE_COMPONENT_MESSAGE);
const iconField = z.string().trim().max(64).regex(RESOURCE_ICON_PATTERN, RESOURCE_ICON_MESSAGE);
const pathPart = z.string().trim().max(200).regex(RESOURCE_PATH_PATTERN, RESOURCE_PATH_MESSAGE);

const editable = {
  name: z.string().trim().min(1, '请输入菜单名称').max(64, '菜单名称不能超过64个字符'),
  resName: z.string().trim().max(64).default(''),
  icon: iconField.default(''),
  component: componentField.default(''),
  hide: z.boolean().default(false),
  isMenu: z.boolean().default(true),
  redirect: pathPart.default(''),
  sort: z
    .number()
    .int('排序号须为0至100,000之间的整数')
    .min(0, '排序号须为0至100,000之间的整数')
    .max(100_000, '排序号须为0至100,000之间的整数')
    .optional(),
  actions: z.array(action).max(ACTIONS.length).default([]),
};

export const addResourceBody = z
  .object({
    parentId: z.number().int().positive().nullable().default(null),
    resUrl: pathPart.transform((v) => v.replace(/^\/+|\/+$/g, '')),
    authKey: z
      .string()
      .trim()
      .min(1, '请输入路由标识')
      .max(100)
      .regex(RESOURCE_AUTH_KEY_PATTERN, RESOURCE_AUTH_KEY_MESSAGE),
    /** A permissionId of the catalogue, or empty for a pure grouping node. */
    permission: z.string().trim().max(64).default(''),
    ...editable,
  })
  .strict();
export type AddResourceBody = z.infer<typeof addResourceBody>;

/** Path and permission are fixed once created (seeded resources are matched by their path). */
export const saveResourceBody = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive('请提供版本号 version'),
    name: editable.name.optional(),
    resName: z.string().trim().max(64).optional(),
    icon: iconField.optional(),
    component: componentField.optional(),
    hide: z.boolean().optional(),
    isMenu: z.boolean().optional(),
    redirect: pathPart.optional(),
    sort: editable.sort,
    actions: z.array(action).max(ACTIONS.length).optional(),
  })
  .strict();
export type SaveResourceBody = z.infer<typeof saveResourceBody>;

export const moveResourceBody = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive('请提供版本号 version'),
    /** New parent; null moves the node to the top level. */
    parentId: z.number().int().positive().nullable(),
  })
  .strict();

export const orderResourceBody = z
  .object({
    parentId: z.number().int().positive().nullable(),
    /** Every child of parentId, in the new order. */
    ids: z.array(z.number().int().positive()).min(1, '请提供排序后的菜单').max(500),
  })
  .strict();

export interface ResourceAdminNode {
  id: number;
  parentId: number | null;
  resUrl: string;
  authKey: string;
  name: string;
  resName: string;
  icon: string;
  permission: string;
  level: number;
  actions: string[];
  isMenu: boolean;
  hide: boolean;
  redirect: string;
  component: string;
  sort: number;
  version: number;
  /** Seeded resources cannot be deleted (the next start would add them again); hide them instead. */
  builtIn: boolean;
  /** A page of the security or audit administrator (三权分立): menu administration does not change it. */
  reserved: boolean;
  children: ResourceAdminNode[];
}
export const resourceAdminNode: z.ZodType<ResourceAdminNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    resUrl: z.string(),
    authKey: z.string(),
    name: z.string(),
    resName: z.string(),
    icon: z.string(),
    permission: z.string(),
    level: z.number().int(),
    actions: z.array(z.string()),
    isMenu: z.boolean(),
    hide: z.boolean(),
    redirect: z.string(),
    component: z.string(),
    sort: z.number().int(),
    version: z.number().int(),
    builtIn: z.boolean(),
    reserved: z.boolean(),
    children: z.array(resourceAdminNode),
  }),
);
