import { whatsappUrl } from './whatsapp-url';

describe('WhatsApp click-to-chat link (spec §7)', () => {
  it('puts the configured number, digits only, and the url-encoded message', () => {
    expect(whatsappUrl('+65 6123-4567', 'Light & shade: 50% glass?\nYes')).toBe(
      'https://wa.me/6561234567?text=Light%20%26%20shade%3A%2050%25%20glass%3F%0AYes',
    );
  });

  it('without a number, leaves the choice of chat to the sender', () => {
    expect(whatsappUrl(undefined, 'Brick')).toBe('https://wa.me/?text=Brick');
    expect(whatsappUrl('', 'Brick')).toBe('https://wa.me/?text=Brick');
  });
});
