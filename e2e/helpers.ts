import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';
import { landingPath } from '../packages/contracts/src/role.ts';

/** This worker's server (global-setup.ts starts one per worker). */
const baseURLs = inject('baseURLs');
const worker = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % baseURLs.length;
export const baseURL: string = baseURLs[worker]!;
/** The port of the WeChat stand-in this worker's server is configured for (wechat.e2e.test.ts starts it). */
export const wechatStandInPort: number = inject('wechatStandInPorts')[worker]!;
export const DEMO_PASSWORD = 'Safe2026';
export const PLATFORM_NAME = '宿迁市安全生产责任保险监管服务平台';
export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, 'artifacts');

/** Spec 2.3 landing pages of the demo accounts. */
export const LANDING = {
  // 三权分立: the security and audit administrators (the system administrator `admin` lands on its workbench).
  secadmin: '/security/manage/SecuritySetting/route',
  auditor: '/audit/log/AuditIndex/route',
  gov: '/government/govAp/GovernmentAp/route',
  ent: '/ent/EntAPQuery/route',
  ent2: '/ent/EntAPQuery/route',
  insurer: '/insurance/InsuranceAp/InsuranceApManage/route',
  service: '/service/serviceAp',
  expert: '/expert/expertAp',
} as const;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's chromium; playwright gives each launch a fresh temporary profile (--user-data-dir). */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: apt-get install -y chromium fonts-noto-cjk`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors; tests assert it stays empty. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  opts: { width?: number; height?: number; clipboard?: boolean; timezoneId?: string } = {},
): Promise<Session> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 800 },
    locale: 'zh-CN',
    // The browser's zone (the machine's unless told): users in any zone enter and read China time.
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  if (opts.clipboard)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Keep the evidence: a screenshot of the page as it was when the test failed.
  onTestFailed(async ({ task }) => {
    if (!page.isClosed())
      await screenshot(page, `failed-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)}`);
  });
  return { context, page, errors };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm' of an instant in China time (UTC+8): what a person types into a time field. */
export function chinaText(d: Date): string {
  const c = new Date(d.getTime() + 8 * 3600_000);
  return `${c.getUTCFullYear()}-${pad2(c.getUTCMonth() + 1)}-${pad2(c.getUTCDate())} ${pad2(c.getUTCHours())}:${pad2(c.getUTCMinutes())}`;
}

/** POST `url` (an API path with its query) with the page's own token; the envelope's `data`. */
export async function apiData<T>(page: Page, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([u, b]) => {
      const raw = localStorage.getItem('aqzrx__Access-Token') ?? '';
      let token = raw;
      try {
        token = (JSON.parse(raw) as { value?: string }).value ?? raw;
      } catch {
        // stored as a plain string
      }
      const r = await fetch(u as string, {
        method: 'POST',
        headers: { 'X-TOKEN': token, ...(b === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      return ((await r.json()) as { data: unknown }).data;
    },
    [url, body] as const,
  ) as Promise<T>;
}

export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

/** Waits until the location path (without query) equals `pathname`. */
export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((u) => u.pathname === pathname, { timeout });
  } catch (e) {
    await screenshot(page, `failed-path-${Date.now()}`);
    throw new Error(`expected path ${pathname}, at ${pathOf(page)}: ${(e as Error).message}`);
  }
}

/** Spec 2.4: page title = route title + ' - ' + platform name (set once the page has rendered). */
export async function waitForTitle(page: Page, routeTitle: string): Promise<void> {
  const expected = `${routeTitle} - ${PLATFORM_NAME}`;
  await page.waitForFunction((t) => document.title === t, expected, { timeout: 10_000 });
}

export async function loginViaForm(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Logs in through the login page and waits for the landing page to render its layout. */
export async function loginThroughForm(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/user/login');
  await loginViaForm(page, username, password);
  await page.waitForURL((u) => u.pathname !== '/user/login', { timeout: 15_000 });
  await page.getByTestId('user-menu').first().waitFor({ timeout: 15_000 });
}

/**
 * Signs in through POST /api/login and opens the role's landing page (spec 2.3) with the token stored as the
 * login form stores it: what the form does, without loading the login page each time (the browser suite
 * signs in ~90 times). The form itself is tested in auth.e2e.test.ts, which signs in through it.
 */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await fetch(new URL('/api/login', baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const env = (await res.json()) as { message?: string; data?: { token?: string; roleKey?: string } };
  const token = env.data?.token;
  if (!res.ok || !token) throw new Error(`login as ${username}: ${res.status} ${env.message ?? ''}`);
  // Any same-origin document will do to write local storage; the health answer is the smallest.
  await page.goto('/api/health');
  await page.evaluate(
    ([key, value]) =>
      localStorage.setItem(key, JSON.stringify({ value, expire: Date.now() + 7 * 86_400_000 })),
    [`aqzrx__Access-Token`, token] as const,
  );
  await page.goto(landingPath(env.data?.roleKey));
  await page.getByTestId('user-menu').first().waitFor({ timeout: 15_000 });
}

/**
 * Puts a demo account's password back to DEMO_PASSWORD through the API after a test changed it, so the
 * files that run later can still log in. The last five passwords may not be reused, so it passes through
 * four others first; each change ends the sessions, hence a login before each.
 */
export async function restoreDemoPassword(username: string, current: string): Promise<void> {
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(new URL(url, baseURL), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { 'X-TOKEN': token } : {}) },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as { apiError?: number; message?: string; data?: { token?: string } };
    if (!res.ok) throw new Error(`${url}: ${res.status} ${env.message ?? ''}`);
    return env;
  };
  let pwd = current;
  for (const next of ['Restore#2031a', 'Restore#2031b', 'Restore#2031c', 'Restore#2031d', DEMO_PASSWORD]) {
    const login = await post('/api/login', { username, password: pwd });
    const token = login.data?.token;
    if (!token) throw new Error(`login as ${username} gave no token`);
    await post('/api/sys/user/pwd/update', { oldPwd: pwd, newPwd: next }, token);
    pwd = next;
  }
}

/**
 * Checks a checkbox or radio and waits until it shows checked. Playwright's check() reads the state right after
 * its click; an antd control re-renders a moment later, which on a loaded machine came too late ("Clicking the
 * checkbox did not change its state", content.e2e in a full run). A click that did not land is repeated; one
 * that lands late is not (the state is read before every click).
 */
export async function checkControl(box: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await box.isChecked()) return;
    await box.click();
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      if (await box.isChecked()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`could not check ${box}`);
}

