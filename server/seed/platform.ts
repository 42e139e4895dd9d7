import { MODULES } from '../../src/domain/constants'
import { MENU_CATALOG, rolesOf, type CatalogEntry } from '../../src/domain/menu-catalog'
import type { Db } from '../db'

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1677ff"/><path d="M14 20h36a4 4 0 0 1 4 4v16a4 4 0 0 1-4 4H30l-10 8v-8h-6a4 4 0 0 1-4-4V24a4 4 0 0 1 4-4z" fill="#fff"/><text x="32" y="37" font-family="Arial" font-size="12" font-weight="700" text-anchor="middle" fill="#1677ff">SMS</text></svg>`

export const SITE_SETTINGS: Record<string, string> = {
  client_name: '云短信平台',
  client_website_beian: '京ICP备00000000号-1',
  login_page: '1',
  show_language: '1',
  logo: Buffer.from(LOGO_SVG).toString('base64'),
  logoType: 'image/svg+xml',
}

export const PRODUCTS: [number, string, string][] = [
  [0, '国内短信', 'Domestic SMS'],
  [1, '国际短信', 'International SMS'],
  [2, '视频短信', 'Video SMS'],
  [6, '5G消息', '5G message'],
]

/** [iso, Chinese name, English name, calling code, price per message] */
export const COUNTRIES: [string, string, string, string, number][] = [
  ['CN', '中国', 'China', '86', 0.045], ['HK', '中国香港', 'Hong Kong', '852', 0.32], ['TW', '中国台湾', 'Taiwan', '886', 0.35],
  ['US', '美国', 'United States', '1', 0.06], ['GB', '英国', 'United Kingdom', '44', 0.29], ['DE', '德国', 'Germany', '49', 0.62],
  ['FR', '法国', 'France', '33', 0.55], ['JP', '日本', 'Japan', '81', 0.48], ['KR', '韩国', 'South Korea', '82', 0.21],
  ['SG', '新加坡', 'Singapore', '65', 0.26], ['MY', '马来西亚', 'Malaysia', '60', 0.18], ['TH', '泰国', 'Thailand', '66', 0.12],
  ['VN', '越南', 'Vietnam', '84', 0.19], ['ID', '印度尼西亚', 'Indonesia', '62', 0.27], ['PH', '菲律宾', 'Philippines', '63', 0.15],
  ['IN', '印度', 'India', '91', 0.04], ['AU', '澳大利亚', 'Australia', '61', 0.33], ['BR', '巴西', 'Brazil', '55', 0.14],
  ['RU', '俄罗斯', 'Russia', '7', 0.41], ['AE', '阿联酋', 'United Arab Emirates', '971', 0.23], ['SA', '沙特阿拉伯', 'Saudi Arabia', '966', 0.22],
  ['MX', '墨西哥', 'Mexico', '52', 0.16],
]

/** Flattens the catalog into menu rows with stable ids (module + path), parents before children. */
export function menuRows() {
  const rows: unknown[][] = []
  let sort = 0
  const walk = (module: string, entries: CatalogEntry[], parent: string | null) => {
    for (const e of entries) {
      const id = `${module}:${e.path}`
      rows.push([id, parent, module, e.path, e.label, e.labelEn, e.icon, rolesOf(e), sort++])
      walk(module, e.children ?? [], id)
    }
  }
  for (const m of MODULES) walk(m, MENU_CATALOG[m], null)
  return rows
}

export async function seedPlatform(db: Db): Promise<void> {
  for (const [key, value] of Object.entries(SITE_SETTINGS)) {
    await db.query('insert into site_setting (key, value) values ($1, $2) on conflict (key) do nothing', [key, value])
  }
  for (const p of PRODUCTS) await db.query('insert into product (prod_type, name, name_en) values ($1, $2, $3)', p)
  for (const c of COUNTRIES) {
    await db.query('insert into country (iso, name_zh, name_en, calling_code, price) values ($1, $2, $3, $4, $5)', c)
  }
  await syncMenus(db)
}

/** Menus follow the catalog on every start, so a new screen's entry appears without a migration. */
export async function syncMenus(db: Db): Promise<void> {
  const rows = menuRows()
  await db.transaction(async (tx) => {
    for (const r of rows) {
      await tx.query(
        `insert into menu (id, parent_id, module, path, label, label_en, icon, roles, sort) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (id) do update set parent_id = excluded.parent_id, module = excluded.module, path = excluded.path,
           label = excluded.label, label_en = excluded.label_en, icon = excluded.icon, roles = excluded.roles, sort = excluded.sort`,
        r,
      )
    }
    const ids = rows.map((r) => r[0] as string)
    await tx.query('update menu set parent_id = null where not (id = any($1::text[]))', [ids])
    await tx.query('delete from menu where not (id = any($1::text[]))', [ids])
  })
}
