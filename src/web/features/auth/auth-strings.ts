import { addStrings } from '../../i18n/add-strings';
import strings from '../../i18n/en/auth.json';

/*
 * Imported for its effect by every module of the area that shows words, so sign-in and sign-up
 * text arrives with their code and never with the landing page.
 */
addStrings('auth', strings);
