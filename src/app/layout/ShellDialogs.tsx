import { ErrorLogDialog } from './ErrorLogDialog'
import { FeedbackDialog } from './FeedbackDialog'
import { LockDialog } from './LockDialog'
import { closeShellDialog, useShellDialog } from './shell-ui'

/** The shell's dialogs, mounted once so commands and top-bar buttons open the same instance. */
export function ShellDialogs() {
  const open = useShellDialog()
  return (
    <>
      <LockDialog open={open === 'lock'} onClose={closeShellDialog} />
      <ErrorLogDialog open={open === 'errorLog'} onClose={closeShellDialog} />
      <FeedbackDialog open={open === 'feedback'} onClose={closeShellDialog} />
    </>
  )
}
