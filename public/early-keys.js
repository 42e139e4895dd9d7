/*
 * Keys pressed before the console has drawn are kept, not lost (loaded first by index.html, before the bundle).
 * Ctrl/⌘+K is kept whenever neither the signed-in shell's shortcut dispatcher nor the login page has claimed it: from
 * the page's start, and from a sign-in until the shell has loaded (seconds on a busy line). Typing is kept from the
 * page's start, while nothing has the focus, until the first screen (the login page, the shell) has drawn. The app
 * takes them with window.smsEarlyKeys.claim('palette' | 'text'), which also stops the queueing of that kind;
 * release('palette') starts it again (signed in, or the shell has gone). Classic script, no inline code (the CSP
 * allows none).
 */
;(function () {
  var queues = { palette: [], text: [] }
  var claimed = { palette: false, text: false }
  function nothingFocused() {
    var el = document.activeElement
    return !el || el === document.body || el === document.documentElement
  }
  window.addEventListener(
    'keydown',
    function (e) {
      if (e.isComposing || e.keyCode === 229 || e.defaultPrevented) return
      var mod = e.ctrlKey || e.metaKey
      if (mod && !e.altKey && !e.shiftKey && (e.key === 'k' || e.key === 'K' || e.code === 'KeyK')) {
        if (claimed.palette) return
        // The browser's own Ctrl+K (its search bar) must not take the focus away meanwhile.
        e.preventDefault()
        if (!e.repeat) queues.palette.push({})
        return
      }
      if (claimed.text || mod || e.altKey || !nothingFocused()) return
      if (e.key.length === 1 || e.key === 'Backspace') {
        e.preventDefault()
        queues.text.push({ key: e.key })
      }
    },
    true,
  )
  window.smsEarlyKeys = {
    /** The keys of that kind kept until now, and no more queueing of it. */
    claim: function (kind) {
      claimed[kind] = true
      var kept = queues[kind]
      queues[kind] = []
      return kept.map(function (k) {
        return k.key || kind
      })
    },
    /** Keep Ctrl/⌘+K again, for the shell that is coming (signed in) or a new one (signed out). Typing is kept once only. */
    release: function (kind) {
      if (kind !== 'palette') return
      claimed.palette = false
      queues.palette = []
    },
  }
})()
