/**
 * What each member of an organization may do (docs/decisions/0014-organizations.md): one table
 * that the server's routes check (403 otherwise) and the screens read to hide what a role cannot
 * use.
 */
export const ORG_ROLES = ['owner', 'staff', 'accountant'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const ORG_ACTIONS = [
  'readOrders',
  'book',
  'cancel',
  'print',
  'readMoney',
  'manageTeam',
  'manageBilling',
  'manageIntegrations',
] as const;
export type OrgAction = (typeof ORG_ACTIONS)[number];

export const ORG_PERMISSIONS = {
  owner: [
    'readOrders',
    'book',
    'cancel',
    'print',
    'readMoney',
    'manageTeam',
    'manageBilling',
    // API keys, webhooks and the default pickup address (docs/decisions/0021-shippers-api.md).
    'manageIntegrations',
  ],
  staff: ['readOrders', 'book', 'cancel', 'print'],
  accountant: ['readOrders', 'readMoney'],
} as const satisfies Record<OrgRole, readonly OrgAction[]>;

/** Whether a member with `role` may do `action`; no role (not a member) may do nothing. */
export function orgRoleMay(role: OrgRole | null | undefined, action: OrgAction): boolean {
  if (!role) return false;
  const allowed: readonly OrgAction[] = ORG_PERMISSIONS[role];
  return allowed.includes(action);
}

/** How long an invitation link stays valid. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
