export * from '../src/domain/first-seen'
