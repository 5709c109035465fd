import type app from '../../../../../packages/locales/src/messages/en/app.json';
import type errors from '../../../../../packages/locales/src/messages/en/errors.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'app';
    resources: { app: typeof app; errors: typeof errors };
    interpolationPrefix: '{';
    interpolationSuffix: '}';
    returnNull: false;
  }
}
