/** Display formatting: one rule for the browser and the server's texts (packages/locales). */
export * from '@openbourse/locales/format.ts';
