import { describe, expect, it } from 'vitest';
import {
  ORG_ACTIONS,
  ORG_ROLES,
  orgRoleMay,
  type OrgAction,
  type OrgRole,
} from './organization-roles';

describe('organization roles', () => {
  it('gives each role exactly what docs/decisions/0014-organizations.md says', () => {
    const expected: Record<OrgRole, readonly OrgAction[]> = {
      // With the integrations of docs/decisions/0021-shippers-api.md.
      owner: [
        'readOrders',
        'book',
        'cancel',
        'print',
        'readMoney',
        'manageTeam',
        'manageBilling',
        'manageIntegrations',
      ],
      staff: ['readOrders', 'book', 'cancel', 'print'],
      accountant: ['readOrders', 'readMoney'],
    };
    for (const role of ORG_ROLES) {
      expect(ORG_ACTIONS.filter((action) => orgRoleMay(role, action))).toEqual(expected[role]);
    }
  });

  it('lets someone outside any organization do nothing', () => {
    for (const action of ORG_ACTIONS) {
      expect(orgRoleMay(null, action)).toBe(false);
      expect(orgRoleMay(undefined, action)).toBe(false);
    }
  });
});
