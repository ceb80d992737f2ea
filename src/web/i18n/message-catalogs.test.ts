import { describe, expect, it, vi } from 'vitest';
import { renderMessageKey } from '#shared/i18n/message-catalogs';
import { EmailSchema } from '#shared/schemas/auth-schemas';
import {
  loadMessageCatalog,
  messageCatalogOf,
  subscribeToMessageCatalogs,
} from './message-catalogs';

const ruleMessage = () => EmailSchema.safeParse('not an email').error?.issues[0]?.message ?? '';

describe('message catalogs', () => {
  it('has English at hand: a rule writes a key, English renders it', async () => {
    await loadMessageCatalog('en');
    expect(ruleMessage()).toBe('validation.email_invalid');
    expect(renderMessageKey(ruleMessage(), messageCatalogOf('en'))).toBe(
      'Please enter a valid email',
    );
  });

  it("loads a language's catalogue once, tells who listens, and shows a rule's message in it", async () => {
    expect(messageCatalogOf('fr')).toBe(messageCatalogOf('en'));
    const listener = vi.fn();
    const unsubscribe = subscribeToMessageCatalogs(listener);
    await Promise.all([loadMessageCatalog('fr'), loadMessageCatalog('fr')]);
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    const french = renderMessageKey(ruleMessage(), messageCatalogOf('fr'), 'fr');
    expect(french).toBe('Veuillez saisir une adresse e-mail valide');
  });

  it('shows a text that is not a key unchanged', () => {
    expect(renderMessageKey('Commande introuvable', messageCatalogOf('fr'), 'fr')).toBe(
      'Commande introuvable',
    );
  });
});
