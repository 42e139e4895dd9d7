import { registerCommands, type Command } from '@/commands/registry'
import type { TranslationFunctions } from '@/i18n/i18n-types'

const PATH = '/info/setting'
/** Frames to wait for the settings page to render its field after navigating (about two seconds at 60 Hz). */
const FOCUS_FRAMES = 120

/** Opens the settings page and puts the cursor in a field, once the (lazily loaded) page has drawn it. */
function openAt(go: (path: string) => void, inputId: string) {
  go(PATH)
  let frames = 0
  const tryFocus = () => {
    const el = document.getElementById(inputId)
    if (el) {
      el.scrollIntoView({ block: 'center' })
      el.focus()
    } else if (++frames < FOCUS_FRAMES) requestAnimationFrame(tryFocus)
  }
  requestAnimationFrame(tryFocus)
}

/** Palette commands "change password" and "bind mobile", in both languages. Returns the unregister function. */
export function registerSettingsCommands(LL: TranslationFunctions, otherLL: TranslationFunctions, go: (path: string) => void): () => void {
  const group = () => LL.shell.actions()
  const act = (id: string, label: (t: TranslationFunctions) => string, inputId: string): Command => ({
    id: `action:settings-${id}`,
    kind: 'action',
    group,
    label: () => label(LL),
    keywords: () => [label(otherLL), 'settings', '设置'],
    perform: () => openAt(go, inputId),
  })
  return registerCommands([
    act('password', (t) => t.settings.commands.changePassword(), 'settings-password-oldPassword'),
    act('mobile', (t) => t.settings.commands.bindMobile(), 'settings-mobile-mobile'),
  ])
}
