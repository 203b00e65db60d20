/** Zod-free constants of subsystems (子系统): status, code and address rules. */

export const SubsystemStatus = { DISABLED: 0, ENABLED: 1 } as const;

/** Subsystem code: starts with a letter, 2-40 characters. */
export const SUBSYSTEM_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
export const SUBSYSTEM_CODE_MESSAGE = '子系统编码须以字母开头，只含字母、数字、下划线和短横线';
export const SUBSYSTEM_URL_PATTERN = /^https?:\/\/[^\s<>"']+$/i;
export const SUBSYSTEM_URL_MESSAGE = '访问地址须以 http:// 或 https:// 开头';
