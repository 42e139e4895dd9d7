// The pure code lives in src/domain (the server bills with it too); the workers and their tests import it from here.
export * from '../src/domain/billing'
