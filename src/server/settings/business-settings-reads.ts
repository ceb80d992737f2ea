/*
 * What other features read of the office's business settings: the one way in (like
 * src/server/orders/order-reads.ts). The queries behind it are private to settings/
 * (eslint.config.js refuses a `*-queries` import from another folder).
 */
export { readBusinessSettings, type BusinessSettings } from './business-settings-queries';
