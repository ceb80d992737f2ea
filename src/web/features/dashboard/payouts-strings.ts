import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/payouts.json';

/*
 * The merchant's money screen's words (docs/decisions/0020-merchant-money.md), a file of their
 * own: only the owner and the accountant open the screen, so only they download them.
 */
addStrings('payouts', strings);
