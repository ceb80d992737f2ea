import { addStrings } from './add-strings';
import strings from './en/runs.json';

/*
 * Runs (docs/decisions/0024-runs-and-planning.md, "The runs screens"): the office's runs list and run page, and the
 * dispatch suggestions of the Confirmation and the order page. Imported for its effect by each
 * module that shows them.
 */
addStrings('runs', strings);
