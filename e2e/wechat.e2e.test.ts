import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatStandIn, type WechatStandIn } from '../apps/server/test/wechat-standin.ts';
import {
  chooseFromDropdown,
  DEMO_PASSWORD,
  expectMessage,
  LANDING,
  launchBrowser,
  openPage,
  waitForPath,
  waitForTitle,
  wechatStandInPort,
} from './helpers.ts';

/**
 * WeChat QR login through a local stand-in of WeChat's qrconnect page and sns APIs (the server is
 * configured for it by global-setup.ts): the browser really goes to the stand-in's QR page, "scans" there
 * and comes back with a code the server exchanges over HTTP. The e2e server runs with the slide puzzle
 * off, as every browser test does; the puzzle on the bind step is covered by the API test.
 */
let browser: Browser;
let wx: WechatStandIn;
beforeAll(async () => {
  wx = await startWechatStandIn({ port: wechatStandInPort });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await wx?.close();
});

/** From the login page's QR toggle to the stand-in's QR page, where `who` scans. */
async function scanFromLoginPage(page: Page, who: 'alice' | 'bob'): Promise<void> {
  await page.goto('/user/login');
  await page.getByText('扫码登录').click();
  await page.getByRole('button', { name: /显示微信登录二维码/ }).click();
  await page.waitForURL((u) => u.pathname === '/connect/qrconnect', { timeout: 15_000 });
  await page.getByText('微信扫码登录（测试替身）').waitFor();
  await page.getByTestId(`scan-${who}`).click();
}

describe('WeChat QR login', () => {
  it('binds ent on the first scan (password once) and signs ent in on the next', async () => {
    const first = await openPage(browser);
    await scanFromLoginPage(first.page, 'alice');
    await waitForPath(first.page, '/user/bindWxUser');
    await waitForTitle(first.page, '绑定微信账号');
    await first.page.getByText('微信用户“微信用户甲”尚未绑定平台账号').waitFor();
    await first.page.getByPlaceholder('用户名').fill('ent');
    await first.page.getByPlaceholder('密码').fill(DEMO_PASSWORD);
    await first.page.getByRole('button', { name: '登录并绑定' }).click();
    await waitForPath(first.page, LANDING.ent);
    await first.page.getByTestId('user-menu').first().waitFor();
    // The code went to the server, not the browser's script: the exchange used the secret.
    const exchange = wx.calls.filter((c) => c.path === '/sns/oauth2/access_token');
    expect(exchange.at(-1)?.query.grant_type).toBe('authorization_code');
    expect(first.errors).toEqual([]);
    await first.context.close();

    // A new browser: the next scan signs ent in with no password.
    const next = await openPage(browser);
    await scanFromLoginPage(next.page, 'alice');
    await waitForPath(next.page, LANDING.ent);
    await next.page.getByTestId('user-menu').first().getByText('恒安化工安全员').waitFor();
    expect(next.errors).toEqual([]);
    await next.context.close();
  });

  it('a used callback address cannot sign in again', async () => {
    const { page, context } = await openPage(browser);
    await scanFromLoginPage(page, 'alice');
    await waitForPath(page, LANDING.ent);
    const used = wx.calls.filter((c) => c.path === '/connect/qrconnect').at(-1)!;
    // Replaying the same state (with a fresh code) in the same browser is refused.
    const code = wx.issueCode('alice');
    await page.goto(`/user/loginByQRCode?code=${code}&state=${encodeURIComponent(used.query.state!)}`);
    await page.getByText('扫码登录失败').waitFor();
    await page.getByText('该扫码结果已使用过，请重新扫码').waitFor();
    await context.close();
  });

  it('ent unbinds and binds another WeChat in its own settings', async () => {
    const { page, context, errors } = await openPage(browser);
    await scanFromLoginPage(page, 'alice');
    await waitForPath(page, LANDING.ent);
    await chooseFromDropdown(page, page.getByTestId('user-menu').first(), '微信绑定', () =>
      page.waitForURL((u) => u.pathname === '/account/wechat', { timeout: 10_000 }),
    );
    const card = page.getByTestId('wechat-binding');
    await card.getByText('微信用户甲').waitFor();
    await card.getByText('已绑定').waitFor();
    await card.getByRole('button', { name: '解除绑定' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '解除绑定' }).click();
    await expectMessage(page, '已解除微信绑定');
    await card.getByText('未绑定').waitFor();

    await card.getByRole('button', { name: /绑定微信/ }).click();
    await page.waitForURL((u) => u.pathname === '/connect/qrconnect', { timeout: 15_000 });
    await page.getByTestId('scan-bob').click();
    await waitForPath(page, '/account/wechat');
    await expectMessage(page, '微信绑定成功');
    await page.getByTestId('wechat-binding').getByText('微信用户乙').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // alice is free again: her scan now asks for a binding.
    const other = await openPage(browser);
    await scanFromLoginPage(other.page, 'alice');
    await waitForPath(other.page, '/user/bindWxUser');
    await other.context.close();
  });
});
