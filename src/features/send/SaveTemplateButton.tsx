import { useMutation } from '@tanstack/react-query'
import { templateAdd } from '@/api/send'
import { Button } from '@/components/ui/Button'
import { toast } from '@/components/ui/toast'
import { useI18nContext } from '@/i18n/i18n-react'

/**
 * "Save as template" beside the editor of the bulk and point-to-point pages (/user/templateAdd): the text goes to
 * review as a content template of the sending account and can be picked once approved. A refusal (the same text is
 * already pending or approved) is toasted by the client with the server's message; the editor keeps the text.
 */
export function SaveTemplateButton({ content, marketing = false }: { content: string; marketing?: boolean }) {
  const { LL } = useI18nContext()
  const save = useMutation({
    // Saved as the page marks it: marketing, or a notification.
    mutationFn: () => templateAdd({ template_content: content, sms_type: marketing ? 'marketing' : 'notice' }),
    // Pending review, so the approved-template picker has nothing new to show yet.
    onSuccess: () => toast.success(LL.send.content.templateSaved()),
  })
  return (
    <Button variant="secondary" data-testid="save-template" disabled={!content.trim()} busy={save.isPending} onClick={() => save.mutate()}>
      {LL.send.content.saveTemplate()}
    </Button>
  )
}
