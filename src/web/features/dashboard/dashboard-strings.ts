import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/dashboard.json';

/*
 * Imported for its effect by every module of the area (layout and pages load as separate
 * chunks), so the dashboard's words arrive with its code and never with the landing page.
 */
addStrings('dashboard', strings);
