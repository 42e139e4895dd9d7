import { expect, test } from '@playwright/test'
import { apiAs, gridRows, signIn } from './helpers'

// "保存为模板" on the bulk and point-to-point pages (/user/templateAdd): the text goes to review as a content template.
test('the bulk page saves its content as a template pending review; the same text again is refused and kept', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/group-send')
  const stamp = String(Date.now())
  const content = `【艾克米】会员日专享 ${stamp}，回T退订`
  const save = page.getByTestId('save-template')
  await expect(save).toBeDisabled()
  await page.getByTestId('send-content').fill(content)
  await save.click()
  await expect(page.getByText('模板已提交审核，审核通过后即可选用')).toBeVisible()
  // Stored pending review, read at once: the review worker of these tests decides a template 5 s after it was
  // written (TEMPLATE_REVIEW_DELAY_SECONDS), which a loaded machine spends on the steps below.
  const stored = (await apiAs(page, '/contentTemplate/list', { keyword: stamp })).data.records
  expect(stored).toMatchObject([{ template_content: content, check_status: 0 }])
  await save.click()
  await expect(page.getByText('已有相同内容的模板（待审核或已通过）')).toBeVisible()
  await expect(page.getByTestId('send-content')).toHaveValue(content)

  // The content template list shows it: pending, or approved if the review has run by now.
  await page.goto('/sms-cloud/home-sms/templates')
  const row = gridRows(page).filter({ hasText: content })
  await expect(row).toHaveCount(1)
  await expect(row.locator('[col-id="check_status"]')).toHaveText(/待审核|审核通过/)
})

test('the point-to-point page saves its template with placeholders', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/p2p-send')
  const template = `【艾克米】尊敬的{p1}，您的订单{p2}已发货 ${Date.now()}`
  await page.getByTestId('p2p-template').fill(template)
  await page.getByTestId('save-template').click()
  await expect(page.getByText('模板已提交审核，审核通过后即可选用')).toBeVisible()
  await page.goto('/sms-cloud/home-sms/templates')
  await expect(gridRows(page).filter({ hasText: template })).toHaveCount(1)
})
