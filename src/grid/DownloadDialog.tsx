import { DeclaredFormDialog, type FormSpec } from '@/components/ui/DeclaredForm'
import { useI18nContext } from '@/i18n/i18n-react'
import { startDownload } from '@/stores/downloads'

type Format = 'xlsx' | 'csv'

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  endpoint: string
  /** The download body for a format: the current search without paging. */
  payload: (format: Format) => Record<string, unknown>
  fileName: string
}

/**
 * "Download all": only the format choice (arrows pick it, Enter starts). Starting hands the file to the download tray
 * (src/grid/DownloadTray.tsx) and closes at once, so the screen stays usable while the server writes the file.
 */
export function DownloadDialog({ open, onOpenChange, endpoint, payload, fileName }: Props) {
  const { LL } = useI18nContext()
  if (!open) return null
  const spec: FormSpec<'format'> = {
    id: 'download-dialog',
    fields: [{ name: 'format', label: LL.grid.download.format(), kind: 'radio', options: [{ value: 'xlsx', label: 'XLSX' }, { value: 'csv', label: 'CSV' }] }],
    submitLabel: (v) => LL.grid.download.startFormat({ format: v.format.toUpperCase() }),
    submit: async (_, { format }) => {
      const f = format as Format
      startDownload(fileName, f, { endpoint, body: payload(f), fallbackName: `${fileName}.${f}` })
    },
  }
  return <DeclaredFormDialog spec={spec} title={LL.grid.download.title()} intro={LL.grid.download.hint()} onClose={() => onOpenChange(false)} />
}
