import { useMutation, useQueryClient } from '@tanstack/react-query'
import { templateAdd } from '@/api/send'
import { p2pSendKeys } from '@/api/send-p2p'
import { Button } from '@/components/ui/Button'
import { toast } from '@/components/ui/toast'
import { useI18nContext } from '@/i18n/i18n-react'

/**
 * "Save as template" beside the editor of the bulk and point-to-point pages (/user/templateAdd): the text goes to
 * review as a content template of the sending account and can be picked once approved. A refusal (the same text is
 * already pending or approved) is toasted by the client with the server's message; the editor keeps the text.
 */
export function SaveTemplateButton({ content, cusId }: { content: string; cusId?: string }) {
  const { LL } = useI18nContext()
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: () => templateAdd({ template_content: content, ...(cusId ? { cus_id: cusId } : {}) }),
    onSuccess: () => {
      toast.success(LL.send.content.templateSaved())
      void queryClient.invalidateQueries({ queryKey: p2pSendKeys.templates() })
    },
  })
  return (
    <Button variant="secondary" data-testid="save-template" disabled={!content.trim()} busy={save.isPending} onClick={() => save.mutate()}>
      {LL.send.content.saveTemplate()}
    </Button>
  )
}
