import { addStrings } from './add-strings';
import strings from './en/labels.json';

/* The labels' words (print buttons, format choice, selection bar), one set for both areas. */
addStrings('labels', strings);
