import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMessage, launchBrowser, login, openPage, type Session } from './helpers.ts';

/**
 * System configuration (issue 3): the operations admin adds a dictionary entry and sees it and changes a
 * platform setting that the public portal footer shows at once without login (then restores it); the
 * security administrator (三权分立) changes the password age and assigns an API entry to a new safety mechanism.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

/** A fresh signed-in page for the running test (screenshots on failure belong to it). */
async function asAdmin(username = 'admin'): Promise<Session> {
  const session = await openPage(browser);
  await login(session.page, username);
  return session;
}
afterAll(async () => {
  await browser?.close();
});

const SUFFIX = Date.now().toString(36).toUpperCase();
const btn = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const dialog = (page: Page) => page.locator('.ant-modal-content').filter({ visible: true }).last();

describe('system configuration', () => {
  it('adds a dictionary entry to a category, sees it in the tree, and deletes it again', async () => {
    const { page, errors, context } = await asAdmin();
    await page.goto('/admin/system/DictManage/route');
    await page.getByTestId('dict-category-035').click();
    await page.getByText('结案类型（035）').waitFor();
    await page.locator('tr.ant-table-row').filter({ hasText: '赔付结案' }).first().waitFor();

    await btn(page, '新增字典项').click();
    const form = dialog(page);
    await form.getByText('新增字典项（上级：结案类型）').waitFor();
    // A code following the category's numbering is suggested.
    expect(await form.getByLabel('字典编码').inputValue()).toMatch(/^035\d{2}$/);
    const code = `E2E${SUFFIX}`;
    const name = `协商结案${SUFFIX}`;
    await form.getByLabel('字典编码').fill(code);
    await form.getByLabel('字典名称').fill(name);
    await form.getByLabel('字典值').fill('406');
    await btn(form.page(), '保存').last().click();
    await expectMessage(page, '新增成功');

    const row = page.locator('tr.ant-table-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain(code);
    expect(await row.textContent()).toContain('406');

    await row.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expectMessage(page, '删除成功');
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the contact phone, the portal footer shows it without login, then restores it', async () => {
    const { page, errors, context } = await asAdmin();
    await page.goto('/admin/system/AdminSetting/route');
    const phone = page.getByLabel('联系电话');
    await expect.poll(() => phone.inputValue()).not.toBe('');
    const original = await phone.inputValue();
    const changed = `0527-8${String(Date.now()).slice(-7)}`;

    await phone.fill(changed);
    await btn(page, '保存平台信息').click();
    await expectMessage(page, '设置已保存');

    const visitor = await openPage(browser);
    await visitor.page.goto('/');
    const footer = visitor.page.getByTestId('site-footer');
    await footer.getByText(`联系电话：${changed}`).waitFor();

    await phone.fill(original);
    await btn(page, '保存平台信息').click();
    await expectMessage(page, '设置已保存');
    await visitor.page.reload();
    await visitor.page.getByTestId('site-footer').getByText(`联系电话：${original}`).waitFor();
    expect(await visitor.page.getByTestId('site-footer').textContent()).not.toContain(changed);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the security administrator changes the password age on 安全设置, then restores it', async () => {
    const { page, errors, context } = await asAdmin('secadmin');
    await page.goto('/security/manage/SecuritySetting/route');
    const age = page.getByLabel('密码有效期');
    await expect.poll(() => age.inputValue()).not.toBe('');
    const original = await age.inputValue();
    await age.fill('366');
    await btn(page, '保存安全设置').click();
    await page.getByText('密码有效期为0-365天（0表示不限）').waitFor();
    await age.fill('120');
    await btn(page, '保存安全设置').click();
    await expectMessage(page, '安全设置已保存');
    await page.reload();
    await expect.poll(() => page.getByLabel('密码有效期').inputValue()).toBe('120');
    await page.getByLabel('密码有效期').fill(original);
    await btn(page, '保存安全设置').click();
    await expectMessage(page, '安全设置已保存');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a safety mechanism (order number checked on blur) and assigns it an API entry', async () => {
    // Safety mechanisms are the security administrator's (三权分立).
    const { page, errors, context } = await asAdmin('secadmin');
    const orderNo = `E2E-${SUFFIX}`;
    const name = `执法系统接口策略${SUFFIX}`;
    await page.goto('/security/manage/SafetyMechanism/route');
    await btn(page, '新增安全机制').click();
    const form = dialog(page);
    await form.getByLabel('编号').fill(orderNo);
    await form.getByLabel('机制名称').click(); // blur: the number is checked with the server
    await form.getByLabel('机制名称').fill(name);
    await form.locator('.ant-form-item-has-success').first().waitFor();
    await btn(page, '保存').last().click();
    await expectMessage(page, '新增成功');

    const row = page.locator('tr.ant-table-row').filter({ hasText: orderNo });
    await row.waitFor();
    expect(await row.textContent()).toContain('未关联');

    // A second mechanism cannot take the same number: the form says so on blur.
    await btn(page, '新增安全机制').click();
    const again = dialog(page);
    await again.getByLabel('编号').fill(orderNo.toLowerCase());
    await again.getByLabel('机制名称').click();
    await again.getByText(`编号 ${orderNo.toLowerCase()} 已被其他安全机制使用，请换一个编号`).waitFor();
    await btn(page, '取消').last().click();

    await row.getByRole('button', { name: /关联接口/ }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText(`关联接口：${name}（${orderNo}）`).waitFor();
    const [left, right] = [
      drawer.locator('.ant-transfer-list').nth(0),
      drawer.locator('.ant-transfer-list').nth(1),
    ];
    await left.getByPlaceholder('按地址、方法或权限搜索').fill('/api/dict/findAll');
    const item = left.locator('.ant-transfer-list-content-item').filter({ hasText: '/api/dict/findAll' });
    await item.click();
    await drawer
      .getByRole('button')
      .filter({ hasText: /^\s*关\s*联\s*$/ })
      .click();
    await expectMessage(page, '已关联 1 个接口');
    await right.locator('.ant-transfer-list-content-item').filter({ hasText: '/api/dict/findAll' }).waitFor();
    await page.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // The list counts the entry (reloaded after the change).
    await expect.poll(async () => (await row.locator('td').nth(6).textContent())?.trim()).toBe('1');

    // The assignment is stored: reopening shows it on the right.
    await page.reload();
    await row.getByRole('button', { name: /关联接口/ }).click();
    await page
      .locator('.ant-drawer-content .ant-transfer-list')
      .nth(1)
      .locator('.ant-transfer-list-content-item')
      .filter({ hasText: '/api/dict/findAll' })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
