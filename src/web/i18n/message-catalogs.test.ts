import { describe, expect, it, vi } from 'vitest';
import { EmailSchema } from '#shared/schemas/auth-schemas';
import { translateMessage } from '#shared/i18n/localize-message';
import {
  loadMessageCatalog,
  messageCatalogOf,
  subscribeToMessageCatalogs,
} from './message-catalogs';

const ruleMessage = () => EmailSchema.safeParse('not an email').error?.issues[0]?.message ?? '';

describe('message catalogs', () => {
  it('needs none for English: the rules write it', async () => {
    await loadMessageCatalog('en');
    expect(messageCatalogOf('en')).toBeUndefined();
    expect(translateMessage(ruleMessage(), messageCatalogOf('en'))).toBe(
      'Please enter a valid email',
    );
  });

  it("loads a language's catalog once, tells who listens, and shows a rule's message in it", async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToMessageCatalogs(listener);
    await Promise.all([loadMessageCatalog('fr'), loadMessageCatalog('fr')]);
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    const french = translateMessage(ruleMessage(), messageCatalogOf('fr'));
    expect(french).not.toBe('Please enter a valid email');
    expect(french).toBe(messageCatalogOf('fr')?.['validation.email_invalid']);
  });
});
