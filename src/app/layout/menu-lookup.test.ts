import { describe, expect, it } from 'vitest'
import type { MenuItem } from '@/domain/menu'
import { ancestorsOf, appPath, breadcrumbOf, findMenuItem, moduleOfPath } from './menu-lookup'

const item = (id: string, path: string, children: MenuItem[] = []): MenuItem => ({
  id, parentId: null, label: id, labelEn: id, path, icon: '', roles: [], prodAccess: true,
  meta: { module: 'x' }, children,
})

const menus = {
  userCenter: [item('home', '/wel/index'), item('acc', '/account', [item('info', '/info/index')])],
  homeSms: [item('rec', '/home-sms/records', [item('mt', '/home-sms/mt-records')])],
}

describe('menu lookup', () => {
  it('finds the module that owns a path', () => {
    expect(moduleOfPath(menus, '/home-sms/mt-records')).toBe('homeSms')
    expect(moduleOfPath(menus, '/info/index')).toBe('userCenter')
  })

  it('gives a page under a screen (an editor under its list) that screen\'s module and trail', () => {
    expect(moduleOfPath(menus, '/home-sms/mt-records/new')).toBe('homeSms')
    expect(moduleOfPath(menus, '/home-sms/mt-records-old')).toBe('userCenter')
    const top = [{ code: 'homeSms', label: '国内短信', labelEn: 'SMS' }]
    expect(breadcrumbOf(menus, top, '/home-sms/mt-records/12', 'zh-CN')).toEqual(['国内短信', 'rec', 'mt'])
  })

  it('falls back to userCenter for paths in no menu', () => {
    expect(moduleOfPath(menus, '/myiframe/x')).toBe('userCenter')
  })

  it('matches leaves only, so a group path is not a page', () => {
    expect(findMenuItem(menus, '/home-sms/records')).toBeNull()
    expect(findMenuItem(menus, '/home-sms/mt-records')?.item.id).toBe('mt')
  })

  it('lists the groups above an item', () => {
    expect(ancestorsOf(menus.homeSms, '/home-sms/mt-records')).toEqual(['rec'])
    expect(ancestorsOf(menus.homeSms, '/nowhere')).toBeNull()
  })

  it('strips the base path', () => {
    expect(appPath('/sms-cloud/wel/index')).toBe('/wel/index')
    expect(appPath('/wel/index')).toBe('/wel/index')
    expect(appPath('/sms-cloud')).toBe('/')
  })

  it('builds the page header trail: module, groups, screen, in the user language', () => {
    const top = [{ code: 'homeSms', label: '国内短信', labelEn: 'SMS' }]
    expect(breadcrumbOf(menus, top, '/home-sms/mt-records', 'zh-CN')).toEqual(['国内短信', 'rec', 'mt'])
    expect(breadcrumbOf(menus, top, '/home-sms/mt-records', 'en')).toEqual(['SMS', 'rec', 'mt'])
    expect(breadcrumbOf(menus, top, '/nowhere', 'en')).toBeNull()
  })
})
