import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/admin.json';

/*
 * Imported for its effect by every module of the area (layout and pages load as separate
 * chunks), so the back office's words arrive with its code and never with the landing page.
 */
addStrings('admin', strings);
