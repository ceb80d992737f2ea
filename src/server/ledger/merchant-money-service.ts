import { addDays, businessDayStart } from '#shared/business-calendar';
import type { Locale } from '#shared/i18n/locales';
import type {
  LedgerEntry,
  LedgerListQuery,
  MerchantBalance,
  MerchantPayout,
  PayoutListQuery,
} from '#shared/schemas/ledger-schemas';
import type { AuthContext } from '../auth/auth-service';
import type { ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { isUuid } from '../db/uuid';
import { messageTextIn, notFound } from '../http/errors';
import { assertOrgRoleMay } from '../orgs/org-access';
import type { SettingsService } from '../settings/settings-service';
import {
  listLedgerEntries,
  listOrganizationPayouts,
  listPayoutEntries,
  readOrganizationBalance,
  readOrganizationIdentity,
  readOrganizationPayout,
  type LedgerFilter,
} from './ledger-queries';
import { toLedgerEntry, toMerchantBalance, toMerchantPayout } from './merchant-money-view';
import { buildStatementDocument } from './payout-statement';

/** The query's filters as the database reads them: days become Morocco's midnights. */
function toLedgerFilter(query: LedgerListQuery): LedgerFilter {
  return {
    type: query.type,
    from: query.from ? businessDayStart(query.from) : undefined,
    until: query.to ? businessDayStart(addDays(query.to, 1)) : undefined,
  };
}

/**
 * The merchant's money as its owner and accountant read it (docs/decisions/0020-merchant-money.md;
 * `readMoney`, 403 for staff): the balance from the kept totals, never a sum of rows; the
 * ledger's rows; the payouts and what each paid. Only the caller's organization's: another's
 * payout is not found.
 */
export function createMerchantMoneyService({
  db,
  settings,
}: {
  db: Database;
  /** The carrier's legal identity a statement prints. */
  settings: Pick<SettingsService, 'getSettings'>;
}) {
  return {
    async readBalance(auth: AuthContext): Promise<MerchantBalance> {
      const organizationId = assertOrgRoleMay(auth, 'readMoney');
      return toMerchantBalance(await readOrganizationBalance(db, organizationId));
    },

    async listLedger(
      auth: AuthContext,
      query: LedgerListQuery,
      page: Page,
    ): Promise<{ items: LedgerEntry[]; total: ListTotal }> {
      const organizationId = assertOrgRoleMay(auth, 'readMoney');
      const { rows, total } = await listLedgerEntries(
        db,
        organizationId,
        toLedgerFilter(query),
        page,
      );
      return { items: rows.map(toLedgerEntry), total };
    },

    async listPayouts(
      auth: AuthContext,
      _query: PayoutListQuery,
      page: Page,
    ): Promise<{ items: MerchantPayout[]; total: ListTotal }> {
      const organizationId = assertOrgRoleMay(auth, 'readMoney');
      const { rows, total } = await listOrganizationPayouts(db, organizationId, page);
      return { items: rows.map(toMerchantPayout), total };
    },

    /**
     * What one payout paid, as its statement shows it, in `language`: a PDF (decision 0019) and
     * the name to save it under.
     */
    async renderStatement(
      auth: AuthContext,
      batchId: string,
      language: Locale,
    ): Promise<{ pdf: Buffer; filename: string }> {
      const organizationId = assertOrgRoleMay(auth, 'readMoney');
      const payout = isUuid(batchId)
        ? await readOrganizationPayout(db, organizationId, batchId)
        : undefined;
      if (!payout) throw notFound('ledger.payout_not_found');
      const [entries, merchant, business] = await Promise.all([
        listPayoutEntries(db, organizationId, batchId),
        readOrganizationIdentity(db, organizationId),
        settings.getSettings(),
      ]);
      const { legalName, address, ice, ifNumber, rc, tp, patente } = business;
      const carrier = { legalName, address, ice, if: ifNumber, rc, tp, patente };
      const document = buildStatementDocument({
        language,
        carrier,
        merchant: { name: merchant?.name ?? '', ice: merchant?.ice ?? null },
        payout,
        entries,
        describe: (line) =>
          line.kind === 'adjustment'
            ? messageTextIn(language, {
                code: 'statement.line_adjustment',
                params: { reason: line.reason },
              })
            : messageTextIn(language, {
                code:
                  line.kind === 'delivery' ? 'statement.line_delivery' : 'statement.line_return',
                params: {},
              }),
      });
      // Loaded on first use, like the invoices' renderer (src/server/invoices/invoices-service.ts).
      const { renderStatementPdf } = await import('../documents/statement-pdf');
      return {
        pdf: await renderStatementPdf(document),
        filename: `statement-${payout.number}.pdf`,
      };
    },
  };
}

export type MerchantMoneyService = ReturnType<typeof createMerchantMoneyService>;
