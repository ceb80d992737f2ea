import { addStrings } from './add-strings';
import strings from './en/auth.json';

/*
 * Imported for its effect by every module of the area that shows words, so sign-in and sign-up
 * text arrives with their code and never with the landing page.
 */
addStrings('auth', strings);
