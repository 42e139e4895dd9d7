/**
 * Puts `text` in place of the textarea's selection through the browser's own editing (`insertText`), all in the
 * caller's task: the caret lands after the text before any key typed next is handled, so a fast typist's next keys
 * follow the inserted text; React's onChange sees one input event, and Ctrl+Z undoes the insert like typing. Where
 * `insertText` is refused (a browser without execCommand), the text is set through setRangeText and the same input
 * event, without the undo step.
 */
export function insertAtCaret(el: HTMLTextAreaElement, text: string) {
  const start = el.selectionStart
  const end = el.selectionEnd
  el.focus()
  el.setSelectionRange(start, end)
  if (document.execCommand?.('insertText', false, text)) return
  el.setRangeText(text, start, end, 'end')
  el.dispatchEvent(new Event('input', { bubbles: true }))
}
