import { expect, test } from '@playwright/test'
import { API_KEY_HEADER } from '@/domain/api-keys'
import { OPEN_API_PATHS } from '@/domain/signed-api'
import { signatureHeaders } from '../../server/test/signed-kit'
import { focusRow, gridRows, runCommand, signIn } from './helpers'

/*
 * An API key made by keyboard alone on /info/api-keys: the form opened from the palette, typed, tabbed, a scope
 * checked with Space and sent with Ctrl+Enter; its secret read once from the dialog that only the confirmation
 * closes; then the signed API called with it from Node as a customer's system would: a call of its scope answers,
 * a call outside it is refused with 403 naming the scope. Then rotated and revoked from the row's actions menu, by
 * keys too: the previous secret keeps signing through the overlap, a revoked key signs nothing. One page load.
 */
test('a key made by keyboard signs the calls of its scope, and a call outside it is refused naming the scope', async ({ page }) => {
  await signIn(page, 'acme', '/info/api-keys')
  await expect(page.locator('[data-list="info.api-keys"]')).toBeVisible()
  await expect(gridRows(page).filter({ hasText: 'AppSecret' }).first()).toBeVisible()

  await runCommand(page, '创建 API 密钥')
  const name = `键盘密钥${Date.now() % 100000}`
  await expect(page.getByTestId('api-key-name')).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('发送短信')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('查询记录与统计')).toBeFocused()
  await page.keyboard.press('Space')
  await expect(page.getByLabel('查询记录与统计')).toBeChecked()
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
  const ranges = page.getByLabel('允许的调用地址（可不填）')
  await expect(ranges).toBeFocused()
  await page.keyboard.type('127.0.0.1\n::1')
  await page.keyboard.press('Control+Enter')

  const shown = page.getByRole('dialog', { name: '保存新的 API 密钥' })
  await expect(shown).toBeVisible()
  const secret = (await shown.getByTestId('api-key-secret-value').textContent()) ?? ''
  const keyId = (await shown.getByTestId('api-key-secret-id').textContent()) ?? ''
  expect(secret).toMatch(/^[0-9a-f]{64}$/)
  expect(keyId).toMatch(/^ak_[0-9a-f]{20}$/)
  await expect(shown.getByTestId('api-key-secret-done')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(shown).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(shown).toHaveCount(0)
  await expect(page.getByText(secret)).toHaveCount(0)

  const row = gridRows(page).filter({ hasText: keyId })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(name)
  await expect(row).toContainText('查询记录与统计')
  await expect(row.locator('[col-id="status"]')).toHaveText('有效')

  const origin = new URL(test.info().project.use.baseURL ?? page.url()).origin
  const signed = async (path: string, body: unknown, secret: string) => {
    const raw = JSON.stringify(body)
    const res = await fetch(`${origin}/api${path}`, {
      method: 'POST', body: raw,
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN', [API_KEY_HEADER]: keyId, ...signatureHeaders({ account: 'acme', secret }, path, raw) },
    })
    return { status: res.status, ...((await res.json()) as { msg: string; data: Record<string, unknown> | null }) }
  }
  expect(await signed(OPEN_API_PATHS.balance, {}, secret)).toMatchObject({ status: 200, data: { cus_id: 'acme' } })
  const refused = await signed(OPEN_API_PATHS.send, { idempotency_key: crypto.randomUUID(), content: '【艾克米】您好', mobiles: ['13900000001'] }, secret)
  expect(refused).toMatchObject({ status: 403, data: { missing_scope: 'send' } })
  expect(refused.msg).toContain('发送短信')
  expect(refused.msg).toContain('send')

  if (process.env.API_KEYS_SHOTS) await page.screenshot({ path: `${process.env.API_KEYS_SHOTS}/list.png` })

  // Rotate: the row's actions menu (Shift+F10), the overlap picked with the arrows, the confirmation, the new secret.
  const menuItem = async (label: string) => {
    await focusRow(page, keyId)
    await page.keyboard.press('Shift+F10')
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('menuitem')).toHaveText(['打开', '轮换', '撤销'])
    const item = menu.getByRole('menuitem', { name: label })
    await expect(async () => {
      await page.keyboard.press('ArrowDown')
      await expect(item).toBeFocused({ timeout: 500 })
    }).toPass({ timeout: 10_000 })
    await page.keyboard.press('Enter')
  }
  await menuItem('轮换')
  const overlap = page.getByLabel('旧密钥继续可用')
  await expect(overlap).toBeFocused()
  await expect(overlap).toHaveValue('24')
  await page.keyboard.press('ArrowDown')
  await expect(overlap).toHaveValue('72')
  await page.keyboard.press('Control+Enter')
  const question = page.getByRole('dialog', { name: '确认轮换 API 密钥' })
  await expect(question).toContainText(`将为“${name}”（${keyId}）生成新密钥`)
  await page.keyboard.press('Enter')
  const rotated = page.getByRole('dialog', { name: '保存轮换后的 API 密钥' })
  await expect(rotated).toBeVisible()
  await expect(rotated.getByTestId('api-key-secret-previous')).toContainText('旧密钥在')
  const fresh = (await rotated.getByTestId('api-key-secret-value').textContent()) ?? ''
  expect(fresh).toMatch(/^[0-9a-f]{64}$/)
  expect(fresh).not.toBe(secret)
  if (process.env.API_KEYS_SHOTS) await page.screenshot({ path: `${process.env.API_KEYS_SHOTS}/rotated.png` })
  await expect(rotated.getByTestId('api-key-secret-done')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(rotated).toHaveCount(0)
  await expect(row.locator('[col-id="status"]')).toHaveText('轮换中')
  expect(await signed(OPEN_API_PATHS.balance, {}, secret)).toMatchObject({ status: 200 })
  expect(await signed(OPEN_API_PATHS.balance, {}, fresh)).toMatchObject({ status: 200 })

  // Revoke: the confirmation names the key; afterwards neither secret signs.
  await menuItem('撤销')
  const revoke = page.getByRole('dialog').filter({ hasText: `撤销 API 密钥“${name}”（${keyId}）后` })
  await expect(revoke).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(row.locator('[col-id="status"]')).toHaveText('已撤销')
  expect(await signed(OPEN_API_PATHS.balance, {}, fresh)).toMatchObject({ status: 401 })
})
