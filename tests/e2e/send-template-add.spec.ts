import { expect, test } from '@playwright/test'
import { gridRows, signIn } from './helpers'

// "保存为模板" on the bulk and point-to-point pages (/user/templateAdd): the text goes to review as a content template.
test('the bulk page saves its content as a template pending review; the same text again is refused and kept', async ({ page }) => {
  await signIn(page, 'acme')
  await page.goto('/sms-cloud/home-sms/group-send')
  const content = `【艾克米】会员日专享 ${Date.now()}，回T退订`
  const save = page.getByTestId('save-template')
  await expect(save).toBeDisabled()
  await page.getByTestId('send-content').fill(content)
  await save.click()
  await expect(page.getByText('模板已提交审核，审核通过后即可选用')).toBeVisible()
  await save.click()
  await expect(page.getByText('已有相同内容的模板（待审核或已通过）')).toBeVisible()
  await expect(page.getByTestId('send-content')).toHaveValue(content)

  // The content template list shows it, pending review; the approved-template picker does not offer it yet.
  await page.getByTestId('pick-template').click()
  await expect(page.getByTestId('template-picker')).toBeVisible()
  await expect(page.getByTestId('template-item').filter({ hasText: content })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await page.goto('/sms-cloud/home-sms/templates')
  const row = gridRows(page).filter({ hasText: content })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('待审核')
})

test('the point-to-point page saves its template with placeholders', async ({ page }) => {
  await signIn(page, 'acme')
  await page.goto('/sms-cloud/home-sms/p2p-send')
  const template = `尊敬的{p1}，您的订单{p2}已发货 ${Date.now()}`
  await page.getByTestId('p2p-template').fill(template)
  await page.getByTestId('save-template').click()
  await expect(page.getByText('模板已提交审核，审核通过后即可选用')).toBeVisible()
  await page.goto('/sms-cloud/home-sms/templates')
  await expect(gridRows(page).filter({ hasText: template })).toHaveCount(1)
})
