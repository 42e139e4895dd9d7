import { statusLabelsIn } from '../../domain/lists/status-words.js'

/** Status words keyed by the label keys of src/domain/lists, shared with the server's files (src/domain/lists/status-words.ts). */
export default statusLabelsIn('zh-CN')
