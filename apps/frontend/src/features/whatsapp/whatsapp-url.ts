/**
 * WhatsApp's click-to-chat link (spec §7: an outbound link with a fixed phone number and the
 * url-encoded message, opened in a new tab): `https://wa.me/<digits>?text=<message>`. With no
 * number configured, `https://wa.me/?text=<message>` lets the sender choose the chat.
 * @param phone the configured number in international form; anything but digits is dropped ("+65 6123 4567" → "6561234567")
 * @param message sent as it is, encoded with `encodeURIComponent`
 */
export function whatsappUrl(phone: string | undefined, message: string): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
