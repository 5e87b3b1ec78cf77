/** Texts of the WhatsApp widget (spec §2 WhatsApp dialog, §5, §8; spec texts word for word). */
export const WHATSAPP_TEXTS = {
  button: 'WhatsApp',
  buttonLabel: 'Share on WhatsApp',
  title: 'Share on WhatsApp',
  messageLabel: 'Message',
  pasteFromClipboard: 'Paste from Clipboard',
  characters: (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'character' : 'characters'}`,
  cancel: 'Cancel',
  send: 'Send via WhatsApp',
  openingTitle: 'Opening WhatsApp',
  opening: 'WhatsApp is opening with your message pre-filled.',
  requiredTitle: 'Message Required',
  required: 'Please write a message first.',
  pastedTitle: 'Pasted',
  pasted: 'Text from your system clipboard was added to the message.',
  pasteFailedTitle: 'Paste Failed',
  pasteFailed: 'Unable to access clipboard. Please paste manually.',
} as const;
