import type { Translation } from '../i18n-types'
import auth from './auth.js'
import common from './common.js'
import errors from './errors.js'
import grid from './grid.js'
import pages from './pages.js'
import palette from './palette.js'
import shell from './shell.js'

const en = { auth, common, errors, grid, pages, palette, shell } satisfies Translation

export default en
