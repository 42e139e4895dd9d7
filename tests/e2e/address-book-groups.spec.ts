import { expect, test, type Page } from '@playwright/test'
import { apiAs, focusRow, gridRows, signIn } from './helpers'

// The first list after sign-in fetches the grid's chunk: on a loaded machine that alone can take most of 15 s.
test.describe.configure({ timeout: 120_000 })
const rowsShown = (page: Page) => expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })

async function groupWith(page: Page, name: string, mobiles: string[]) {
  const made = await apiAs(page, '/addressBook/addressBookGroupAdd', { group_name: name })
  expect(made.code).toBe(200)
  const groupId = (made.data as unknown as { group_id: number }).group_id
  for (const [i, mobile] of mobiles.entries()) {
    expect((await apiAs(page, '/addressBook/addressBookMemberAdd', { group_id: groupId, name: `${name}-${i}`, mobile })).code).toBe(200)
  }
  return groupId
}

test("the contacts screen shows one group's members: Enter on a group, then the group filter, held in the URL", async ({ page }) => {
  await signIn(page, 'acme01').catch(() => expect(page.getByTestId('topbar')).toBeVisible({ timeout: 60_000 }))
  const red = await groupWith(page, 'GrpRed', ['13911110001', '13911110002'])
  const blue = await groupWith(page, 'GrpBlue', ['13922220001'])

  // Enter on a group's row opens its members.
  await page.goto('/sms-cloud/address-book/groups')
  await rowsShown(page)
  await focusRow(page, 'GrpRed')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/address-book/contacts\\?.*group_id=${red}`))
  await expect(gridRows(page)).toHaveCount(2)
  await expect(gridRows(page).filter({ hasText: 'GrpRed-0' })).toHaveCount(1)
  const filter = page.locator('[data-field="group_id"] select')
  await expect(filter.locator('option:checked')).toHaveText('GrpRed')

  // The filter picks another group by keyboard; the list and the URL follow.
  await filter.focus()
  await page.keyboard.type('GrpB')
  await expect(filter.locator('option:checked')).toHaveText('GrpBlue')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`group_id=${blue}`))
  await expect(gridRows(page)).toHaveCount(1)
  await expect(gridRows(page).first()).toContainText('13922220001')

  // The URL alone restores the view (a bookmark, the back button).
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`group_id=${red}`))
  await expect(gridRows(page)).toHaveCount(2)
  await expect(filter.locator('option:checked')).toHaveText('GrpRed')
})
