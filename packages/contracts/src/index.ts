export * from './errors.ts';
export * from './languages.ts';
