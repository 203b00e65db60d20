/** Zod-free constants of resources (菜单资源): component, icon, path and route-key rules. */

export const RESOURCE_COMPONENT_PATTERN = /^([A-Z][A-Za-z0-9]*)?$/;
export const RESOURCE_COMPONENT_MESSAGE = '组件名须以大写字母开头，只含字母和数字';
export const RESOURCE_ICON_PATTERN = /^([A-Za-z][A-Za-z0-9]*)?$/;
export const RESOURCE_ICON_MESSAGE = '图标名只含字母和数字';
export const RESOURCE_PATH_PATTERN = /^[A-Za-z0-9_\-/]*$/;
export const RESOURCE_PATH_MESSAGE = '路径只能包含字母、数字、-、_ 和 /';
export const RESOURCE_AUTH_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;
export const RESOURCE_AUTH_KEY_MESSAGE = '路由标识只能包含字母、数字、- 和 _';
