/** Validators shared by server and web (domain.md section 4, security.md A01). */

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character for the first 17 characters of a USCC (used to build valid codes). */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i]!) * USCC_WEIGHTS[i]!;
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** Unified Social Credit Code, GB 32100-2015, with its check character. */
export function isValidUscc(input: string): boolean {
  const code = input.trim().toUpperCase();
  if (code.length !== 18) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(code[i]!);
    if (v < 0) return false;
    sum += v * USCC_WEIGHTS[i]!;
  }
  const last = USCC_CHARS.indexOf(code[17]!);
  if (last < 0) return false;
  const r = (31 - (sum % 31)) % 31;
  return last === r;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

function isRealDate(y: number, m: number, d: number, now: Date): boolean {
  if (y < 1900) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return false;
  return dt.getTime() <= now.getTime();
}

/** Resident ID number, GB 11643-1999 (18-character form; x accepted as X). */
export function isValidIdCard(input: string, now: Date = new Date()): boolean {
  const id = input.trim().toUpperCase();
  if (!/^[1-8]\d{16}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  if (!isRealDate(y, m, d, now)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11] === id[17];
}

/** Mainland mobile number; an optional +86 / 0086 / 86 prefix is stripped first. */
export function normalizeMobile(input: string): string {
  return input.trim().replace(/^(\+86|0086|86)(?=1\d{10}$)/, '');
}
export function isValidMobile(input: string): boolean {
  return /^1[3-9]\d{9}$/.test(normalizeMobile(input));
}

/** Landline, e.g. 0527-84361234 or 052784361234-801. */
export function isValidLandline(input: string): boolean {
  return /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/.test(input.trim());
}

export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  return mobile.length >= 11 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}
/** A contact phone as lists and exports show it: a mobile masked, a landline (starting with 0) as entered. */
export function maskContactPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^1\d{10}$/.test(phone) ? maskMobile(phone) : phone;
}
export function maskIdCard(id: string | null | undefined): string {
  if (!id) return '';
  return id.length >= 10 ? `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}` : '****';
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Shown under the password field and returned by the server when the rule fails. */
export const PASSWORD_RULE_MESSAGE =
  '密码须为8-128位，至少包含大写字母、小写字母、数字、特殊符号中的三类，且不能包含空格';

/**
 * Password rule (security.md A01 over spec 5's 6-20 pattern, the stricter holds): 8-128 characters,
 * no whitespace, at least three of upper, lower, digit, symbol, and must not contain the username or
 * mobile. Returns the Chinese reason, or null when acceptable.
 */
export function passwordProblem(
  pwd: string,
  ctx: { username?: string; mobile?: string } = {},
): string | null {
  if (!pwd) return '请输入新密码';
  if (/\s/.test(pwd)) return '密码不能包含空格';
  if (pwd.length < PASSWORD_MIN) return `密码长度至少${PASSWORD_MIN}位`;
  if (pwd.length > PASSWORD_MAX) return `密码长度不能超过${PASSWORD_MAX}位`;
  const classes =
    Number(/[a-z]/.test(pwd)) +
    Number(/[A-Z]/.test(pwd)) +
    Number(/\d/.test(pwd)) +
    Number(/[^A-Za-z0-9]/.test(pwd));
  if (classes < 3) return '密码至少包含大写字母、小写字母、数字、特殊符号中的三类';
  const lower = pwd.toLowerCase();
  if (ctx.username && ctx.username.length >= 3 && lower.includes(ctx.username.toLowerCase()))
    return '密码不能包含用户名';
  if (ctx.mobile && ctx.mobile.length >= 7 && pwd.includes(ctx.mobile)) return '密码不能包含手机号';
  if (COMMON_PASSWORDS.has(lower)) return '密码过于常见，请换一个';
  return null;
}

/**
 * Common passwords that satisfy the class rule yet are guessed first. The server additionally checks a
 * larger list; this one keeps the web form honest.
 */
const COMMON_PASSWORDS = new Set([
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword1',
  'admin123',
  'admin@123',
  'qwer1234',
  'qwert123',
  'abc12345',
  'abcd1234',
  'aa123456',
  'a1234567',
  'a12345678',
  'woaini1314',
  'iloveyou1',
  'qq123456',
  'zxcvbnm1',
  '1qaz2wsx',
  '1qaz@wsx',
  'qazwsx123',
  'welcome1',
  'letmein1',
  'test1234',
  'root1234',
]);
