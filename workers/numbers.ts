// The pure code lives in src/domain (the server validates numbers with it too); the workers and their tests import it from here.
export * from '../src/domain/numbers'
