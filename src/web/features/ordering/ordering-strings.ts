import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/ordering.json';

/*
 * Imported for its effect by every page of the area (each loads as its own chunk), so the
 * ordering words arrive with its code and never with the landing page.
 */
addStrings('ordering', strings);
