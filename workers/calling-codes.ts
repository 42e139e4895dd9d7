export * from '../src/domain/calling-codes'
