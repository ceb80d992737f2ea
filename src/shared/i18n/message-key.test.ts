import { describe, expect, it } from 'vitest';
import { renderMessageKey } from './message-catalogs';
import { messageKey, parseMessageKey } from './message-key';

describe('message keys', () => {
  it('carry a code and its values as one string, and back', () => {
    const key = messageKey('request.param_not_one_of', { param: 'status', values: 'A, B & C' });
    expect(key).toBe('request.param_not_one_of?param=status&values=A%2C%20B%20%26%20C');
    expect(parseMessageKey(key)).toEqual({
      code: 'request.param_not_one_of',
      params: { param: 'status', values: 'A, B & C' },
    });
    expect(messageKey('validation.required')).toBe('validation.required');
  });

  it('are told apart from sentences', () => {
    expect(parseMessageKey('Commande introuvable')).toBeUndefined();
    expect(parseMessageKey('Required')).toBeUndefined();
    expect(parseMessageKey('validation.too_long?max')).toBeUndefined();
  });

  it('render in a language, any other text unchanged', () => {
    expect(renderMessageKey(messageKey('validation.too_long', { max: 100 }))).toBe(
      'Must be 100 characters or less',
    );
    expect(renderMessageKey('unknown.code')).toBe('unknown.code');
    expect(renderMessageKey('A sentence.')).toBe('A sentence.');
  });
});
