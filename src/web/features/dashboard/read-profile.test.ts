import { describe, expect, it } from 'vitest';
import { readProfile } from './read-profile';

const company = {
  id: '2b0c8a52-6f1e-4c3a-9d35-0f6f3c1e9a10',
  email: 'ops@souss.ma',
  role: 'USER',
  userType: 'COMPANY',
  name: 'Souss Logistics',
  createdAt: '2026-01-05T12:00:00.000Z',
  company: {
    companyName: 'Souss Logistics',
    rc: 'RC-55821',
    nIf: 'IF-40012',
    responsableName: 'Amina Idrissi',
    phone: '+212612345678',
    address: '12 Avenue Hassan II, Agadir',
  },
};

describe('readProfile', () => {
  it('reads a company profile', () => {
    expect(readProfile({ user: company })).toMatchObject({
      userType: 'COMPANY',
      company: { rc: 'RC-55821' },
    });
  });

  it('refuses an answer without a user', () => {
    expect(readProfile({})).toBeNull();
    expect(readProfile(null)).toBeNull();
  });

  it('refuses a user whose details do not match its type', () => {
    expect(readProfile({ user: { ...company, company: undefined } })).toBeNull();
    expect(readProfile({ user: { ...company, userType: 'INDIVIDUAL' } })).toBeNull();
  });

  it('refuses a malformed user', () => {
    expect(readProfile({ user: { ...company, email: 42 } })).toBeNull();
  });
});
