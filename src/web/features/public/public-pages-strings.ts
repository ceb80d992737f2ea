import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/public-pages.json';

/*
 * The words of the static pages (About, Services, Privacy, FAQ, Team, Contact, Track), imported
 * for its effect by each of them, so the landing page does not download their text.
 */
addStrings('public-pages', strings);
