import { addStrings } from './add-strings';
import strings from './en/live.json';

/* The live indicator's words, one set for both signed-in areas, loaded with its code. */
addStrings('live', strings);
