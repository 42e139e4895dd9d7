import type { Translation } from '../i18n-types'
import auth from './auth.js'
import common from './common.js'
import dashboard from './dashboard.js'
import errors from './errors.js'
import grid from './grid.js'
import lists from './lists.js'
import pages from './pages.js'
import palette from './palette.js'
import send from './send.js'
import settings from './settings.js'
import sendCsp from './sendCsp.js'
import sendIntl from './sendIntl.js'
import sendLink from './sendLink.js'
import sendP2p from './sendP2p.js'
import sendVideo from './sendVideo.js'
import shell from './shell.js'
import status from './status.js'
import push from './push.js'

const en = { auth, common, dashboard, errors, grid, lists, pages, palette, send, settings, sendCsp, sendIntl, sendLink, sendP2p, sendVideo, shell, status, push } satisfies Translation

export default en
