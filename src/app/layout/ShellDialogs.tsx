import { ErrorLogDialog } from './ErrorLogDialog'
import { FeedbackDialog } from './FeedbackDialog'
import { LockDialog } from './LockDialog'
import type { Go } from './shell-actions'
import { closeShellDialog, useShellDialog } from './shell-ui'

/** The shell's dialogs, mounted once so commands and top-bar buttons open the same instance. */
export function ShellDialogs({ go }: { go: Go }) {
  const open = useShellDialog()
  return (
    <>
      <LockDialog open={open === 'lock'} onClose={closeShellDialog} go={go} />
      <ErrorLogDialog open={open === 'errorLog'} onClose={closeShellDialog} />
      <FeedbackDialog open={open === 'feedback'} onClose={closeShellDialog} />
    </>
  )
}
