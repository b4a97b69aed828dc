// The whole database schema; drizzle-kit generates migrations from this file.
export * from './projects';
export * from './site';
export * from './accounts';
export * from './watchlists';
export * from './objects';
export * from './portfolio';
export * from './ratings';
export * from './partner';
export * from './chain';
export * from './research';
