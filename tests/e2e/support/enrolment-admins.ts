/** The password of every administrator the e2e run makes. */
export const E2E_ADMIN_PASSWORD = 'Admin@2026pass';

/**
 * Administrators the global setup makes without a second factor, one per enrolment spec: each
 * enrols once (tests/e2e/second-factor.spec.ts).
 */
export const ENROLMENT_ADMINS = ['enrol-en@atlas.test', 'enrol-ar@atlas.test'] as const;
