import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/developers.json';

/*
 * The developers' screen's words (docs/decisions/0021-shippers-api.md), a file of their own: only
 * an organization's owner opens the screen.
 */
addStrings('developers', strings);
