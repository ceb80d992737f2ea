import { addStrings } from './add-strings';
import strings from './en/manifests.json';

/*
 * Hand-over sheets (docs/decisions/0022-labels-manifests-scanning.md): the office's and the
 * merchant's screens, and the navigation entry of each area. Imported for its effect by each
 * module that shows them.
 */
addStrings('manifests', strings);
