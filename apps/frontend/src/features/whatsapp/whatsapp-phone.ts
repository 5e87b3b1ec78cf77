/**
 * The WhatsApp widget's number, `WHATSAPP_PHONE`, fixed at build time: vite.config.ts
 * exposes that one variable besides `VITE_*`. Unset, the click-to-chat link lets the sender choose.
 */
export const WHATSAPP_PHONE: string | undefined = (import.meta.env.WHATSAPP_PHONE as string | undefined) || undefined;
