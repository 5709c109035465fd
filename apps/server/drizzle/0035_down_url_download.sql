-- down_url's default became /download (the installable web app) instead of /introduction#app: an
-- install still on the old default follows; a link an operator set is left as it is.
UPDATE "params" SET "value" = '/download', "updated_at" = now() WHERE "key" = 'down_url' AND "value" = '/introduction#app';--> statement-breakpoint
UPDATE "params" SET "description" = 'App download link: an APK URL or store page; the default /download installs the web app' WHERE "key" = 'down_url' AND "description" = 'Android app download link (an APK URL or store page; the default explains installing the web app)';
