import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/imports.json';

/* The import screen's words (docs/decisions/0021-shippers-api.md), loaded with the screen. */
addStrings('imports', strings);
