import { addStrings } from './add-strings';
import strings from './en/security.json';

/*
 * The second factor and the account's sessions (docs/decisions/0015-second-factor-and-sessions.md):
 * the sign-in's code step, enrolment, and the Security cards of the customer's and admin's
 * profiles. Imported for its effect by each module that shows them.
 */
addStrings('security', strings);
