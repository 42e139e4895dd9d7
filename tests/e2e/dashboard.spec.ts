import { expect, test } from '@playwright/test'
import { apiAs, signIn } from './helpers'

test('the ordinary SMS overview shows the server figures and a 30-day trend chart', async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/dashboard')
  const board = page.getByTestId('dashboard')
  await expect(board).toBeVisible()
  const info = (await apiAs(page, '/dataGathering/getNormalSmsIndexInfo', { prod_type: 0 })).data as unknown as { curMonthAllCount: number }
  await expect(board.getByText(info.curMonthAllCount.toLocaleString('en-US'), { exact: true }).first()).toBeVisible()
  await expect(board.locator('figure svg path').first()).toBeVisible()
})

test('the video overview adds the ratio chart and reply count', async ({ page }) => {
  await signIn(page, 'admin', '/video-sms/dashboard')
  const board = page.getByTestId('dashboard')
  await expect(board.locator('figure')).toHaveCount(2)
  await expect(board.getByTestId('dashboard-replies')).toBeVisible()
})

/*
 * Dashboards that tell the truth: outcome colours (the theme's success green, failure red, muted grey), the legend in
 * the series' order, today's partial day drawn dashed with a note, a one-line tooltip with the date and grouped
 * numbers, labels not tilted, cards on a grid that fills the width.
 */
test('the ratio chart colours outcomes by meaning, in order, and marks today as partial', async ({ page }) => {
  await signIn(page, 'admin', '/video-sms/dashboard')
  const board = page.getByTestId('dashboard')
  const charts = board.getByTestId('trend-chart')
  await expect(charts).toHaveCount(2)
  const ratio = charts.nth(1)

  const legend = ratio.getByTestId('trend-legend').locator('li')
  await expect(legend).toHaveText(['成功率', '失败率', '未知率'])
  const colours = await legend.evaluateAll((els) => els.map((e) => e.getAttribute('data-color')))
  expect(colours).toEqual(['var(--success)', 'var(--danger)', 'var(--muted)'])
  // The lines are drawn in the theme's colours (not a fixed hex nor the SVG default), the same as their legend entries.
  const themed = await page.evaluate(() => ['--success', '--danger', '--muted'].map((v) => {
    const probe = document.body.appendChild(document.createElement('i'))
    probe.style.color = `var(${v})`
    const rgb = getComputedStyle(probe).color
    probe.remove()
    return rgb
  }))
  const strokes = await ratio.locator('svg g[data-series] > path:not([data-partial])').evaluateAll((els) => els.map((e) => getComputedStyle(e).stroke))
  expect(strokes).toEqual(themed)
  const swatches = await legend.locator('span[aria-hidden]').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor))
  expect(swatches).toEqual(themed)

  // Today (the last day of the server's axis) is drawn dashed and explained, in both charts.
  for (const chart of [charts.nth(0), ratio]) {
    await expect(chart.locator('path[data-partial]').first()).toBeAttached()
    await expect(chart.getByTestId('trend-partial-note')).toContainText('今日')
  }

  // Axis labels are upright.
  const tilted = await ratio.locator('svg text[transform*="rotate(-"]').count()
  expect(tilted).toBe(0)

  // The tooltip: the date, "in progress" on today's point (the sent chart always has one; the ratio chart only once
  // something has been sent today, early in the day it has a gap there), and the three ratios on one line on the
  // ratio chart's last day with sends.
  const tip = page.getByTestId('trend-tooltip')
  const sentBox = (await charts.nth(0).locator('svg').boundingBox())!
  await page.mouse.move(sentBox.x + sentBox.width - 18, sentBox.y + sentBox.height / 2)
  await expect(tip).toHaveText(/^\d{4}-\d{2}-\d{2} \(今日，未完\) · 提交数 [\d,]+$/)
  const info = (await apiAs(page, '/dataGathering/getSmsIndexInfo', { prod_type: 2 })).data as unknown as { sentCountAxis: number[]; timeAxis: string[] }
  const last = info.sentCountAxis.findLastIndex((n) => n > 0)
  expect(last).toBeGreaterThan(0)
  const box = (await ratio.locator('svg').boundingBox())!
  await page.mouse.move(box.x + 56 + (box.width - 72) * (last / (info.timeAxis.length - 1)), box.y + box.height / 2)
  const today = last === info.timeAxis.length - 1 ? ' \\(今日，未完\\)' : ''
  await expect(tip).toHaveText(new RegExp(`^${info.timeAxis[last]}${today} · 成功率 [\\d.]+% · 失败率 [\\d.]+% · 未知率 [\\d.]+%$`))
  expect((await tip.boundingBox())!.height).toBeLessThan(30)
})

test('the submitted chart tooltip groups thousands, the ordinary overview has the rate chart too, and the cards fill the width', async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/dashboard')
  const board = page.getByTestId('dashboard')
  await expect(board.getByTestId('trend-chart')).toHaveCount(2)
  await expect(board.getByTestId('trend-chart').nth(1).getByTestId('trend-legend').locator('li')).toHaveText(['成功率', '失败率', '未知率'])
  const chart = board.getByTestId('trend-chart').first()
  const info = (await apiAs(page, '/dataGathering/getNormalSmsIndexInfo', { prod_type: 0 })).data as unknown as { receiveCountAxis: number[]; timeAxis: string[] }

  const box = (await chart.locator('svg').boundingBox())!
  // The middle of the 30 days: find the point nearest to x and compare its value with the server's.
  await page.mouse.move(box.x + 56 + (box.width - 72) * (15 / 29), box.y + box.height / 2)
  const tip = page.getByTestId('trend-tooltip')
  await expect(tip).toBeVisible()
  const text = (await tip.textContent())!
  const day = text.slice(0, 10)
  const value = info.receiveCountAxis[info.timeAxis.indexOf(day)]!
  expect(text).toBe(`${day} · 提交数 ${value.toLocaleString('en-US')}`)

  // Cards span the content width: the last card of the row ends where the last chart's card ends.
  const cards = board.locator('div.grid').first()
  const [cardsBox, chartBox] = [await cards.boundingBox(), await board.getByTestId('trend-chart').last().boundingBox()]
  expect(Math.abs(cardsBox!.x + cardsBox!.width - (chartBox!.x + chartBox!.width))).toBeLessThan(40)
})
