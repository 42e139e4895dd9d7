export * from '../src/domain/number-set'
