/** Mail to this domain is refused for good (550) by the e2e SMTP catcher: a real failed message. */
export const BOUNCING_DOMAIN = 'bounce.atlas.test';
