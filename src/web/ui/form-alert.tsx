import { useMessageText } from '../i18n/use-message-text';

/**
 * The server's refusal of a form, in its own words (the language asked for), or a shared rule's,
 * in the current language; announced as soon as it appears.
 */
export function FormAlert({ message }: { message: string | null }) {
  const messageText = useMessageText();
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
      {messageText(message)}
    </p>
  );
}
