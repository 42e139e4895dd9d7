export { BatchPage } from './BatchPage'
export { batchCommands } from './batch.commands'