/**
 * Waits for the antd message toast that contains `text`: up to 20 s, as a write can take over 10 s on a loaded
 * 2-core CI machine (subsystems.e2e timed out at 10 s once).
 */
export async function expectMessage(page: Page, text: string): Promise<void> {
  try {
    await page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
  } catch (e) {
    await screenshot(page, `failed-message-${Date.now()}`);
    throw e;
  }
}

/**
 * Opens a dropdown with `trigger`, clicks `item` and waits for `effect` (when given). The menu animates
 * in; a click that lands while it is still moving can be swallowed, so the whole step is retried.
 */
export async function chooseFromDropdown(
  page: Page,
  trigger: Locator,
  item: string,
  effect?: () => Promise<unknown>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if ((await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()) === 0)
        await trigger.click();
      await page
        .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
        .filter({ hasText: item })
        .first()
        .click({ timeout: 5_000 });
      if (effect) await effect();
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * The open drawer whose content holds `text`, once its slide-in has finished. Clicks that land while the
 * panel is still moving can be lost (a checkbox then keeps its state), so forms are filled only after this.
 */
export async function settledDrawer(page: Page, text: string): Promise<Locator> {
  const wrapper = page.locator('.ant-drawer-content-wrapper').filter({ hasText: text });
  await wrapper.waitFor();
  await wrapper.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const moving = () => /motion-\S*-(enter|appear)/.test(el.className);
        if (!moving()) return resolve();
        const observer = new MutationObserver(() => {
          if (moving()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(el, { attributes: true, attributeFilter: ['class'] });
      }),
  );
  return wrapper.locator('.ant-drawer-content');
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * Confirms the open Popconfirm with its `okText` button. The popup animates in; a click that lands while it
 * is still moving can be swallowed, so the click is repeated until the popup has closed.
 */
export async function confirmPopconfirm(page: Page, okText: string | RegExp): Promise<void> {
  const pop = page
    .locator('.ant-popover:not(.ant-popover-hidden)')
    .filter({ has: page.locator('.ant-popconfirm-buttons') });
  for (let attempt = 1; ; attempt++) {
    try {
      await pop.getByRole('button', { name: okText }).first().click({ timeout: 5_000 });
      await pop.first().waitFor({ state: 'hidden', timeout: 3_000 });
      return;
    } catch (e) {
      if ((await pop.count()) === 0) return; // it closed after all
      if (attempt >= 3) throw e;
    }
  }
}
