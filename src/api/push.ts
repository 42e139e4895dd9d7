import { queryOptions } from '@tanstack/react-query'
import { pushSettingSchema, type PushSetting } from '@/domain/push'
import { apiEnvelope, api } from './http'
import { userKeys } from './keys'

/** The report push address of the signed-in account; under `user` so log-out drops it. */
export const pushKeys = {
  all: [...userKeys.all, 'push'] as const,
  setting: () => [...pushKeys.all, 'setting'] as const,
}

export const getPushSetting = async (): Promise<PushSetting> => pushSettingSchema.parse(await api('/user/getPushUrl'))
export const pushSettingQuery = () => queryOptions({ queryKey: pushKeys.setting(), queryFn: getPushSetting })

// Spec section 9: push changes get the long time-out. Both answer with the server's words for the toast.
export const modifyPushUrl = async (push_url: string) => (await apiEnvelope<PushSetting>('/user/pushUrlModify', { push_url }, { long: true, silent: true })).msg
export const clearPushUrl = async () => (await apiEnvelope<PushSetting>('/user/pushUrlClear', {}, { long: true })).msg
