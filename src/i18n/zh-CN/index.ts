import type { BaseTranslation } from '../i18n-types'
// Each area keeps its words in its own file so features never edit one shared dictionary.
// The `.js` suffix is needed by the typesafe-i18n generator, which runs the compiled files as ES modules.
import alerts from './alerts.js'
import auth from './auth.js'
import common from './common.js'
import customers from './customers.js'
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
import interact from './interact.js'
import linkTools from './linkTools.js'
import push from './push.js'
import numberCheck from './numberCheck.js'
import addressBook from './addressBook.js'
import nav from './nav.js'
import tplEditor from './tplEditor.js'
import materials from './materials.js'

const zh_CN = { alerts, auth, common, customers, dashboard, errors, grid, lists, pages, palette, send, settings, sendCsp, sendIntl, sendLink, sendP2p, sendVideo, shell, status, interact, linkTools, push, numberCheck, addressBook, nav, tplEditor, materials } satisfies BaseTranslation

export default zh_CN
