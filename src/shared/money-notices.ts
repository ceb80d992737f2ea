/**
 * In-app notices about an organization's money rather than one of its orders
 * (docs/decisions/0020-merchant-money.md): stored as notifications with this kind in `notice`
 * (migration 0019), their text written when read, in the reader's language.
 */
export const MONEY_NOTICE_KINDS = ['payout_paid'] as const;
export type MoneyNoticeKind = (typeof MONEY_NOTICE_KINDS)[number];
